"""Waits, accepted tiles and discard tables, for every allowed shape.

A hand here is concealed counts (34 integers) plus how many melds are open or declared; the copies
inside the melds and any other visible copies (discards, dora indicators) only change how many of a
tile are still *unseen*.

* A waiting hand (3k+1 concealed tiles): the kinds that lower its shanten (for a ready hand, the
  waits: the kinds that complete it).
* A hand that has just drawn (3k+2 tiles): every discard, the shanten after it and the kinds the
  remaining hand then accepts.  The discarded copy counts as seen (it lies in the river).

Waits follow :mod:`bot.hand.shanten`'s definition, so a hand may wait on a kind of which it holds all
four copies; such a wait is reported with ``drawable == 0``.  Rule sets that deny tenpai for it
(Tenhou: "a wait on a tile of which you hold all four") can test :attr:`Analysis.has_drawable_wait`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from bot.hand.notation import kind_name
from bot.hand.shanten import (
    RIICHI_SHAPES,
    Shapes,
    draw_shanten,
    least_shanten,
    pack_counts,
    sets_needed,
    shapes_shanten,
)
from bot.hand.tiles import NUM_KINDS

ALL_KINDS = tuple(range(NUM_KINDS))


@dataclass(frozen=True)
class Accepted:
    """One kind a hand accepts."""

    kind: int
    drawable: int  # copies not in the hand or its melds: 0 = the hand holds all four
    unseen: int  # drawable minus copies visible elsewhere


@dataclass(frozen=True)
class DiscardChoice:
    discard: int  # the kind discarded
    shanten: int  # shanten of the hand left
    accepts: tuple[Accepted, ...]

    @property
    def unseen(self) -> int:
        return sum(a.unseen for a in self.accepts)


@dataclass(frozen=True)
class Analysis:
    tiles: int  # concealed tiles plus three per meld
    shanten: int  # least over the allowed shapes
    by_shape: dict[str, int]
    accepts: tuple[Accepted, ...] = ()  # waiting hand: kinds lowering the shanten
    discards: tuple[DiscardChoice, ...] = ()  # drawn hand: best first
    drawn: bool = field(default=False)  # the hand holds 3k+2 tiles

    @property
    def waits(self) -> tuple[Accepted, ...]:
        """The kinds that complete a ready (3k+1) hand; empty otherwise."""
        return self.accepts if self.shanten == 0 and not self.drawn else ()

    @property
    def has_drawable_wait(self) -> bool:
        return any(w.drawable for w in self.waits)


@dataclass(frozen=True)
class _Hand:
    """Checked inputs shared by the functions below."""

    packed: bytes
    needed: int
    closed: bool
    shapes: Shapes
    kinds: tuple[int, ...]
    held: tuple[int, ...]  # copies in hand and melds, per kind
    visible: tuple[int, ...]


def _prepare(
    counts: Sequence[int],
    melds: int,
    sets: int,
    shapes: Shapes,
    kinds: Collection[int] | None,
    meld_counts: Sequence[int] | None,
    visible: Sequence[int] | None,
) -> _Hand:
    packed = pack_counts(counts)
    needed = sets_needed(sum(packed), melds, sets)
    in_melds = pack_counts(meld_counts) if meld_counts is not None else bytes(NUM_KINDS)
    seen = pack_counts(visible) if visible is not None else bytes(NUM_KINDS)
    held = tuple(a + b for a, b in zip(packed, in_melds, strict=True))
    if max(held) > 4:
        kind = max(range(NUM_KINDS), key=lambda k: held[k])
        raise ValueError(f"more than four copies of {kind_name(kind)} in the hand and its melds")
    return _Hand(
        packed,
        needed,
        melds == 0,
        shapes,
        tuple(sorted(kinds)) if kinds is not None else ALL_KINDS,
        held,
        tuple(seen),
    )


def _accepted(hand: _Hand, packed: bytes, current: int) -> tuple[Accepted, ...]:
    """Kinds whose draw lowers ``packed``'s shanten below ``current`` (fifth-copy waits included)."""
    after = draw_shanten(packed, hand.needed, hand.closed, hand.shapes)
    out = []
    for kind in hand.kinds:
        if after[kind] < current:
            drawable = max(0, 4 - hand.held[kind])
            out.append(Accepted(kind, drawable, max(0, drawable - hand.visible[kind])))
    return tuple(out)


def analyze(
    counts: Sequence[int],
    melds: int = 0,
    sets: int = 4,
    shapes: Shapes = RIICHI_SHAPES,
    kinds: Collection[int] | None = None,
    meld_counts: Sequence[int] | None = None,
    visible: Sequence[int] | None = None,
) -> Analysis:
    """Shanten by shape, and the accepted kinds (3k+1 tiles) or the discard table (3k+2 tiles).

    ``kinds``: the kinds that exist in the rule set (default all 34); ``meld_counts``: copies inside
    the melds; ``visible``: other copies known to be out of the wall.  Raises ValueError on counts
    that do not fit.
    """
    hand = _prepare(counts, melds, sets, shapes, kinds, meld_counts, visible)
    tiles = sum(hand.packed) + 3 * melds
    by_shape = shapes_shanten(hand.packed, hand.needed, hand.closed, shapes)
    current = min(by_shape.values(), default=99)
    if sum(hand.packed) == 3 * hand.needed + 1:
        return Analysis(tiles, current, by_shape, accepts=_accepted(hand, hand.packed, current))
    choices = []
    work = bytearray(hand.packed)
    for discard in range(NUM_KINDS):
        if not work[discard]:
            continue
        work[discard] -= 1
        rest = bytes(work)
        after = least_shanten(rest, hand.needed, hand.closed, shapes)
        choices.append(DiscardChoice(discard, after, _accepted(hand, rest, after)))
        work[discard] += 1
    choices.sort(key=lambda c: (c.shanten, -c.unseen, c.discard))
    return Analysis(tiles, current, by_shape, discards=tuple(choices), drawn=True)


def waits(
    counts: Sequence[int],
    melds: int = 0,
    sets: int = 4,
    shapes: Shapes = RIICHI_SHAPES,
    kinds: Collection[int] | None = None,
) -> list[int]:
    """The kinds that complete a waiting (3k+1) hand, drawable or not; empty if it is not ready."""
    hand = _prepare(counts, melds, sets, shapes, kinds, None, None)
    if sum(hand.packed) != 3 * hand.needed + 1:
        raise ValueError(
            f"waits need a hand of {3 * hand.needed + 1} concealed tiles, not {sum(hand.packed)}"
        )
    return [a.kind for a in _accepted(hand, hand.packed, 0)]
