"""Points (docs/rules/mingjiang.md, "Points", "Dora", "Worked examples"): the fan table, the 10-fan cap,
dora counting and the 1-fan minimum before dora."""

from __future__ import annotations

import pytest

from bot.rules.mingjiang import (
    InvalidWin,
    Limit,
    NotAWin,
    base_points,
    dora_fan,
    dora_indicator_count,
    settle_win,
)

from .helpers import kind, score

EAST, SOUTH, WEST, NORTH = range(4)


# ---- the three worked examples -------------------------------------------------------------------


def test_worked_example_1_closed_tsumo_all_four_menmo_parts():
    # closed + tsumo + all simples + four sequences = 3 fan, base 16, each pays 16, winner +48.
    result = score("234m345p567s678s55m", tsumo=True)
    assert result.fan == 3 and result.base == 16
    assert settle_win(result, winner=EAST) == [48, -16, -16, -16]


def test_worked_example_2_riichi_south_seat_ron():
    # riichi 1 + menmo (closed only: 1 of 4) 0 = 1 fan, base 4, ron pays 3 x 4 = 12.
    result = score("123m789m456p222s11z", seat="S", riichi=True)
    assert result.fan == 1 and result.base == 4
    assert settle_win(result, winner=SOUTH, discarder=WEST) == [0, 12, -12, 0]


def test_worked_example_2_with_four_sequences_is_one_more_fan():
    # 789s instead of 222s: riichi 1 + menmo (closed + four sequences) 1 = 2 fan, base 8, ron 24.
    result = score("123m789m456p789s11z", seat="S", riichi=True)
    assert result.fan == 2 and result.points == 24


def test_worked_example_3_full_flush_pure_straight():
    # full flush 5 + pure straight 2 + menmo (closed, four sequences) 1 = 8 fan, base 70, ron 210.
    result = score("123m456m789m234m99m")
    assert result.fan == 8 and result.base == 70
    assert settle_win(result, winner=NORTH, discarder=EAST) == [-210, 0, 0, 210]


# ---- the table -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fan", "base"),
    [(1, 4), (2, 8), (3, 16), (4, 30), (5, 40), (6, 50), (7, 60), (8, 70), (9, 80), (10, 90), (13, 90)],
)
def test_points_table_by_fan(fan: int, base: int):
    assert base_points(fan) == base


def test_points_table_limits():
    assert base_points(0, Limit.SMALL) == 120
    assert base_points(0, Limit.BIG) == 160


def test_fan_cap_at_ten():
    # riichi 1 + menmo (closed, tsumo, four sequences) 2 + full flush 5 + pure straight 2 = 10,
    # + dora 1m 2m 3m 4m (4) = 14, capped at 10: base 90, each pays 90.
    result = score("123m456m789m234m99m", tsumo=True, riichi=True, dora="1234m")
    assert result.yaku_fan == 10
    assert result.fan == 10 and result.base == 90
    assert settle_win(result, winner=EAST) == [270, -90, -90, -90]


# ---- dora ----------------------------------------------------------------------------------------


def test_indicator_itself_is_the_dora():
    # Indicator 1m: the hand holds 1m (not 2m, which the next-tile rule would need): 1 fan.
    # riichi 1 + dora 1 = 2 fan, base 8.
    result = score("123m789m456p222s11z", seat="S", riichi=True, dora="1m")
    assert {line.id: line.fan for line in result.yaku} == {"riichi": 1, "dora": 1}
    assert result.base == 8


def test_several_copies_of_a_dora_still_one_fan_per_indicator():
    # Indicator 2s, the hand holds 2s three times: 1 fan (riichi 1 + 1 = 2).
    assert score("123m789m456p222s11z", seat="S", riichi=True, dora="2s").fan == 2


def test_two_indicators_of_the_same_tile_give_two_fan():
    # Indicators 2s and 2s: 2 fan (riichi 1 + 2 = 3, base 16).
    result = score("123m789m456p222s11z", seat="S", riichi=True, dora="22s")
    assert result.fan == 3 and result.base == 16


def test_dora_count_per_indicator_in_melds_too():
    assert dora_fan([kind("7z"), kind("1m"), kind("9p")], [kind("7z"), kind("9p")]) == 2


def test_dora_never_count_toward_the_minimum():
    # Closed ron with no yaku (menmo 0) and two dora hits: still not a win.
    with pytest.raises(NotAWin, match="before dora"):
        score("123m789m456p222s11z", seat="S", dora="1m2s")


def test_ura_dora_counts_for_a_riichi_winner():
    # riichi 1 + ura (indicator 1z, the East pair) 1 = 2 fan.
    result = score("123m789m456p222s11z", seat="S", riichi=True, ura="1z")
    assert {line.id: line.fan for line in result.yaku} == {"riichi": 1, "ura_dora": 1}


def test_ura_dora_only_for_riichi():
    with pytest.raises(InvalidWin, match="riichi"):
        score("123m789m456p222s11z", seat="S", tsumo=True, ura="1z")


@pytest.mark.parametrize(("streak", "indicators"), [(0, 2), (1, 3), (2, 4), (5, 4)])
def test_dora_indicator_count_by_dealer_streak(streak: int, indicators: int):
    assert dora_indicator_count(streak) == indicators


def test_riichi_needs_a_closed_hand():
    with pytest.raises(InvalidWin, match="closed"):
        score("123m789m456p11z pon:222s", seat="S", riichi=True)


def test_not_a_winning_shape():
    with pytest.raises(NotAWin, match="not a winning hand"):
        score("123m789m456p223s11z", tsumo=True)


def test_wrong_tile_count_names_the_problem():
    with pytest.raises(InvalidWin, match="14 tiles"):
        score("123m789m456p22s11z", tsumo=True)
