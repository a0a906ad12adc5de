"""End-to-end tests of the bot against the loopback fake Discord (tests/fakediscord)."""

import hashlib
import itertools

import pytest

import bot.service.table as table_module
from tests.fakediscord.fixtures import *  # noqa: F403


@pytest.fixture(autouse=True)
def walls_named_after_the_test(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each table a test opens gets a seed made from the test's name (the first table, the second...):
    a test that fails on its wall fails every time, and tests still see different walls.  With random
    seeds a rare wall (a computer dealer ending the first hand alone) failed a test once in a while."""
    tables = itertools.count()

    def seed() -> str:
        return hashlib.sha256(f"{request.node.nodeid}:{next(tables)}".encode()).hexdigest()[:32]

    monkeypatch.setattr(table_module, "new_seed", seed)
