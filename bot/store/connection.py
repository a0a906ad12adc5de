"""The connection API every query of bot/store is written against, and the pieces both backends share.

bot/store/sqlite.py and bot/store/postgres.py implement :class:`Database` and import their shared
helpers from here; bot/store/database.py, above both, reads the database setting and opens the backend it
names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.store.dburl import redact
from bot.store.errors import StoreError

Clock = Callable[[], datetime]
#: A result row: ``row["column"]`` and ``row[0]`` work on both backends (sqlite3.Row, asyncpg.Record).
Row = Any


class Database(Protocol):
    """What a backend offers the repository.  Every failure is raised as :class:`StoreError`.

    Statements use ``?`` placeholders (the PostgreSQL backend numbers them).  ``transaction()`` is one
    write transaction (commit on success, roll back on any exception); ``run`` is one statement
    committed on its own; reads outside a transaction see committed data.
    """

    #: "sqlite" or "postgresql": for the few places that must differ (documented where they do).
    dialect: str
    #: The file path or the redacted URL, for messages.
    path: str

    def now(self) -> str: ...

    def transaction(self) -> AbstractAsyncContextManager[None]: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    async def schema_version(self) -> int: ...

    #: Names of the migrations applied when this connection opened.
    applied: list[str]

    async def close(self) -> None: ...


def iso_text(moment: datetime) -> str:
    """A store timestamp: ISO 8601 UTC text (sorts as text on both backends)."""
    if moment.tzinfo is None:
        raise StoreError("the store clock must return timezone-aware datetimes")
    return moment.astimezone(UTC).isoformat()


def redact_url(url: str) -> str:
    """``postgresql://bot:secret@db/mahjong`` -> ``postgresql://bot:***@db/mahjong`` (every form libpq
    reads, and mistyped ones: bot/store/dburl.py)."""
    return redact(url)
