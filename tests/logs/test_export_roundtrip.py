"""Export round trip: a replayed Tenhou record written as tenhou.net/6 equals Tenhou's own JSON of the same
game field by field (names aside), header included, and the export replays with every result matching."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.logs.load import load_record
from bot.logs.record import RecordedGame
from bot.logs.replay import replay_record
from bot.logs.tenhou6_writer import tenhou6_document
from tests.logs.own_records import names, record_path, tenhou_json

TENHOU_JSON = (
    [("sanma", n) for n in names("sanma", ".json")]
    + [("riichi", n) for n in names("riichi", ".json")]
    + [("lobby", n) for n in names("lobby", ".json")]
)


def exported(folder: str, name: str) -> dict[str, object]:
    record = load_record(record_path(folder, name))
    assert isinstance(record, RecordedGame)
    report = replay_record(record)
    assert report.ok and report.game is not None, str(report.mismatch)
    document = tenhou6_document(report.game, names=["P1", "P2", "P3", ""], header=record.header)
    written: dict[str, object] = json.loads(json.dumps(document, ensure_ascii=False))
    return written


@pytest.mark.parametrize(("folder", "name"), TENHOU_JSON)
def test_export_of_a_replayed_record_equals_tenhous_json_field_by_field(folder: str, name: str) -> None:
    want = tenhou_json(folder, name)
    got = exported(folder, name)
    assert [k for k in got if k != "name"] == [k for k in want if k != "name"]  # Tenhou's key order
    for key in want:
        if key == "name":
            continue
        if key == "log":
            assert len(got["log"]) == len(want["log"])  # type: ignore[arg-type]
            for number, (g, w) in enumerate(zip(got["log"], want["log"], strict=True)):  # type: ignore[call-overload]
                for field, (a, b) in enumerate(zip(g, w, strict=True)):
                    assert a == b, f"hand {number + 1}, field {field}"
        else:
            assert got[key] == want[key], key


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("sanma", "2024010120gm-00b9-0000-ef5da89f.json"),
        ("sanma", "2014091101gm-00b9-0000-5ca6b487.mjlog"),
        ("riichi", "2023101214gm-00a9-0000-8cb902d4.json"),
        ("excerpts", "confusing_nakis_4.json"),
    ],
)
def test_the_export_replays_with_every_result_matching(folder: str, name: str, tmp_path: Path) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(exported(folder, name), ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 0


def test_sanma_export_numbers_south_rounds_four_to_six() -> None:
    document = exported("sanma", "2014091101gm-00b9-0000-5ca6b487.mjlog")
    rounds = [hand[0][0] for hand in document["log"]]  # type: ignore[attr-defined]
    assert rounds == [0, 0, 0, 0, 1, 2, 4, 5, 6, 6, 6]
    assert document["rule"] == {"disp": "三鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}
    assert document["sc"] == [59200, 54, 22800, -37, 23000, -17, 0, 0]
