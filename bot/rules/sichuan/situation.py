"""How a Sichuan hand was won, and the table options that change its value."""

from __future__ import annotations

from dataclasses import dataclass

SUIT_OF_LETTER = {"m": 0, "p": 1, "s": 2}


@dataclass(frozen=True)
class SichuanSituation:
    void_suit: int | None = None  # 0 m, 1 p, 2 s; None: the suit the hand does not hold
    win_tile: int | None = None  # kind; None: the last concealed tile given
    tsumo: bool = False
    after_kan: bool = False  # tsumo on a kan replacement tile (杠上开花)
    kan_discard: bool = False  # ron on the discard right after a kan replacement draw (杠上炮)
    robbing_kan: bool = False  # ron on an added kan (抢杠和)
    last_tile: bool = False  # tsumo on the last tile (海底捞月), or ron on the last discard
    heavenly: bool = False  # dealer's dealt 14 tiles win (天和)
    earthly: bool = False  # non-dealer wins with their first 14 tiles, nobody called before (地和)


@dataclass(frozen=True)
class SichuanOptions:
    cap: int | None = None  # most fan a hand (and flower pig / not-tenpai amounts) can be worth
    last_discard: bool = False  # a ron on the last discard scores 1 fan
    pig_pays_check: bool = False  # a flower pig also pays the not-tenpai amounts
    # Option ``late_added_kan_pays`` (rules file name; default off): when on, an added kan made with a
    # fourth tile kept in hand since an earlier turn (not just drawn) pays nothing.
    late_added_kan_pays: bool = False


HEAVENLY_FLOOR = 5  # 天和/地和: at least 5 fan (32x)
FLOWER_PIG_FAN = 4  # 查花猪: 16x base = 2**4
FALSE_WIN_MULTIPLE = 64  # 炸和: 64x base to each other player still in the hand
