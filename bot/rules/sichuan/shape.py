"""The ways a Sichuan hand can be read as a win: four sets and a pair, or seven pairs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.hand.decompose import decompositions, is_seven_pairs
from bot.hand.meld import Meld, whole_hand_counts
from bot.hand.tiles import NUM_KINDS, kinds_to_counts


@dataclass(frozen=True)
class Group:
    """One set of a winning hand: a sequence from ``first`` or a triplet/kan of ``first``."""

    first: int
    sequence: bool
    concealed: bool
    kan: bool = False

    @property
    def kinds(self) -> tuple[int, int, int]:
        f = self.first
        return (f, f + 1, f + 2) if self.sequence else (f, f, f)


@dataclass(frozen=True)
class WinningShape:
    groups: tuple[Group, ...]  # empty for seven pairs
    pair: int | None  # None for seven pairs
    seven_pairs: bool
    counts: tuple[int, ...]  # every tile of the hand per kind, a kan as four
    meld_count: int  # called or declared sets (closed kans included)

    @property
    def kinds_present(self) -> list[int]:
        return [k for k in range(NUM_KINDS) if self.counts[k]]


def group_of_meld(meld: Meld) -> Group:
    kinds = sorted(meld.kinds)
    return Group(kinds[0], meld.is_sequence, concealed=not meld.is_open, kan=meld.is_kan)


def winning_shapes(concealed: Sequence[int], melds: Sequence[Meld]) -> list[WinningShape]:
    """Every reading of concealed kinds + melds as a win (empty when it is not one)."""
    concealed_counts = kinds_to_counts(concealed)
    counts = tuple(whole_hand_counts(concealed_counts, melds))
    meld_groups = tuple(group_of_meld(m) for m in melds)
    shapes = [
        WinningShape(
            meld_groups + tuple(Group(b.first, b.sequence, concealed=True) for b in d.blocks),
            d.pair,
            False,
            counts,
            len(melds),
        )
        for d in decompositions(concealed_counts)
    ]
    if not melds and is_seven_pairs(concealed_counts, four_as_two_pairs=True):
        shapes.append(WinningShape((), None, True, counts, 0))
    return shapes
