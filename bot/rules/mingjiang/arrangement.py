"""One way to read a winning hand: its sets, its pair (or special shape) and where the winning tile went.

A hand can often be read several ways (111222333m as three triplets or three sequences; the winning
tile completing a triplet or a sequence).  :func:`arrangements` lists every reading; the scorer
values each one and keeps the best, as the rules say ("use the decomposition that scores most").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bot.hand.decompose import Block, decompositions, is_knitted, is_seven_pairs, is_thirteen_orphans
from bot.hand.meld import Meld, MeldType, whole_hand_counts
from bot.hand.tiles import NUM_KINDS, counts_of


class Shape(StrEnum):
    REGULAR = "regular"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"
    KNITTED = "knitted"
    THIRTEEN_ORPHANS = "thirteen_orphans"


class SetShape(StrEnum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    KAN = "kan"


@dataclass(frozen=True, slots=True)
class HandSet:
    """One set of a regular hand, concealed or called."""

    first: int  # the lowest kind
    shape: SetShape
    concealed: bool  # a concealed set (a triplet completed by ron is *not* concealed)
    called: bool = False  # came from a chi, pon or open/added kan

    @property
    def is_sequence(self) -> bool:
        return self.shape is SetShape.SEQUENCE

    @property
    def is_triplet_like(self) -> bool:
        """Triplet or kan."""
        return self.shape is not SetShape.SEQUENCE

    @property
    def kinds(self) -> tuple[int, ...]:
        f = self.first
        if self.shape is SetShape.SEQUENCE:
            return (f, f + 1, f + 2)
        return (f,) * (4 if self.shape is SetShape.KAN else 3)


@dataclass(frozen=True, slots=True)
class Arrangement:
    shape: Shape
    sets: tuple[HandSet, ...]  # empty for the special shapes
    pair: int | None  # the pair of a regular hand
    counts: tuple[int, ...]  # all 34 kinds of the whole hand, a kan counted as 4
    win_kind: int
    win_in_pair: bool  # regular hands: the winning tile completed the pair (single wait)
    closed: bool  # no chi, pon or open kan (a closed kan keeps a hand closed)
    # Derived once, read by many yaku:
    kinds_present: tuple[int, ...] = field(init=False)
    sequences: tuple[HandSet, ...] = field(init=False)
    triplets: tuple[HandSet, ...] = field(init=False)  # triplets and kans

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds_present", tuple(k for k in range(NUM_KINDS) if self.counts[k]))
        object.__setattr__(self, "sequences", tuple(x for x in self.sets if x.is_sequence))
        object.__setattr__(self, "triplets", tuple(x for x in self.sets if not x.is_sequence))


def meld_set(meld: Meld) -> HandSet:
    """The set a declared meld stands for."""
    if meld.type is MeldType.CHI:
        return HandSet(min(meld.kinds), SetShape.SEQUENCE, concealed=False, called=True)
    if meld.type is MeldType.PON:
        return HandSet(meld.kind, SetShape.TRIPLET, concealed=False, called=True)
    concealed = meld.type is MeldType.ANKAN
    return HandSet(meld.kind, SetShape.KAN, concealed=concealed, called=not concealed)


def arrangements(
    concealed: Sequence[int], melds: Sequence[Meld], win_kind: int, tsumo: bool
) -> Iterator[Arrangement]:
    """Every reading of a complete hand (nothing when the tiles do not form a winning shape)."""
    hand_counts = counts_of(concealed)
    counts = tuple(whole_hand_counts(hand_counts, melds))
    closed = not any(m.is_open for m in melds)
    called_sets = tuple(meld_set(m) for m in melds)

    for dec in decompositions(hand_counts):
        if dec.pair == win_kind:  # single wait on the pair: every concealed set stays concealed
            whole_sets = called_sets + tuple(_block_set(b, True) for b in dec.blocks)
            yield Arrangement(Shape.REGULAR, _ordered(whole_sets), dec.pair, counts, win_kind, True, closed)
        for winning_block in dict.fromkeys(b for b in dec.blocks if win_kind in b.kinds):
            # The winning tile completes this block; a triplet completed by a discard is not concealed.
            # (With two equal blocks only one of them is the completed one.)
            sets = list(called_sets)
            opened = False
            for b in dec.blocks:
                by_discard = not tsumo and not opened and b == winning_block and not b.sequence
                opened = opened or by_discard
                sets.append(_block_set(b, not by_discard))
            yield Arrangement(Shape.REGULAR, _ordered(sets), dec.pair, counts, win_kind, False, closed)
    if melds:
        return
    if is_seven_pairs(hand_counts, four_as_two_pairs=True):
        yield Arrangement(Shape.SEVEN_PAIRS, (), None, counts, win_kind, False, True)
    if is_knitted(hand_counts):
        yield Arrangement(Shape.KNITTED, (), None, counts, win_kind, False, True)
    if is_thirteen_orphans(hand_counts):
        yield Arrangement(Shape.THIRTEEN_ORPHANS, (), None, counts, win_kind, False, True)


def _block_set(block: Block, concealed: bool) -> HandSet:
    shape = SetShape.SEQUENCE if block.sequence else SetShape.TRIPLET
    return HandSet(block.first, shape, concealed=concealed)


def _ordered(sets: Sequence[HandSet]) -> tuple[HandSet, ...]:
    return tuple(sorted(sets, key=lambda s: (s.first, s.shape.value, s.concealed)))
