"""Dora, ura dora, red fives and nuki-dora (sanma's North tiles set aside).

Every indicator points at the next kind (sanma: 1m indicates 9m and 9m indicates 1m, as 2m-8m do not
exist).  Each kita counts one nuki-dora, and also counts as a North tile for indicators pointing at
North (Tenhou reports both under "dora").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.hand.tiles import NORTH, NUM_KINDS, dora_from_indicator
from bot.rules.riichi.hand import HandFacts

FIVES_MASK: Final = 1 << 4 | 1 << 13 | 1 << 22  # 5m 5p 5s: the kinds a red five can be

# The dora kind of each indicator kind, for four and for three players.
DORA_OF: Final = tuple(dora_from_indicator(kind) for kind in range(NUM_KINDS))
SANMA_DORA_OF: Final = tuple(dora_from_indicator(kind, sanma=True) for kind in range(NUM_KINDS))


def dora_count(all_counts: list[int], indicators: Iterable[int], sanma: bool, kita: int = 0) -> int:
    """How many dora the tiles hold for these indicator tile ids (kita tiles count as North)."""
    table = SANMA_DORA_OF if sanma else DORA_OF
    total = 0
    for indicator in indicators:
        kind = indicator >> 2
        kind = table[kind] if 0 <= kind < NUM_KINDS else dora_from_indicator(kind, sanma)
        total += all_counts[kind]
        if kind == NORTH:
            total += kita
    return total


def dora_lines(h: HandFacts) -> list[tuple[str, int]]:
    """The bonus lines (non-zero only): dora, ura dora (riichi only), red fives, nuki-dora."""
    s = h.situation
    sanma = h.options.players == 3
    kita = s.kita
    lines = []
    if dora := dora_count(h.all_counts, s.dora_indicators, sanma, kita):
        lines.append(("dora", dora))
    if (s.riichi or s.double_riichi) and (ura := dora_count(h.all_counts, s.ura_indicators, sanma, kita)):
        lines.append(("ura_dora", ura))
    if (
        h.kind_mask & FIVES_MASK
        and h.options.red
        and (red := len(h.options.red_ids.intersection(h.tile_ids)))
    ):
        lines.append(("aka_dora", red))
    if kita:
        lines.append(("nuki_dora", kita))
    return lines
