"""The shared `mahjong-bot score` front: flag placement, batch mode, errors never traceback."""

import io
import json

from bot.cli import main


def test_json_flag_after_the_hand_is_ours_not_the_rule_sets(capsys):
    code = main(["score", "--rules", "pihu", "123456789m11122z", "--tsumo", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["ok"] is True


def test_batch_keeps_going_after_a_bad_line(monkeypatch, capsys):
    lines = "123456789m11122z --tsumo\n12x\n\n123456789m11122z\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    # every line is answered; a failed line makes the exit code 1 (issue 18: it used to be 0 always)
    assert main(["score", "--rules", "pihu", "--batch"]) == 1
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert "x" in answers[1]["error"]


def test_malformed_hand_exits_1_with_the_token_named(capsys):
    code = main(["score", "--rules", "sichuan", "123m1z", "--void", "p", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["ok"] is False and "1z" in out["error"]


def test_a_flag_before_the_hand_reaches_the_rule_set(capsys):
    code = main(["score", "--rules", "sichuan", "--tsumo", "11122233344455m", "--void", "p", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["ok"] is True
    assert ["Self-drawn", 1] in out["yaku"]


def test_a_bad_flag_value_is_an_error_answer_not_an_exit(capsys):
    code = main(["score", "--rules", "riichi", "123m456p789s11122z", "--seat", "X", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert "--seat" in out["error"]
