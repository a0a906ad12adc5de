"""The repository: one object with every store operation (games and leagues), over one connection."""

from __future__ import annotations

import os
from types import TracebackType
from typing import Self

from bot.store.database import Clock, Database, open_database
from bot.store.games import GameStore
from bot.store.leagues import LeagueStore
from bot.store.leases import LeaseStore
from bot.store.lobbies import LobbyStore
from bot.store.nights import NightStore
from bot.store.table_state import TableStateStore


class Store(GameStore, LeagueStore, LeaseStore, LobbyStore, TableStateStore, NightStore):
    """Open with ``store = await Store.open(path)`` (or ``async with await Store.open(path) as store``).

    ``path`` is the database setting (bot/store/database.py): a file path for SQLite (default
    ``$MAHJONG_DATABASE`` or data/mahjong.sqlite3, folder created on first use; ``":memory:"`` gives a
    throw-away database) or a ``postgresql://`` URL.  ``clock`` (returning aware datetimes) stamps every
    created/ended/confirmed time; it defaults to the system clock in UTC.
    """

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        clock: Clock | None = None,
        migrate: bool = True,
        lock: bool | None = None,
    ) -> Self:
        """``migrate=False`` opens an older schema as it is (``mahjong-bot db check``); queries of newer
        tables then fail, so only the checks use it.  ``lock=False`` (read-only commands: export,
        verify, league standings) opens a SQLite file beside a running bot; a writer (the default when
        migrating) holds the file for its process and a second writing process is refused."""
        return cls(await open_database(path, clock=clock, migrate=migrate, lock=lock))

    @property
    def path(self) -> str:
        return self.db.path

    async def ping(self) -> None:
        """One round trip to the database: a StoreError while it is down or restarting."""
        await self.db.fetch_one("SELECT 1")

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def close(self) -> None:
        await self.db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
