"""``mahjong-bot db migrate|check|copy``: a SQLite history moved into PostgreSQL keeps every row."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.simulate_store import simulate_stored
from bot.service.persistence import load_game
from bot.store import Store, latest_version
from tests.pgserver import PostgresServer


def _sqlite_history(path: Path) -> list[int]:
    """Two simulated games and a league with a season and a recorded game."""

    async def make() -> list[int]:
        summary = await simulate_stored(str(path), "sanma", 2, "copy", "random")
        async with await Store.open(path) as store:
            players = [(await store.ensure_player(f"P{i}", discord_id=500 + i)).id for i in range(4)]
            league = await store.create_league(7, "Club", "riichi")
            season = await store.start_season(league.id)
            for pid in players:
                await store.join_league(league.id, pid)
            await store.record_manual_game(
                season.id, players[0], list(zip(players, [40000, 30000, 20000, 10000], strict=True))
            )
        return list(summary["game_ids"])

    return asyncio.run(make())


def test_copy_moves_every_row_and_new_rows_continue_after_the_copied_ids(
    tmp_path: Path, pg_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "club.sqlite3"
    game_ids = _sqlite_history(source)
    url = pg_server.create_database()
    assert main(["db", "copy", "--from", str(source), "--to", url]) == 0
    assert "copied" in capsys.readouterr().out

    async def compare() -> None:
        async with await Store.open(source) as old, await Store.open(url) as new:
            for game_id in game_ids:
                assert await new.game_record(game_id) == await old.game_record(game_id)
                assert (await load_game(new, game_id)).final == (await load_game(old, game_id)).final
            [league] = await new.all_leagues()
            assert await new.audit_entries(league.id) == await old.audit_entries(league.id)
            copied = await old.db.fetch_one("SELECT MAX(id) FROM players")
            player = await new.ensure_player("newcomer", discord_id=999)  # ids continue past the copied ones
            assert copied is not None and player.id == int(copied[0]) + 1

    asyncio.run(compare())
    assert main(["db", "copy", "--from", str(source), "--to", url]) == 1  # never into a non-empty database
    assert "is not empty" in capsys.readouterr().err


def test_copy_refuses_the_wrong_kinds_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "copy", "--from", str(tmp_path / "none.sqlite3"), "--to", "postgresql://x/y"]) == 2
    assert "existing SQLite file" in capsys.readouterr().err
    source = tmp_path / "a.sqlite3"
    asyncio.run(Store.open(source)).db  # noqa: B018 (creates the file)
    assert main(["db", "copy", "--from", str(source), "--to", str(tmp_path / "b.sqlite3")]) == 2
    assert "must be a postgresql:// URL" in capsys.readouterr().err


def test_migrate_then_check_on_both_backends(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "migrate", "--db", database]) == 0
    out = capsys.readouterr().out
    assert f"schema version {latest_version()}" in out and "applied 0001_initial.sql" in out
    assert main(["db", "migrate", "--db", database]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert main(["db", "check", "--db", database]) == 0
    assert "(current)" in capsys.readouterr().out


def test_check_names_a_missing_file_and_an_unknown_scheme_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "check", "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
    assert main(["db", "check", "--db", "mysql://db/x"]) == 2
    assert "unknown scheme 'mysql'" in capsys.readouterr().err
    assert main(["db", "migrate", "--db", "mysql://db/x"]) == 2


def test_check_exits_1_only_for_a_schema_that_is_not_current(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()  # a database with no schema yet: version 0
    assert main(["db", "check", "--db", str(empty)]) == 1
    assert f"schema version 0, this program's is {latest_version()}" in capsys.readouterr().err
    assert main(["db", "migrate", "--db", str(empty)]) == 0
    assert main(["db", "check", "--db", str(empty)]) == 0


def test_check_and_migrate_exit_2_when_the_database_cannot_be_reached_or_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:  # a port nothing listens on once the probe is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    nowhere = f"postgresql://mahjong:secret@127.0.0.1:{port}/mahjong"
    for action in ("check", "migrate"):
        assert main(["db", action, "--db", nowhere]) == 2
        err = capsys.readouterr().err
        assert "cannot connect to the database" in err and "secret" not in err
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    assert main(["db", "check", "--db", str(damaged)]) == 2
    assert "damaged.sqlite3" in capsys.readouterr().err
