"""The PostgreSQL backend (asyncpg): the same :class:`bot.store.connection.Database` API as SQLite.

* A connection pool; ``transaction()`` takes one connection for its whole body (a ContextVar carries it,
  so the queries inside join the transaction and other tasks keep using the pool).
* ``?`` placeholders are numbered (``$1``, ``$2``...) once per statement text and cached.
* Migrations run under an advisory lock, so two processes starting at once never both migrate.
* Timestamps stay ISO 8601 text, as in SQLite: a copy between the backends is row for row.
* LISTEN/NOTIFY (:meth:`PostgresDatabase.notify`, :meth:`PostgresDatabase.listen`) carry the cluster's
  messages (bot/service/cluster.py); they exist on this backend only.

Errors leave as :class:`StoreError` naming the database by its URL without the password.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any, Self

import asyncpg

from bot.metrics import timed_database_call
from bot.store.connection import Clock, Row, iso_text, redact_url
from bot.store.dburl import redact
from bot.store.errors import DuplicateKey, StoreError
from bot.store.migrate import available_migrations, refuse_newer

log = logging.getLogger(__name__)

#: What the driver raises for its own and the server's errors (InternalClientError: "another operation is
#: in progress" on a connection the server dropped mid-restart) ...
DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError)
#: ... and with what the network raises beside them (TimeoutError is an OSError).
CONNECTION_ERRORS = (*DRIVER_ERRORS, OSError)

#: pg_advisory_lock key held while migrating ("mahjong" as ASCII digits, any constant would do).
MIGRATION_LOCK = 0x6D61686A6F6E67


@functools.lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """``?`` placeholders -> ``$1, $2, ...`` (a ``?`` inside a quoted literal is left alone)."""
    out: list[str] = []
    count = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            count += 1
            out.append(f"${count}")
        else:
            out.append(ch)
    return "".join(out)


def _changed_rows(status: str) -> int:
    """``INSERT 0 1`` / ``UPDATE 3`` / ``DELETE 0`` -> the number of rows."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDatabase:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str, clock: Clock) -> None:
        self._pool = pool
        self.url = url
        self.path = redact_url(url)
        self._clock = clock
        self._tx: ContextVar[asyncpg.Connection | None] = ContextVar(f"pg_tx_{id(self)}", default=None)
        #: Names of the migrations this opening applied.
        self.applied: list[str] = []

    # ----------------------------------------------------------------- opening
    @classmethod
    async def connect(cls, url: str, *, clock: Clock, migrate: bool = True, max_size: int = 10) -> Self:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, command_timeout=60)
        except (*CONNECTION_ERRORS, ValueError) as exc:
            raise StoreError(redact(f"cannot connect to the database {url}: {exc}", setting=url)) from exc
        db = cls(pool, url, clock)
        try:
            if migrate:
                await db._migrate()
        except BaseException:
            await pool.close()
            raise
        return db

    async def _migrate(self) -> None:
        async with self._guarded(), self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                current = await self._current_version(conn)
                self._refuse_newer(current)
                for migration in available_migrations():
                    if migration.version <= current:
                        continue
                    try:
                        async with conn.transaction():
                            await conn.execute(migration.sql_for(self.dialect))
                            await conn.execute(
                                "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                                migration.version,
                                self.now(),
                            )
                        self.applied.append(migration.name)
                    except asyncpg.PostgresError as exc:
                        raise StoreError(f"migration {migration.name} failed: {exc}") from exc
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def _current_version(self, conn: asyncpg.Connection) -> int:
        tables = {
            r[0]
            for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        }
        if "schema_version" not in tables:
            if tables:
                raise StoreError(
                    f"{self.path} holds tables of another program ({', '.join(sorted(tables)[:5])}); "
                    "refusing to touch it"
                )
            return 0
        return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    def _refuse_newer(self, current: int) -> None:
        refuse_newer(self.path, current)

    async def schema_version(self) -> int:
        async with self._guarded(), self._pool.acquire() as conn:
            return await self._current_version(conn)

    async def close(self) -> None:
        await self._pool.close()

    # ----------------------------------------------------------------- helpers
    def now(self) -> str:
        return iso_text(self._clock())

    @asynccontextmanager
    async def _guarded(self) -> AsyncIterator[None]:
        """One timed database call whose driver errors leave as StoreError (:meth:`_driver_errors`)."""
        with timed_database_call():
            async with self._driver_errors():
                yield

    @asynccontextmanager
    async def _driver_errors(self) -> AsyncIterator[None]:
        """Every error of the driver or the network -> StoreError (a unique key -> DuplicateKey).

        asyncpg raises more than PostgresError and InterfaceError: InternalClientError ("another
        operation is in progress" on a connection the server dropped mid-restart), ConnectionError and
        TimeoutError of the socket.  None of them may escape as a raw error: the callers retry or answer
        on StoreError.
        """
        try:
            yield
        except asyncpg.UniqueViolationError as exc:
            raise DuplicateKey(f"refused by the database: {exc}") from exc
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StoreError(f"refused by the database: {exc}") from exc
        except DRIVER_ERRORS as exc:
            raise StoreError(redact(f"database error: {exc}", setting=self.url)) from exc
        except (TimeoutError, OSError) as exc:
            raise StoreError(
                redact(f"the database {self.path} cannot be reached: {exc}", setting=self.url)
            ) from exc

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """The transaction's connection inside :meth:`transaction`, else one from the pool."""
        inside = self._tx.get()
        if inside is not None:
            yield inside
            return
        async with self._driver_errors():
            conn = await self._pool.acquire()
        try:
            yield conn
        finally:
            await self._release(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One write transaction: commit on success, roll back on any exception.

        Taking the connection, starting, committing and giving the connection back are all guarded: a
        server that restarts under a transaction is a StoreError, never a raw driver error."""
        if self._tx.get() is not None:  # already inside one: join it
            yield
            return
        async with self._driver_errors():
            conn = await self._pool.acquire()
        try:
            tx = conn.transaction()
            async with self._guarded():
                await tx.start()
            token = self._tx.set(conn)
            try:
                yield
            except BaseException:
                try:
                    await tx.rollback()
                except CONNECTION_ERRORS:
                    log.warning("rollback failed", exc_info=True)
                raise
            finally:
                self._tx.reset(token)
            async with self._guarded():
                await tx.commit()
        finally:
            await self._release(conn)

    async def _release(self, conn: asyncpg.Connection) -> None:
        """Give a connection back to the pool; one the server dropped is closed, never raised."""
        try:
            await self._pool.release(conn)
        except CONNECTION_ERRORS:
            log.warning("a broken database connection was dropped", exc_info=True)
            conn.terminate()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._guarded(), self._connection() as conn:
            return _changed_rows(await conn.execute(numbered(sql), *params))

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement committed on its own (or part of the current transaction)."""
        return await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self._guarded(), self._connection() as conn:
            await conn.executemany(numbered(sql), [tuple(r) for r in rows])

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._guarded(), self._connection() as conn:
            return list(await conn.fetch(numbered(sql), *params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._guarded(), self._connection() as conn:
            return await conn.fetchrow(numbered(sql), *params)

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._guarded(), self._connection() as conn:
            return int(await conn.fetchval(numbered(sql), *params))

    # ----------------------------------------------------------------- LISTEN / NOTIFY
    async def notify(self, channel: str, payload: str) -> None:
        """Send ``payload`` to every session listening on ``channel`` (delivered on commit)."""
        await self.execute("SELECT pg_notify(?, ?)", (channel, payload))

    async def listen(self, channel: str, callback: Callable[[str], None]) -> Listener:
        """A dedicated connection that calls ``callback(payload)`` for each notification on ``channel``."""
        try:
            conn = await asyncpg.connect(self.url)
        except CONNECTION_ERRORS as exc:
            message = f"cannot listen on the database {self.path}: {exc}"
            raise StoreError(redact(message, setting=self.url)) from exc

        def deliver(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            callback(payload)

        async with self._guarded():
            await conn.add_listener(channel, deliver)
        return Listener(conn)


class Listener:
    """A LISTEN connection; ``alive`` turns False when the server or the network drops it."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    @property
    def alive(self) -> bool:
        return not self._conn.is_closed()

    async def close(self) -> None:
        if not self._conn.is_closed():
            try:
                await asyncio.wait_for(self._conn.close(), 5)
            except (TimeoutError, OSError, asyncpg.InterfaceError, asyncpg.InternalClientError):
                self._conn.terminate()


async def reset_identities(db: PostgresDatabase, tables: list[str]) -> None:
    """After rows were copied in with their ids, the identity columns continue after the largest one."""
    for table in tables:
        await db.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        )
