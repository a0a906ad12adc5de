"""Settlement worked examples; every figure below is computed by hand in the comments."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

from bot.league.settlement import Placement, default_settings, settings_for, settle_game

RIICHI = default_settings("riichi")  # 25000/30000, uma 20/10/-10/-20, oka 20, Tenhou rounding
RIICHI_SHARED = replace(RIICHI, tie_rule="shared")
MINGJIANG = default_settings("mingjiang")  # 250/300, /10, uma 20/10/-10/-20, oka 20, exact tenths


def results(placements: list[Placement]) -> list[tuple[int, str]]:
    return [(p.rank, str(p.league_points)) for p in placements]


def test_riichi_four_distinct_scores_first_takes_rounding_rest() -> None:
    # Order: seat0 32100, seat3 25200, seat1 24500, seat2 18200.
    # seat3: 25200 -> 25 (thousands) - 30 + 10 = +5;  seat1: 24500 -> 25 (half away from zero) - 30 - 10 = -15
    # seat2: 18200 -> 18 - 30 - 20 = -32
    # seat0 takes the rest: -(5 - 15 - 32) = 42 (its own exact value would be 32.1 - 30 + 40 = 42.1)
    assert results(settle_game([32100, 24500, 18200, 25200], RIICHI)) == [
        (1, "42.0"),
        (3, "-15.0"),
        (4, "-32.0"),
        (2, "5.0"),
    ]


def test_riichi_two_tied_seat_order_ranks_east_first() -> None:
    # seat1 and seat2 both 25000: seat1 (earlier seat) is 2nd: 25-30+10 = 5; seat2 3rd: 25-30-10 = -15
    # seat3 15000: 15-30-20 = -35; seat0 35000: 35-30+20+20 = 45
    assert results(settle_game([35000, 25000, 25000, 15000], RIICHI)) == [
        (1, "45.0"),
        (2, "5.0"),
        (3, "-15.0"),
        (4, "-35.0"),
    ]


def test_riichi_two_tied_shared_split_uma() -> None:
    # seat1 and seat2 share 2nd/3rd uma: (10 + -10) / 2 = 0 each -> 25-30+0 = -5 each; rank 2 for both
    assert results(settle_game([35000, 25000, 25000, 15000], RIICHI_SHARED)) == [
        (1, "45.0"),
        (2, "-5.0"),
        (2, "-5.0"),
        (4, "-35.0"),
    ]


def test_riichi_all_four_tied_seat_order() -> None:
    # Everyone 25000 -> -5 before uma; by seat: +20+20 oka, +10, -10, -20 -> 35, 5, -15, -25
    assert results(settle_game([25000] * 4, RIICHI)) == [(1, "35.0"), (2, "5.0"), (3, "-15.0"), (4, "-25.0")]


def test_riichi_all_four_tied_shared() -> None:
    # Shared: (40 + 10 - 10 - 20) / 4 = +5 each -> -5 + 5 = 0 for everyone, all ranked 1st
    assert results(settle_game([25000] * 4, RIICHI_SHARED)) == [(1, "0.0")] * 4


def test_riichi_tie_for_first_shared_with_leftover_sticks_split() -> None:
    # 30000, 30000, 20000, 18000 + 2 sticks (2000) on the table = 100000.
    # First pair: +1000 each from the sticks -> 31 - 30 = 1, uma+oka (20+20+10)/2 = 25 -> 26 each.
    # seat2: 20 - 30 - 10 = -20;  seat3: 18 - 30 - 20 = -32.  Sum 26 + 26 - 20 - 32 = 0.
    assert results(settle_game([30000, 30000, 20000, 18000], RIICHI_SHARED, leftover_sticks=2)) == [
        (1, "26.0"),
        (1, "26.0"),
        (3, "-20.0"),
        (4, "-32.0"),
    ]


def test_riichi_leftover_sticks_to_first_or_lost() -> None:
    points = [34000, 24000, 21000, 19000]  # 98000 + 2 sticks
    # To first: 36000 -> 36 - 30 + 40 = 46; 24 -> -6 + 10 = 4; 21 -> -9 - 10 = -19; 19 -> -11 - 20 = -31.
    assert results(settle_game(points, RIICHI, leftover_sticks=2)) == [
        (1, "46.0"),
        (2, "4.0"),
        (3, "-19.0"),
        (4, "-31.0"),
    ]
    # Not to first: the 2000 vanish; first = 34 - 30 + 40 = 44 (the table sums to -2).
    lost = replace(RIICHI, leftover_to_first=False)
    assert results(settle_game(points, lost, leftover_sticks=2)) == [
        (1, "44.0"),
        (2, "4.0"),
        (3, "-19.0"),
        (4, "-31.0"),
    ]


def test_chombo_penalty_is_taken_after_settlement() -> None:
    # As the four-distinct example; seat2 had one chombo at 20 league points: -32 - 20 = -52.
    placements = settle_game([32100, 24500, 18200, 25200], RIICHI, chombos=[0, 0, 1, 0])
    assert [str(p.league_points) for p in placements] == ["42.0", "-15.0", "-52.0", "5.0"]


def test_mingjiang_exact_tenths() -> None:
    # (312-300)/10 + 20 + 20 = 41.2; (287-300)/10 + 10 = 8.7
    # (251-300)/10 - 10 = -14.9;      (150-300)/10 - 20 = -35
    assert results(settle_game([312, 287, 251, 150], MINGJIANG)) == [
        (1, "41.2"),
        (2, "8.7"),
        (3, "-14.9"),
        (4, "-35.0"),
    ]


def test_mingjiang_three_way_shared_tie_rounds_to_tenth() -> None:
    # 400: +10 + 40 = 50.  Three at 200: -10 + (10 - 10 - 20)/3 = -16.666... -> -16.7 (half away from zero)
    shared = replace(MINGJIANG, tie_rule="shared")
    assert results(settle_game([400, 200, 200, 200], shared)) == [
        (1, "50.0"),
        (2, "-16.7"),
        (2, "-16.7"),
        (2, "-16.7"),
    ]


def test_mingjiang_ties_below_first_go_to_the_player_nearer_first_place() -> None:
    # First is seat2 (300); seat1 and seat3 tie at 250.  Turn order after seat2: seat3, seat0, seat1,
    # so seat3 is 2nd: (250-300)/10 + 10 = 5; seat1 3rd: -5 - 10 = -15; seat0 200: -10 - 20 = -30;
    # seat2: 0 + 20 + 20 = 40.  (Plain seat order would have made seat1 2nd.)
    assert results(settle_game([200, 250, 300, 250], MINGJIANG)) == [
        (4, "-30.0"),
        (3, "-15.0"),
        (1, "40.0"),
        (2, "5.0"),
    ]
    assert [p.rank for p in settle_game([200, 250, 300, 250], replace(MINGJIANG, tie_rule="seat"))] == [
        4,
        2,
        1,
        3,
    ]


def test_manual_entry_total_allows_for_sticks_on_the_table() -> None:
    assert RIICHI.table_total() == 100000 and RIICHI.table_total(2) == 98000
    assert MINGJIANG.table_total(1) == 990


def test_explicit_tie_order_from_the_engine() -> None:
    # seat1 and seat3 tied at 200; the rule set says seat3 is nearer first place in turn order.
    placements = settle_game([400, 200, 200, 200], MINGJIANG, tie_order=[0, 3, 2, 1])
    assert [p.rank for p in placements] == [1, 4, 3, 2]


def test_sanma_three_players() -> None:
    # 35000/40000, uma 20/0/-20, oka 15: 27400 -> 27 - 40 + 0 = -13; -5500 -> -6 - 40 - 20 = -66; first 79.
    assert results(settle_game([27400, 83100, -5500], default_settings("sanma"))) == [
        (2, "-13.0"),
        (1, "79.0"),
        (3, "-66.0"),
    ]


def test_chip_games_count_the_total() -> None:
    assert results(settle_game([12, -30, 0, 18], default_settings("sichuan"))) == [
        (2, "12.0"),
        (4, "-30.0"),
        (3, "0.0"),
        (1, "18.0"),
    ]


def test_settings_overrides_and_their_errors() -> None:
    custom = settings_for("riichi", {"uma": [30, 10, -10, -30], "tie_rule": "shared", "min_games": 10})
    assert custom.uma == tuple(Decimal(u) for u in (30, 10, -10, -30)) and custom.min_games == 10
    assert settings_for("riichi", custom.to_json()) == custom
    with pytest.raises(ValueError, match="uma needs 4 values"):
        settings_for("riichi", {"uma": [20, -20]})
    with pytest.raises(ValueError, match="unknown league setting 'umaa'"):
        settings_for("riichi", {"umaa": [1]})
    with pytest.raises(ValueError, match="tie_rule must be one of"):
        settings_for("riichi", {"tie_rule": "coin"})
    with pytest.raises(ValueError, match="unknown rule set"):
        default_settings("bridge")


def test_wrong_number_of_scores_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="4 final scores are needed"):
        settle_game([25000, 25000, 50000], RIICHI)


def test_final_east_order_starts_at_the_final_dealer_and_refuses_a_seat_off_the_table() -> None:
    """Killed mutants of bot/league/settlement.py (mutmut): the bounds 0 <= dealer < players."""
    from bot.league.settlement import final_east_order

    assert final_east_order(0, 4) == [0, 1, 2, 3]
    assert final_east_order(3, 4) == [3, 0, 1, 2]
    for wrong in (-1, 4):
        with pytest.raises(ValueError, match="one of the seats 0-3"):
            final_east_order(wrong, 4)


def test_rounding_helpers_round_halves_away_from_zero_and_small_values_up() -> None:
    """Worked by hand: 3/5 -> 1, -3/5 -> -1, 5/2 -> 3, -5/2 -> -3; tenths: 1/4 -> 0.3 (half up, not even)."""
    from decimal import Decimal
    from fractions import Fraction

    from bot.league.settlement import _round_half_away, _to_tenths

    assert [_round_half_away(Fraction(n, d)) for n, d in ((3, 5), (-3, 5), (5, 2), (-5, 2), (0, 1))] == [
        1,
        -1,
        3,
        -3,
        0,
    ]
    assert _to_tenths(Fraction(1, 4)) == Decimal("0.3")
    assert _to_tenths(Fraction(-1, 4)) == Decimal("-0.3")


def test_mingjiang_sticks_left_on_the_table_go_to_first_or_are_lost_to_the_tenth() -> None:
    """Exact rounding with 10-point deposits shows a single game point: (322 - 300) / 10 = 2.2."""
    points = [312, 287, 251, 140]  # 990 + one 10-point stick on the table
    # To first: 312 + 10 = 322 -> 2.2 + 20 + 20 = 42.2; 287 -> -1.3 + 10 = 8.7; 251 -> -4.9 - 10 = -14.9;
    # 140 -> -16 - 20 = -36.
    assert results(settle_game(points, MINGJIANG, leftover_sticks=1)) == [
        (1, "42.2"),
        (2, "8.7"),
        (3, "-14.9"),
        (4, "-36.0"),
    ]
    # Lost: first keeps its own 312 -> 1.2 + 40 = 41.2 (not a point more: 313 would be 41.3).
    lost = replace(MINGJIANG, leftover_to_first=False)
    assert results(settle_game(points, lost, leftover_sticks=1))[0] == (1, "41.2")


def test_net_points_scoring_gives_first_the_sticks_left_on_the_table() -> None:
    net = settings_for("mingjiang", {"scoring": "points"})
    # (400 + 10 - 250) / 10 = 16 for first with the stick; 15 without; the others net as they are.
    assert results(settle_game([400, 250, 200, 140], net, leftover_sticks=1)) == [
        (1, "16.0"),
        (2, "0.0"),
        (3, "-5.0"),
        (4, "-11.0"),
    ]
    lost = replace(net, leftover_to_first=False)
    assert results(settle_game([400, 250, 200, 140], lost, leftover_sticks=1))[0] == (1, "15.0")


@pytest.mark.parametrize("chombos", [[0, 0, 1], [0, 0, 1, 0, 0], [0, -1, 0, 0]])
def test_chombo_counts_must_be_one_non_negative_count_per_seat(chombos: list[int]) -> None:
    with pytest.raises(ValueError, match="^chombos must be one non-negative count per seat$"):
        settle_game([32100, 24500, 18200, 25200], RIICHI, chombos=chombos)


def test_a_setting_outside_its_choices_is_refused_with_what_a_translation_needs() -> None:
    """The front ends say the refusal in the reader's language from its message id and values."""
    from bot.league.settlement import SettingError

    with pytest.raises(SettingError) as refused:
        settings_for("riichi", {"tie_rule": "coin"})
    assert refused.value.message_id == "option.choice"
    assert refused.value.values == {
        "key": "tie_rule",
        "choices": "seat, final_east, shared, turn_after_first",
        "value": "coin",
    }


