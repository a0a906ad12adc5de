"""The run fails when a test leaves a thread running, in one process and with pytest-xdist workers
(tests/threadcheck.py): a worker's own exit status never reaches the controller, so a worker that only
set it let a leaking run pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LEAKING = """
import threading

def test_leaves_a_thread_running():
    stop = threading.Event()
    threading.Thread(target=stop.wait, args=(3,), name="left-running").start()
"""
CLEAN = """
def test_clean():
    assert True
"""


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.threadcheck", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "two workers"])
def test_a_thread_left_running_fails_the_run_and_is_named(tmp_path: Path, workers: list[str]) -> None:
    (tmp_path / "test_leak.py").write_text(LEAKING)
    (tmp_path / "test_clean.py").write_text(CLEAN)
    done = run(tmp_path, *workers)
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, done.stdout[-2000:] + done.stderr[-2000:]
    assert "threads still running after the tests" in done.stdout and "left-running" in done.stdout
    assert "2 passed" in done.stdout


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "two workers"])
def test_a_run_that_leaves_no_thread_passes(tmp_path: Path, workers: list[str]) -> None:
    (tmp_path / "test_clean.py").write_text(CLEAN)
    done = run(tmp_path, *workers)
    assert done.returncode == pytest.ExitCode.OK, done.stdout[-2000:] + done.stderr[-2000:]
    assert "threads still running" not in done.stdout
