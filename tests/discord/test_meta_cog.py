"""The bot shell end to end: slash command, persistent button, DMs closed, 429/500 retries, restarts."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.client import MahjongBot
from bot.config import BotConfig
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World, connect_bot, stop_bot

MESSAGES = "POST /channels/{channel_id}/messages"
PNG = b"\x89PNG\r\n\x1a\n"


async def test_ping_answers_within_the_three_second_deadline(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "ping", channel=world.channel)

    assert ix.response_type == 4
    assert fake.answered_in_time(ix)
    assert ix.original is not None
    assert ix.original.content.startswith("Pong!") and "ping #1" in ix.original.content
    assert ix.original.custom_ids() == ["meta:ping:1"]
    assert fake.channel_messages(world.channel) == [ix.original]
    fetched = await bot.get_partial_messageable(world.channel.id).fetch_message(ix.original.id)
    assert fetched.interaction_metadata is not None
    assert fetched.interaction_metadata.user.id == world.alice.id


async def test_commands_are_synced_globally_at_start_up(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    names = {c["name"] for c in fake.commands[None]}
    assert {"ping", "hello"} <= names


async def test_ping_again_button_edits_the_same_message(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    first = (await fake.slash(world.alice, "ping", channel=world.channel)).original
    assert first is not None

    click = await fake.click(world.bob, first, "meta:ping:1")

    assert click.response_type == 7
    message = fake.message(first)
    assert "ping #2" in message.content
    assert message.custom_ids() == ["meta:ping:2"]
    assert len(message.versions) == 1
    assert len(fake.channel_messages(world.channel)) == 1


async def test_button_sent_before_a_restart_works_after_it(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    old_bot, old_task = await connect_bot(fake, database=database)
    first = (await fake.slash(world.alice, "ping", channel=world.channel)).original
    assert first is not None
    await stop_bot(old_bot, old_task)

    new_bot, new_task = await connect_bot(fake, database=database)
    try:
        click = await fake.click(world.carol, first, "meta:ping:1")
        assert click.response_type == 7
        assert "2 回目の ping" in fake.message(first).content  # carol reads Japanese
        assert fake.message(first).custom_ids() == ["meta:ping:2"]
        assert fake.identifies == 2
    finally:
        await stop_bot(new_bot, new_task)


async def test_hello_sends_a_dm_and_answers_ephemerally(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "hello", channel=world.channel)
    assert ix.response_type == 5  # deferred: opening a DM may be slow

    dm = await fake.wait_for_message(to=world.alice)
    reply = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and not m.flags & 128)

    assert dm.content.startswith("Hello!")
    assert reply.ephemeral and reply.content == "Sent you a direct message."
    assert fake.dms(world.alice) == [dm]
    assert fake.dms(world.bob) == []


@pytest.mark.parametrize(
    ("who", "explanation"),
    [
        ("bob", "I couldn't send you a direct message: your DMs are closed."),
        ("dave", "無法傳送私訊給你：你的私訊已關閉。"),  # dave's Discord is in Traditional Chinese
    ],
    ids=["en", "zh-TW"],
)
async def test_hello_with_dms_closed_explains_in_the_users_language_instead_of_failing(
    fake: FakeDiscord, world: World, bot: MahjongBot, who: str, explanation: str
) -> None:
    user = getattr(world, who)
    fake.close_dms(user)

    ix = await fake.slash(user, "hello", channel=world.channel)
    reply = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and m.content != "")

    assert reply.content.startswith(explanation)
    assert reply.ephemeral
    assert fake.dms(user) == []
    assert [r.recipient_id for r in fake.sent("dm_refused")] == [user.id]


async def test_ping_answers_and_labels_its_button_in_the_users_language(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    ix = await fake.slash(world.carol, "ping", channel=world.channel)

    assert ix.original is not None
    assert (
        ix.original.content.startswith("Pong！（ゲートウェイ遅延 ") and "1 回目の ping" in ix.original.content
    )
    assert ix.original.button_labels() == ["もう一度 ping"]
    assert ix.original.custom_ids() == ["meta:ping:1"]


async def test_ping_again_answers_whoever_clicks_in_their_language(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    first = (await fake.slash(world.alice, "ping", channel=world.channel)).original
    assert first is not None and first.button_labels() == ["Ping again"]

    await fake.click(world.dave, first, "meta:ping:1")

    message = fake.message(first)
    assert message.content.startswith("Pong！（閘道延遲 ") and "第 2 次 ping" in message.content
    assert message.button_labels() == ["再 ping 一次"]
    assert message.custom_ids() == ["meta:ping:2"]


async def test_hello_dm_and_answer_are_in_the_language_of_who_asked(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    ix = await fake.slash(world.carol, "hello", channel=world.channel)
    dm = await fake.wait_for_message(to=world.carol)
    reply = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and not m.flags & 128)

    assert dm.content == "こんにちは！対局中はあなたの手牌がここに届きます。"
    assert reply.ephemeral and reply.content == "DMを送りました。"


async def test_a_429_is_retried_after_retry_after(fake: FakeDiscord, world: World, bot: MahjongBot) -> None:
    fake.rate_limit_next(MESSAGES, times=1, retry_after=0.3)

    await fake.slash(world.alice, "hello", channel=world.channel)
    dm = await fake.wait_for_message(to=world.alice)

    assert dm.content.startswith("Hello!")
    attempts = [r for r in fake.requests if r.route == MESSAGES]
    assert [r.status for r in attempts] == [429, 200]
    assert attempts[1].at - attempts[0].at >= 0.3
    assert len(fake.dms(world.alice)) == 1


async def test_a_500_is_retried(fake: FakeDiscord, world: World, bot: MahjongBot) -> None:
    fake.fail_next(MESSAGES, times=1, status=500)

    await fake.slash(world.alice, "hello", channel=world.channel)
    dm = await fake.wait_for_message(to=world.alice, timeout=5.0)

    assert dm.content.startswith("Hello!")
    assert [r.status for r in fake.requests if r.route == MESSAGES] == [500, 200]


async def test_after_a_dropped_connection_the_bot_resumes(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    await fake.drop_connection()
    await fake.wait_until(lambda: fake.resumes == 1 and fake.connected is not None, what="a RESUME")

    ix = await fake.slash(world.dave, "ping", channel=world.channel)

    assert ix.response_type == 4
    assert fake.identifies == 1


async def test_interactions_sent_during_an_outage_are_replayed_on_resume(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    fake.interaction_deadline = 10.0  # the bot waits out discord.py's reconnect backoff (0-2 s) first
    async with fake.gateway_outage():
        ix = await fake.slash(world.bob, "ping", channel=world.channel, wait=False)
        assert ix.response_type is None

    await fake.wait_response(ix, timeout=8.0)

    assert ix.response_type == 4 and fake.resumes == 1 and fake.identifies == 1


class NoIdentifyPauseBot(MahjongBot):
    """discord.py waits 5 s before a repeated IDENTIFY (Discord's limit); the fake does not need it."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_an_unknown_session_makes_the_bot_identify_again(fake: FakeDiscord, world: World) -> None:
    bot, task = await connect_bot(fake, bot_cls=NoIdentifyPauseBot)
    try:
        await fake.invalidate_sessions()
        await fake.wait_until(
            lambda: fake.identifies == 2 and fake.connected is not None, what="a new IDENTIFY"
        )

        ix = await fake.slash(world.carol, "ping", channel=world.channel)

        assert ix.response_type == 4 and fake.resumes == 0
    finally:
        await stop_bot(bot, task)


async def test_guild_sync_when_configured(fake: FakeDiscord, world: World, start_bot: StartBot) -> None:
    bot = await start_bot()
    bot.config = BotConfig(token=fake.token, sync_guilds=(world.guild.id,))
    await bot.sync_commands()

    assert {c["name"] for c in fake.commands[world.guild.id]} >= {"ping", "hello"}
    ix = await fake.slash(world.alice, "ping", channel=world.channel)
    assert ix.response_type == 4


async def test_application_emojis_are_uploaded_once_across_restarts(fake: FakeDiscord, world: World) -> None:
    images = {"tile_1m": PNG + b"one", "tile_2m": PNG + b"two"}
    first_bot, first_task = await connect_bot(fake)
    try:
        first = await first_bot.sync_application_emojis(images)
    finally:
        await stop_bot(first_bot, first_task)
    second_bot, second_task = await connect_bot(fake)
    try:
        second = await second_bot.sync_application_emojis({**images, "tile_3m": PNG + b"three"})
    finally:
        await stop_bot(second_bot, second_task)

    assert [r.content for r in fake.sent("emoji")] == ["tile_1m", "tile_2m", "tile_3m"]
    assert {n: e.id for n, e in first.items()} == {n: second[n].id for n in images}
    assert fake.emoji_images[second["tile_3m"].id] == PNG + b"three"


async def test_the_bot_asks_for_no_privileged_intent(fake: FakeDiscord, world: World) -> None:
    await connect_bot_and_stop(fake)  # the default intents are accepted
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await connect_bot(fake, intents=discord.Intents.all())


async def connect_bot_and_stop(fake: FakeDiscord) -> None:
    bot, task = await connect_bot(fake)
    await stop_bot(bot, task)
