"""``mahjong-bot score --rules taiwan`` end to end through bot.cli.main."""

import json

import pytest

from bot.cli import main
from bot.rules.taiwan.request import score_request

CLOSED = "234m567m234p88s45s777p6s"  # closed, two-sided wait, one concealed triplet


def run_cli(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, dict]:
    code = main(["score", "--rules", "taiwan", "--json", *words])
    return code, json.loads(capsys.readouterr().out)


def test_cli_dealer_streak_two_self_drawn_closed_hand(capsys):
    code, answer = run_cli(capsys, CLOSED, "--tsumo", "--dealer", "--streak", "2")
    # 門清自摸 3 + dealer 1 + streak 4 = 8 tai; each payer 50 + 8 x 20 = 210
    assert code == 0
    assert answer == {
        "ok": True,
        "tai": 8,
        "yaku": [["Concealed self-drawn", 3], ["Dealer", 1], ["Dealer streak", 4]],
        "points": 630,
        "payments": {"S": 210, "W": 210, "N": 210},
    }


def test_cli_non_dealer_tsumo_charges_the_dealer_tai_to_the_dealer_only(capsys):
    _, answer = run_cli(capsys, CLOSED, "--tsumo", "--seat", "W", "--dealer-seat", "S", "--streak", "1")
    # hand 3 tai; South deals with dealer tai 1 + 2 = 3: South pays 50 + 6 x 20 = 170, the others 110
    assert answer["payments"] == {"E": 110, "S": 170, "N": 110}
    assert answer["points"] == 390


def test_cli_ron_names_the_discarder_and_uses_stakes(capsys):
    _, answer = run_cli(
        capsys, CLOSED, "--seat", "S", "--discarder", "N", "--base", "100", "--tai-value", "30"
    )
    # 門清 1 + 平胡? no (777p is a triplet): 1 tai, 100 + 30 = 130 from North
    assert answer["payments"] == {"discarder": 130}
    assert answer["tai"] == 1


def test_flowers_flag_and_language():
    answer = score_request(
        [CLOSED, "--seat", "S", "--discarder", "W", "--flowers", "2f6f", "--lang", "zh-TW"]
    )
    assert answer["yaku"] == [["門清", 1], ["花台", 2]]


def test_extras_flag_turns_the_optional_patterns_on():
    hand = "123m456m789m123p456p5s5s"
    assert "Pure straight" not in dict(score_request([hand, "--seat", "S", "--discarder", "W"])["yaku"])
    with_extras = dict(score_request([hand, "--seat", "S", "--discarder", "W", "--extras"])["yaku"])
    assert with_extras["Pure straight"] == 8


def test_flower_win_flags():
    eight = score_request(["11m", "--flowers", "12345678f", "--flower-win", "--seat", "W"])
    assert eight["yaku"] == [["All eight flowers", 8], ["Dealer", 1]]
    seven = score_request(
        ["11m", "--flowers", "1234567f", "--flower-win", "--seat", "W", "--robbed-from", "N"]
    )
    assert seven["payments"] == {"discarder": 210}


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        (["123m456m789m123p456p5s"], "17 tiles"),
        (["123m456m789m123p456p5s5s", "--seat", "X"], "seat"),
        (["123m456m789m123p456p5s9f"], "9f"),
        (["123m456m789m123p456p5s5s", "--full-flush", "10"], "invalid choice"),
        (["123m456m789m123p456p5s5s", "--win", "7z"], "not among"),
        (["123m456m789m123p456p5s5s", "--flowers", "1m"], "flower"),
        (["1f123m456m789m123p456p5s5s", "--flowers", "1f"], "written both"),
    ],
)
def test_cli_errors_are_json_with_exit_code_1(capsys, words, needle):
    code, answer = run_cli(capsys, *words)
    assert code == 1
    assert answer["ok"] is False
    assert needle in answer["error"]