def test_settings_read_back_from_json_keep_the_overrides_and_ignore_the_player_count() -> None:
    from bot.league.settlement import settings_from_json

    custom = settings_for("riichi", {"uma": [30, 10, -10, -30], "oka": 0, "tie_rule": "shared"})
    assert settings_from_json("riichi", custom.to_json()) == custom
    assert settings_from_json("riichi", {"players": 4, "oka": 5}).oka == Decimal(5)
    assert settings_from_json("riichi", None) == RIICHI


def test_a_tie_order_that_is_not_each_seat_once_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="tie_order must list each seat 0-3 once"):
        settle_game([400, 200, 200, 200], MINGJIANG, tie_order=[0, 1, 1, 2])


def test_negative_sticks_on_the_table_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="^leftover_sticks cannot be negative$"):
        settle_game([32100, 24500, 18200, 25200], RIICHI, leftover_sticks=-1)


def test_ties_below_first_count_turn_order_from_first_place_when_first_is_south() -> None:
    # First is seat1 (300); seat0 and seat2 tie at 250.  Turn order after seat1: seat2, seat3, seat0, so
    # seat2 is 2nd: (250-300)/10 + 10 = 5; seat0 3rd: -5 - 10 = -15; seat3 200: -10 - 20 = -30;
    # seat1: 0 + 20 + 20 = 40.  (Counting seats from first the wrong way round would make seat0 2nd.)
    assert results(settle_game([250, 300, 250, 200], MINGJIANG)) == [
        (3, "-15.0"),
        (1, "40.0"),
        (2, "5.0"),
        (4, "-30.0"),
    ]


