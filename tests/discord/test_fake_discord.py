"""The fake itself, driven through the real discord.py client and the test-only probe cog: it must
speak Discord's dialect (typed options, selects, modals, files, ephemeral visibility) and refuse what
Discord refuses (bad options, disabled buttons, oversized components, late answers)."""

from __future__ import annotations

import re

import pytest

from bot.client import EXTENSIONS, MahjongBot
from tests.fakediscord import FakeDiscord, FakeDiscordError
from tests.fakediscord.fixtures import StartBot, World

PROBE = (*EXTENSIONS, "tests.discord.probe_cog")


@pytest.fixture
async def probe_bot(fake: FakeDiscord, world: World, start_bot: StartBot) -> MahjongBot:
    return await start_bot(extensions=PROBE)


async def test_slash_options_arrive_typed(fake: FakeDiscord, world: World, probe_bot: MahjongBot) -> None:
    ix = await fake.slash(
        world.carol,
        "probe echo",
        {"count": 3, "who": world.bob, "mode": "slow", "loud": True},
        channel=world.channel,
    )

    assert ix.original is not None
    assert ix.original.content == f"count=3:int who={world.bob.id} mode=slow loud=True locale=ja"


async def test_optional_options_may_be_left_out(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "probe echo", {"count": 1, "who": world.alice}, channel=world.channel)

    assert ix.original is not None and "mode=fast loud=False" in ix.original.content


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"count": 3}, "required option 'who'"),
        ({"count": 3, "who": None, "colour": "red"}, "unknown option(s) colour"),
        ({"count": 9, "who": None}, "within [1, 5]"),
        ({"count": 2, "who": None, "mode": "medium"}, "not a choice"),
        # lengths as Discord's client counts them (UTF-16 units); an empty value cannot be sent
        ({"count": 2, "who": None, "note": "x" * 11}, "'note' takes 2-10 characters, got 11"),
        ({"count": 2, "who": None, "note": "🀄" * 6}, "'note' takes 2-10 characters, got 12"),
        ({"count": 2, "who": None, "note": "x"}, "'note' takes 2-10 characters, got 1"),
        ({"count": 2, "who": None, "text": ""}, "'text' takes 1-6000 characters, got 0"),
        ({"count": 2, "who": None, "text": "x" * 6001}, "'text' takes 1-6000 characters, got 6001"),
        ({"count": 2, "who": None, "big": 2**53}, "'big' must be within"),
    ],
)
async def test_options_a_discord_client_cannot_send_are_refused(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot, options: dict[str, object], problem: str
) -> None:
    options = {k: (world.bob if v is None else v) for k, v in options.items()}
    with pytest.raises(FakeDiscordError, match=re.escape(problem)):
        await fake.slash(world.alice, "probe echo", options, channel=world.channel)


