"""What the commands about a stored game (/mahjong replay, /mahjong review) are tested with: a game
simulated into the bot's database, the answer to a deferred command, a picture's pixels, and a table
still being played."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from bot.cli import main
from bot.service.table import Table
from cogs.table import TableCog
from tests.discord.test_table_game import open_full_table
from tests.discord.test_table_support import open_prompt
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.fixtures import World

PICTURE_WAIT = 60.0  # a whole hand drawn on a machine shared with other test runs


def simulate_into(database: Path, *, seed: str, ai: str) -> int:
    """Play one riichi game of computer seats into ``database`` with the command line; its game id.
    Called in a thread: the command line runs its own event loop."""
    code = main(
        ["simulate", "--rules", "riichi", "--games", "1", "--seed", seed, "--ai", ai, "--json"]
        + ["--db", str(database)]
    )
    assert code == 0
    return 1  # the first game of a fresh database


async def deferred_answer(fake: FakeDiscord, ix: Any) -> FakeMessage:
    """The message that answers a deferred command: its placeholder once filled in (Discord shows the
    first followup after a deferral there), or a later followup."""

    def ready() -> FakeMessage | None:
        if ix.followups:
            last: FakeMessage = ix.followups[-1]
            return last
        message = ix.original
        return message if message is not None and not message.flags & 128 and message.attachments else None

    found: FakeMessage = await fake.wait_until(ready, timeout=PICTURE_WAIT, what="the answer")
    return found


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


async def running_table(fake: FakeDiscord, world: World, cog: TableCog) -> Table:
    """A riichi table of the world's four players, started and waiting for a first decision."""
    users = world.players
    table = await open_full_table(fake, world, cog, "riichi", users)
    await fake.wait_until(lambda: open_prompt(fake, users, set()), what="a DM prompt")
    assert table.game_id is not None and table.status == "running"
    return table
