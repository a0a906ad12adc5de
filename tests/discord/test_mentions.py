"""Mentions: the bot pings nobody unless a message allows exactly whom (issue 18), and the loopback
Discord decides who was pinged as Discord does (content + allowed_mentions)."""

from __future__ import annotations

import discord

from bot.client import MahjongBot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import World


async def test_a_message_naming_everyone_and_a_user_pings_nobody_by_default(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    text = f"Welcome to @everyone party, {world.bob.mention}! @here <@&{world.guild.id}>"
    sent = await bot.get_partial_messageable(world.channel.id).send(text)
    message = fake.message(sent.id)
    assert message.content == text
    assert not fake.pinged(message)
    dm = await (await bot.fetch_user(world.alice.id)).send(f"@everyone {world.bob.mention}")
    assert not fake.pinged(dm.id)


async def test_a_message_that_allows_one_user_pings_that_user_only(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    text = f"@everyone {world.alice.mention} {world.bob.mention}, your turn"
    allowed = discord.AllowedMentions(users=[discord.Object(world.alice.id)])
    sent = await bot.get_partial_messageable(world.channel.id).send(text, allowed_mentions=allowed)
    message = fake.message(sent.id)
    assert message.mentions == [world.alice.id]
    assert not message.mention_everyone and not message.mention_roles


def test_the_fake_pings_as_discord_does_without_allowed_mentions(fake: FakeDiscord, world: World) -> None:
    """What the default protects against: a message with no allowed_mentions pings all it names."""
    text = f"@everyone {world.bob.mention} <@!{world.carol.id}>"
    message = fake.create_message(world.channel, {"content": text}, {})
    assert message.mention_everyone and message.mentions == [world.bob.id, world.carol.id]
    quiet = fake.create_message(world.channel, {"content": text, "allowed_mentions": {"parse": []}}, {})
    assert not fake.pinged(quiet)