def test_league_setting_refusals_carry_their_message_id_and_values() -> None:
    """What /league settings says in the reader's language comes from these ids and values."""
    from bot.league.settlement import SettingError

    cases = [
        (
            "riichi",
            {"oka": "1e999"},
            "oka must be a number between -1000 and 1000 with at most 6 decimals, not '1e999'",
            "setting.number",
            {"key": "oka", "low": Decimal(-1000), "high": Decimal(1000), "places": 6, "value": "1e999"},
        ),
        (
            "riichi",
            {"umaa": [1]},
            "unknown league setting 'umaa'",
            "option.unknown",
            {
                "key": "umaa",
                "known": "chombo_penalty, deposit_value, divisor, extra, leftover_to_first, min_games, "
                "multiplier, oka, reminder_hours, return_points, rounding, scoring, start_points, "
                "tie_rule, uma",
            },
        ),
        (
            "sanma",
            {"players": 4},
            "sanma is played by 3 players",
            "setting.players",
            {"rules": "sanma", "count": 3},
        ),
    ]
    for rules, overrides, message, message_id, values in cases:
        with pytest.raises(SettingError) as refused:
            settings_for(rules, overrides)
        assert (str(refused.value), refused.value.message_id, refused.value.values) == (
            message,
            message_id,
            values,
        )


