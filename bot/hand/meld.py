"""Called and declared sets (melds)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.hand.tiles import kind_of


class MeldType(StrEnum):
    CHI = "chi"  # sequence called from the previous player
    PON = "pon"  # triplet called from anyone
    KAN = "kan"  # open kan called from a discard (daiminkan)
    ANKAN = "ankan"  # closed kan declared from the hand
    KAKAN = "kakan"  # added kan: a fourth tile added to an earlier pon


# Seat of the giver relative to the caller: (giver - caller) mod 4.
NEXT_PLAYER = 1  # 下家 / shimocha
OPPOSITE = 2  # 對家 / toimen
PREVIOUS_PLAYER = 3  # 上家 / kamicha


@dataclass(frozen=True)
class MeldStyle:
    """How a picture lays out a seat's sets (bot/render/layout.py), declared by each rule set's
    descriptor as the features it means."""

    closed_kan_face_up: int = 2  # middle tiles of a closed kan shown face up (the outer ones face down)
    pon_given_face_down: bool = False  # the tile given for a pon lies face down instead of sideways


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set: its tiles, the tile called and from whom."""

    type: MeldType
    tiles: tuple[int, ...]  # tile ids, sorted
    called: int | None = None  # the id taken from another seat (None for a closed kan)
    source: int = 0  # giver relative to the caller (1 next, 2 opposite, 3 previous), 0 unknown/none
    added: int | None = None  # for an added kan: the id added to the pon

    @property
    def kind(self) -> int:
        """The lowest kind of the meld (the kind of a triplet or kan)."""
        return kind_of(self.tiles[0])

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(kind_of(t) for t in self.tiles)

    @property
    def is_kan(self) -> bool:
        return self.type in (MeldType.KAN, MeldType.ANKAN, MeldType.KAKAN)

    @property
    def is_open(self) -> bool:
        """Open melds break a closed hand; a closed kan does not."""
        return self.type is not MeldType.ANKAN

    @property
    def is_sequence(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_triplet_like(self) -> bool:
        """Pon or any kan."""
        return self.type is not MeldType.CHI


def whole_hand_counts(concealed_counts: Sequence[int], melds: Iterable[Meld]) -> list[int]:
    """Counts per kind of a whole hand: the concealed tiles' counts plus every meld's tiles (a kan as
    four), for the scorers' readings, the fifth-copy check and the waits a hand holds all four of."""
    counts = list(concealed_counts)
    for meld in melds:
        for kind in meld.kinds:
            counts[kind] += 1
    return counts
