"""``mahjong-bot export GAME --format json`` and ``replay --check`` on the exported record; bad databases."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine.registry import RULE_SETS
from bot.store import latest_version


def _simulate(db: Path, rules: str, capsys: pytest.CaptureFixture[str], games: int = 1) -> list[int]:
    code = main(
        ["simulate", "--rules", rules, "--games", str(games), "--seed", "rt", "--ai", "random", "--json"]
        + ["--db", str(db)]
    )
    assert code == 0
    ids: list[int] = json.loads(capsys.readouterr().out)["game_ids"]
    return ids


def _export(
    db: Path, game_id: int, capsys: pytest.CaptureFixture[str], fmt: str = "json"
) -> dict[str, object]:
    assert main(["export", str(game_id), "--db", str(db), "--format", fmt]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_simulated_game_exported_as_json_replays_with_every_result_matching(
    rules: str, fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / f"{rules}.sqlite3"
    [game_id] = _simulate(db, rules, capsys)
    record = _export(db, game_id, capsys)
    assert record["rules"] == rules and record["seed"] == "rt:0"
    results = record["results"]
    assert isinstance(results, dict) and results["hands"] and results["final"]
    path = fast_dir / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 0
    assert "every result matches the record" in capsys.readouterr().out


def test_replay_check_reports_a_tampered_hand_result(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / "sanma.sqlite3"
    [game_id] = _simulate(db, "sanma", capsys)
    record = _export(db, game_id, capsys)
    hands = record["results"]["hands"]  # type: ignore[index]
    hands[0]["deltas"][0] += 1000
    path = fast_dir / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("MISMATCH") and "hand 0: deltas" in out


def test_replay_check_reports_a_decision_the_referee_refuses(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / "riichi.sqlite3"
    [game_id] = _simulate(db, "riichi", capsys)
    record = _export(db, game_id, capsys)
    decisions = record["decisions"]
    assert isinstance(decisions, list)
    decisions[0] = ["discard", decisions[0][1], 999]
    path = fast_dir / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 1
    assert "do not replay" in capsys.readouterr().out


def test_export_of_an_unknown_game_names_it(fast_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = fast_dir / "one.sqlite3"
    _simulate(db, "sanma", capsys)
    assert main(["export", "99", "--db", str(db), "--format", "json"]) == 2
    assert "no game with id 99" in capsys.readouterr().err


def test_export_without_a_database_file_does_not_create_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "missing.sqlite3"
    assert main(["export", "1", "--db", str(db)]) == 2
    assert "no database" in capsys.readouterr().err and not db.exists()


def _corrupt(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(4096))


def _newer(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT)")
    conn.execute(
        "INSERT INTO schema_version VALUES (?, '2030-01-01T00:00:00+00:00')", (latest_version() + 1,)
    )
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("spoil", "words"), [(_corrupt, "not a valid"), (_newer, "newer than this program")])
@pytest.mark.parametrize("command", ["simulate", "export"])
def test_a_corrupt_or_newer_database_is_refused_and_left_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: object, words: str, command: str
) -> None:
    db = tmp_path / "bad.sqlite3"
    spoil(db)  # type: ignore[operator]
    before = db.read_bytes()
    if command == "simulate":
        code = main(["simulate", "--rules", "sanma", "--games", "1", "--db", str(db)])
    else:
        code = main(["export", "1", "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 2 and words in err and str(db) in err and "Traceback" not in err
    assert db.read_bytes() == before


def test_export_tenhou6_of_a_stored_game_replays_with_every_result_matching(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / "t6.sqlite3"
    [game_id] = _simulate(db, "riichi", capsys)
    document = _export(db, game_id, capsys, fmt="tenhou6")
    assert document["name"] == [f"Computer {s} (random)" for s in range(1, 5)]
    assert document["rule"] == {"disp": "般南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}
    assert (document["ver"], document["ref"], document["lobby"]) == (2.3, "", 0)
    path = fast_dir / "game6.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 0


def test_export_tenhou6_of_another_rule_set_says_to_use_json(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / "tw.sqlite3"
    [game_id] = _simulate(db, "taiwan", capsys)
    assert main(["export", str(game_id), "--db", str(db), "--format", "tenhou6"]) == 2
    err = capsys.readouterr().err
    assert "riichi and sanma" in err and "--format json" in err and "Traceback" not in err
