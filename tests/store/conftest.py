"""A fresh store per test in a temporary folder, with a fixed clock that ticks one second per reading."""

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
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path, clock=ticking_clock())
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def four_players(store: Store) -> list[int]:
    players = [await store.ensure_player(f"P{i}", discord_id=1000 + i) for i in range(4)]
    return [p.id for p in players]
