"""Shared pytest configuration."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.pgserver import BACKENDS, PostgresServer, server_or_skip

# Hypothesis's default 200 ms deadline per example (and its too-slow health check) is a clock deciding an
# outcome: on a loaded machine, or under mutmut's tracing, an example that takes 20 ms on a quiet one
# took 356 ms and tests/rules/pihu/test_properties.py failed as "flaky".  Only the checks decide here.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# A run fails when a test leaves a thread running (with pytest-xdist too): tests/threadcheck.py.
pytest_plugins = ["tests.threadcheck"]


# ---------------------------------------------------------------- both database backends
# `database` is a database setting: a fresh SQLite file, or a fresh database on a throw-away PostgreSQL
# server (tests/pgserver.py).  A test (or fixture) that takes it runs once per backend.


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    server = server_or_skip()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """Makes fresh, empty databases of this test's backend (for tests that need two)."""
    if request.param == "sqlite":
        names = itertools.count()
        return lambda: str(tmp_path / f"db{next(names)}" / "mahjong.sqlite3")
    server: PostgresServer = request.getfixturevalue("pg_server")
    return server.create_database


@pytest.fixture
def database(new_database: Callable[[], str]) -> str:
    return new_database()
