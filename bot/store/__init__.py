"""The database layer: a small repository over SQLite (default) or PostgreSQL (no SQL outside this package).

Use :class:`Store` (``await Store.open(setting)``: a file path or a ``postgresql://`` URL); every failure is a
:class:`StoreError`.  Schema: numbered migrations in ``bot/store/migrations``, one set for both backends.
How to write a query or a migration both backends run: bot/store/README.md.

Timestamps are taken here, in the store (it does I/O anyway), from an injectable clock: ISO 8601 UTC text.
"""

from bot.store.database import (
    DB_PATH_ENV,
    DEFAULT_DB_PATH,
    DatabaseSetting,
    default_db_path,
    parse_database_setting,
)
from bot.store.dburl import redact
from bot.store.errors import (
    DecisionConflict,
    DuplicateKey,
    NotFound,
    SettingError,
    StoreError,
)
from bot.store.league_games import ManualGame
from bot.store.lobbies import StoredLobby
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
    LeagueMember,
    Player,
    Season,
)
from bot.store.repository import Store

__all__ = [
    "DB_PATH_ENV",
    "DEFAULT_DB_PATH",
    "AuditEntry",
    "ChannelSettings",
    "DatabaseSetting",
    "Decision",
    "DecisionConflict",
    "DuplicateKey",
    "FinalResult",
    "Game",
    "GameRecord",
    "HandResult",
    "League",
    "LeagueGame",
    "LeagueGamePlayer",
    "LeagueMember",
    "ManualGame",
    "NotFound",
    "Player",
    "Season",
    "SettingError",
    "Store",
    "StoreError",
    "StoredLobby",
    "default_db_path",
    "latest_version",
    "parse_database_setting",
    "redact",
]
