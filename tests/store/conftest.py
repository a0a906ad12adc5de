"""A fresh store per test (once on SQLite, once on PostgreSQL: the root conftest's ``database``), with a
fixed clock that ticks one second per reading.  ``db_path`` is a SQLite file for the SQLite-only tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Store


def ticking_clock(start: datetime = datetime(2026, 1, 1, tzinfo=UTC)) -> Callable[[], datetime]:
    moments = iter(start + timedelta(seconds=i) for i in range(10**9))
    return lambda: next(moments)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "sub" / "mahjong.sqlite3"


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database, clock=ticking_clock())
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def four_players(store: Store) -> list[int]:
    players = [await store.ensure_player(f"P{i}", discord_id=1000 + i) for i in range(4)]
    return [p.id for p in players]
