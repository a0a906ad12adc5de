"""The SQLite backend (the default): one aiosqlite connection per Store, WAL, foreign keys, migrations.

An asyncio lock serialises transactions so two coroutines never interleave inside one.  The API is
:class:`bot.store.connection.Database`; the PostgreSQL twin is bot/store/postgres.py.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.metrics import timed_database_call
from bot.store import file_lock
from bot.store.connection import Clock, iso_text
from bot.store.errors import DuplicateKey, StoreError
from bot.store.migrate import available_migrations, refuse_newer

Row = sqlite3.Row


async def _close(conn: aiosqlite.Connection) -> None:
    """Close, then wait for aiosqlite's worker thread to end (it outlives close() by a moment, and a
    program that exits right after must not find it still running)."""
    await conn.close()
    worker = getattr(conn, "_thread", None)
    if worker is not None and worker.is_alive():
        await asyncio.to_thread(worker.join, 2.0)


def refused(exc: sqlite3.IntegrityError) -> StoreError:
    """A constraint said no; a unique key (someone stored this row first) is a DuplicateKey."""
    kind = DuplicateKey if "UNIQUE constraint" in str(exc) else StoreError
    return kind(f"refused by the database: {exc}")


def damaged(path: str) -> StoreError:
    """The one message for a file whose pages or schema are broken (bit flips, a torn copy)."""
    return StoreError(f"the database file is damaged: {path} (restore a backup)", "store.damaged", file=path)


class SqliteDatabase:
    """Owns the aiosqlite connection.  Use :meth:`connect`; every failure is raised as :class:`StoreError`."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Clock) -> None:
        self._conn = conn
        self.path = path
        self._clock = clock
        self._lock = asyncio.Lock()
        #: Names of the migrations this opening applied (``mahjong-bot db migrate`` reports them).
        self.applied: list[str] = []
        # True in the task that holds the lock for a transaction (a ContextVar: other tasks still wait).
        self._in_tx: ContextVar[bool] = ContextVar(f"store_in_tx_{id(self)}", default=False)
        #: The one-process lock this opening holds (bot/store/file_lock.py), released by :meth:`close`.
        self._lock_key: str | None = None

    # ----------------------------------------------------------------- opening
    @classmethod
    async def connect(cls, target: str, *, clock: Clock, migrate: bool = True, lock: bool = True) -> Self:
        """``lock``: this opening may write: it takes the one-process lock (bot/store/file_lock.py)."""
        held: str | None = None
        if target != ":memory:":
            file = Path(target)
            if file.is_dir():
                raise StoreError(f"database path {target} is a directory, not a file")
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the folder for the database {target}: {exc}") from exc
            if lock:
                held = file_lock.acquire(target)
        try:
            try:
                conn = await aiosqlite.connect(target, isolation_level=None)
            except sqlite3.Error as exc:
                raise StoreError(f"cannot open the database {target}: {exc}") from exc
            conn.row_factory = sqlite3.Row
            db = cls(conn, target, clock)
            db._lock_key = held
            try:
                await db._prepare(migrate)
            except BaseException:
                await _close(conn)
                raise
        except BaseException:
            if held is not None:
                file_lock.release(held)
            raise
        return db

    async def _prepare(self, migrate: bool) -> None:
        try:
            # quick_check reads every page once: it turns a damaged file into an error now, not mid-game.
            rows = list(await self._conn.execute_fetchall("PRAGMA quick_check(1)"))
            verdict = rows[0][0] if rows else "ok"
            if verdict != "ok":
                raise damaged(self.path)
            # Refuse a newer or foreign database before anything writes to the file (WAL mode would).
            self._refuse_newer(await self._current_version())
            await self._conn.execute("PRAGMA foreign_keys = ON")
            # FULL: a commit is on disk when it returns, so an acknowledged decision survives a power cut.
            await self._conn.execute("PRAGMA synchronous = FULL")
            if self.path != ":memory:":
                mode_rows = list(await self._conn.execute_fetchall("PRAGMA journal_mode = WAL"))
                if not mode_rows or str(mode_rows[0][0]).lower() != "wal":
                    raise StoreError(f"cannot switch {self.path} to WAL mode")
            if migrate:
                await self._migrate()
        except sqlite3.DatabaseError as exc:
            if "malformed" in str(exc) or "corrupt" in str(exc):
                raise damaged(self.path) from exc
            raise StoreError(f"{self.path} is not a valid mahjong-bot database ({exc})") from exc
        except (UnicodeDecodeError, ValueError) as exc:  # flipped bits in the schema's own text
            raise damaged(self.path) from exc

    async def _current_version(self) -> int:
        tables = {r[0] for r in await self._conn.execute_fetchall("SELECT name FROM sqlite_master")}
        if "schema_version" not in tables:
            user_tables = {t for t in tables if not t.startswith("sqlite_")}
            if user_tables:
                raise StoreError(
                    f"{self.path} is an SQLite database of another program (tables: "
                    f"{', '.join(sorted(user_tables)[:5])}); refusing to touch it"
                )
            return 0
        rows = list(await self._conn.execute_fetchall("SELECT MAX(version) FROM schema_version"))
        return int(rows[0][0] or 0)

    async def _migrate(self) -> None:
        current = await self._current_version()
        self._refuse_newer(current)
        for migration in available_migrations():
            if migration.version <= current:
                continue
            script = (
                "BEGIN;\n"
                + migration.sql_for(self.dialect)
                + f"\n;INSERT INTO schema_version (version, applied_at) VALUES ({migration.version}, "
                + f"'{self.now()}');\nCOMMIT;\n"
            )
            try:
                await self._conn.executescript(script)
                self.applied.append(migration.name)
            except sqlite3.Error as exc:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise StoreError(f"migration {migration.name} failed: {exc}") from exc

    def _refuse_newer(self, current: int) -> None:
        refuse_newer(self.path, current)

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._current_version()

    async def close(self) -> None:
        try:
            await _close(self._conn)
        finally:
            if self._lock_key is not None:
                key, self._lock_key = self._lock_key, None
                file_lock.release(key)

    # ----------------------------------------------------------------- helpers
    def now(self) -> str:
        return iso_text(self._clock())

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One write transaction: commit on success, roll back on any exception."""
        async with self._lock:
            try:
                # IMMEDIATE: the write lock first, so a second connection to the file (another Store of
                # this process) waits its turn instead of failing "locked" when its read turns into a write.
                await self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot start a transaction: {exc}") from exc
            token = self._in_tx.set(True)
            try:
                yield
            except BaseException:
                with self._guarded():
                    await self._conn.execute("ROLLBACK")
                raise
            finally:
                self._in_tx.reset(token)
            try:
                await self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                with self._guarded():
                    await self._conn.execute("ROLLBACK")
                raise StoreError(f"cannot commit: {exc}") from exc

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        if self._in_tx.get():  # already inside our own transaction (the lock is held by this task)
            yield
        else:
            async with self._lock:
                yield

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        """Driver errors -> StoreError (a unique key -> DuplicateKey, a broken file -> "damaged")."""
        try:
            with timed_database_call():
                yield
        except sqlite3.IntegrityError as exc:
            raise refused(exc) from exc
        except sqlite3.Error as exc:  # every driver error, not only DatabaseError's
            if "malformed" in str(exc):
                raise damaged(self.path) from exc
            raise StoreError(f"database error: {exc}") from exc
        except UnicodeDecodeError as exc:  # a flipped bit inside a stored text
            raise damaged(self.path) from exc

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of changed rows.  Call inside :meth:`transaction`."""
        with self._guarded():
            cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement as its own transaction (autocommit): committed when this returns."""
        if self._in_tx.get():
            return await self.execute(sql, params)
        async with self._lock:
            return await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._guarded():
            await self._conn.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._reading():
            with self._guarded():
                rows = await self._conn.execute_fetchall(sql, params)
        return list(rows)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        """INSERT ... RETURNING id (portable to PostgreSQL); call inside :meth:`transaction`."""
        with self._guarded():
            rows = await self._conn.execute_fetchall(sql, params)
        return int(list(rows)[0][0])
