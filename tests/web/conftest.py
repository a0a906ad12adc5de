"""The web page's tests share one built site per database backend (building it plays a game)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pgserver import BACKENDS, PostgresServer
from tests.web.site import Site, build_site


@pytest.fixture(scope="module", params=BACKENDS)
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    if request.param == "sqlite":
        database = str(tmp_path_factory.mktemp("web") / "site.sqlite3")
    else:
        server: PostgresServer = request.getfixturevalue("pg_server")
        database = server.create_database()
    yield asyncio.run(build_site(database))


@pytest.fixture(scope="module")
def sqlite_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return asyncio.run(build_site(str(tmp_path_factory.mktemp("web") / "site.sqlite3")))


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test writes its screenshots for a person to look at (printed)."""
    folder = tmp_path / "screenshots"
    folder.mkdir()
    print(f"screenshots: {folder}")
    return folder
