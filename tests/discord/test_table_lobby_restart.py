"""Issue 39: a lobby nobody has started yet survives a restart (on both backends): its seats come back,
its old message's buttons keep working, and the game it starts is shown in that same message."""

from __future__ import annotations

from typing import Any

from bot.service.table import Table
from tests.discord.test_table_support import TABLE, open_prompt, running_table_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import World, connect_bot, stop_bot


async def test_an_unstarted_lobby_survives_a_restart_and_its_buttons_still_work(
    fake: FakeDiscord, world: World, database: str
) -> None:
    alice, bob, carol, _ = world.players
    bot, task = await connect_bot(fake, extensions=TABLE, database=database)
    try:
        ix = await fake.slash(
            alice, "mahjong new", {"rules": "sanma", "length": "east"}, channel=world.channel
        )
        lobby = ix.original
        assert lobby is not None
        await fake.click(bob, lobby, fake.button_by_label(lobby, "Join"))
        await fake.click(carol, lobby, fake.button_by_label(lobby, "Join"))
        await fake.click(carol, lobby, fake.button_by_label(lobby, "Leave"))
        await fake.click(alice, lobby, fake.button_by_label(lobby, "Add computer"))
        assert "Computer 1" in fake.message(lobby).content
    finally:
        await stop_bot(bot, task)

    async with running_table_bot(fake, database) as cog:
        cog.edit_interval = 0.05
        restored: Table | None = cog.service.table_in(world.channel.id)
        assert restored is not None and restored.status == "lobby"
        assert [(s.name, s.user_id) for s in restored.members] == [
            ("alice", alice.id),
            ("bob", bob.id),
            ("Computer 1", None),
        ]
        assert restored.creator_id == alice.id and restored.options == {"length": "east"}
        # The old message's Start button starts the restored lobby.
        started = await fake.click(bob, lobby, fake.button_by_label(lobby, "Start"))
        assert started.response_type in (6, 7)  # answered, not refused
        table = cog.service.table_in(world.channel.id)
        assert table is not None and table.status == "running"
        await fake.wait_until(lambda: open_prompt(fake, [alice, bob], set()), what="a DM prompt")
        # The game is drawn in the lobby's own message, not a second table message beside it.
        await fake.wait_until(lambda: fake.message(lobby).attachments, what="the board in the lobby message")
        assert await cog.service.store.open_lobbies() == []
        assert cog.bot.user is not None
        posted = [
            m for m in fake.channel_messages(world.channel) if m.author.id == cog.bot.user.id and m.components
        ]
        assert [m.id for m in posted] == [lobby.id]
    fake.check_deadlines()


async def test_a_lobby_left_empty_or_aborted_is_not_restored(
    fake: FakeDiscord, world: World, database: str
) -> None:
    alice, bob, *_ = world.players
    bot, task = await connect_bot(fake, extensions=TABLE, database=database)
    try:
        ix = await fake.slash(alice, "mahjong new", {"rules": "sanma"}, channel=world.channel)
        assert ix.original is not None
        await fake.click(alice, ix.original, fake.button_by_label(ix.original, "Leave"))
        cog: Any = bot.get_cog("TableCog")
        assert await cog.service.store.open_lobbies() == []
        ix = await fake.slash(bob, "mahjong new", {"rules": "sanma"}, channel=world.channel)
        await fake.slash(bob, "mahjong abort", channel=world.channel)
        assert await cog.service.store.open_lobbies() == []
    finally:
        await stop_bot(bot, task)
    bot, task = await connect_bot(fake, extensions=TABLE, database=database)
    try:
        cog = bot.get_cog("TableCog")
        assert cog.service.table_in(world.channel.id) is None
    finally:
        await stop_bot(bot, task)
