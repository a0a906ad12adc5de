"""Dora, ura dora, red fives and nuki-dora (sanma's North tiles set aside).

Every indicator points at the next kind (sanma: 1m indicates 9m and 9m indicates 1m, as 2m-8m do not
exist).  Each kita counts one nuki-dora, and also counts as a North tile for indicators pointing at
North (Tenhou reports both under "dora").
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.hand.tiles import NORTH, dora_from_indicator
from bot.rules.riichi.hand import HandFacts


def dora_count(all_counts: list[int], indicators: Iterable[int], sanma: bool, kita: int = 0) -> int:
    """How many dora the tiles hold for these indicator tile ids (kita tiles count as North)."""
    total = 0
    for indicator in indicators:
        kind = dora_from_indicator(indicator >> 2, sanma)
        total += all_counts[kind] + (kita if kind == NORTH else 0)
    return total


def dora_lines(h: HandFacts) -> list[tuple[str, int]]:
    """The bonus lines (non-zero only): dora, ura dora (riichi only), red fives, nuki-dora."""
    s = h.situation
    sanma = h.options.sanma
    lines = []
    dora = dora_count(h.all_counts, s.dora_indicators, sanma, s.kita)
    if dora:
        lines.append(("dora", dora))
    if s.in_riichi:
        ura = dora_count(h.all_counts, s.ura_indicators, sanma, s.kita)
        if ura:
            lines.append(("ura_dora", ura))
    red_ids = h.options.red_ids
    if red_ids:
        red = sum(1 for t in h.concealed_ids if t in red_ids)
        red += sum(1 for m in h.melds for t in m.tiles if t in red_ids)
        if red:
            lines.append(("aka_dora", red))
    if s.kita:
        lines.append(("nuki_dora", s.kita))
    return lines
