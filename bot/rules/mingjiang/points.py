"""The points table, the fan cap, dora counting and the number of dora indicators."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.rules.mingjiang.limits import Limit

FAN_CAP: Final = 10  # 爆棚: 10 fan and more are paid as 10
MINIMUM_FAN: Final = 1  # before dora and ura
BASE_BY_FAN: Final = {1: 4, 2: 8, 3: 16, 4: 30, 5: 40, 6: 50, 7: 60, 8: 70, 9: 80, 10: 90}
LIMIT_BASE: Final = {Limit.SMALL: 120, Limit.BIG: 160}
RON_FACTOR: Final = 3  # the discarder pays 3 x base; on a tsumo each other player pays base
RIICHI_DEPOSIT: Final = 10
START_POINTS: Final = 250
RETURN_POINTS: Final = 300


def base_points(fan: int, limit: Limit | None = None) -> int:
    """基本分 for a hand: by limit when there is one, else by fan (capped at 10)."""
    if limit is not None:
        return LIMIT_BASE[limit]
    if fan < MINIMUM_FAN:
        raise ValueError(f"a winning hand has at least {MINIMUM_FAN} fan, not {fan}")
    return BASE_BY_FAN[min(fan, FAN_CAP)]


def dora_indicator_count(dealer_streak: int) -> int:
    """Indicators turned at the start of a hand: 2 with no dealer repeat, 3 after one, 4 after two or more."""
    if dealer_streak < 0:
        raise ValueError(f"the dealer streak cannot be negative ({dealer_streak})")
    return 2 + min(dealer_streak, 2)


def dora_fan(indicators: Iterable[int], hand_kinds: Iterable[int]) -> int:
    """One fan per indicator whose tile is in the hand at least once (the indicator IS the dora:
    several copies in the hand still give 1 per indicator; two indicators of one tile give 2)."""
    held = set(hand_kinds)
    return sum(1 for kind in indicators if kind in held)
