"""The i18n tests that sync the real bot's commands through the loopback Discord use its fixtures."""

from tests.fakediscord.fixtures import *  # noqa: F403
