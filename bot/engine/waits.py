"""The referee's winning-shape and wait checks on 34-kind count lists.

One implementation serves the referee and the analysis tools: every answer comes from
:mod:`bot.hand.shanten` (per-suit distance tables, memoised by the suit's packed counts).  This module
only fixes the referee's questions: riichi-style shapes (regular, seven *distinct* pairs, thirteen
orphans; the special shapes need all 13/14 tiles concealed) and Tenhou's formal tenpai (no wait on a
fifth copy).  The referee asks for the waits of the same hand many times, so they are memoised too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeVar

from bot.hand.shanten import (
    RIICHI_SHAPES,
    Shapes,
    draw_shanten,
    is_regular_complete,
    least_shanten,
)
from bot.hand.table_code import MAX_SETS
from bot.hand.tiles import NUM_KINDS, counts_of

if TYPE_CHECKING:
    from bot.engine.state import HandState

__all__ = [
    "SeatFacts",
    "is_complete",
    "is_kokushi",
    "is_regular_complete",
    "is_seven_distinct_pairs",
    "seat_facts",
    "seat_memo",
    "waits",
]

T = TypeVar("T")

_KOKUSHI_ONLY: Final = Shapes(regular=False, seven_pairs=False, thirteen_orphans=True)


def is_seven_distinct_pairs(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and least_shanten(bytes(counts), 4, True, _KOKUSHI_ONLY) == -1


def is_complete(counts: Sequence[int]) -> bool:
    """Any riichi-style winning shape: regular, seven distinct pairs or thirteen orphans."""
    return is_regular_complete(counts) or is_seven_distinct_pairs(counts) or is_kokushi(counts)


def waits(
    counts: Sequence[int], kinds: Iterable[int] | None = None, shapes: Shapes = RIICHI_SHAPES
) -> frozenset[int]:
    """Kinds that complete a 3n+1-tile hand in ``shapes`` (riichi's by default).  A kind of which all
    four copies are already in the concealed hand is not a wait (Tenhou's formal tenpai: no wait on a
    fifth tile)."""
    found = _waits_of(bytes(counts), shapes)
    if kinds is not None:
        found &= frozenset(kinds)
    return found


@lru_cache(maxsize=2048)
def _waits_of(packed: bytes, shapes: Shapes) -> frozenset[int]:
    total = sum(packed)
    needed = (total - 1) // 3
    if total % 3 != 1 or needed > MAX_SETS:
        return frozenset()
    if least_shanten(packed, needed, True, shapes) != 0:
        return frozenset()  # not ready: a few table look-ups, far cheaper than every draw's shanten
    after = draw_shanten(packed, needed, True, shapes)
    return frozenset(k for k in range(NUM_KINDS) if after[k] < 0 and packed[k] < 4)


def seat_memo(hand: HandState, name: str, seat: int, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()`` for ``seat``, kept in ``hand.extra[name]`` while ``key`` (what it depends on: the
    seat's concealed tiles, ...) stays the same: other seats' discards, calls and passes leave a hand as
    it is, so every claim window after the first asks for free."""
    cache: dict[int, tuple[Hashable, T]] = hand.extra.setdefault(name, {})
    found = cache.get(seat)
    if found is None or found[0] != key:
        found = cache[seat] = (key, compute())
    return found[1]


class SeatFacts:
    """What the referee asks of one seat's concealed tiles again and again (every tile another seat
    offers asks whether this seat can ron, pon or chi it), worked out once while the tiles stay the same.
    ``counts`` are the 34 kinds' counts as ``bytes`` (immutable, as the shape tables read them)."""

    __slots__ = ("tiles", "counts", "_waits")

    def __init__(self, tiles: tuple[int, ...]) -> None:
        self.tiles = tiles
        self.counts = bytes(counts_of(tiles))
        self._waits: frozenset[int] | None = None

    @property
    def waits(self) -> frozenset[int]:
        """:func:`waits` of the tiles (riichi's shapes), computed on the first question."""
        found = self._waits
        if found is None:
            found = self._waits = waits(self.counts)
        return found


_SEAT_FACTS = "seat_facts"  # HandState.extra: seat -> its SeatFacts


def seat_facts(hand: HandState, seat: int) -> SeatFacts:
    """The :class:`SeatFacts` of ``seat``'s concealed tiles as they are now: kept in ``hand.extra`` and
    made anew only when the tiles changed (the seat drew, discarded or called), so the other seats'
    discards, calls and passes ask for free."""
    tiles = tuple(hand.seats[seat].concealed)
    memo: dict[int, SeatFacts] | None = hand.extra.get(_SEAT_FACTS)
    if memo is None:
        memo = hand.extra[_SEAT_FACTS] = {}
    found = memo.get(seat)
    if found is None or found.tiles != tiles:
        found = memo[seat] = SeatFacts(tiles)
    return found


def slow_waits(counts: list[int]) -> frozenset[int]:
    """Reference implementation (try every kind); used by the tests."""
    found = []
    for k in range(NUM_KINDS):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts):
            found.append(k)
        counts[k] -= 1
    return frozenset(found)
