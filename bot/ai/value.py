"""Hand value seen from one seat: dora held, value honours, and whether an open hand keeps a yaku.

These are cheap counts over the concealed tiles and melds, used to weigh calls, riichi and push/fold;
the real scorers under bot/rules/ decide the actual value at a win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.ai.seatview import MeldView, SeatView
from bot.hand.tiles import DRAGONS, TERMINALS_AND_HONORS


def held_kinds(sv: SeatView) -> list[int]:
    """The kind of every tile in the seat's hand and melds (flowers left out)."""
    return [t >> 2 for t in sv.concealed if t < 136] + [k for m in sv.melds for k in m.kinds]


def dora_held(sv: SeatView, dora: Sequence[int], red_ids: frozenset[int]) -> int:
    """Dora in hand and melds (each indicator counts), red fives and set-aside kita tiles."""
    kinds = held_kinds(sv)
    total = sum(kinds.count(d) for d in dora)
    total += sum(1 for t in sv.concealed if t in red_ids)
    return total + sv.kita


def value_honour_sets(counts: Sequence[int], melds: Iterable[MeldView], value_kinds: frozenset[int]) -> int:
    """Value-honour triplets already made (melds or concealed)."""
    made = sum(1 for m in melds if not m.is_sequence and m.kinds[0] in value_kinds)
    return made + sum(1 for k in value_kinds if counts[k] >= 3)


def suit_counts(counts: Sequence[int], melds: Iterable[MeldView]) -> list[int]:
    """Tiles per suit (man, pin, sou, honours) in hand and melds."""
    out = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]), sum(counts[27:34])]
    for m in melds:
        out[min(m.kinds[0] // 9, 3)] += len(m.kinds)
    return out


def flush_suit(counts: Sequence[int], melds: Sequence[MeldView], slack: int = 2) -> int | None:
    """The suit a (half) flush could be built in: every meld in it (or honours) and at most ``slack``
    concealed tiles of the other two suits."""
    per_suit = suit_counts(counts, ())
    meld_suits = {m.kinds[0] // 9 for m in melds if m.kinds[0] < 27}
    if len(meld_suits) > 1:
        return None
    candidates = list(meld_suits) if meld_suits else [max(range(3), key=lambda s: per_suit[s])]
    suit = candidates[0]
    off = sum(per_suit[s] for s in range(3) if s != suit)
    return suit if off <= slack else None


def tanyao_possible(counts: Sequence[int], melds: Sequence[MeldView], slack: int = 1) -> bool:
    if any(k in TERMINALS_AND_HONORS for m in melds for k in m.kinds):
        return False
    return sum(counts[k] for k in TERMINALS_AND_HONORS) <= slack


def toitoi_possible(counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
    if any(m.is_sequence for m in melds):
        return False
    pairs = sum(1 for c in counts if c >= 2)
    return pairs + len(melds) >= 4


def value_pair_waiting(sv: SeatView, counts: Sequence[int], value_kinds: frozenset[int]) -> bool:
    """A value-honour pair that can still become a set (a copy is unseen)."""
    return any(counts[k] >= 2 and sv.unseen(k) > 0 for k in value_kinds)


def riichi_value_kinds(sv: SeatView) -> frozenset[int]:
    """Dragons, the seat wind and the round wind, if the hand has one (north is a guest wind in
    three-player)."""
    kinds = set(DRAGONS) | set(sv.value_winds)
    return frozenset(kinds)
