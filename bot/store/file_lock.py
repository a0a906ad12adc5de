"""One writing process per SQLite file: an exclusive lock on ``<file>.lock`` while a Store may write.

Two bot processes on one SQLite file would both restore and play the same tables (every timer and
computer seat run twice, decisions lost to the unique key).  SQLite's own locks only order single
transactions, so a process that opens the file to write takes this lock first and the second process
is refused with a message naming the file and the holder's process id.

The lock is ``flock`` on a file beside the database (never the database itself: closing any descriptor
of a file drops a process's POSIX locks on it, SQLite's included).  Within one process the lock is
shared and counted (a test or a command may open two Stores on one file); the kernel releases it when
the process dies, so a SIGKILLed bot leaves nothing to clean up.  Read-only openings (``db check``,
``export``, ``verify``, ``league`` standings) take no lock and may run beside the bot.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from bot.store.errors import StoreError

try:
    import fcntl
except ImportError:  # not POSIX: no lock (one process per file is then the operator's care)
    fcntl = None  # type: ignore[assignment]


class DatabaseInUse(StoreError):
    """Another process holds the SQLite file's write lock."""


_held: dict[str, tuple[int, int]] = {}  # lock file -> (descriptor, openings in this process)
_guard = threading.Lock()


def lock_path(database: str) -> str:
    return str(Path(database).resolve()) + ".lock"


def acquire(database: str) -> str:
    """Take the write lock of ``database`` for this process (counted); returns what :func:`release` takes."""
    key = lock_path(database)
    with _guard:
        if key in _held:
            fd, count = _held[key]
            _held[key] = (fd, count + 1)
            return key
        if fcntl is None:
            _held[key] = (-1, 1)
            return key
        try:
            fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot create the lock file {key} of the database {database}: {exc}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            raise DatabaseInUse(
                f"the database file {database} is in use by another mahjong-bot process{holder}: "
                "two processes cannot share one SQLite file. Stop the other one, or give every process "
                "one PostgreSQL database (docs/SCALE.md)"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        _held[key] = (fd, 1)
        return key


def release(key: str) -> None:
    with _guard:
        fd, count = _held.get(key, (-1, 0))
        if count > 1:
            _held[key] = (fd, count - 1)
            return
        _held.pop(key, None)
        if fd >= 0:
            os.close(fd)  # drops the lock; the file stays (removing it would race a new holder)


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode().strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (pid {pid})" if pid.isdigit() else ""
