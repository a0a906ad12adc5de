"""Read a database from outside the program under test, on either backend, without opening a Store
(no migration, no WAL switch: a peek must not change what it looks at).  For the kill tests."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import parse_database_setting
from bot.store.postgres import numbered


class Peek:
    """``Peek(setting).rows(sql, params)`` -> tuples; an absent database or table gives no rows."""

    def __init__(self, setting: str) -> None:
        self.setting = parse_database_setting(setting)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conn: Any = None

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self.setting.kind == "sqlite":
            if not Path(self.setting.target).exists():
                return []
            conn = sqlite3.connect(self.setting.target, timeout=5)
            try:
                return list(conn.execute(sql, params).fetchall())
            except sqlite3.OperationalError:  # the schema is not created yet
                return []
            finally:
                conn.close()
        if self._loop is None:  # its own loop in its own thread: callers may be inside a running loop
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._loop.run_forever, name="dbpeek", daemon=True)
            self._thread.start()
            self._conn = self._call(asyncpg.connect(self.setting.target))
        try:
            found = self._call(self._conn.fetch(numbered(sql), *params))
        except asyncpg.UndefinedTableError:
            return []
        return [tuple(r) for r in found]

    def _call(self, coro: Any) -> Any:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(30)

    def close(self) -> None:
        if self._loop is not None:
            if self._conn is not None:
                self._call(self._conn.close())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop.close()
            self._loop = None