def test_an_unknown_rule_set_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError) as refused:
        default_settings("bridge")
    assert str(refused.value) == (
        "unknown rule set 'bridge'; expected one of riichi, sanma, mingjiang, sichuan, taiwan, pihu"
    )


def test_stored_settings_take_the_player_count_from_the_rule_set() -> None:
    from bot.league.settlement import settings_from_json

    assert settings_from_json("riichi", {"players": 3, "oka": 5}) == replace(RIICHI, oka=Decimal(5))


def test_a_chip_league_switched_to_placement_counts_chips_from_zero_with_no_uma_unless_given() -> None:
    # The chip games' base settings: return 0, divisor 1, uma 0 (sichuan.md): the chips, ranked.
    placed = settings_for("sichuan", {"scoring": "placement"})
    assert results(settle_game([48, -8, -24, -16], placed)) == [
        (1, "48.0"),
        (2, "-8.0"),
        (4, "-24.0"),
        (3, "-16.0"),
    ]
    # With an uma: 48 + 20 = 68; -8 + 10 = 2; -16 - 10 = -26; -24 - 20 = -44.
    with_uma = settings_for("sichuan", {"scoring": "placement", "uma": [20, 10, -10, -20]})
    assert results(settle_game([48, -8, -24, -16], with_uma)) == [
        (1, "68.0"),
        (2, "2.0"),
        (4, "-44.0"),
        (3, "-26.0"),
    ]


