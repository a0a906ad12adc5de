"""``mahjong-bot score --rules sichuan`` end to end through bot.cli.main."""

import json

import pytest

from bot.cli import main
from bot.rules.sichuan.request import score_request


def run_cli(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, dict]:
    code = main(["score", "--rules", "sichuan", "--json", *words])
    return code, json.loads(capsys.readouterr().out)


def test_cli_scores_the_seed_ron_full_flush_seven_pairs(capsys):
    code, answer = run_cli(capsys, "1133557799m2244m", "--void", "p", "--base", "2")
    # 4 fan = 16x, base 2: the discarder pays 32
    assert code == 0
    assert answer == {
        "ok": True,
        "fan": 4,
        "yaku": [["Full flush", 2], ["Seven pairs", 2]],
        "multiple": 16,
        "points": 32,
        "payments": {"discarder": 32},
    }


def test_cli_tsumo_is_paid_by_the_players_still_in_the_hand(capsys):
    code, answer = run_cli(
        capsys, "55m ankan:1111m kan:2222m kakan:3333m ankan:4444m", "--tsumo", "--seat", "S", "--won", "E"
    )
    # 9 fan = 512x, base 1: West and North pay 512 each (East has won already)
    assert code == 0
    assert answer["fan"] == 9
    assert answer["payments"] == {"W": 512, "N": 512}
    assert answer["points"] == 1024


def test_cli_cap_reports_the_uncapped_fan(capsys):
    _, answer = run_cli(capsys, "55m ankan:1111m kan:2222m kakan:3333m ankan:4444m", "--tsumo", "--cap", "4")
    # capped at 4 fan = 16 from each of the three others
    assert (answer["fan"], answer["uncapped_fan"], answer["points"]) == (4, 9, 48)


def test_names_follow_the_language():
    answer = score_request(["1133557799m2244m", "--lang", "zh-CN"])
    assert answer["yaku"] == [["清一色", 2], ["七小对", 2]]


def test_win_flag_names_the_winning_tile():
    answer = score_request(["1133557799m2244m", "--win", "1m"])
    assert answer["fan"] == 4
    with pytest.raises(ValueError, match="not among"):
        score_request(["1133557799m2244m", "--win", "3p"])


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        (["123m456m789m11p22p2s", "--void", "s"], "void suit s"),
        (["1z23m"], "1z"),
        (["123m", "--void", "x"], "invalid choice"),
        (["1133557799m2244m", "--base", "0"], "--base"),
    ],
)
def test_cli_errors_are_json_with_exit_code_1(capsys, words, needle):
    code, answer = run_cli(capsys, *words)
    assert code == 1
    assert answer["ok"] is False
    assert needle in answer["error"]
