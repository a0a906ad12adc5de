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
    ``counts`` are the 34 kinds' counts as ``bytes`` (immutable, as the shape tables read them).

    Facts carry over to the seat's next tiles (``changed_to``) where the shanten says so without a new
    look-up: one tile more lowers the shanten by at most one, one tile less never lowers it.  So a hand
    2-shanten or more before its draw can neither win nor declare riichi after it, a 1-shanten-or-more
    hand of 14 leaves no ready hand whatever it discards, and a draw completes a hand exactly when it
    is one of the waits before the draw."""

    __slots__ = ("tiles", "counts", "total", "tile_sum", "_waits", "_shanten", "_floor", "_complete")

    def __init__(
        self, tiles: list[int], counts: bytes | None = None, total: int = -1, tile_sum: int = -1
    ) -> None:
        self.tiles = tiles  # a copy of the seat's concealed tiles, the memo's key
        self.counts = bytes(counts_of(tiles)) if counts is None else counts
        # sum(counts) (the tiles without flowers) and sum(tiles), carried over as the tiles change
        self.total = sum(self.counts) if total < 0 else total
        self.tile_sum = sum(tiles) if tile_sum < 0 else tile_sum
        self._waits: frozenset[int] | None = None
        self._shanten: tuple[int, int] | None = None  # (sets needed, shanten) once asked
        self._floor: tuple[int, int] | None = None  # (sets needed, a shanten it cannot be below)
        self._complete: bool | None = None  # whether the tiles are a winning shape, once known

    def shanten(self, needed: int) -> int:
        """``least_shanten(counts, needed, True)``: the shanten in riichi's shapes as a closed hand with
        ``needed`` sets still to make (-1: complete), computed once."""
        found = self._shanten
        if found is None or found[0] != needed:
            found = self._shanten = (needed, least_shanten(self.counts, needed, True))
        return found[1]

    def shanten_exceeds(self, needed: int, bound: int) -> bool:
        """``shanten(needed) > bound``, answered without a look-up when the carried-over floor says so."""
        floor = self._floor
        if floor is not None and floor[0] == needed and floor[1] > bound:
            return True
        return self.shanten(needed) > bound

    def _least_shanten(self, needed: int) -> int | None:
        """The shanten with ``needed`` sets, or a bound it cannot be below, if known (None: nothing known)."""
        found = self._shanten
        if found is not None and found[0] == needed:
            return found[1]
        floor = self._floor
        return floor[1] if floor is not None and floor[0] == needed else None

    def _completed_by(self, tile: int) -> bool | None:
        """Whether drawing ``tile`` makes these 3n+1 tiles a winning shape, if known without a look-up."""
        kind = tile >> 2
        if tile >= FIRST_FLOWER_ID or self.counts[kind] >= 4:
            return None  # no wait is a fifth copy, though an injected wall might deal one: the shape decides
        if self._waits is not None:
            return kind in self._waits
        least = self._least_shanten((self.total - 1) // 3)
        return False if least is not None and least > 0 else None

    def changed_to(self, tiles: list[int]) -> SeatFacts:
        """The facts of ``tiles``, the seat's tiles after they changed. A draw (one tile added at the end)
        and a discard (one tile taken out) change one count: the counts follow without a new count of the
        hand, and what the shanten tells carries over (see the class)."""
        old = self.tiles
        if len(tiles) == len(old) + 1 and tiles[:-1] == old:
            drawn = tiles[-1]
            counted = 1 if drawn < FIRST_FLOWER_ID else 0
            after = SeatFacts(
                tiles, _one_more(self.counts, drawn, 1), self.total + counted, self.tile_sum + drawn
            )
            after._complete = self._completed_by(drawn)
            needed = (self.total - 1) // 3  # the same sets to make with one tile more
            least = self._least_shanten(needed)
            if least is not None:
                after._floor = (needed, least - 1)
            return after
        if len(tiles) == len(old) - 1:
            tile_sum = sum(tiles)
            gone = self.tile_sum - tile_sum
            rest = list(old)
            if gone in rest:
                rest.remove(gone)
            if rest == tiles:  # exactly ``gone`` taken out, the order kept (list.remove)
                counted = 1 if gone < FIRST_FLOWER_ID else 0
                after = SeatFacts(tiles, _one_more(self.counts, gone, -1), self.total - counted, tile_sum)
                # known of this hand as it is (the sets its tile count leaves to make)
                needed = (self.total - 2) // 3
                least = self._least_shanten(needed)
                if least is not None:
                    after._floor = (needed, least)
                    if least > 0:
                        after._waits = frozenset()
                return after
        return SeatFacts(tiles)

    def __eq__(self, other: object) -> bool:
        # The facts are those of the tiles: two memos of the same tiles are equal.
        if not isinstance(other, SeatFacts):
            return NotImplemented
        return self.tiles == other.tiles

    __hash__ = None  # type: ignore[assignment]  # mutable memo, like a list

    @property
    def waits(self) -> frozenset[int]:
        """:func:`waits` of the tiles (riichi's shapes), computed on the first question: the shanten
        first (it answers most hands, and what it says carries over to the next draw)."""
        found = self._waits
        if found is None:
            total = self.total
            needed = (total - 1) // 3
            if total % 3 == 1 and needed <= MAX_SETS and self.shanten(needed) != 0:
                found = frozenset()
            else:
                found = waits(self.counts)
            self._waits = found
        return found

    @property
    def complete(self) -> bool:
        """:func:`is_complete` of the tiles, known from the waits before the draw when they were asked."""
        found = self._complete
        if found is None:
            found = self._complete = is_complete(self.counts)
        return found


def _one_more(counts: bytes, tile: int, change: int) -> bytes:
    """``counts`` with ``change`` added to the kind of ``tile`` (flowers are not counted)."""
    if tile >= FIRST_FLOWER_ID:
        return counts
    kind = tile >> 2
    return counts[:kind] + _BYTES[counts[kind] + change] + counts[kind + 1 :]


_BYTES: Final = [bytes((count,)) for count in range(256)]  # one count as bytes, to splice it in


def seat_facts(hand: HandState, seat: int) -> SeatFacts:
    """The :class:`SeatFacts` of ``seat``'s concealed tiles as they are now: kept on the seat
    (``SeatState.facts``) and made anew only when the tiles changed (the seat drew, discarded or
    called), so the other seats' discards, calls and passes ask for free."""
    state = hand.seats[seat]
    concealed = state.concealed
    found = state.facts
    if not isinstance(found, SeatFacts):  # nothing asked yet (None)
        found = state.facts = SeatFacts(list(concealed))
    elif found.tiles != concealed:  # two lists compared in C: no copy made while they are the same
        found = state.facts = found.changed_to(list(concealed))
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
