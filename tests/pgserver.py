"""A throw-away PostgreSQL server for the tests: Debian's initdb/pg_ctl in a temporary folder on a free
loopback port, stopped (and the folder removed) at the end.

Debian puts the server programs in /usr/lib/postgresql/<version>/bin, not on PATH; initdb and postgres
refuse to run as root, so when the tests run as root the server runs as the unprivileged ``postgres``
user (in a folder that user owns).  The server is tuned for tests (no fsync): durability is SQLite's and
PostgreSQL's own business, what the tests check is our SQL and our protocol.

Outside CI a machine without PostgreSQL skips the PostgreSQL half of the tests with the reason; under
``CI=true`` that is a failure (`.ci/run` installs the server when it is missing).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.ci import unavailable

SERVER_USER = "postgres"
#: The store backends every store/persistence/league/kill-resume test runs on (tests/conftest.py).
BACKENDS = ("sqlite", "postgresql")
_names = itertools.count(1)
PORT_ATTEMPTS = 3  # free ports tried when the one chosen is taken before the server binds it


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server programs on this machine (or they cannot be run)."""


def find_bin_dir() -> Path:
    """The folder holding initdb and pg_ctl: on PATH, else the newest /usr/lib/postgresql/*/bin."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(os.path.realpath(on_path)).parent
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4].split(".")[0])
    )
    if not found:
        raise PostgresUnavailable("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)")
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """``PostgresServer().start()`` -> ``url(dbname)``, ``create_database()``; ``stop()`` at the end."""

    def __init__(self, *, durable: bool = False) -> None:
        #: durable: fsync and synchronous commits on, as a production server (benchmarks); the tests
        #: run without, for speed.
        self.durable = durable
        self.bin_dir = find_bin_dir()
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="mahjong-pg-"))
        self.data = self.folder / "data"
        self.user: str | None = SERVER_USER if os.geteuid() == 0 else None
        self.started = False

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.bin_dir / args[0]), *args[1:]],
            user=self.user,
            cwd=self.folder,
            capture_output=True,
            text=True,
            check=check,
            timeout=120,
        )

    def start(self) -> PostgresServer:
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        try:
            self._run(
                "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"
            )
            for attempt in range(PORT_ATTEMPTS):
                try:
                    self._pg_ctl_start()
                    break
                except subprocess.CalledProcessError:
                    # Another process (a second test worker's server, say) took the port between
                    # free_port() and the server's bind: try another one.
                    if attempt + 1 == PORT_ATTEMPTS or "could not bind" not in self._log():
                        raise
                    self.port = free_port()
        except subprocess.CalledProcessError as exc:
            detail = self._log()[-2000:]
            self.stop()
            raise PostgresUnavailable(f"cannot start PostgreSQL: {exc.stderr or exc}\n{detail}") from exc
        self.started = True
        return self

    def _pg_ctl_start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start"
        )

    def _log(self) -> str:
        log = self.folder / "log"
        return log.read_text(errors="replace") if log.exists() else ""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        done = subprocess.run(
            [
                str(self.bin_dir / "psql"),
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
                self.url(database),
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        return done.stdout.strip()

    def create_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        name = f"t{os.getpid()}_{next(_names)}_{int(time.time() * 1000) % 100000}"
        self.psql(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def restart(self) -> None:
        """``pg_ctl restart -m fast``: every session is cut (an operator's restart, a failover)."""
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-m", "fast", "-w", "restart"
        )

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)


def server_or_skip() -> PostgresServer:
    """A started server; without PostgreSQL: skip with the reason, or fail under CI=true."""
    try:
        return PostgresServer().start()
    except PostgresUnavailable as exc:
        unavailable(f"PostgreSQL half skipped: {exc}")
