"""The database setting and the connection API every query of bot/store is written against.

The setting (``database`` in the config, ``$MAHJONG_DATABASE``, ``--db``) chooses the backend:

* a file path (or ``:memory:``) -> SQLite, bot/store/sqlite.py: the default, one process;
* a ``postgresql://`` (or ``postgres://``) URL -> PostgreSQL, bot/store/postgres.py (asyncpg): several
  bot processes on one database (docs/SCALE.md);
* anything else that looks like ``scheme:...`` is refused by name, and so is anything that looks like a
  URL but does not parse (``postgresql//u:pw@host/x``, ``postgres:/...``, ``u:pw@host/x``): a mistyped
  URL never becomes a SQLite file named after it, password included (bot/store/dburl.py).

Both backends implement :class:`~bot.store.connection.Database` (bot/store/connection.py, with the
pieces they share); games.py and leagues.py never know which one they talk to.  How to write SQL that
both run is in bot/store/README.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from bot.store.connection import Clock, Database, Row, iso_text, redact_url
from bot.store.dburl import POSTGRES_SCHEMES, SCHEME, looks_like_url, redact, url_problem
from bot.store.errors import SettingError

DEFAULT_DB_PATH = Path("data") / "mahjong.sqlite3"
DB_PATH_ENV = "MAHJONG_DATABASE"  # overrides the default path when no path is given (as bot/config.py)


def default_db_path() -> Path:
    """``$MAHJONG_DATABASE`` if set, else data/mahjong.sqlite3 (relative to the working directory)."""
    return Path(os.environ.get(DB_PATH_ENV) or DEFAULT_DB_PATH)


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class DatabaseSetting:
    """A parsed database setting: which backend, and its target (a file path or a URL)."""

    kind: Literal["sqlite", "postgresql"]
    target: str

    @property
    def display(self) -> str:
        """The target fit for messages and logs: a URL loses its password."""
        return redact(self.target)

    @property
    def is_missing_file(self) -> bool:
        """A SQLite setting whose file does not exist yet (read-only commands refuse to create it)."""
        return self.kind == "sqlite" and self.target != ":memory:" and not Path(self.target).is_file()


def parse_database_setting(value: str | os.PathLike[str] | None) -> DatabaseSetting:
    """Which backend a setting means; a scheme other than postgresql://, or a URL that does not parse, is
    refused by name (:class:`SettingError`, its password never shown)."""
    text = str(default_db_path() if value is None else value).strip()
    if not text:
        raise SettingError("the database setting is empty: give a file path or a postgresql:// URL")
    match = SCHEME.match(text)
    if match is None and not looks_like_url(text):
        return DatabaseSetting("sqlite", text)
    scheme = match["scheme"].lower() if match is not None else None
    if scheme is not None and scheme not in POSTGRES_SCHEMES:
        raise SettingError(
            f"the database setting {redact(text)!r} uses the unknown scheme {scheme!r}: "
            "give a file path (SQLite) or a postgresql:// URL"
        )
    problem = url_problem(text)
    if problem is not None:
        raise SettingError(
            f"the database URL {redact(text)!r} is malformed ({problem}): "
            "write postgresql://USER:PASSWORD@HOST:PORT/NAME"
        )
    return DatabaseSetting("postgresql", text)


async def open_database(
    setting: str | os.PathLike[str] | None,
    *,
    clock: Clock | None = None,
    migrate: bool = True,
    lock: bool | None = None,
) -> Database:
    """Open the database a setting names, migrating it to the newest schema unless ``migrate`` is off.

    ``lock`` (default: ``migrate``, since an opening that may migrate may write): a SQLite file is
    locked to this process, and a second process is refused naming the file (bot/store/file_lock.py).
    PostgreSQL takes any number of processes."""
    parsed = parse_database_setting(setting)
    # Each backend is imported when it is opened: asyncpg and the metrics it times cost every command
    # ~0.2 s, and the backends import nothing from here (their shared pieces are in connection.py).
    if parsed.kind == "postgresql":
        from bot.store.postgres import PostgresDatabase

        return await PostgresDatabase.connect(parsed.target, clock=clock or utc_now, migrate=migrate)
    from bot.store.sqlite import SqliteDatabase

    return await SqliteDatabase.connect(
        parsed.target, clock=clock or utc_now, migrate=migrate, lock=migrate if lock is None else lock
    )


__all__ = [
    "DB_PATH_ENV",
    "DEFAULT_DB_PATH",
    "Clock",
    "Database",
    "DatabaseSetting",
    "Row",
    "default_db_path",
    "iso_text",
    "open_database",
    "parse_database_setting",
    "redact_url",
    "utc_now",
]
