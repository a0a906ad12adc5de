"""``mahjong-bot db copy``: a club's SQLite history moved row for row into a new PostgreSQL database.

Both sides are at the newest schema (the target is migrated when opened, the source must be); the target
must be empty.  Tables are copied parents first (by their foreign keys), every column by name, ids kept,
in one transaction on the target: a failed copy leaves the target as empty as it was.  Afterwards each
table's row count is compared, and PostgreSQL's id counters are moved past the copied ids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.store.errors import StoreError
from bot.store.repository import Store

BATCH = 2000


@dataclass(frozen=True)
class CopiedTable:
    name: str
    rows: int


async def source_tables(store: Store) -> list[tuple[str, list[str]]]:
    """(table, columns) of a SQLite database, each table after the tables it refers to."""
    if store.db.dialect != "sqlite":
        raise StoreError("db copy reads from a SQLite file (--from PATH)")
    names = [
        r[0]
        for r in await store.db.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    names = [n for n in names if n != "schema_version"]
    parents = {
        n: {r[2] for r in await store.db.fetch_all(f"PRAGMA foreign_key_list({n})")} - {n} for n in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise StoreError("the tables' foreign keys form a cycle; cannot order the copy")
        ordered += ready
    return [(n, [r[1] for r in await store.db.fetch_all(f"PRAGMA table_info({n})")]) for n in ordered]


async def copy_database(
    source: Store, target: Store, progress: Callable[[str, int], None] | None = None
) -> list[CopiedTable]:
    if await source.schema_version() != await target.schema_version():
        raise StoreError(
            f"{source.path} is at schema version {await source.schema_version()} and {target.path} at "
            f"{await target.schema_version()}: migrate the source first (mahjong-bot db migrate)"
        )
    tables = await source_tables(source)
    for name, _ in tables:
        row = await target.db.fetch_one(f"SELECT COUNT(*) FROM {name}")
        if row is not None and int(row[0]):
            raise StoreError(f"{target.path} is not empty (table {name} has rows); copy into a new database")
    copied: list[CopiedTable] = []
    async with target.db.transaction():
        for name, columns in tables:
            column_list = ", ".join(columns)
            marks = ", ".join("?" for _ in columns)
            count, offset = 0, 0
            while True:
                rows = await source.db.fetch_all(
                    f"SELECT {column_list} FROM {name} ORDER BY rowid LIMIT ? OFFSET ?", (BATCH, offset)
                )
                if not rows:
                    break
                await target.db.executemany(
                    f"INSERT INTO {name} ({column_list}) VALUES ({marks})", [tuple(r) for r in rows]
                )
                count += len(rows)
                offset += BATCH
            copied.append(CopiedTable(name, count))
            if progress is not None:
                progress(name, count)
        if target.db.dialect == "postgresql":
            from bot.store.postgres import PostgresDatabase, reset_identities

            assert isinstance(target.db, PostgresDatabase)
            await reset_identities(target.db, [name for name, cols in tables if "id" in cols])
    for table in copied:
        row = await target.db.fetch_one(f"SELECT COUNT(*) FROM {table.name}")
        if row is None or int(row[0]) != table.rows:
            raise StoreError(f"table {table.name}: {table.rows} rows read but {row and row[0]} stored")
    return copied
