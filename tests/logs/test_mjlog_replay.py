"""Every Tenhou record in the oracle replays through the referee with identical results."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.hand.meld import MeldType
from bot.logs.load import read_mjlog
from bot.logs.mjlog import decode_meld
from bot.logs.replay import replay_record
from tests.oracle import ORACLE_DIR, oracle_path

TENHOU = ORACLE_DIR / "tenhou"
RECORDS = sorted(
    [p.relative_to(TENHOU).as_posix() for p in (TENHOU / "mjx-mjlog").glob("*.mjlog")]
    + [p.relative_to(TENHOU).as_posix() for p in (TENHOU / "dnovikoff").glob("*.xml")]
) or ["mjx-mjlog/double-ron.mjlog"]
CUT_SHORT = ("-no-game-end", "-no-round-end")


@pytest.mark.parametrize("name", RECORDS)
def test_tenhou_record_replays_with_identical_results(name: str) -> None:
    path = oracle_path("tenhou", name)
    report = replay_record(read_mjlog(path))
    assert report.ok, str(report.mismatch)
    assert report.truncated == any(mark in name for mark in CUT_SHORT)
    assert report.actions > 0


def test_other_lobby_rules_are_detected_as_mismatch() -> None:
    """chip.xml_ uses kiriage mangan and chips: the checker must notice the difference."""
    report = replay_record(read_mjlog(oracle_path("tenhou", "dnovikoff", "chip.xml_")))
    assert not report.ok
    assert report.mismatch is not None and report.mismatch.what


def test_cut_short_record_reports_where_it_ends() -> None:
    name = "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"
    report = replay_record(read_mjlog(oracle_path("tenhou", "mjx-mjlog", name)))
    assert report.ok and report.truncated
    assert any("ends during hand" in note for note in report.notes)


def test_pre_2010_record_matches_the_rule_of_its_time() -> None:
    report = replay_record(read_mjlog(oracle_path("tenhou", "dnovikoff", "bug1.xml")))
    assert report.ok
    assert any("tenpai stop" in note for note in report.notes)


def test_decode_chi_pon_and_kan_calls() -> None:
    chi, _ = decode_meld(25631)  # from double-ron.mjlog
    assert chi is not None and chi.type is MeldType.CHI and chi.source == 3
    assert len({t // 4 for t in chi.tiles}) == 3
    ankan, _ = decode_meld(1024)
    assert ankan is not None and ankan.type is MeldType.ANKAN and ankan.tiles == (4, 5, 6, 7)
    _, kita = decode_meld(31008)
    assert kita == 121 and kita // 4 == 30  # North


def test_sanma_record_is_read_as_three_players(tmp_path: Path) -> None:
    game = read_mjlog(oracle_path("tenhou", "dnovikoff", "sanma2.xml"))
    assert game.rules == "sanma" and game.players == 3
    assert all(len(h.deal) == 3 for h in game.hands)


def test_a_replayed_record_serialises_and_rebuilds_to_the_same_game() -> None:
    import json

    from bot.engine.game import Game

    report = replay_record(read_mjlog(oracle_path("tenhou", "mjx-mjlog", "pao-tsumo.mjlog")))
    assert report.game is not None
    rebuilt = Game.from_json(json.loads(json.dumps(report.game.to_json())))
    assert rebuilt.snapshot() == report.game.snapshot()
    assert rebuilt.final == report.game.final
