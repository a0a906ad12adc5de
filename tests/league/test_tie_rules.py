"""Tie rules and scoring variants, worked by hand (every figure in the comments).

Riichi league defaults: 25000 start, 30000 return, uma +20/+10/-10/-20, oka +20 to first, Tenhou rounding.
The tied table below: East 35000, South 25000, West 25000, North 15000 (South and West tied).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from bot.league.settlement import (
    UMA_PRESETS,
    Placement,
    SettingError,
    default_settings,
    final_east_order,
    settings_for,
    settle_game,
)

RIICHI = default_settings("riichi")
TIED = [35000, 25000, 25000, 15000]


def results(placements: list[Placement]) -> list[tuple[int, str]]:
    return [(p.rank, str(p.league_points)) for p in placements]


def test_seat_order_keeps_the_tie_for_the_earlier_seat_of_the_starting_order() -> None:
    # South (seat 1) sits before West (seat 2) in East 1: South 2nd 25-30+10 = +5, West 3rd 25-30-10 = -15.
    # North 15-30-20 = -35; East takes the rest: 45 (35-30+20+20).
    assert results(settle_game(TIED, RIICHI)) == [(1, "45.0"), (2, "5.0"), (3, "-15.0"), (4, "-35.0")]


def test_final_east_keeps_the_tie_for_the_seat_nearer_the_last_dealer() -> None:
    final_east = replace(RIICHI, tie_rule="final_east")
    # West (seat 2) dealt the last hand: winds West=E, North=S, East=W, South=N; West beats South.
    assert results(settle_game(TIED, final_east, final_dealer=2)) == [
        (1, "45.0"),
        (3, "-15.0"),
        (2, "5.0"),
        (4, "-35.0"),
    ]
    # North (seat 3) dealt last: order North, East, South, West: South beats West again.
    assert results(settle_game(TIED, final_east, final_dealer=3)) == results(settle_game(TIED, RIICHI))
    # Unknown last dealer: the starting order decides (documented fallback).
    assert results(settle_game(TIED, final_east)) == results(settle_game(TIED, RIICHI))
    assert final_east_order(2, 4) == [2, 3, 0, 1]


def test_split_uma_gives_the_tied_players_the_mean_of_their_positions() -> None:
    shared = replace(RIICHI, tie_rule="shared")
    # (+10 + -10) / 2 = 0 each: 25-30+0 = -5 for South and West, both ranked 2nd.
    assert results(settle_game(TIED, shared)) == [(1, "45.0"), (2, "-5.0"), (2, "-5.0"), (4, "-35.0")]


def test_oka_off_returns_nothing_to_first_place() -> None:
    no_oka = settings_for("riichi", {"oka": "0", "return_points": 25000})
    # (points - 25000)/1000 + uma: East 10+20 = 30, South 0+10 = 10, West 0-10 = -10, North -10-20 = -30.
    assert results(settle_game(TIED, no_oka)) == [(1, "30.0"), (2, "10.0"), (3, "-10.0"), (4, "-30.0")]


def test_sanma_uma_tables_have_three_places() -> None:
    sanma = default_settings("sanma")  # 35000 start, 40000 return, uma +20/0/-20, oka 15
    # East 50000: 50-40+20+15 = 45; South 35000: 35-40+0 = -5; West 20000: 20-40-20 = -40.
    assert results(settle_game([50000, 35000, 20000], sanma)) == [(1, "45.0"), (2, "-5.0"), (3, "-40.0")]
    flat = settings_for("sanma", {"uma": [15, 0, -15]})
    # 50-40+15+15 = 40; -5; 20-40-15 = -35.
    assert results(settle_game([50000, 35000, 20000], flat)) == [(1, "40.0"), (2, "-5.0"), (3, "-35.0")]
    with pytest.raises(ValueError, match="uma needs 3 values"):
        settings_for("sanma", {"uma": [20, 10, -10, -20]})
    assert all(len(table) == 3 for table in UMA_PRESETS[3]) and all(len(t) == 4 for t in UMA_PRESETS[4])


def test_sichuan_settles_net_chips_without_uma_times_the_multiplier() -> None:
    sichuan = default_settings("sichuan")
    assert sichuan.scoring == "points"
    # Net chips are the result: +48, -8, -24, -16 (they sum to 0); ranks follow the chips.
    assert results(settle_game([48, -8, -24, -16], sichuan)) == [
        (1, "48.0"),
        (2, "-8.0"),
        (4, "-24.0"),
        (3, "-16.0"),
    ]
    halves = settings_for("sichuan", {"multiplier": "0.5"})
    assert results(settle_game([48, -8, -24, -16], halves)) == [
        (1, "24.0"),
        (2, "-4.0"),
        (4, "-12.0"),
        (3, "-8.0"),
    ]


def test_mingjiang_in_points_mode_counts_net_points_not_uma() -> None:
    points = settings_for("mingjiang", {"scoring": "points"})
    # (points - 250) / 10, no uma, no oka: 400 -> +15, 250 -> 0, 200 -> -5, 150 -> -10.
    assert results(settle_game([400, 250, 200, 150], points)) == [
        (1, "15.0"),
        (2, "0.0"),
        (3, "-5.0"),
        (4, "-10.0"),
    ]
    placed = default_settings("mingjiang")  # (p - 300)/10 + uma 20/10/-10/-20 + oka 20
    assert [p.league_points for p in settle_game([400, 250, 200, 150], placed)] == [
        Decimal("50.0"),  # 10 + 20 + 20
        Decimal("5.0"),  # -5 + 10
        Decimal("-20.0"),  # -10 - 10
        Decimal("-35.0"),  # -15 - 20
    ]


def test_chombo_penalties_are_not_multiplied() -> None:
    doubled = settings_for("riichi", {"multiplier": "2", "chombo_penalty": "20"})
    # Seat order result 45/5/-15/-35, doubled: 90/10/-30/-70; South's chombo costs 20: -10.
    assert results(settle_game(TIED, doubled, chombos=[0, 1, 0, 0])) == [
        (1, "90.0"),
        (2, "-10.0"),
        (3, "-30.0"),
        (4, "-70.0"),
    ]


def test_unknown_tie_rules_and_bad_multipliers_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="tie_rule must be one of seat, final_east, shared"):
        settings_for("riichi", {"tie_rule": "coin"})
    with pytest.raises(ValueError, match="multiplier must be a positive number"):
        settings_for("riichi", {"multiplier": "0"})
    with pytest.raises(ValueError, match="scoring must be one of placement, points"):
        settings_for("riichi", {"scoring": "money"})


@pytest.mark.parametrize("typed", ["1e999", "-1000.5", "1e-999", "0.0000001", "NaN", "Infinity", "twenty"])
def test_league_point_settings_beyond_what_settling_handles_are_refused_by_name(typed: str) -> None:
    with pytest.raises(SettingError, match="uma must be a number between -1000 and 1000") as refused:
        settings_for("riichi", {"uma": [typed, "0", "0", "0"]})
    assert refused.value.message_id == "setting.number" and refused.value.values["value"] == typed
    kept = settings_for("riichi", {"uma": ["1000", "0.000001", "-1000", "-0.000001"], "oka": "12.500000000"})
    assert kept.uma[0] == 1000 and kept.oka == Decimal("12.5")
