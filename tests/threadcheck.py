"""A pytest plugin (loaded by tests/conftest.py): the run fails when a test leaves a thread running.

A thread left running (e.g. an aiosqlite connection never closed) keeps the interpreter alive after the
last test, so CI would hang instead of failing: such threads are named and the run fails.  Under
pytest-xdist each worker process has threads of its own and its exit status does not reach the
controller, so a worker hands the names to the controller (``workeroutput``), which fails the run.
"""

from __future__ import annotations

import threading

import pytest

_LEAKED = pytest.StashKey[list[str]]()


def leaked_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """xdist, on the controller: a worker finished; keep the threads it left running."""
    names = (getattr(node, "workeroutput", None) or {}).get("leaked_threads") or []
    if names:
        config: pytest.Config = node.config  # type: ignore[attr-defined]
        config.stash.setdefault(_LEAKED, []).extend(names)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller reports
        worker = session.config.workerinput["workerid"]  # type: ignore[attr-defined]
        workeroutput["leaked_threads"] = [f"{name} (worker {worker})" for name in leaked_threads()]
        return
    leaked = leaked_threads() + session.config.stash.get(_LEAKED, [])
    if leaked:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = f"threads still running after the tests (close what opened them): {', '.join(leaked)}"
        if reporter is not None:
            reporter.write_line(message, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
