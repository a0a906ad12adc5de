"""Flower tai (花台) and the two flower wins, 七搶一 and 八仙過海.

Flower kinds are 34-41 (1f-8f): seasons 1f-4f and plants 5f-8f, the number being the seat wind
(1 East ... 4 North).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.hand.refusal import Refusal
from bot.hand.tiles import FIRST_FLOWER

SEASONS = frozenset(range(FIRST_FLOWER, FIRST_FLOWER + 4))
PLANTS = frozenset(range(FIRST_FLOWER + 4, FIRST_FLOWER + 8))
FLOWER_WIN_TAI = 8  # 七搶一 and 八仙過海


def seat_flowers(seat_wind: int) -> tuple[int, int]:
    """The season and the plant of a seat wind (East: 1f 5f)."""
    return FIRST_FLOWER + seat_wind, FIRST_FLOWER + 4 + seat_wind


def flower_lines(flowers: Iterable[int], seat_wind: int) -> list[tuple[str, int]]:
    """1 per flower of your own seat; a full set of four seasons or four plants (花槓) is 2 instead of
    its seat flower's 1."""
    held = set(flowers)
    lines: list[tuple[str, int]] = []
    own_season, own_plant = seat_flowers(seat_wind)
    if held >= SEASONS:
        lines.append(("four_seasons", 2))
    elif own_season in held:
        lines.append(("seat_flower", 1))
    if held >= PLANTS:
        lines.append(("four_plants", 2))
    elif own_plant in held:
        lines.append(("seat_flower", 1))
    if [key for key, _ in lines].count("seat_flower") == 2:
        lines = [line for line in lines if line[0] != "seat_flower"] + [("seat_flower", 2)]
    return lines


def flower_win_key(flowers: Iterable[int], robbing: bool) -> str:
    """八仙過海 with all eight flowers; 七搶一 with seven, robbing the eighth as it is drawn.
    Raises ValueError naming what is missing."""
    held = set(flowers)
    if robbing:
        if len(held) != 7:
            raise Refusal(
                f"七搶一 needs seven flowers in hand, not {len(held)}",
                "taiwan.seven_flowers",
                count=len(held),
            )
        return "seven_rob_one"
    if len(held) != 8:
        raise Refusal(
            f"八仙過海 needs all eight flowers, not {len(held)}", "taiwan.eight_flowers", count=len(held)
        )
    return "eight_immortals"
