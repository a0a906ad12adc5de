"""Tile efficiency: shanten after each discard, then the accepted tiles still unseen.

Built on :mod:`bot.hand.shanten` (the lazily memoised per-suit tables).  ``analysis.analyze`` computes
the accepted tiles of every discard; a player only needs them for the discards that keep the least
shanten (and one step worse, to trade speed for value or safety), which keeps a decision near a
millisecond.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.hand.shanten import Shapes, draw_shanten, least_shanten


@dataclass(frozen=True, slots=True)
class HandShape:
    """How a rule set's hands are built: shapes, sets per hand, kinds that exist."""

    shapes: Shapes
    sets: int
    kinds: frozenset[int]


@dataclass(frozen=True, slots=True)
class Candidate:
    kind: int
    shanten: int  # of the hand left after discarding ``kind``
    unseen: int  # accepted copies still unseen (0 when not computed: far from the best)
    accepts: tuple[int, ...]  # the kinds that lower the shanten


def needed_sets(shape: HandShape, melds: int) -> int:
    return shape.sets - melds


def shanten_of(counts: Sequence[int], melds: int, shape: HandShape) -> int:
    """Least shanten of concealed ``counts`` (3k+1 or 3k+2 tiles) with ``melds`` declared sets."""
    return least_shanten(bytes(counts), needed_sets(shape, melds), melds == 0, shape.shapes)


def accepted(
    counts: Sequence[int], melds: int, shape: HandShape, unseen: Callable[[int], int], closed: bool
) -> tuple[int, tuple[int, ...], int]:
    """(shanten, accepted kinds, unseen accepted copies) of a waiting (3k+1) hand."""
    packed = bytes(counts)
    needed = needed_sets(shape, melds)
    current = least_shanten(packed, needed, closed, shape.shapes)
    after = draw_shanten(packed, needed, closed, shape.shapes)
    kinds = tuple(k for k in sorted(shape.kinds) if after[k] < current)
    return current, kinds, sum(unseen(k) for k in kinds)


def discard_candidates(
    counts: Sequence[int],
    melds: int,
    closed: bool,
    shape: HandShape,
    unseen: Callable[[int], int],
    choices: Iterable[int],
    slack: int = 1,
) -> list[Candidate]:
    """One :class:`Candidate` per kind in ``choices`` (kinds held), best shanten first.

    Accepted tiles are counted for discards within ``slack`` of the least shanten only.
    """
    work = bytearray(counts)
    needed = needed_sets(shape, melds)
    kinds = sorted(set(choices))
    after_discard: dict[int, int] = {}
    for k in kinds:
        work[k] -= 1
        after_discard[k] = least_shanten(bytes(work), needed, closed, shape.shapes)
        work[k] += 1
    if not after_discard:
        return []
    best = min(after_discard.values())
    out = []
    for k in kinds:
        sh = after_discard[k]
        if sh > best + slack:
            out.append(Candidate(k, sh, 0, ()))
            continue
        work[k] -= 1
        after = draw_shanten(bytes(work), needed, closed, shape.shapes)
        work[k] += 1
        accepts = tuple(a for a in sorted(shape.kinds) if after[a] < sh)
        out.append(Candidate(k, sh, sum(unseen(a) for a in accepts), accepts))
    out.sort(key=lambda c: (c.shanten, -c.unseen, c.kind))
    return out


def shanten_after_call(
    counts: Sequence[int], using_kinds: Sequence[int], melds: int, shape: HandShape, forbidden: frozenset[int]
) -> int:
    """Least shanten after calling with ``using_kinds`` from the hand and making the best discard
    (kinds in ``forbidden`` may not go: kuikae).  A kan call has no discard (a replacement comes)."""
    work = bytearray(counts)
    for k in using_kinds:
        if work[k] == 0:
            raise ValueError("a call uses a tile the hand does not hold")
        work[k] -= 1
    needed = needed_sets(shape, melds + 1)
    if sum(work) == 3 * needed + 1:
        return least_shanten(bytes(work), needed, False, shape.shapes)
    best = 99
    for k in range(len(work)):
        if work[k] and k not in forbidden:
            work[k] -= 1
            best = min(best, least_shanten(bytes(work), needed, False, shape.shapes))
            work[k] += 1
    return best
