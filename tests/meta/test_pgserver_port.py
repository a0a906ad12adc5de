"""The tests' own PostgreSQL server (tests/pgserver.py) starts when the free port it chose is taken before
the server binds it, as a second test worker's server may take it (``pytest -n``)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests import pgserver
from tests.ci import unavailable
from tests.pgserver import PostgresServer, PostgresUnavailable


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_a_server_whose_port_is_taken_moves_to_another_port(
    taken_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    ports = iter([taken_port])
    real_free_port = pgserver.free_port
    monkeypatch.setattr(pgserver, "free_port", lambda: next(ports, None) or real_free_port())
    try:
        server = PostgresServer()
    except PostgresUnavailable as exc:
        unavailable(f"PostgreSQL is not installed: {exc}")
    assert server.port == taken_port
    try:
        server.start()
        assert server.port != taken_port
        assert server.psql("SELECT 1") == "1"
    finally:
        server.stop()
