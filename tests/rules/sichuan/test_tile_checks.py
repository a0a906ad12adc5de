"""The tile checks before sichuan scores a hand or values a wait: number suits only (108 tiles, sichuan.md
Setup) and 14 tiles to win, 13 to wait, a kan counting as 3.  Honours cannot be written in sichuan's
notation, so these hands are given as kinds (0-8 m, 9-17 p, 18-26 s, 27 on 1z-7z).  The suits a hand holds
count its melds too (the void suit left undeclared, the flower pig)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.hand.meld import Meld, MeldType
from bot.hand.refusal import NotAWin
from bot.rules.sichuan.score import score_kinds, void_suit_of, waiting_values
from bot.rules.sichuan.settlement import is_flower_pig

M123, M456, M789 = [0, 1, 2], [3, 4, 5], [6, 7, 8]
EAST, SOUTH, WEST = 27, 28, 29


def pon(kind: int) -> Meld:
    tiles = (kind * 4, kind * 4 + 1, kind * 4 + 2)
    return Meld(MeldType.PON, tiles, called=tiles[0])


def closed_kan(kind: int) -> Meld:
    return Meld(MeldType.ANKAN, tuple(kind * 4 + copy for copy in range(4)))


def honour_refusal(tile: str) -> tuple[str, str, dict[str, Any]]:
    return f"{tile}: sichuan plays the three number suits only", "sichuan.honour", {"tile": tile}


REFUSALS = [
    # The first honour of the concealed tiles is named (1z before 2z and 3z).
    ("win", [*M123, *M456, *M789, EAST, SOUTH, WEST, 9, 9], [], *honour_refusal("1z")),
    ("win", [*M123, *M456, *M789, SOUTH, SOUTH, SOUTH, 9, 9], [], *honour_refusal("2z")),
    # An honour pon among the melds is refused too.
    ("win", [*M123, *M456, *M789, 9, 9], [pon(EAST)], *honour_refusal("1z")),
    ("wait", [*M123, *M456, *M789, 9], [pon(EAST)], *honour_refusal("1z")),
    # Too few or too many tiles, for a win and for a wait.
    (
        "win",
        [*M123, *M456, *M789, 9, 9, 10],
        [],
        "a winning hand has 14 tiles (a kan counts as 3), this one has 12",
        "hand.size",
        {"size": 14, "count": 12},
    ),
    (
        "win",
        [*M123, *M456, *M789, 9, 9],
        [closed_kan(18), pon(19)],
        "a winning hand has 14 tiles (a kan counts as 3), this one has 17",
        "hand.size",
        {"size": 14, "count": 17},
    ),
    (
        "wait",
        [*M123, *M456, *M789, 9, 9, 10, 11, 12],
        [],
        "a waiting hand has 13 tiles (a kan counts as 3), this one has 14",
        "hand.size",
        {"size": 13, "count": 14},
    ),
    (
        "wait",
        [*M123, 9],
        [closed_kan(18)],
        "a waiting hand has 13 tiles (a kan counts as 3), this one has 7",
        "hand.size",
        {"size": 13, "count": 7},
    ),
]


@pytest.mark.parametrize(
    ("check", "concealed", "melds", "message", "message_id", "values"),
    REFUSALS,
    ids=[f"{i}-{case[0]}-{case[4]}" for i, case in enumerate(REFUSALS)],
)
def test_a_hand_with_an_honour_or_the_wrong_tile_count_is_refused_with_what_a_translation_needs(
    check: str,
    concealed: list[int],
    melds: list[Meld],
    message: str,
    message_id: str,
    values: dict[str, Any],
) -> None:
    with pytest.raises(NotAWin) as refused:
        if check == "win":
            score_kinds(concealed, melds)
        else:
            waiting_values(concealed, melds, void_suit=2)
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        message,
        message_id,
        values,
    )


@pytest.mark.parametrize("meld_kind", [9, 10, 17])  # 1p, 2p, 9p
def test_the_void_suit_left_undeclared_counts_the_suits_of_the_melds(meld_kind: int) -> None:
    # 123m 456m 789m + a pon of p: m and p are held, so the void is s (suit 2), whichever p.
    assert void_suit_of([*M123, *M456, *M789], [pon(meld_kind)], None) == 2


@pytest.mark.parametrize("meld_kind", [9, 10, 17])  # 1p, 2p, 9p
def test_a_flower_pig_counts_the_suits_of_its_melds(meld_kind: int) -> None:
    # 123m 456m 5s + a pon of p: all three suits (花猪); without the 5s only two.
    assert is_flower_pig([*M123, *M456, 22], [pon(meld_kind)])
    assert not is_flower_pig([*M123, *M456], [pon(meld_kind)])
