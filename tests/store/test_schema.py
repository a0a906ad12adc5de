"""Opening a database: migrations from empty, the recorded version, WAL/foreign keys, refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import Store, StoreError, default_db_path, latest_version
from bot.store.migrate import available_migrations


async def test_empty_file_is_migrated_to_latest_and_version_recorded(db_path: Path) -> None:
    store = await Store.open(db_path)
    assert await store.schema_version() == latest_version() >= 1
    await store.close()
    with sqlite3.connect(db_path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
    assert versions == list(range(1, latest_version() + 1))
    assert {"games", "seats", "decisions", "hand_results", "final_results", "leagues", "seasons"} <= tables
    assert {
        "league_members",
        "league_games",
        "league_game_players",
        "audit_log",
        "players",
        "channels",
    } <= tables
    assert journal == "wal"


async def test_reopening_does_not_apply_migrations_twice(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    store = await Store.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as conn:
        count = conn.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0]
    assert count == latest_version()


def test_migration_files_are_numbered_without_gaps() -> None:
    versions = [m.version for m in available_migrations()]
    assert versions == list(range(1, len(versions) + 1))
    assert available_migrations()[0].name == "0001_initial.sql"


async def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(StoreError, match="refused"):
        await store.create_game("riichi", [999, 998, 997, 996])  # no such players
    assert await store.unfinished_games() == []  # the failed transaction left nothing behind


async def test_newer_schema_version_is_refused_and_left_untouched(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    newer = latest_version() + 1
    with sqlite3.connect(db_path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (?, '2030-01-01T00:00:00+00:00')", (newer,))
    with pytest.raises(StoreError, match=f"schema version {newer}, newer than this program knows"):
        await Store.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == newer


async def test_file_that_is_not_a_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    garbage = b"this is certainly not an SQLite file\n" * 200
    db_path.write_bytes(garbage)
    with pytest.raises(StoreError, match="not a valid mahjong-bot database"):
        await Store.open(db_path)
    assert db_path.read_bytes() == garbage  # never a silent reset


async def test_damaged_database_pages_are_reported_as_corrupt(db_path: Path) -> None:
    store = await Store.open(db_path)
    players = [(await store.ensure_player(f"player {i}" * 20, local_key=f"ai:{i}")).id for i in range(200)]
    await store.create_game("riichi", players[:4])
    await store.close()
    data = bytearray(db_path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    assert len(data) >= 4 * page_size
    data[2 * page_size : 4 * page_size] = b"\xa5" * (2 * page_size)  # overwrite two pages after the header
    db_path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=f"the database file is damaged: {db_path}"):
        await Store.open(db_path)


async def test_sqlite_file_of_another_program_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="another program"):
        await Store.open(db_path)


async def test_directory_as_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        await Store.open(tmp_path)


def test_default_path_is_data_folder_and_env_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAHJONG_DATABASE", raising=False)
    assert default_db_path() == Path("data") / "mahjong.sqlite3"
    monkeypatch.setenv("MAHJONG_DATABASE", "/tmp/elsewhere.sqlite3")
    assert default_db_path() == Path("/tmp/elsewhere.sqlite3")


async def test_default_path_folder_is_created_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MAHJONG_DATABASE", raising=False)
    monkeypatch.chdir(tmp_path)
    async with await Store.open() as store:
        assert store.path == str(Path("data") / "mahjong.sqlite3")
    assert (tmp_path / "data" / "mahjong.sqlite3").is_file()


async def test_memory_database_for_throwaway_use() -> None:
    async with await Store.open(":memory:") as store:
        assert await store.schema_version() == latest_version()


async def test_failing_migration_rolls_back_to_the_previous_version(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await (await Store.open(db_path)).close()
    import bot.store.migrate as migrate
    import bot.store.sqlite as database
    from bot.store.migrate import Migration

    broken = Migration(
        latest_version() + 1, "9999_broken.sql", "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;"
    )
    shipped = available_migrations()
    monkeypatch.setattr(database, "available_migrations", lambda: [*shipped, broken])
    monkeypatch.setattr(migrate, "latest_version", lambda: broken.version)
    with pytest.raises(StoreError, match="migration 9999_broken.sql failed"):
        await Store.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == latest_version()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "half_done" not in tables  # the whole migration was undone
