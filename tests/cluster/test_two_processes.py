"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL and the loopback Discord (issue 17).

A four-human table in a guild of shard 1 is played to the end by DM clicks, which Discord delivers to
shard 0's process; the results must equal one process running the same seed.  Then process 1 is
SIGKILLed mid-hand: process 0 takes the table over and the game ends with the uninterrupted decisions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cluster.harness import RunResult, run_game
from tests.pgserver import PostgresServer

_reference: dict[str, RunResult] = {}


async def _single_process(tmp_path_factory: pytest.TempPathFactory) -> RunResult:
    """The same seed in one process with every shard, on the default SQLite file."""
    if "run" not in _reference:
        folder = tmp_path_factory.mktemp("single")
        _reference["run"] = await run_game(folder, str(folder / "bot.sqlite3"), [None])
    return _reference["run"]


async def test_dm_clicks_for_a_table_of_another_process_play_the_same_game(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, pg_server: PostgresServer
) -> None:
    reference = await _single_process(tmp_path_factory)
    split = await run_game(tmp_path, pg_server.create_database(), [(0,), (1,)], double_press_at=6)
    assert reference.played_for == 0 and split.played_for == 0  # every decision was a click
    assert len(reference.decisions) > 50 and split.decisions == reference.decisions
    assert split.finals == reference.finals and len(split.finals) == 4
    assert max(split.latencies) < 3.0  # and fake.check_deadlines() held for every interaction
    assert split.table_messages == 1
    assert split.dm_interactions[(1, 2)] == 0 and split.dm_interactions[(0, 2)] >= split.clicks
    press: dict[str, Any] = split.double_press
    assert press["after"] == press["before"] + 1, press  # pressed in both processes, stored once


async def test_a_killed_owner_is_taken_over_and_the_game_ends_as_uninterrupted(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, pg_server: PostgresServer
) -> None:
    reference = await _single_process(tmp_path_factory)
    killed = await run_game(tmp_path, pg_server.create_database(), [(0,), (1,)], kill_after=12)
    assert killed.decisions_at_kill is not None and 0 < len(killed.decisions_at_kill) < len(
        reference.decisions
    )
    assert killed.decisions_at_kill == reference.decisions[: len(killed.decisions_at_kill)]
    assert killed.played_for == 0
    assert killed.decisions == reference.decisions
    assert killed.finals == reference.finals
    assert killed.takeover_seconds is not None and killed.takeover_seconds < 3 + 30
    assert killed.table_messages == 1  # the new owner edits the table message, it does not post another
