"""Fixtures of the league tests through the loopback Discord: a movable clock and a store on each backend."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.discord.league.support import MovableClock


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
async def store(database: str, clock: MovableClock) -> AsyncIterator[Store]:
    """The league's store, once on SQLite and once on PostgreSQL (the ``database`` fixture)."""
    opened = await Store.open(database, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()
