"""End-to-end tests of the bot against the loopback fake Discord (tests/fakediscord)."""

from tests.fakediscord.fixtures import *  # noqa: F403
