"""The inputs of a riichi scoring: table options and how the hand was won (re-exported by scoring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from bot.hand.refusal import Refusal
from bot.hand.tiles import EAST, NORTH, RED_FIVE_IDS, WEST

SANMA_RED_IDS: Final = frozenset({52, 88})  # 0p and 0s: three-player tables have no 5m


class HandError(Refusal):
    """The input cannot describe a real win (wrong tile count, impossible flags, ...)."""


@dataclass(frozen=True)
class RiichiOptions:
    """The table's options that change a score."""

    players: int = 4  # 4 riichi, 3 sanma
    red: bool = True  # red fives are dora (akadora)
    kuitan: bool = True  # tanyao allowed in an open hand

    @property
    def sanma(self) -> bool:
        return self.players == 3

    @property
    def red_ids(self) -> frozenset[int]:
        if not self.red:
            return frozenset()
        return SANMA_RED_IDS if self.sanma else RED_FIVE_IDS


class WinSituation(NamedTuple):
    """How a hand was won (a named tuple: the engine builds one for every win it checks, and a frozen
    dataclass of 18 fields costs over twice as much to build)."""

    win_tile: int  # tile id of the winning tile (must be among the concealed tiles)
    tsumo: bool
    seat_wind: int  # kind 27-30
    round_wind: int  # kind 27-30
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    dora_indicators: tuple[int, ...] = ()  # tile ids, kan dora included
    ura_indicators: tuple[int, ...] = ()  # tile ids, counted only for riichi
    kita: int = 0  # North tiles set aside (sanma)
    honba: int = 0
    sticks: int = 0

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @property
    def any_flag(self) -> bool:
        """Any situational yaku flag set (most wins have none: the flag yaku are skipped)."""
        return (
            self.riichi
            or self.double_riichi
            or self.ippatsu
            or self.rinshan
            or self.chankan
            or self.haitei
            or self.houtei
            or self.tenhou
            or self.chiihou
        )


def _flag_problem(s: WinSituation, closed: bool, has_kan: bool) -> tuple[str, str] | None:
    """The first conflict among the yaku flags as (message id, text), or None (checked in the order a
    user reads them)."""
    # Every field in one go: a named tuple's field read is a descriptor call, and this reads many.
    (
        _, tsumo, seat_wind, _, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei,
        tenhou, chiihou, _, _, kita, _, _,
    ) = s  # fmt: skip
    in_riichi = riichi or double_riichi
    if riichi and double_riichi:
        return (
            "riichi.flag_double_riichi",
            "riichi and double riichi are exclusive (double riichi replaces riichi)",
        )
    if in_riichi and not closed:
        return "riichi.flag_riichi_open", "riichi needs a closed hand"
    if ippatsu and not in_riichi:
        return "riichi.flag_ippatsu", "ippatsu needs riichi"
    if rinshan:
        if not tsumo:
            return "riichi.flag_rinshan_ron", "rinshan kaihou is a tsumo win"
        if not (has_kan or kita):
            return "riichi.flag_rinshan_kan", "rinshan kaihou needs a kan (or a kita in sanma)"
        if haitei:
            return "riichi.flag_rinshan_haitei", "a replacement draw is never haitei"
    if chankan and tsumo:
        return "riichi.flag_chankan", "chankan is a ron win"
    if haitei and not tsumo:
        return "riichi.flag_haitei", "haitei is a tsumo win (use houtei for the last discard)"
    if houtei and tsumo:
        return "riichi.flag_houtei", "houtei is a ron win (use haitei for the last draw)"
    if tenhou or chiihou:
        dealer = seat_wind == EAST
        if not tsumo:
            return "riichi.flag_tenhou_ron", "tenhou and chiihou are tsumo wins"
        if not closed or has_kan or kita > 0:
            return "riichi.flag_tenhou_touched", "tenhou and chiihou need an untouched hand"
        if tenhou and not dealer:
            return "riichi.flag_tenhou_dealer", "tenhou is the dealer's win (chiihou for the others)"
        if chiihou and dealer:
            return "riichi.flag_chiihou_dealer", "chiihou is a non-dealer's win (tenhou for the dealer)"
    return None


def _count_problem(s: WinSituation, options: RiichiOptions) -> tuple[str, str] | None:
    """The first impossible kita, honba or stick count as (message id, text), or None."""
    if s.kita and not options.sanma:
        return "riichi.kita_four_player", "kita (North set aside) exists only in sanma"
    if s.kita < 0 or s.honba < 0 or s.sticks < 0:
        return "riichi.negative_counts", "kita, honba and sticks cannot be negative"
    if s.kita > 4:
        return "riichi.kita_five", "there are only four North tiles"
    return None


SEAT_WINDS: Final = frozenset(range(EAST, NORTH + 1))
SANMA_SEAT_WINDS: Final = frozenset(range(EAST, WEST + 1))


def check_situation(
    s: WinSituation, options: RiichiOptions, closed: bool, has_kan: bool, any_flag: bool | None = None
) -> None:
    """Refuse flag combinations that no real win can have, naming the conflict.

    ``any_flag`` is ``s.any_flag`` when the caller has it already: most wins have no flag, and then
    no flag can conflict.
    """
    sanma = options.players == 3
    if s.seat_wind not in (SANMA_SEAT_WINDS if sanma else SEAT_WINDS):
        raise HandError(f"seat wind must be East..{'West' if sanma else 'North'}", "riichi.seat_wind")
    if s.round_wind not in SEAT_WINDS:
        raise HandError("round wind must be East, South, West or North", "riichi.round_wind")
    if any_flag is None:
        any_flag = s.any_flag
    problem = _flag_problem(s, closed, has_kan) if any_flag else None
    if problem is None and (s.kita or s.honba < 0 or s.sticks < 0):
        problem = _count_problem(s, options)
    if problem:
        raise HandError(problem[1], problem[0])
