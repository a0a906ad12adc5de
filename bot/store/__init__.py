"""The database layer: aiosqlite behind a small repository (no SQL outside this package).

Use :class:`Store` (``await Store.open(path)``); every failure is a :class:`StoreError`.
Schema: numbered migrations in ``bot/store/migrations``; see ``0001_initial.sql`` for the portability notes.
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
