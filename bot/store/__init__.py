"""The database layer: aiosqlite behind a small repository (no SQL outside this package).

Use :class:`Store` (``await Store.open(path)``); every failure is a :class:`StoreError`.
Schema: numbered migrations in ``bot/store/migrations``; see ``0001_initial.sql`` for the portability notes.

Timestamps are taken here, in the store (it does I/O anyway), from an injectable clock: ISO 8601 UTC text.

PostgreSQL later: the SQL uses standard types, ``ON CONFLICT ... DO UPDATE/NOTHING`` and ``RETURNING``
(both databases have them).  What a PostgreSQL backend must change: the ``?`` placeholders (asyncpg uses
``$1``), ``INTEGER PRIMARY KEY`` ids (identity columns), and the two SQLite-only places in database.py
(``PRAGMA`` set-up, and ``sqlite_master`` to tell an empty file from another program's database).
"""

from bot.store.database import DB_PATH_ENV, DEFAULT_DB_PATH, default_db_path
from bot.store.errors import DecisionConflict, NotFound, StoreError
from bot.store.migrate import latest_version
from bot.store.records import (
    AuditEntry,
    ChannelSettings,
    Decision,
    FinalResult,
    Game,
    GameRecord,
    HandResult,
    League,
    LeagueGame,
    LeagueGamePlayer,
    Player,
    Season,
)
from bot.store.repository import Store

__all__ = [
    "DB_PATH_ENV",
    "DEFAULT_DB_PATH",
    "AuditEntry",
    "ChannelSettings",
    "Decision",
    "DecisionConflict",
    "FinalResult",
    "Game",
    "GameRecord",
    "HandResult",
    "League",
    "LeagueGame",
    "LeagueGamePlayer",
    "NotFound",
    "Player",
    "Season",
    "Store",
    "StoreError",
    "default_db_path",
    "latest_version",
]
