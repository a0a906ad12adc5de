"""The store under faults past one process: get-or-create in one statement (two writers at the same
moment both succeed), every driver error a StoreError (a PostgreSQL restart under a transaction), and
one process per SQLite file (a second writer is refused, naming the file)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import asyncpg
import pytest

from bot.store import Store, StoreError
from bot.store.file_lock import DatabaseInUse
from tests.pgserver import PostgresServer, server_or_skip

ROOT = Path(__file__).resolve().parents[2]


async def test_two_stores_seating_the_same_new_player_at_once_both_get_the_one_row(
    new_database: Callable[[], str],
) -> None:
    """Two Starts at the same moment seat the same new computer player (a local key) and the same new
    human (a Discord id): each writer gets the one row, none fails on the unique key."""
    database = new_database()
    first, second = await Store.open(database), await Store.open(database)
    try:
        ann: list[int] = []
        for round_number in range(25):
            made = await asyncio.gather(
                first.ensure_player("Computer 1", local_key=f"ai:normal:{round_number}"),
                second.ensure_player("Computer 1", local_key=f"ai:normal:{round_number}"),
                first.ensure_player("Ann", discord_id=5000 + round_number),
                second.ensure_player("Ann", discord_id=5000 + round_number),
            )
            assert made[0] == made[1] and made[2] == made[3]
            ann.append(made[2].id)
        renamed = await first.ensure_player("Ann B.", discord_id=5000)
        assert renamed.id == ann[0] and len(set(ann)) == 25 and renamed.display_name == "Ann B."
    finally:
        await first.close()
        await second.close()


async def test_a_league_name_taken_at_the_same_moment_is_refused_by_name(
    new_database: Callable[[], str],
) -> None:
    database = new_database()
    first, second = await Store.open(database), await Store.open(database)
    try:
        outcomes = await asyncio.gather(
            first.create_league(7, "Club", "riichi"),
            second.create_league(7, "Club", "riichi"),
            return_exceptions=True,
        )
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(refused) == 1 and "already has a league named 'Club'" in str(refused[0])
        league = next(o for o in outcomes if not isinstance(o, BaseException))
        guests = await asyncio.gather(first.add_guest(league.id, "Bea"), second.add_guest(league.id, "Bea"))
        assert guests[0].id == guests[1].id
    finally:
        await first.close()
        await second.close()


# ---------------------------------------------------------------- PostgreSQL restarts
@pytest.fixture(scope="module")
def own_server() -> PostgresServer:
    """A server of this module's own: restarting it must not cut other tests' sessions."""
    server = server_or_skip()
    yield server  # type: ignore[misc]
    server.stop()


async def test_a_postgresql_restart_under_a_transaction_is_a_store_error_and_the_store_goes_on(
    own_server: PostgresServer,
) -> None:
    store = await Store.open(own_server.create_database())
    try:
        player = await store.ensure_player("Ann", discord_id=1)
        with pytest.raises(StoreError):
            async with store.db.transaction():
                await store.db.execute(
                    "UPDATE players SET display_name = 'Ann B.' WHERE id = ?", (player.id,)
                )
                await asyncio.to_thread(own_server.restart)
                await store.db.execute(
                    "UPDATE players SET display_name = 'Ann C.' WHERE id = ?", (player.id,)
                )
        # Every pooled connection is dead now: each use is a StoreError until the pool has new ones.
        for _ in range(12):
            try:
                found = await store.get_player(player.id)
                break
            except StoreError:
                continue
        else:
            raise AssertionError("the store did not reconnect after the restart")
        assert found.display_name == "Ann"  # the cut transaction left nothing behind
    finally:
        await store.close()


async def test_a_driver_error_outside_postgresql_s_own_classes_is_a_store_error(
    own_server: PostgresServer,
) -> None:
    """asyncpg's InternalClientError ("another operation is in progress", seen during a restart) is no
    PostgresError nor InterfaceError; it leaves as a StoreError like them."""
    store = await Store.open(own_server.create_database())
    try:
        db: object = store.db
        guard = db._driver_errors  # type: ignore[attr-defined]
        with pytest.raises(StoreError, match="another operation is in progress"):
            async with guard():
                raise asyncpg.InternalClientError("another operation is in progress")
    finally:
        await store.close()


# ---------------------------------------------------------------- one process per SQLite file
HOLD = """
import asyncio, sys
from bot.store import Store
async def main():
    store = await Store.open(sys.argv[1])
    print("holding", flush=True)
    sys.stdin.readline()
    await store.close()