async def test_unregistered_command_is_refused(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    with pytest.raises(FakeDiscordError, match="not a registered command"):
        await fake.slash(world.alice, "no-such-command", channel=world.channel)


async def test_select_menu_pick_reaches_the_bot(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    menu = (await fake.slash(world.alice, "probe pick", channel=world.channel)).original
    assert menu is not None

    with pytest.raises(FakeDiscordError, match="no option"):
        await fake.select(world.alice, menu, "probe:pick", ["2m"])
    with pytest.raises(FakeDiscordError, match="1-2 values"):
        await fake.select(world.alice, menu, "probe:pick", ["1m", "5p", "9s"])
    ix = await fake.select(world.alice, menu, "probe:pick", ["5p", "7z"])

    assert ix.response_type == 7
    assert fake.message(menu).content == "picked 5p,7z"
    assert fake.message(menu).components == []


async def test_user_select_sends_resolved_users(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    menu = (await fake.slash(world.alice, "probe seat", channel=world.channel)).original
    assert menu is not None

    await fake.select(world.alice, menu, "probe:seat", [world.carol, world.bob])

    assert fake.message(menu).content == "seated bob,carol"


async def test_modal_round_trip(fake: FakeDiscord, world: World, probe_bot: MahjongBot) -> None:
    opened = await fake.slash(world.dave, "probe form", channel=world.channel)
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Who are you?"

    submitted = await fake.submit_modal(world.dave, opened, {"probe:name": "Dave"})

    assert submitted.original is not None
    assert submitted.original.content == "hello Dave" and submitted.original.ephemeral


async def test_files_are_recorded_with_their_bytes(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "probe file", channel=world.channel)
    await fake.wait_until(
        lambda: ix.original is not None and len(ix.original.versions) == 2, what="two edits"
    )

    assert ix.original is not None
    assert ix.original.content == "your hand"
    assert ix.original.files() == {"hand2.png": b"\x89PNG second"}
    uploads = [r.files for r in fake.records if r.interaction_id == ix.id and r.files]
    assert uploads == [{"hand.png": b"\x89PNG first"}, {"hand2.png": b"\x89PNG second"}]


async def test_a_file_in_the_initial_response_arrives_as_multipart(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "probe card", channel=world.channel)

    assert ix.response_type == 4 and ix.original is not None
    assert ix.original.files() == {"card.png": b"\x89PNG card"}
    assert ix.original.embeds[0]["image"]["url"] == "attachment://card.png"
    response = fake.sent("interaction_response")[-1]
    assert response.files == {"card.png": b"\x89PNG card"}


async def test_ephemeral_messages_are_only_clickable_by_their_owner(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    secret = (await fake.slash(world.alice, "probe secret", channel=world.channel)).original
    assert secret is not None and secret.ephemeral

    with pytest.raises(FakeDiscordError, match="cannot see the ephemeral message"):
        await fake.click(world.bob, secret, "probe:reveal")
    with pytest.raises(FakeDiscordError, match="disabled"):
        await fake.click(world.alice, secret, "probe:locked")
    ix = await fake.click(world.alice, secret, "probe:reveal")

    assert ix.original is not None and ix.original.content == "revealed"
    assert fake.channel_messages(world.channel) == []


async def test_too_many_action_rows_are_refused_like_discord(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    ix = await fake.slash(world.alice, "probe rows", {"n": 6}, channel=world.channel)
    reply = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and m.content != "")

    assert fake.rejections == [
        ("POST /channels/{channel_id}/messages", ["components: at most 5 action rows (got 6)"])
    ]
    assert reply.content.startswith("Sorry, something went wrong")  # the tree's error handler answered
    assert fake.channel_messages(world.channel) == []


async def test_five_action_rows_are_fine(fake: FakeDiscord, world: World, probe_bot: MahjongBot) -> None:
    await fake.slash(world.alice, "probe rows", {"n": 5}, channel=world.channel)
    message = await fake.wait_for_message(channel=world.channel)

    assert len(message.components) == 5 and fake.rejections == []


async def test_an_answer_after_the_deadline_is_refused(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    probe = probe_bot.get_cog("Probe")
    assert probe is not None
    probe.slow_seconds = 0.3  # type: ignore[attr-defined]
    fake.interaction_deadline = 0.1

    ix = await fake.slash(world.alice, "probe slow", channel=world.channel, wait=False)
    late = await fake.wait_for_record(lambda r: r.kind == "late_response" and r.interaction_id == ix.id)

    assert late.latency is not None and late.latency >= 0.3
    assert ix.response_type is None
    await fake.wait_until(lambda: probe.errors, what="the bot to see the error")  # type: ignore[attr-defined]
    assert probe.errors[0].code == 10062  # type: ignore[attr-defined]


async def test_emulated_rate_limits_are_respected_by_discord_py(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    fake.emulate_rate_limit("POST /channels/{channel_id}/messages", limit=2, per=0.4)

    await fake.slash(world.alice, "probe burst", {"n": 5}, channel=world.channel)
    await fake.wait_for_message(lambda m: m.content == "done", timeout=5.0)

    posts = [r for r in fake.requests if r.route == "POST /channels/{channel_id}/messages"]
    assert [m.content for m in fake.channel_messages(world.channel)] == [f"burst {i}" for i in range(5)]
    assert fake.served_faults == []  # discord.py waited on the headers instead of hitting a 429
    assert posts[-1].at - posts[0].at >= 0.75  # five posts at two per 0.4 s need two waits


async def test_application_emojis_upload_and_list(fake: FakeDiscord, world: World, bot: MahjongBot) -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32

    emoji = await bot.create_application_emoji(name="tile_1m", image=png)
    listed = await bot.fetch_application_emojis()

    assert [e.name for e in listed] == ["tile_1m"] and listed[0].id == emoji.id
    assert list(fake.emoji_images.values()) == [png]
    with pytest.raises(Exception, match="already exists"):
        await bot.create_application_emoji(name="tile_1m", image=png)


async def test_scripted_user_must_be_a_member_of_the_guild(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    stranger = fake.add_user("stranger")

    with pytest.raises(FakeDiscordError, match="not a member"):
        await fake.slash(stranger, "ping", channel=world.channel)


async def test_dms_of_other_users_are_not_clickable(fake: FakeDiscord, world: World, bot: MahjongBot) -> None:
    await fake.slash(world.alice, "hello", channel=world.channel)
    dm = await fake.wait_for_message(to=world.alice)

    with pytest.raises(FakeDiscordError, match="another user's DM"):
        await fake.click(world.bob, dm, "anything")


async def test_buttons_in_dms_reach_the_bot(fake: FakeDiscord, world: World, probe_bot: MahjongBot) -> None:
    await fake.slash(world.bob, "probe dm", channel=world.channel)
    dm = await fake.wait_for_message(to=world.bob)

    ix = await fake.click(world.bob, dm, "probe:dm-ok")

    assert ix.response_type == 7
    assert fake.message(dm).content == f"clicked in DM by {world.bob.id}"


async def test_deferred_update_then_edit_of_the_original(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    message = (await fake.slash(world.alice, "probe render", channel=world.channel)).original
    assert message is not None
    mark = fake.mark()

    ix = await fake.click(world.alice, message, "probe:render")
    edit = await fake.wait_for_record(lambda r: r.kind == "edit" and r.message_id == message.id, since=mark)

    assert ix.response_type == 6
    assert edit.content == "rendered" and fake.message(message).components == []


async def test_autocomplete_offers_choices(fake: FakeDiscord, world: World, probe_bot: MahjongBot) -> None:
    choices = await fake.autocomplete(
        world.alice, "probe tile", {"name": "5"}, focused="name", channel=world.channel
    )

    assert choices == [{"name": "5p", "value": "5p"}]


async def test_commands_work_in_threads(fake: FakeDiscord, world: World, bot: MahjongBot) -> None:
    thread = fake.add_thread(world.channel, "table 1")
    await fake.wait_until(
        lambda: bot.get_channel(thread.id) is not None, what="THREAD_CREATE to reach the bot"
    )

    ix = await fake.slash(world.alice, "ping", channel=thread)

    assert ix.original is not None and ix.original.channel is thread
    assert fake.channel_messages(world.channel) == []


async def test_check_deadlines_reports_unanswered_interactions(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    await fake.slash(world.alice, "ping", channel=world.channel)
    fake.check_deadlines()  # all answered in time

    probe = probe_bot.get_cog("Probe")
    probe.slow_seconds = 0.5  # type: ignore[union-attr]
    await fake.slash(world.alice, "probe slow", channel=world.channel, wait=False)

    with pytest.raises(FakeDiscordError, match="unanswered"):
        fake.check_deadlines()
    await fake.wait_until(
        lambda: fake.interactions and all(ix.responded_at for ix in fake.interactions.values())
    )


async def test_default_member_permissions_hide_admin_commands(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    managers = fake.add_role(world.guild, "league admins", permissions=1 << 5)  # MANAGE_GUILD
    fake.add_member(world.guild, world.carol, roles=[managers])

    with pytest.raises(FakeDiscordError, match="needs permissions"):
        await fake.slash(world.alice, "probe-admin", channel=world.channel)
    ix = await fake.slash(world.carol, "probe-admin", channel=world.channel)

    assert ix.original is not None and ix.original.content == "admin ok"


async def test_guild_only_commands_are_not_offered_in_dms(
    fake: FakeDiscord, world: World, probe_bot: MahjongBot
) -> None:
    dm = fake.dm_channel(world.alice)

    with pytest.raises(FakeDiscordError, match="not available in DMs"):
        await fake.slash(world.alice, "probe-admin", channel=dm)
    ix = await fake.slash(world.alice, "ping", channel=dm)

    assert ix.original is not None and ix.original.channel is dm
    assert fake.dms(world.alice) == [ix.original]
