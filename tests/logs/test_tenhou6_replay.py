"""tenhou.net/6 JSON records replay through the referee with the same results as their mjlog twins."""

from __future__ import annotations

import pytest

from bot.logs.load import load_record
from bot.logs.record import RecordedGame, RecordError
from bot.logs.replay import replay_record
from bot.logs.tenhou6 import _ten, code_kind, read_tenhou6_text
from tests.oracle import ORACLE_DIR, oracle_path

SCORES = ORACLE_DIR / "tenhou" / "mjx-mjscore"
RECORDS = sorted(p.name for p in SCORES.glob("*.json")) or ["double-ron.json"]


@pytest.mark.parametrize("name", RECORDS)
def test_tenhou6_record_replays_with_identical_results(name: str) -> None:
    record = load_record(oracle_path("tenhou", "mjx-mjscore", name))
    assert isinstance(record, RecordedGame)
    report = replay_record(record)
    assert report.ok, str(report.mismatch)
    assert not report.truncated and report.actions > 0


def test_tenhou6_and_mjlog_of_the_same_game_give_the_same_results() -> None:
    name = "2020052212gm-00a9-0000-3c7fe026"
    six = replay_record(load_record(oracle_path("tenhou", "mjx-mjscore", name + ".json")))  # type: ignore[arg-type]
    xml = replay_record(load_record(oracle_path("tenhou", "mjx-mjlog", name + ".mjlog")))  # type: ignore[arg-type]
    assert six.game is not None and xml.game is not None
    assert [h["result"]["deltas"] for h in six.game.hands] == [h["result"]["deltas"] for h in xml.game.hands]


def test_tile_codes_and_point_strings() -> None:
    assert code_kind(11) == 0 and code_kind(47) == 33 and code_kind(52) == 13
    assert _ten("30符1飜1000点", tsumo=False, players=4) == (30, 1000)
    assert _ten("40符2飜700-1300点", tsumo=True, players=4) == (40, 2700)
    assert _ten("満貫4000点∀", tsumo=True, players=4) == (-1, 12000)


def test_unreadable_json_names_the_problem() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        read_tenhou6_text('{"log": [', "broken.json")