@pytest.mark.parametrize(
    ("change", "message", "message_id", "values"),
    [
        (
            {"uma": (1, 2)},
            "uma needs 4 values (one per position), got 2",
            "setting.count",
            {"key": "uma", "count": 4, "given": 2},
        ),
        (
            {"divisor": 0},
            "divisor must be a positive number of points",
            "setting.positive",
            {"key": "divisor"},
        ),
        (
            {"rounding": "coin"},
            "rounding must be one of tenhou, exact, not 'coin'",
            "option.choice",
            {"key": "rounding", "choices": "tenhou, exact", "value": "coin"},
        ),
        (
            {"deposit_value": -1},
            "deposit_value cannot be negative, not -1",
            "option.at_least",
            {"key": "deposit_value", "low": 0, "value": -1},
        ),
        (
            {"min_games": -1},
            "min_games cannot be negative, not -1",
            "option.at_least",
            {"key": "min_games", "low": 0, "value": -1},
        ),
        (
            {"scoring": "chips"},
            "scoring must be one of placement, points, not 'chips'",
            "option.choice",
            {"key": "scoring", "choices": "placement, points", "value": "chips"},
        ),
        (
            {"multiplier": 0},
            "multiplier must be a positive number",
            "setting.positive",
            {"key": "multiplier"},
        ),
        (
            {"reminder_hours": 721},
            "reminder_hours must lie between 0 (off) and 720",
            "option.range",
            {"key": "reminder_hours", "low": 0, "high": 720, "value": 721},
        ),
        (
            {"reminder_hours": -1},
            "reminder_hours must lie between 0 (off) and 720",
            "option.range",
            {"key": "reminder_hours", "low": 0, "high": 720, "value": -1},
        ),
    ],
)
def test_each_league_setting_out_of_bounds_is_refused_with_its_id_and_values(
    change: dict[str, Any], message: str, message_id: str, values: dict[str, Any]
) -> None:
    from bot.league.settlement import SettingError

    with pytest.raises(SettingError) as refused:
        replace(RIICHI, **change)
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        message,
        message_id,
        values,
    )


def test_a_league_game_needs_two_players_and_two_are_enough() -> None:
    from bot.league.settlement import LeagueSettings

    assert LeagueSettings(2, 0, 0, 1, (Decimal(0),) * 2).players == 2
    assert LeagueSettings(2, 0, 0, 1, (Decimal(0),) * 2, reminder_hours=720).reminder_hours == 720
    with pytest.raises(ValueError, match="^a league game needs at least 2 players$"):
        LeagueSettings(1, 0, 0, 1, (Decimal(0),))


WHOLE_NUMBER_SETTINGS = (
    "start_points",
    "return_points",
    "divisor",
    "deposit_value",
    "min_games",
    "reminder_hours",
)


@pytest.mark.parametrize("key", WHOLE_NUMBER_SETTINGS)
@pytest.mark.parametrize(("value", "shown"), [("24", "'24'"), (2.5, "2.5"), (True, "True")])
def test_a_whole_number_setting_given_text_a_fraction_or_a_switch_is_refused_by_name(
    key: str, value: object, shown: str
) -> None:
    """JSON from an old store or a hand-edited import: "24", 2.5 or true where a count belongs."""
    from bot.league.settlement import SettingError

    with pytest.raises(SettingError) as refused:
        settings_for("riichi", {key: value})
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        f"{key} must be a whole number, not {shown}",
        "option.number",
        {"key": key, "value": str(value)},
    )


@pytest.mark.parametrize("key", WHOLE_NUMBER_SETTINGS)
def test_a_whole_number_setting_given_a_whole_number_is_taken(key: str) -> None:
    # 24 suits every one of them: a positive divisor, within the reminder's 0-720 hours.
    assert getattr(settings_for("riichi", {key: 24}), key) == 24


@pytest.mark.parametrize("value", ["30,10,-10,-30", 30, {"first": 30}])
def test_an_uma_that_is_not_a_list_is_refused_with_what_a_translation_needs(value: object) -> None:
    from bot.league.settlement import SettingError

    with pytest.raises(SettingError) as refused:
        settings_for("riichi", {"uma": value})
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        "uma must be a list of numbers, first place first",
        "setting.list",
        {"key": "uma"},
    )


@pytest.mark.parametrize("value", ["false", 0, 1, None])
def test_leftover_to_first_that_is_not_true_or_false_is_refused_with_what_a_translation_needs(
    value: object,
) -> None:
    from bot.league.settlement import SettingError

    with pytest.raises(SettingError) as refused:
        settings_for("riichi", {"leftover_to_first": value})
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        "leftover_to_first must be true or false",
        "option.switch",
        {"key": "leftover_to_first", "value": str(value)},
    )


def test_switch_and_extra_overrides_are_taken() -> None:
    # riichi's defaults: sticks left on the table go to first, no extra settings.
    assert RIICHI.leftover_to_first is True and dict(RIICHI.extra) == {}
    custom = settings_for("riichi", {"leftover_to_first": False, "extra": {"note": "house"}})
    assert custom.leftover_to_first is False
    assert dict(custom.extra) == {"note": "house"}
