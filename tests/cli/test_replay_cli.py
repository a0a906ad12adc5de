"""``mahjong-bot replay FILE [--check] [--json]``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine.game import Game
from tests.oracle import oracle_path


def test_replay_check_passes_on_a_tenhou_record(capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path("tenhou", "mjx-mjlog", "double-ron.mjlog")
    assert main(["replay", str(path), "--check"]) == 0
    assert "every result matches the record" in capsys.readouterr().out


def test_replay_check_json_reports_hands_and_final(capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path("tenhou", "dnovikoff", "pao.xml")
    assert main(["replay", str(path), "--check", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["hands"] == 4 and len(data["final"]) == 4


def test_replay_check_exits_1_and_prints_the_first_difference(capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path("tenhou", "dnovikoff", "chip.xml_")
    assert main(["replay", str(path), "--check"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("MISMATCH hand ") and "expected" in out and "got" in out


def test_replay_check_of_a_tampered_record_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = oracle_path("tenhou", "mjx-mjlog", "double-ron.mjlog").read_text()
    start = text.index('sc="') + 4
    end = text.index('"', start)
    values = text[start:end].split(",")
    values[1] = str(int(values[1]) + 10)  # seat 0's score change is off by 1000
    tampered = tmp_path / "tampered.mjlog"
    tampered.write_text(text[:start] + ",".join(values) + text[end:])
    assert main(["replay", str(tampered), "--check"]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_cut_short_record_is_checked_as_far_as_it_goes(capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path("tenhou", "mjx-mjlog", "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert main(["replay", str(path), "--check"]) == 0
    assert "ends during hand" in capsys.readouterr().out


def test_replay_of_an_exported_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game("sanma", seed="x")
    for _ in range(50):
        seat = game.waiting_for()[0]
        game.apply(game.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_json()))
    assert main(["replay", str(path), "--check", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == 50


def test_exported_game_with_an_illegal_decision_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = Game("riichi", seed="x").to_json()
    data["decisions"] = [["discard", 2, 0]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--check"]) == 1
    assert "nothing to decide" in capsys.readouterr().out


@pytest.mark.parametrize("content", ["", "<mjloggm><INIT", "{not json", "[1, 2]"])
def test_unreadable_file_gives_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    path = tmp_path / "record.txt"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-bot replay:") and "Traceback" not in err


def test_missing_file_gives_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/no/such/record.mjlog"]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.parametrize(
    "content",
    [
        '<mjloggm><GO type="169"/><INIT ten="250,250,250,250"/></mjloggm>',  # INIT without seed
        '<mjloggm><GO type="x"/></mjloggm>',
        '{"log": [[[0, 0, 0], [25000], [], []]]}',  # a hand with no deal
    ],
)
def test_broken_records_give_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    path = tmp_path / "broken.log"
    path.write_text(content)
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-bot replay:") and "Traceback" not in err
