"""tenhou.net/6 export: Tenhou's own records replayed and written back equal Tenhou's JSON of the same
games; simulated riichi and sanma games written out replay with every result matching."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli.simulate import simulate
from bot.engine.game import Game
from bot.logs.load import load_record
from bot.logs.record import RecordedGame, RecordError
from bot.logs.replay import replay_record
from bot.logs.tenhou6_writer import Tenhou6Error, tenhou6_document
from tests.oracle import ORACLE_DIR, oracle_path

SCORES = ORACLE_DIR / "tenhou" / "mjx-mjscore"
STEMS = sorted(p.stem for p in SCORES.glob("*.json")) if SCORES.is_dir() else ["(oracle missing)"]


def _objects(text: str) -> list[dict[str, Any]]:
    """The file's JSON objects (Tenhou's export writes one hand per line)."""
    decoder, position, found = json.JSONDecoder(), 0, []
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            return found
        value, position = decoder.raw_decode(text, position)
        found.append(value)


@pytest.mark.parametrize("stem", STEMS)
def test_replayed_tenhou_record_exports_to_tenhou_json_field_by_field(stem: str) -> None:
    expected = _objects(oracle_path("tenhou", "mjx-mjscore", f"{stem}.json").read_text(encoding="utf-8"))
    record = load_record(oracle_path("tenhou", "mjx-mjlog", f"{stem}.mjlog"))
    assert isinstance(record, RecordedGame)
    report = replay_record(record)
    assert report.ok and report.game is not None, str(report.mismatch)
    written = tenhou6_document(report.game, header=record.header)
    # mjx's JSON keeps Tenhou's hands but writes its own header ({"disp", "aka"}, no sc/ver/ref):
    # the lobby's name is compared here, Tenhou's own headers in test_export_roundtrip.py.
    assert written["rule"]["disp"] == expected[0]["rule"]["disp"]
    hands = [hand for obj in expected for hand in obj["log"]]
    assert len(written["log"]) == len(hands)
    for number, (got, want) in enumerate(zip(written["log"], hands, strict=True)):
        for field, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g == w, f"hand {number + 1}, field {field}"


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_simulated_game_written_as_tenhou_json_replays_with_every_result(rules: str, tmp_path: Path) -> None:
    games: list[Game] = []
    simulate(rules, 2, "tenhou6", on_game=games.append, ai="easy")
    wins = 0
    for index, game in enumerate(games):
        document = tenhou6_document(game, names=["A", "B", "C", "D"][: game.rules.players])
        assert len(document["log"]) == len(game.hands) and len(document["name"]) == 4
        wins += sum(hand[-1][0] == "和了" for hand in document["log"])
        path = tmp_path / f"{rules}{index}.json"
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        assert main(["replay", str(path), "--check"]) == 0, f"game {index}"
    assert wins > 0  # the check compared scored wins, not only draws


def test_sanma_keeps_tenhous_four_seat_layout() -> None:
    games: list[Game] = []
    simulate("sanma", 1, "layout", on_game=games.append)
    hand = tenhou6_document(games[0])["log"][0]
    assert len(hand[1]) == 4 and hand[1][3] == 0 and hand[13:16] == [[], [], []]
    assert tenhou6_document(games[0])["rule"]["disp"].startswith("三")


def test_other_rule_sets_are_refused_with_a_reason() -> None:
    with pytest.raises(Tenhou6Error, match="riichi and sanma"):
        tenhou6_document(Game("taiwan", seed="x"))


def test_reader_refuses_text_that_is_not_a_tenhou_log(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"title": 1}', encoding="utf-8")
    with pytest.raises(
        RecordError, match="not a game record: a tenhou.net/6 log is an object with a 'log' list"
    ):
        load_record(path)
