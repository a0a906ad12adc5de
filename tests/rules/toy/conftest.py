"""The toy rule set, registered for a test through the registry's public hook and removed after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.engine.registry import register
from tests.rules.toy.descriptor import TOY


@pytest.fixture
def toy() -> Iterator[None]:
    remove = register(TOY)
    yield
    remove()
