"""The flags every table rule set's score request shares (bot/rules/request.py)."""

from __future__ import annotations

import pytest

from bot.rules.request import (
    RequestError,
    RequestParser,
    parse_indicators,
    parse_win_tile,
    parse_wind,
    payments_json,
    win_tile_last,
    wind_arg,
    wind_index,
)


@pytest.mark.parametrize(("text", "index"), [("E", 0), ("s", 1), ("west", 2), ("4z", 3), (" N ", 3)])
def test_a_wind_is_a_letter_a_word_or_a_wind_tile(text: str, index: int) -> None:
    assert wind_index(text) == index
    assert parse_wind(text, "--seat") == index


def test_a_bad_wind_names_the_flag_and_the_word() -> None:
    assert wind_index("5z") is None
    with pytest.raises(RequestError, match=r"--round 'Q'"):
        parse_wind("Q", "--round")


def test_a_bad_wind_as_an_argparse_type_names_the_flag() -> None:
    parser = RequestParser()
    parser.add_argument("--seat", type=wind_arg)
    assert parser.parse_args(["--seat", "W"]).seat == 2
    with pytest.raises(RequestError, match=r"--seat.*'X'"):
        parser.parse_args(["--seat", "X"])


def test_the_win_tile_is_one_kind_and_errors_name_the_flag() -> None:
    assert parse_win_tile(None) is None
    assert parse_win_tile("5p") == 13
    with pytest.raises(RequestError, match="--win takes one tile.*'12m'"):
        parse_win_tile("12m")
    with pytest.raises(RequestError, match="^--win: "):
        parse_win_tile("1")


def test_the_named_win_tile_moves_to_the_end_and_must_be_held() -> None:
    assert win_tile_last([0, 1, 2, 3], 1, "2m") == [0, 2, 3, 1]
    assert win_tile_last([0, 1], None, None) == [0, 1]
    with pytest.raises(RequestError, match="--win 9m: that tile is not among"):
        win_tile_last([0, 1], 8, "9m")


def test_indicators_are_kinds_without_flowers_and_errors_name_the_flag() -> None:
    assert parse_indicators("2s9p", "--dora", "mingjiang") == (19, 17)
    assert parse_indicators("", "--ura", "mingjiang") == ()
    with pytest.raises(RequestError, match="--dora: mingjiang has no flowers"):
        parse_indicators("1f", "--dora", "mingjiang")
    with pytest.raises(RequestError, match="^--ura: "):
        parse_indicators("x", "--ura", "mingjiang")


def test_payments_name_the_discarder_the_liable_player_and_the_others_by_seat_wind() -> None:
    assert payments_json([(2, 300)], discarder=2) == {"discarder": 300}
    # Seat winds count from the dealer (east): with seat 1 dealing, seat 0 sits North.
    assert payments_json([(0, 10), (2, 20), (3, 30)], east=1) == {"N": 10, "S": 20, "W": 30}
    assert payments_json([(1, 5), (2, 7), (3, 9)], discarder=3, liable=1) == {
        "liable": 5,
        "W": 7,
        "discarder": 9,
    }
