"""``simulate --db``: a run cut short is resumed from the database and ends as an uninterrupted run
(on SQLite and on PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli.simulate_store import run_key
from bot.engine.wall import seed_commitment
from bot.store import Store
from bot.store.gamekeys import INDEX_KEY, RUN_KEY, SEED_KEY
from tests.pgserver import BACKENDS


@pytest.fixture(params=BACKENDS)
def new_db(request: pytest.FixtureRequest, fast_dir: Path) -> Callable[[str], str]:
    """Fresh databases for a test: SQLite files in ``fast_dir``, or new PostgreSQL databases."""
    if request.param == "sqlite":
        return lambda name: str(fast_dir / f"{name}.sqlite3")
    server = request.getfixturevalue("pg_server")
    return lambda _name: str(server.create_database())


def _run(db: str, capsys: pytest.CaptureFixture[str], games: int = 2) -> dict[str, Any]:
    argv = ["simulate", "--rules", "sanma", "--games", str(games), "--seed", "r", "--ai", "random", "--json"]
    argv += ["--db", db]
    assert main(argv) == 0
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return summary


async def _contents(db: str) -> list[tuple[Any, ...]]:
    async with await Store.open(db) as store:
        out = []
        for game in sorted(await store.recent_games(limit=100), key=lambda g: g.id):
            record = await store.game_record(game.id)
            out.append(
                (
                    game.options[INDEX_KEY],
                    game.status,
                    game.revealed_seed,
                    [d.action for d in record.decisions],
                    [(h.round_label, h.winners, h.score_changes) for h in record.hands],
                    [(f.seat, f.points, f.rank, f.league_points) for f in record.finals],
                )
            )
        return out


async def _cut_short(source: str, target: str, keep: int) -> None:
    """What a crash leaves: game 0 of the run with only its first ``keep`` decisions, nothing else."""
    async with await Store.open(source) as store:
        decisions = await store.load_decisions(1)
        stored = await store.get_game(1)
    async with await Store.open(target) as store:
        players = [
            (await store.ensure_player(f"Computer {s + 1}", local_key=f"ai:random:{s}")).id for s in range(3)
        ]
        game_id = await store.create_game(
            "sanma",
            players,
            options={SEED_KEY: "r:0", RUN_KEY: run_key("sanma", "r", "random"), INDEX_KEY: 0},
            seed_commitment=seed_commitment("r:0", 0),
        )
        assert stored.seed_commitment == seed_commitment("r:0", 0)
        await store.append_decisions(game_id, [(d.seq, d.seat, d.action) for d in decisions[:keep]])


def test_running_again_with_the_same_database_plays_nothing_twice(
    new_db: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    db = new_db("again")
    first = _run(db, capsys)
    again = _run(db, capsys)
    assert again["game_ids"] == first["game_ids"] and again["resumed"] == 0
    for key in ("games", "hands", "wins", "draws", "actions", "invariant_checks"):
        assert again[key] == first[key], key
    more = _run(db, capsys, games=3)  # a longer run with the same seed reuses the two stored games
    assert more["game_ids"][:2] == first["game_ids"] and len(set(more["game_ids"])) == 3


@pytest.mark.parametrize("keep", [0, 1, 250])
def test_a_game_cut_short_continues_from_its_last_stored_decision(
    keep: int, new_db: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    clean, crashed = new_db("clean"), new_db("crashed")
    reference = _run(clean, capsys)
    asyncio.run(_cut_short(clean, crashed, keep))
    resumed = _run(crashed, capsys)
    assert resumed["resumed"] == 1
    for key in ("games", "hands", "wins", "draws", "actions", "invariant_checks", "invariant_failures"):
        assert resumed[key] == reference[key], key
    got, want = asyncio.run(_contents(crashed)), asyncio.run(_contents(clean))
    assert [g[1:] for g in got] == [w[1:] for w in want]


def test_a_game_whose_hand_results_were_lost_gets_them_back(
    new_db: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Killed after the decision that ended the game but before its results: resuming writes them."""
    clean, crashed = new_db("clean"), new_db("crashed")
    _run(clean, capsys, games=1)
    asyncio.run(_cut_short(clean, crashed, 10**6))
    _run(crashed, capsys, games=1)
    assert asyncio.run(_contents(crashed))[0][1:] == asyncio.run(_contents(clean))[0][1:]


def test_default_database_is_under_data_and_created_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MAHJONG_DATABASE", raising=False)
    assert main(["simulate", "--rules", "sanma", "--games", "1", "--seed", "d", "--json", "--db"]) == 0
    assert json.loads(capsys.readouterr().out)["game_ids"] == [1]
    assert (tmp_path / "data" / "mahjong.sqlite3").is_file()
    assert main(["export", "1", "--format", "json"]) == 0  # export finds the same default database
    assert json.loads(capsys.readouterr().out)["seed"] == "d:0"
