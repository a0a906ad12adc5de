"""``mahjong-bot score --rules pihu`` end to end through bot.cli.main, and the names table."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.rules.pihu.hands import SHAPE_HANDS
from bot.rules.pihu.names import LANGUAGES, NAMES


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, dict[str, object]]:
    code = main(["score", "--rules", "pihu", "--json", *words])
    return code, json.loads(capsys.readouterr().out)


def test_cli_seed_example(capsys: pytest.CaptureFixture[str]):
    # base 1, a non-dealer (South) deals into the dealer's basic win: 4 + 2 + 2 = 8.
    code, out = run(capsys, "123m456p789s111z22z", "--dealer", "--discarder", "S", "--base", "1")
    assert code == 0
    assert out["multiplier"] == 1 and out["yaku"] == [["Basic win", 1]]
    assert out["points"] == 8 and out["payments"] == {"discarder": 8}


def test_cli_self_draw_pays_by_seat_wind(capsys: pytest.CaptureFixture[str]):
    # South's self-drawn seven pairs (x2), base 10: dealer 10 x 2 x 2 x 2 = 80, West and North 40.
    code, out = run(capsys, "1133m5577p99s2244z", "--tsumo", "--seat", "S")
    assert code == 0
    assert out["payments"] == {"E": 80, "W": 40, "N": 40} and out["points"] == 160


def test_cli_seat_numbers_and_dealer_seat(capsys: pytest.CaptureFixture[str]):
    # Dealer at seat 2, winner seat 3 (South) rons seat 0 (West, a non-dealer), x1 base 10:
    # own 10 x 2 = 20, the dealer's 20, seat 1's 10: 50.
    code, out = run(capsys, "123m456p789s111z22z", "--seat", "3", "--dealer-seat", "2", "--discarder", "0")
    assert code == 0 and out["payments"] == {"discarder": 50}


def test_cli_after_kan_is_self_drawn(capsys: pytest.CaptureFixture[str]):
    # Dealer wins on a kan replacement, x2, base 10: each pays 10 x 2 x 2 x 2 = 80.
    code, out = run(capsys, "123m456p789s22z ankan:5555z", "--after-kan", "--dealer", "--lang", "zh-CN")
    assert code == 0
    assert out["yaku"] == [["杠上开", 2]]
    assert out["payments"] == {"S": 80, "W": 80, "N": 80}


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        (["123m456p789s111z2z"], "14 tiles"),
        (["456p789s111z22z chi:123m"], "no chi"),
        (["123m456p789s111z23z"], "not a winning hand"),
        (["123m456p789s111z22z", "--seat", "Q"], "--seat"),
        (["123m456p789s111z22z", "--base", "0"], "--base"),
        (["123m456p789s111z22z", "--tsumo", "--discarder", "W"], "self-drawn"),
        (["123m456p789s111z22z", "--seat", "S", "--discarder", "S"], "--discarder"),
        (["123m456p789s111z22z1f"], "no flowers"),
    ],
)
def test_cli_errors_name_the_problem(capsys: pytest.CaptureFixture[str], words: list[str], needle: str):
    code, out = run(capsys, *words)
    assert code == 1 and out["ok"] is False
    assert needle in str(out["error"])


def test_every_hand_has_four_names():
    for hand_id in [name for name, _ in SHAPE_HANDS] + ["basic", "kan_win"]:
        assert set(NAMES[hand_id]) == set(LANGUAGES), hand_id
        assert all(NAMES[hand_id].values()), hand_id


def test_a_seat_written_with_a_superscript_digit_is_refused_by_name(capsys: pytest.CaptureFixture[str]):
    # str.isdigit says yes to "²" and int() then raised: the seat reader took it for a number.
    code = main(["score", "--rules", "pihu", "123m456p789s111z22z", "--seat", "²"])
    said = capsys.readouterr()
    assert code != 0 and "--seat '²': give a seat 0-3 or a seat wind" in said.out + said.err
