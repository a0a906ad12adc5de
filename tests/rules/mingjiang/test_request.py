"""``mahjong-bot score --rules mingjiang`` end to end through bot.cli.main, and the names table."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.rules.mingjiang.limits import LIMITS
from bot.rules.mingjiang.names import LANGUAGES, NAMES
from bot.rules.mingjiang.yaku import YAKU


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, dict[str, object]]:
    code = main(["score", "--rules", "mingjiang", "--json", *words])
    return code, json.loads(capsys.readouterr().out)


def test_cli_worked_example_1_tsumo(capsys: pytest.CaptureFixture[str]):
    # 3 fan, base 16; the East winner is paid 16 by each of S, W, N.
    code, out = run(capsys, "234m345p567s678s55m", "--tsumo")
    assert code == 0
    assert out["fan"] == 3 and out["limit"] is None and out["points"] == 48
    assert out["payments"] == {"S": 16, "W": 16, "N": 16}


def test_cli_riichi_ron_with_dora_and_deposits(capsys: pytest.CaptureFixture[str]):
    # riichi 1 + dora (indicator 2s is held) 1 = 2 fan, base 8, ron 24; two sticks = 20 more.
    code, out = run(
        capsys, "123m789m456p222s11z", "--riichi", "--seat", "S", "--dora", "2s9p", "--deposits", "2"
    )
    assert code == 0
    assert out["fan"] == 2 and out["points"] == 24
    assert out["payments"] == {"discarder": 24}
    assert out["deposits"] == 20
    assert out["yaku"] == [["Riichi", 1], ["Dora", 1]]


def test_cli_limit_hand_with_liability(capsys: pytest.CaptureFixture[str]):
    # Big three dragons, ron on 1m with a liable player: 360 split 180 / 180.
    code, out = run(capsys, "555z666z11m123p pon:777z", "--win", "1m", "--seat", "S", "--liable")
    assert code == 0
    assert out["limit"] == "small" and out["fan"] is None
    assert out["yaku"] == [["Big three dragons", "small limit"]]
    assert out["payments"] == {"discarder": 180, "liable": 180}


def test_cli_names_in_cantonese(capsys: pytest.CaptureFixture[str]):
    _, out = run(capsys, "123m456m789m234m99m", "--lang", "zh-TW")
    assert out["yaku"] == [["門摸斷平", 1], ["清一色", 5], ["清龍", 2]]


def test_cli_dealer_streak_limits_the_indicators(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "123m456m789m234m99m", "--dora", "1m2m3m", "--dealer-streak", "0")
    assert code == 1 and "2 indicators" in str(out["error"])
    code, out = run(capsys, "123m456m789m234m99m", "--dora", "1m2m3m", "--dealer-streak", "1")
    assert code == 0 and out["fan"] == 10  # 8 + 3 dora = 11, capped


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        (["123m456m789m234m99x"], "'x'"),
        (["123m456m789m234m9m"], "14 tiles"),
        (["123m456m789m235m98m"], "not a winning hand"),
        (["123m789m456p222s11z"], "1 fan"),
        (["123m456m789m234m99m", "--win", "5z"], "5z"),
        (["123m456m789m234m99m", "--seat", "X"], "--seat"),
        (["123m456m789m234m99m", "--dora", "9m9m"], "more than 4 copies of 9m"),
        (["123m456m789m234m99m", "--heavenly"], "unrecognized"),
    ],
)
def test_cli_errors_name_the_problem(capsys: pytest.CaptureFixture[str], words: list[str], needle: str):
    code, out = run(capsys, *words)
    assert code == 1 and out["ok"] is False
    assert needle in str(out["error"])


def test_every_yaku_and_limit_has_four_names():
    ids = [name for name, _ in YAKU] + [name for name, _, _ in LIMITS] + ["dora", "ura_dora"]
    for yaku_id in ids:
        assert set(NAMES[yaku_id]) == set(LANGUAGES), yaku_id
        assert all(NAMES[yaku_id].values()), yaku_id