asyncio.run(main())
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


async def test_a_second_process_on_one_sqlite_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    database = str(tmp_path / "data" / "mahjong.sqlite3")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, database], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_env()
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"holding"
        with pytest.raises(
            DatabaseInUse, match=rf"{database} is in use by another mahjong-bot process \(pid {holder.pid}\)"
        ):
            await Store.open(database)
        # Reading beside the holder is allowed (export, verify, league standings, db check).
        reader = await Store.open(database, lock=False)
        assert await reader.unfinished_games() == []
        await reader.close()
    finally:
        assert holder.stdin is not None
        holder.stdin.write(b"\n")
        holder.stdin.close()
        holder.wait(30)
    # The holder is gone: the file is free again.
    store = await Store.open(database)
    await store.close()


async def test_two_stores_in_one_process_share_the_file_and_the_lock_outlives_the_first(
    tmp_path: Path,
) -> None:
    database = str(tmp_path / "mahjong.sqlite3")
    first = await Store.open(database)
    second = await Store.open(database)
    await first.close()
    probe = subprocess.run(
        [sys.executable, "-c", HOLD, database], input=b"\n", capture_output=True, env=_env(), timeout=60
    )
    assert probe.returncode != 0 and b"is in use by another mahjong-bot process" in probe.stderr
    await second.close()


@pytest.mark.parametrize(
    "command",
    [
        ["run", "--database", "{db}"],
        ["simulate", "--rules", "sanma", "--games", "1", "--seed", "s", "--db", "{db}"],
        ["db", "migrate", "--db", "{db}"],
    ],
    ids=["run", "simulate", "db-migrate"],
)
async def test_commands_that_write_refuse_a_sqlite_file_another_process_holds(
    tmp_path: Path, command: list[str]
) -> None:
    database = str(tmp_path / "mahjong.sqlite3")
    store = await Store.open(database)  # this test process holds the file, as a running bot would
    try:
        done = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "bot", *(w.replace("{db}", database) for w in command)],
            capture_output=True,
            text=True,
            env=_env() | {"DISCORD_TOKEN": "not-a-token-never-used"},
            cwd=tmp_path,
            timeout=120,
        )
    finally:
        await store.close()
    assert done.returncode == 2, done.stderr
    assert f"{database} is in use by another mahjong-bot process (pid {os.getpid()})" in done.stderr
    assert "Traceback" not in done.stderr


async def test_commands_that_only_read_work_beside_a_process_holding_the_sqlite_file(tmp_path: Path) -> None:
    """animate, review and web read a running bot's file: they take no writer's lock (the web page is
    meant to be served beside the bot), so the holder's lock does not refuse them."""
    database = str(tmp_path / "mahjong.sqlite3")
    made = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "--rules", "sanma", "--games", "1", "--seed", "r"]
        + ["--db", database, "--json"],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        timeout=300,
    )
    assert made.returncode == 0, made.stderr
    game = str(json.loads(made.stdout)["game_ids"][0])
    store = await Store.open(database)  # this test process holds the file, as a running bot would
    try:
        for command in (
            ["animate", game, "--hand", "1", "--out", str(tmp_path / "hand.gif"), "--db", database],
            ["review", game, "--seat", "0", "--json", "--db", database],
        ):
            done = await asyncio.to_thread(
                subprocess.run,
                [sys.executable, "-m", "bot", *command],
                capture_output=True,
                text=True,
                env=_env(),
                cwd=tmp_path,
                timeout=300,
            )
            assert done.returncode == 0, (command[0], done.stderr)
        assert (tmp_path / "hand.gif").read_bytes()[:6] == b"GIF89a"
        web = subprocess.Popen(
            [sys.executable, "-m", "bot", "web", "--db", database, "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
            cwd=tmp_path,
        )
        try:
            assert web.stdout is not None
            first = await asyncio.to_thread(web.stdout.readline)
            assert first.startswith("serving http://127.0.0.1:"), web.stderr.read() if web.stderr else first
        finally:
            web.terminate()
            web.wait(30)
    finally:
        await store.close()
