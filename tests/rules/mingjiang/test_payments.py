"""Payments (docs/rules/mingjiang.md, "Points"): tsumo, ron, liability (包牌), deposits, exhaustive draw."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.mingjiang import (
    deposits_to_first_place,
    dora_indicator_count,
    exhaustive_draw_payments,
    riichi_deposit,
    settle_win,
)

from .helpers import score

EAST, SOUTH, WEST, NORTH = range(4)

# 大三元 with the Red pon: a small limit, base 120, liable; won by ron on 1m or by tsumo.
BIG_DRAGONS = "555z666z11m123p pon:777z"


def test_tsumo_each_other_player_pays_the_base_dealer_no_more():
    # South wins 2 fan (menmo closed + tsumo 1, + riichi 1), base 8: the dealer pays 8 like the rest.
    result = score("123m789m456p222s11z", seat="S", tsumo=True, riichi=True)
    assert result.base == 8
    assert settle_win(result, winner=SOUTH) == [-8, 24, -8, -8]


def test_ron_the_discarder_pays_three_times_the_base():
    # Dealer's 8-fan ron (base 70): 3 x 70 = 210 from the discarder only, no dealer bonus.
    result = score("123m456m789m234m99m")
    assert settle_win(result, winner=EAST, discarder=SOUTH) == [210, -210, 0, 0]


def test_winner_takes_all_riichi_deposits():
    # 3 sticks on the table: winner +12 + 30; the sum of changes is what left the table (30).
    result = score("123m789m456p222s11z", seat="S", riichi=True)
    deltas = settle_win(result, winner=SOUTH, discarder=NORTH, deposits=3)
    assert deltas == [0, 42, 0, -12]
    assert sum(deltas) == 30


def test_riichi_deposit_and_leftover_deposits_to_first_place():
    assert riichi_deposit(WEST) == [0, 0, -10, 0]
    assert deposits_to_first_place(NORTH, 2) == [0, 0, 0, 20]


def test_liability_tsumo_the_liable_player_pays_all_three_shares():
    # Small limit base 120: the liable player pays 3 x 120 = 360, the others nothing.
    result = score(BIG_DRAGONS, seat="S", tsumo=True, win="1m")
    assert result.liability_applies
    assert settle_win(result, winner=SOUTH, liable=NORTH) == [0, 360, 0, -360]


def test_liability_ron_by_another_player_splits_half_and_half():
    # Ron 3 x 120 = 360: discarder 180, liable 180.
    result = score(BIG_DRAGONS, seat="S", win="1m")
    assert settle_win(result, winner=SOUTH, discarder=EAST, liable=NORTH) == [-180, 360, 0, -180]


def test_liability_ron_by_the_liable_player_alone():
    result = score(BIG_DRAGONS, seat="S", win="1m")
    assert settle_win(result, winner=SOUTH, discarder=NORTH, liable=NORTH) == [0, 360, 0, -360]


def test_liability_only_for_its_limit_hands():
    # Thirteen orphans has no liability.
    result = score("19m19p19s12345677z", win="1z", tsumo=True)
    assert not result.liability_applies
    with pytest.raises(ValueError, match="liab"):
        settle_win(result, winner=EAST, liable=SOUTH)


def test_win_after_an_open_kan_from_a_discard_is_paid_as_a_ron_by_that_discarder():
    # 123m 456p 789s 22z + open kan of 1s, self-drawn on the replacement: after a kan 1; menmo has
    # one part (self-drawn) = 0.  1 fan, base 4, paid as a ron: 12 from the kan's giver.
    result = score("123m456p789s22z kan:1111s", tsumo=True, after_kan=True)
    assert result.fan == 1
    assert settle_win(result, winner=EAST, discarder=WEST) == [12, 0, -12, 0]


def test_a_ron_needs_its_discarder():
    result = score("123m456m789m234m99m")
    with pytest.raises(ValueError, match="discarder"):
        settle_win(result, winner=EAST)


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        # 0 or 4 tenpai: nothing.
        ((False, False, False, False), [0, 0, 0, 0]),
        ((True, True, True, True), [0, 0, 0, 0]),
        # 1 tenpai: each noten pays 10 to them (+30).
        ((False, True, False, False), [-10, 30, -10, -10]),
        # 2 tenpai: each noten pays 15, each tenpai receives 15.
        ((True, False, True, False), [15, -15, 15, -15]),
        # 3 tenpai: the noten pays 10 to each (-30).
        ((True, True, True, False), [10, 10, 10, -30]),
    ],
)
def test_exhaustive_draw_payments(tenpai: tuple[bool, ...], expected: list[int]):
    deltas = exhaustive_draw_payments(tenpai)
    assert deltas == expected
    assert sum(deltas) == 0


def test_a_liability_split_pays_whole_points():
    """Points are whole numbers in the records (180, not 180.0)."""
    result = score(BIG_DRAGONS, seat="S", win="1m")
    deltas = settle_win(result, winner=SOUTH, discarder=EAST, liable=NORTH)
    assert [type(d) for d in deltas] == [int] * 4


def _refused(settle: Any, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        settle()
    assert str(refused.value) == message


def test_each_payment_that_cannot_happen_is_refused_by_name():
    ron = score("123m456m789m234m99m")
    tsumo = score("123m456m789m234m99m", tsumo=True)
    dragons = score(BIG_DRAGONS, seat="S", win="1m")
    _refused(lambda: settle_win(ron, winner=4, discarder=EAST), "winner must be a seat 0-3, not 4")
    _refused(lambda: settle_win(ron, winner=EAST, discarder=-1), "discarder must be a seat 0-3, not -1")
    _refused(
        lambda: settle_win(dragons, winner=SOUTH, discarder=EAST, liable=4),
        "liable must be a seat 0-3, not 4",
    )
    _refused(
        lambda: settle_win(ron, winner=EAST, discarder=SOUTH, deposits=-1), "deposits cannot be negative (-1)"
    )
    _refused(
        lambda: settle_win(ron, winner=EAST, discarder=EAST), "the winner cannot have dealt in their own win"
    )
    _refused(
        lambda: settle_win(ron, winner=EAST), "a ron is paid by its discarder: give the discarder's seat"
    )
    _refused(
        lambda: settle_win(tsumo, winner=EAST, discarder=SOUTH),
        "a self-drawn win has no discarder (except after an open kan from a discard)",
    )
    _refused(
        lambda: settle_win(dragons, winner=SOUTH, discarder=EAST, liable=SOUTH),
        "liability (包牌) applies only to another player feeding a liable limit hand",
    )
    _refused(lambda: exhaustive_draw_payments([True, False, False]), "give the tenpai state of all 4 seats")
    _refused(lambda: riichi_deposit(4), "seat must be a seat 0-3, not 4")
    _refused(lambda: deposits_to_first_place(4, 1), "first_place must be a seat 0-3, not 4")
    _refused(lambda: dora_indicator_count(-1), "the dealer streak cannot be negative (-1)")
