"""The connection: opening (WAL, foreign keys, migrations, sanity checks), transactions and query helpers.

Timestamps are taken here, in the store layer (it does I/O anyway; the core has no clock), as ISO 8601
UTC text from an injectable ``clock`` so tests can fix them.  One aiosqlite connection per Store; an
asyncio lock serialises transactions so two coroutines never interleave inside one.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.store.errors import StoreError
from bot.store.migrate import available_migrations, latest_version

DEFAULT_DB_PATH = Path("data") / "mahjong.sqlite3"
DB_PATH_ENV = "MAHJONG_DATABASE"  # overrides the default path when no path is given (as bot/config.py)

Clock = Callable[[], datetime]
Row = sqlite3.Row


def default_db_path() -> Path:
    """``$MAHJONG_DATABASE`` if set, else data/mahjong.sqlite3 (relative to the working directory)."""
    return Path(os.environ.get(DB_PATH_ENV) or DEFAULT_DB_PATH)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Database:
    """Owns the aiosqlite connection.  Use :meth:`open`; every failure is raised as :class:`StoreError`."""

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Clock) -> None:
        self._conn = conn
        self.path = path
        self._clock = clock
        self._lock = asyncio.Lock()
        # True in the task that holds the lock for a transaction (a ContextVar: other tasks still wait).
        self._in_tx: ContextVar[bool] = ContextVar(f"store_in_tx_{id(self)}", default=False)

    # ----------------------------------------------------------------- opening
    @classmethod
    async def connect(cls, path: str | os.PathLike[str] | None = None, *, clock: Clock | None = None) -> Self:
        target = str(default_db_path() if path is None else path)
        if target != ":memory:":
            file = Path(target)
            if file.is_dir():
                raise StoreError(f"database path {target} is a directory, not a file")
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the folder for the database {target}: {exc}") from exc
        try:
            conn = await aiosqlite.connect(target, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {target}: {exc}") from exc
        conn.row_factory = sqlite3.Row
        db = cls(conn, target, clock or _utc_now)
        try:
            await db._prepare()
        except BaseException:
            await conn.close()
            raise
        return db

    async def _prepare(self) -> None:
        try:
            # quick_check reads every page once: it turns a damaged file into an error now, not mid-game.
            rows = list(await self._conn.execute_fetchall("PRAGMA quick_check(1)"))
            verdict = rows[0][0] if rows else "ok"
            if verdict != "ok":
                raise StoreError(f"the database {self.path} is corrupt ({verdict}); restore a backup")
            # Refuse a newer or foreign database before anything writes to the file (WAL mode would).
            self._refuse_newer(await self._current_version())
            await self._conn.execute("PRAGMA foreign_keys = ON")
            # FULL: a commit is on disk when it returns, so an acknowledged decision survives a power cut.
            await self._conn.execute("PRAGMA synchronous = FULL")
            if self.path != ":memory:":
                mode_rows = list(await self._conn.execute_fetchall("PRAGMA journal_mode = WAL"))
                if not mode_rows or str(mode_rows[0][0]).lower() != "wal":
                    raise StoreError(f"cannot switch {self.path} to WAL mode")
            await self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a valid mahjong-bot database ({exc})") from exc

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
                + migration.sql
                + f"\n;INSERT INTO schema_version (version, applied_at) VALUES ({migration.version}, "
                + f"'{self.now()}');\nCOMMIT;\n"
            )
            try:
                await self._conn.executescript(script)
            except sqlite3.Error as exc:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise StoreError(f"migration {migration.name} failed: {exc}") from exc

    def _refuse_newer(self, current: int) -> None:
        newest = latest_version()
        if current > newest:
            raise StoreError(
                f"the database {self.path} has schema version {current}, newer than this program knows "
                f"({newest}); upgrade the bot (the database was left untouched)"
            )

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._current_version()

    async def close(self) -> None:
        await self._conn.close()

    # ----------------------------------------------------------------- helpers
    def now(self) -> str:
        moment = self._clock()
        if moment.tzinfo is None:
            raise StoreError("the store clock must return timezone-aware datetimes")
        return moment.astimezone(UTC).isoformat()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One write transaction: commit on success, roll back on any exception."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot start a transaction: {exc}") from exc
            token = self._in_tx.set(True)
            try:
                yield
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            finally:
                self._in_tx.reset(token)
            try:
                await self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                await self._conn.execute("ROLLBACK")
                raise StoreError(f"cannot commit: {exc}") from exc

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        if self._in_tx.get():  # already inside our own transaction (the lock is held by this task)
            yield
        else:
            async with self._lock:
                yield

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of changed rows.  Call inside :meth:`transaction`."""
        try:
            cursor = await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"refused by the database: {exc}") from exc
        except sqlite3.Error as exc:
            raise StoreError(f"database error: {exc}") from exc
        return cursor.rowcount

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement as its own transaction (autocommit): committed when this returns."""
        if self._in_tx.get():
            return await self.execute(sql, params)
        async with self._lock:
            return await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"refused by the database: {exc}") from exc
        except sqlite3.Error as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._reading():
            try:
                rows = await self._conn.execute_fetchall(sql, params)
            except sqlite3.Error as exc:
                raise StoreError(f"database error: {exc}") from exc
        return list(rows)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        """INSERT ... RETURNING id (portable to PostgreSQL); call inside :meth:`transaction`."""
        try:
            rows = await self._conn.execute_fetchall(sql, params)
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"refused by the database: {exc}") from exc
        except sqlite3.Error as exc:
            raise StoreError(f"database error: {exc}") from exc
        return int(list(rows)[0][0])
