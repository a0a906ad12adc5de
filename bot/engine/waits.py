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
from bot.hand.tiles import FIRST_FLOWER_ID, NUM_KINDS, counts_of

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
    return counts.count(2) == 7 and sum(counts) == 14  # 34 counts (a list or bytes): C-level counting


def is_kokushi(counts: Sequence[int]) -> bool:
    # Thirteen orphans holds exactly 13 kinds: the count of absent kinds rules out almost every hand at once.
    return (
        len(counts) - counts.count(0) == 13
        and sum(counts) == 14
        and least_shanten(bytes(counts), 4, True, _KOKUSHI_ONLY) == -1
    )


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

    __slots__ = ("tiles", "counts", "_waits", "_shanten")

    def __init__(self, tiles: list[int], counts: bytes | None = None) -> None:
        self.tiles = tiles  # a copy of the seat's concealed tiles, the memo's key
        self.counts = bytes(counts_of(tiles)) if counts is None else counts
        self._waits: frozenset[int] | None = None
        self._shanten: tuple[int, int] | None = None  # (sets needed, shanten) once asked

    def shanten(self, needed: int) -> int:
        """``least_shanten(counts, needed, True)``: the shanten in riichi's shapes as a closed hand with
        ``needed`` sets still to make (-1: complete), computed once."""
        found = self._shanten
        if found is None or found[0] != needed:
            found = self._shanten = (needed, least_shanten(self.counts, needed, True))
        return found[1]

    def changed_to(self, tiles: list[int]) -> SeatFacts:
        """The facts of ``tiles``, the seat's tiles after they changed. A draw (one tile added at the end)
        and a discard (one tile taken out) change one count: the counts follow without a new count of the
        hand. A hand whose shanten was asked and is 1 or more leaves no ready hand whatever it discards
        (no discard lowers the shanten): its waits after a discard are known to be none."""
        old = self.tiles
        if len(tiles) == len(old) + 1 and tiles[:-1] == old:
            return SeatFacts(tiles, _one_more(self.counts, tiles[-1], 1))
        if len(tiles) == len(old) - 1:
            gone = sum(old) - sum(tiles)
            rest = list(old)
            if gone in rest:
                rest.remove(gone)
            if rest == tiles:  # exactly ``gone`` taken out, the order kept (list.remove)
                after = SeatFacts(tiles, _one_more(self.counts, gone, -1))
                asked = self._shanten
                # asked of this hand as it is (the sets its tile count leaves to make), 1-shanten or more
                if asked is not None and asked[1] > 0 and asked[0] == (sum(self.counts) - 1) // 3:
                    after._waits = frozenset()
                return after
        return SeatFacts(tiles)

    def __eq__(self, other: object) -> bool:
        # The facts are those of the tiles: two memos of the same tiles are equal (HandState compares extra).
        if not isinstance(other, SeatFacts):
            return NotImplemented
        return self.tiles == other.tiles

    __hash__ = None  # type: ignore[assignment]  # mutable memo, like a list

    @property
    def waits(self) -> frozenset[int]:
        """:func:`waits` of the tiles (riichi's shapes), computed on the first question."""
        found = self._waits
        if found is None:
            found = self._waits = waits(self.counts)
        return found


def _one_more(counts: bytes, tile: int, change: int) -> bytes:
    """``counts`` with ``change`` added to the kind of ``tile`` (flowers are not counted)."""
    if tile >= FIRST_FLOWER_ID:
        return counts
    changed = bytearray(counts)
    changed[tile >> 2] += change
    return bytes(changed)


_SEAT_FACTS = "seat_facts"  # HandState.extra: seat -> its SeatFacts


def seat_facts(hand: HandState, seat: int) -> SeatFacts:
    """The :class:`SeatFacts` of ``seat``'s concealed tiles as they are now: kept in ``hand.extra`` and
    made anew only when the tiles changed (the seat drew, discarded or called), so the other seats'
    discards, calls and passes ask for free."""
    concealed = hand.seats[seat].concealed
    memo: dict[int, SeatFacts] | None = hand.extra.get(_SEAT_FACTS)
    if memo is None:
        memo = hand.extra[_SEAT_FACTS] = {}
    found = memo.get(seat)
    if found is None:
        found = memo[seat] = SeatFacts(list(concealed))
    elif found.tiles != concealed:  # two lists compared in C: no copy made while they are the same
        found = memo[seat] = found.changed_to(list(concealed))
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
