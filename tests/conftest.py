"""Shared pytest configuration."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.pgserver import BACKENDS, PostgresServer, server_or_skip


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A thread left running (e.g. an aiosqlite connection never closed) keeps the interpreter alive after
    the last test, so CI would hang instead of failing: name such threads and fail the run."""
    leaked = [t.name for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if leaked:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = f"threads still running after the tests (close what opened them): {', '.join(leaked)}"
        if reporter is not None:
            reporter.write_line(message, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


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
