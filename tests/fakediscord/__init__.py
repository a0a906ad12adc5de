"""A loopback fake of Discord's HTTP API (v10) and gateway for end-to-end tests of the real bot.

See fake.py for the entry point and fixtures.py for the pytest fixtures.
"""

from .fake import FakeDiscord
from .records import Record
from .state import FakeDiscordError, PendingInteraction
from .world import FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser

__all__ = [
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "PendingInteraction",
    "Record",
]
