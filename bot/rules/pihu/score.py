"""Score one pihu win: its multiplier (the product of its hands' factors)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from bot.hand.meld import Meld, MeldType
from bot.hand.notation import kind_name
from bot.hand.refusal import NotAWin as NotAWin  # re-exported: raised here, caught as <module>.NotAWin
from bot.hand.refusal import Refusal
from bot.hand.tiles import kind_of
from bot.rules.pihu.hands import best_reading, readings
from bot.rules.pihu.names import name_of

HAND_TILES = 14  # a kan counts as 3
KAN_WIN_FACTOR = 2


class InvalidWin(Refusal):
    """The hand or its situation cannot happen in pihu (a chi, a wrong tile count, ...)."""


@dataclass(frozen=True, slots=True)
class PihuSituation:
    """``win_tile``: the winning tile's kind (None: the last concealed tile).  ``after_kan``: the
    winning tile is a kan replacement (杠上開), x2 and settled as a self-draw whatever the kan."""

    win_tile: int | None = None
    tsumo: bool = False
    after_kan: bool = False


@dataclass(frozen=True, slots=True)
class HandLine:
    id: str
    factor: int

    def name(self, language: str = "en") -> str:
        return name_of(self.id, language)


@dataclass(frozen=True, slots=True)
class PihuScore:
    hands: tuple[HandLine, ...]  # "basic" alone, or the big hands (大糊) that make the multiplier
    multiplier: int
    self_drawn: bool  # settled as a self-draw (a tsumo or a win on a kan replacement)

    @property
    def is_big_hand(self) -> bool:
        return self.multiplier > 1


def score_hand(concealed: Sequence[int], melds: Sequence[Meld], situation: PihuSituation) -> PihuScore:
    """Score a complete hand; ``concealed`` includes the winning tile."""
    _check(concealed, melds, situation)
    options = readings(concealed, melds)
    if not options:
        raise NotAWin(
            "not a winning hand: the tiles are neither four sets and a pair nor seven pairs", "pihu.not_a_win"
        )
    _, factors = best_reading(options)
    if situation.after_kan:
        factors.append(("kan_win", KAN_WIN_FACTOR))
    lines = tuple(HandLine(name, f) for name, f in factors) or (HandLine("basic", 1),)
    return PihuScore(lines, prod(line.factor for line in lines), situation.tsumo or situation.after_kan)


def _check(concealed: Sequence[int], melds: Sequence[Meld], s: PihuSituation) -> None:
    if any(m.type is MeldType.CHI for m in melds):
        raise InvalidWin("pihu has no chi: only pon and kan", "pihu.no_chi")
    tiles = len(concealed) + 3 * len(melds)
    if tiles != HAND_TILES:
        raise InvalidWin(
            f"a winning hand has {HAND_TILES} tiles (a kan counts as 3), this one has {tiles}",
            "hand.size",
            size=HAND_TILES,
            count=tiles,
        )
    kinds = [kind_of(t) for t in concealed]
    if s.win_tile is not None and s.win_tile not in kinds:
        tile = kind_name(s.win_tile)
        raise InvalidWin(
            f"the winning tile {tile} is not among the concealed tiles", "hand.win_not_held", tile=tile
        )
    if s.after_kan and not any(m.is_kan for m in melds):
        raise InvalidWin("a win on a kan replacement needs a kan in the hand", "pihu.replacement_needs_kan")
