"""How a Taiwanese hand was won, and the table options that change its value."""

from __future__ import annotations

from dataclasses import dataclass

SEAT_LETTERS = "ESWN"
READY_KINDS = ("tianting", "migi", "diting")  # 天聽, MIGI, 地聽


@dataclass(frozen=True)
class TaiwanSituation:
    """Seats are table seats 0-3 (E S W N as at the start of the round).  The dealer sits East for the
    hand, so a seat's wind (門風) is counted from the dealer."""

    seat: int = 0  # the winner
    dealer: int = 0
    round_wind: int = 0  # 0 East, 1 South, 2 West, 3 North (圈風)
    streak: int = 0  # 連莊 count of the dealer
    win_tile: int | None = None  # kind; None: the last concealed tile given
    tsumo: bool = False
    discarder: int | None = None  # seat paying a ron (the kanner for a robbed kan)
    last_tile: bool = False  # 海底撈月 (tsumo on the last tile) / 河底撈魚 (ron on the last discard)
    robbing_kan: bool = False  # 搶槓 (added kans only)
    after_kan: bool = False  # 槓上開花: tsumo on the replacement after a closed/added kan or a flower
    replacements: int = 1  # replacements in a row before the winning one (連槓開花 with extras)
    heavenly: bool = False  # 天胡: dealer, dealt hand
    earthly: bool = False  # 地胡: non-dealer, first draw, no call before
    human: bool = False  # 人胡: ron in the first go-around
    ready: str | None = None  # a ready declaration: tianting 天聽, migi MIGI, diting 地聽

    @property
    def seat_wind(self) -> int:
        """0 East (the dealer) ... 3 North."""
        return (self.seat - self.dealer) % 4

    @property
    def winner_is_dealer(self) -> bool:
        return self.seat == self.dealer


@dataclass(frozen=True)
class TaiwanOptions:
    base: int = 50  # 底
    tai_value: int = 20  # 台
    flowers: bool = True  # flowers=off: the southern 136-tile game
    full_flush: int = 12  # 清一色 12 [8]
    last_tile: int = 1  # 海底撈月 1 [2]
    heavenly: int = 24  # 天胡 24 [16]
    human: int = 8  # 人胡 8 [16]
    tianting: int = 16  # 天聽 16 [8]
    migi: int = 8  # MIGI 8 [4]
    diting: int = 8  # 地聽 8 [4]
    stack_heavenly: bool = False  # 天胡/地胡/人胡 add to the hand instead of replacing its pattern tai
    pinghu_flowers: bool = False  # 平胡 allowed with flowers
    pinghu_tsumo: bool = False  # 平胡 allowed on a self-drawn win
    pinghu_any_wait: bool = False  # 平胡 allowed on any wait, not only two-sided
    extras: bool = False  # the seed's optional patterns (特殊牌型)
    # The seed's "a/b" patterns at b: 1色4步高 9, 1色3步高 6, 三色步高 3, 三色連刻 3.
    extras_second_values: bool = False

    def payment(self, tai: int) -> int:
        """What one payer pays for ``tai``: base + tai x tai_value."""
        return self.base + tai * self.tai_value
