"""/mahjong replay through the loopback Discord: a finished hand's animated GIF privately to the asker,
◀ ▶ stepping through its decisions with each step's picture, another user's press refused, a running
game refused in the asker's language; a button sent before a restart still steps."""

from __future__ import annotations

import asyncio
import io
import sqlite3
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import resolve_language, t
from bot.render.animation import MAX_BYTES
from bot.render.engine_view import round_label
from bot.service.replay import HandReplay, stored_hand
from bot.service.replay_pictures import step_picture
from bot.store import GameRecord, Store
from tests.discord.stored_game_support import (
    PICTURE_WAIT,
    deferred_answer,
    pixels,
    running_table,
    simulate_into,
)
from tests.discord.test_table_support import TABLE, table_bot
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.fixtures import StartBot, World, connect_bot, stop_bot


async def _replay(database: Path, game_id: int, hand: int) -> HandReplay:
    async with await Store.open(str(database)) as store:
        return await stored_hand(store, game_id, hand)


def _way(message: FakeMessage, way: str) -> str:
    return next(c for c in message.custom_ids() if c.startswith("mj:rp:") and c.endswith(f":{way}"))


async def _press(fake: FakeDiscord, user: FakeUser, panel: FakeMessage, way: str, caption: str) -> None:
    """``user`` presses ◀ (p) or ▶ (n) and the panel comes to show ``caption``."""
    await fake.click(user, panel, _way(fake.message(panel), way))
    await fake.wait_until(
        lambda: caption in fake.message(panel).content, timeout=PICTURE_WAIT, what=f"the step {caption!r}"
    )


async def test_a_finished_hand_replays_and_its_buttons_step_forward_and_back(
    fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []  # every game the store reads whole (the command's; the presses use the replay)
    read_game = Store.game_record

    async def counted(self: Store, game_id: int) -> GameRecord:
        reads.append(game_id)
        return await read_game(self, game_id)

    monkeypatch.setattr(Store, "game_record", counted)
    database = tmp_path / "bot.sqlite3"  # the bot's own database (start_bot's default)
    game_id = await asyncio.to_thread(simulate_into, database, seed="rc", ai="random")
    await table_bot(start_bot)
    alice, bob = world.alice, world.bob
    ix = await fake.slash(alice, "mahjong replay", {"game": game_id, "hand": 2}, channel=world.channel)
    panel = await deferred_answer(fake, ix)
    replay = await _replay(database, game_id, 2)
    assert panel.ephemeral and panel.visible_to is alice
    [(name, data)] = panel.files().items()
    assert name == f"game{game_id}-hand2.gif" and len(data) <= MAX_BYTES
    animation = Image.open(io.BytesIO(data))
    assert animation.format == "GIF" and getattr(animation, "n_frames", 1) == len(replay.steps)
    en = resolve_language(alice.locale)
    round_name = round_label(replay.steps[0].view, en)
    assert t("replay.title", en, game=game_id, hand=2, hands=replay.hands, round=round_name) in panel.content

    captions = [replay.caption(step) for step in replay.steps]
    reads_before = len(reads)
    await _press(fake, alice, panel, "n", captions[0])  # ▶ from the animation: the deal
    [(name, shown)] = fake.message(panel).files().items()
    assert name.endswith("-step1.png") and pixels(shown) == pixels(step_picture(replay, 0))
    await _press(fake, alice, panel, "n", captions[1])
    assert pixels(next(iter(fake.message(panel).files().values()))) == pixels(step_picture(replay, 1))
    await _press(fake, alice, panel, "p", captions[0])
    back = next(c for c in fake.message(panel).components[0]["components"] if c["custom_id"].endswith(":p"))
    assert back.get("disabled") is True  # nothing before the deal
    assert len(reads) == reads_before  # three presses, the hand replayed once (by the command)

    # Bob sends alice's button (an ephemeral panel is hers, but a custom id can be sent by anyone).
    copy = fake.create_message(
        world.channel, {"content": "copied", "components": fake.message(panel).components}, {}
    )
    refused = await fake.click(bob, copy, _way(fake.message(panel), "n"))
    assert refused.original is not None and refused.original.ephemeral
    assert refused.original.content == t("replay.not_yours", resolve_language(bob.locale))
    assert captions[0] in fake.message(panel).content  # alice's panel did not move
    fake.check_deadlines()


async def test_a_running_game_is_refused_in_the_askers_language(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    table = await running_table(fake, world, await table_bot(start_bot))
    for user in (world.alice, world.carol, world.dave):  # en, ja, zh-TW
        ix = await fake.slash(
            user, "mahjong replay", {"game": table.game_id, "hand": 1}, channel=world.channel
        )
        assert ix.original is not None and ix.original.ephemeral and not ix.original.attachments
        expected = t("replay.running", resolve_language(user.locale), game=table.game_id)
        assert ix.original.content == expected
    # without game: the channel's game, running too
    ix = await fake.slash(world.bob, "mahjong replay", channel=world.channel)
    assert ix.original is not None and "still being played" in ix.original.content
    fake.check_deadlines()


async def test_a_game_the_store_does_not_hold_or_another_server_played_is_refused(
    fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    game_id = await asyncio.to_thread(simulate_into, database, seed="rc", ai="random")
    with sqlite3.connect(database) as db:  # as if another server's table had played it
        db.execute("UPDATE games SET guild_id = ? WHERE id = ?", (world.guild.id + 1, game_id))
    await table_bot(start_bot)
    for asked in (77, game_id):
        ix = await fake.slash(world.alice, "mahjong replay", {"game": asked}, channel=world.channel)
        assert ix.original is not None and ix.original.content == t("replay.no_game", "en", game=asked)
    fake.check_deadlines()


async def test_a_replay_button_sent_before_a_restart_still_steps(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    database = tmp_path / "restart.sqlite3"
    game_id = await asyncio.to_thread(simulate_into, database, seed="rc", ai="random")
    bot, task = await connect_bot(fake, extensions=TABLE, database=database)
    try:
        ix = await fake.slash(
            world.alice, "mahjong replay", {"game": game_id, "hand": 1}, channel=world.channel
        )
        panel = await deferred_answer(fake, ix)
    finally:
        await stop_bot(bot, task)
    replay = await _replay(database, game_id, 1)
    bot, task = await connect_bot(fake, extensions=TABLE, database=database)
    try:
        await _press(
            fake, world.alice, panel, "p", replay.caption(replay.steps[-1])
        )  # ◀ from the animation: the end
        [shown] = fake.message(panel).files().values()
        assert pixels(shown) == pixels(step_picture(replay, len(replay.steps) - 1))
    finally:
        await stop_bot(bot, task)
    fake.check_deadlines()
