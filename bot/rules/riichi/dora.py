"""Dora, ura dora, red fives and nuki-dora (sanma's North tiles set aside).

Every indicator points at the next kind (sanma: 1m indicates 9m and 9m indicates 1m, as 2m-8m do not
exist).  Each kita counts one nuki-dora, and also counts as a North tile for indicators pointing at
North (Tenhou reports both under "dora").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.hand.tiles import NORTH, RED_FIVE_IDS, dora_from_indicator
from bot.rules.riichi.hand import HandFacts
from bot.rules.riichi.shape import COUNT_BITS, COUNT_MASK
from bot.rules.riichi.situation import SANMA_RED_IDS, HandError

FIVES_MASK: Final = 1 << 4 | 1 << 13 | 1 << 22  # 5m 5p 5s: the kinds a red five can be

# Where the count of the dora sits in packed counts, by indicator tile id, for four and three players.
DORA_SHIFT: Final = tuple(COUNT_BITS * dora_from_indicator(tile >> 2) for tile in range(136))
SANMA_DORA_SHIFT: Final = tuple(
    COUNT_BITS * dora_from_indicator(tile >> 2, sanma=True) for tile in range(136)
)
NORTH_SHIFT: Final = COUNT_BITS * NORTH
RED_BITS: Final = sum(1 << tile for tile in RED_FIVE_IDS)
SANMA_RED_BITS: Final = sum(1 << tile for tile in SANMA_RED_IDS)


def dora_count(all_counts: int, indicators: Iterable[int], sanma: bool, kita: int = 0) -> int:
    """How many dora the tiles (packed counts) hold for these indicator tile ids (kita count as North)."""
    shifts = SANMA_DORA_SHIFT if sanma else DORA_SHIFT
    if kita:  # at most four North tiles with the kita (checked with the hand): no carry to the next kind
        all_counts += kita << NORTH_SHIFT
    total = 0
    try:
        for indicator in indicators:
            if indicator < 0:  # would index a real indicator's entry from the end
                raise IndexError
            total += all_counts >> shifts[indicator] & COUNT_MASK
    except (IndexError, TypeError):
        raise HandError("dora indicators must be tile ids 0-135", "riichi.indicator_ids") from None
    return total


def dora_lines(h: HandFacts) -> list[tuple[str, int]]:
    """The bonus lines (non-zero only): dora, ura dora (riichi only), red fives, nuki-dora."""
    sanma = h.options.players == 3
    kita = h.kita
    lines = []
    if (indicators := h.dora_indicators) and (dora := dora_count(h.all_counts, indicators, sanma, kita)):
        lines.append(("dora", dora))
    if h.in_riichi and (ura := dora_count(h.all_counts, h.ura_indicators, sanma, kita)):
        lines.append(("ura_dora", ura))
    # RiichiOptions.red_ids as bits of tile ids (HandFacts.tile_bits)
    red_bits = SANMA_RED_BITS if sanma else RED_BITS
    if h.kind_mask & FIVES_MASK and h.options.red and (red := (h.tile_bits & red_bits).bit_count()):
        lines.append(("aka_dora", red))
    if kita:
        lines.append(("nuki_dora", kita))
    return lines
