"""Shared pytest configuration."""

from __future__ import annotations

import threading

import pytest


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
