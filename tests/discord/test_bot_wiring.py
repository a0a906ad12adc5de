"""The production wiring of MahjongBot through the loopback Discord: tile emojis uploaded at start-up
(once, reused after a restart) and shown on the DM tile buttons, the real table picture in the channel,
and a shutdown in the middle of a game that logs no error."""

from __future__ import annotations

import dataclasses
import io
import logging
from typing import Any

import pytest
from PIL import Image

from bot.client import TILE_EMOJI_DIR, MahjongBot
from bot.config import BotConfig
from bot.service.table import Table
from bot.service.timers import ManualScheduler
from tests.discord.test_table_support import (
    TABLE,
    action_controls,
    finished_table,
    open_prompt,
    play_by_dm,
    press,
)
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.fixtures import StartBot, World

FACES = sorted(path.stem for path in TILE_EMOJI_DIR.glob("*.png"))


class UploadingBot(MahjongBot):
    """The bot as `mahjong-bot run` configures it: pictures on and tile emojis uploaded."""

    def __init__(self, config: BotConfig | None = None, **options: Any) -> None:
        config = config or BotConfig()
        super().__init__(dataclasses.replace(config, pictures=True, upload_emojis=True), **options)


async def start_table(fake: FakeDiscord, world: World, start_bot: StartBot) -> tuple[MahjongBot, Table]:
    """Alice and three computers at a riichi table (east only); computers answer at once."""
    bot = await start_bot(extensions=TABLE, bot_cls=UploadingBot)
    cog: Any = bot.get_cog("TableCog")
    cog.service.scheduler = ManualScheduler()
    cog.service.timing = type(cog.service.timing)(turn=60.0, claim=20.0, computer=0.0)
    cog.edit_interval = 0.05
    ix = await fake.slash(
        world.alice, "mahjong new", {"rules": "riichi", "length": "east"}, channel=world.channel
    )
    lobby = ix.original
    assert lobby is not None
    for _ in range(3):
        await fake.click(world.alice, lobby, f"mj:lobby:{world.channel.id}:addbot")
    await fake.click(world.alice, lobby, f"mj:lobby:{world.channel.id}:start")
    table = cog.service.table_in(world.channel.id)
    assert table is not None and table.status == "running"
    return bot, table


async def first_turn(fake: FakeDiscord, world: World) -> FakeMessage:
    """Alice's first prompt with discard buttons.  The game's seed is random, so her first question may be
    a call offer: she passes on those until her turn comes."""
    handled: set[int] = set()
    while True:
        found = await fake.wait_until(
            lambda: open_prompt(fake, [world.alice], handled), timeout=10, what="alice's prompt"
        )
        _, message = found
        handled.add(message.id)
        if any(c["custom_id"].endswith(":discard") for c in action_controls(message)):
            return message
        await press(fake, world.alice, message)


async def test_tile_emojis_are_uploaded_once_and_reused_after_a_restart(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    first = await start_bot(extensions=(), bot_cls=UploadingBot)
    uploaded = [r.content for r in fake.sent("emoji")]
    await first.close()
    second = await start_bot(extensions=(), bot_cls=UploadingBot)

    assert sorted(uploaded) == sorted(f"mj_{face}" for face in FACES) and "mj_0p" in uploaded
    assert len(fake.sent("emoji")) == len(FACES)  # the restart uploaded nothing
    assert sorted(second.tile_emojis) == FACES
    assert {f: e.id for f, e in first.tile_emojis.items()} == {f: e.id for f, e in second.tile_emojis.items()}


async def test_a_refused_upload_leaves_text_labels_and_a_warning(
    fake: FakeDiscord, world: World, start_bot: StartBot, caplog: pytest.LogCaptureFixture
) -> None:
    fake.fail_next("POST /applications/{application_id}/emojis", times=1, status=403)

    with caplog.at_level(logging.WARNING, logger="bot.client"):
        bot = await start_bot(extensions=(), bot_cls=UploadingBot)

    assert bot.tile_emojis == {} and bot.is_ready()
    assert any("tile emojis unavailable" in r.getMessage() for r in caplog.records)


async def test_dm_tile_buttons_carry_the_emojis_and_the_channel_shows_the_table_picture(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    bot, table = await start_table(fake, world, start_bot)
    prompt = await first_turn(fake, world)
    discards = [c for c in action_controls(prompt) if c["custom_id"].endswith(":discard")]

    assert discards  # each discard button shows its own tile's emoji: 5p -> mj_5p
    for button in discards:
        emoji = bot.tile_emojis[button["label"]]
        assert button.get("emoji") == {"id": emoji.id, "name": f"mj_{button['label']}"}
    table_message = await fake.wait_for_message(lambda m: "table.png" in m.files(), channel=world.channel)
    picture = Image.open(io.BytesIO(table_message.files()["table.png"]))
    assert picture.format == "PNG" and picture.width > 200
    assert table.status == "running"


async def test_a_shutdown_in_the_middle_of_a_game_logs_no_error(
    fake: FakeDiscord, world: World, start_bot: StartBot, caplog: pytest.LogCaptureFixture
) -> None:
    bot, table = await start_table(fake, world, start_bot)
    await play_by_dm(fake, [world.alice], finished_table(table), stop_after=3)

    with caplog.at_level(logging.WARNING):
        await bot.close()  # the computers may be mid-move: they must stop before the store closes

    assert table.status == "running" and bot.store is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
