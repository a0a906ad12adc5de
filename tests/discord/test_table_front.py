"""What players see of a table through the loopback Discord (issue 20): buttons in hand order, one living
DM panel per player (few new DM messages per hand), the table message re-posted after a moderator deletes
it and kept single across a restart, closed-DM players mentioned (only them), no live buttons left in DMs
once a table closes."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.engine.registry import RULE_SETS
from bot.hand.tiles import kind_of
from bot.i18n import t
from bot.service.table import Table
from cogs.table import MAX_NEW_PER_HAND
from tests.discord.test_table_game import PLAYABLE, open_full_table
from tests.discord.test_table_support import (
    action_controls,
    drawn_view,
    finished_table,
    open_prompt,
    play_by_dm,
    press,
    prompt_key,
    running_table_bot,
    table_bot,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.fixtures import StartBot, World
from tests.fakediscord.interaction_api import DEFERRED_UPDATE, UPDATE_MESSAGE
from tests.fakediscord.state import FakeDiscordError


async def full_table(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> tuple[Any, list[FakeUser], Table]:
    """A running table of ``rules`` with a human in every seat."""
    cog = await table_bot(start_bot)
    users = world.players[: RULE_SETS[rules].players]
    return cog, users, await open_full_table(fake, world, cog, rules, users)


def discard_indices(message: FakeMessage) -> list[int]:
    """The legal-action indices of the discard controls, in the order a player sees them."""
    out = []
    for control in action_controls(message):
        if control["type"] == 2 and control["custom_id"].endswith(":discard"):
            out.append(int(control["custom_id"].split(":")[5]))
        elif control["type"] == 3 and "discard" in str(control.get("placeholder", "")).lower():
            out += [int(option["value"]) for option in control["options"]]
    return out


def hand_order_key(tile: int, drawn: int | None) -> tuple[int, int, int]:
    return (int(tile == drawn), kind_of(tile), tile)


@pytest.mark.parametrize("rules", PLAYABLE)
async def test_discard_buttons_follow_the_hand_as_drawn_with_the_drawn_tile_last(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    cog, users, table = await full_table(fake, world, start_bot, rules)
    checked = 0
    handled: set[Any] = set()
    while checked < 6 and table.status == "running":
        user, message = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="a prompt")
        handled.add((message.id, tuple(c["custom_id"] for c in action_controls(message))))
        seat = table.seat_of(user.id)
        assert seat is not None and table.game is not None
        legal = table.game.legal_actions(seat)
        shown = discard_indices(message)
        if shown:
            drawn = table.game.view(seat)["seats"][seat].get("drawn")
            tiles = [legal[i].tile for i in shown]
            assert all(isinstance(x, int) for x in tiles)
            assert tiles == sorted(tiles, key=lambda x: hand_order_key(int(x), drawn)), (rules, tiles)  # type: ignore[arg-type]
            if drawn is not None and any(legal[i].tile == drawn for i in shown):
                assert tiles[-1] == drawn
            checked += 1
        await press(fake, user, message)
    assert checked >= 3
    fake.check_deadlines()


def new_dm_messages_per_hand(fake: FakeDiscord, world: World, users: list[FakeUser]) -> list[int]:
    """New DM messages each player got in each hand (hands split by the results posted in the channel)."""
    ends = [
        r.at
        for r in fake.records
        if r.kind == "message" and r.channel_id == world.channel.id and "result.png" in r.files
    ]
    counts = []
    for user in users:
        times = [r.at for r in fake.records if r.kind == "message" and r.recipient_id == user.id]
        start = float("-inf")
        for end in ends:
            counts.append(sum(1 for at in times if start < at <= end))
            start = end
    return counts


async def test_a_seat_asked_again_at_once_gets_the_next_question_in_the_panel_it_clicked(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    """Sichuan's exchange is three rounds of picks, every seat at once.  The pick that completes a round
    asks its seat for the next pick at once: it is acknowledged without editing the panel, and the next
    pick is edited into it (a "played" edit could reach Discord after the next question and take its
    buttons away).  The other picks of the round say "played" as usual."""
    cog, users, table = await full_table(fake, world, start_bot, "sichuan")
    handled: set[Any] = set()
    responses = []
    for _ in users:
        user, panel = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="a pick")
        handled.add(prompt_key(panel))
        responses.append((await press(fake, user, panel)).response_type)
    assert responses == [UPDATE_MESSAGE] * (len(users) - 1) + [DEFERRED_UPDATE]

    def next_pick() -> FakeMessage | None:
        now = next(m for m in fake.dms(user) if m.id == panel.id)
        return now if action_controls(now) and prompt_key(now) not in handled else None

    assert await fake.wait_until(next_pick, what="the next pick in the same panel")
    await cog.service.close()


async def test_a_click_on_the_next_question_before_discord_answers_its_send_leaves_no_old_buttons(
    fake: FakeDiscord, world: World, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A panel held for the seat's next question keeps its buttons until that question comes.  When the
    question comes as a new DM (here every question is announced: no quiet time) and the player clicks
    it before Discord's answer to the send reaches the bot, the held panel must still lose its buttons:
    the click makes the new DM the living panel, it must not make the bot forget the old one."""
    import cogs.table.panels as panels

    monkeypatch.setattr(panels, "QUIET_AFTER", 0.0)
    send = panels.try_dm
    sends: dict[int, int] = {}

    async def answered_late(user: Any, **message: Any) -> Any:
        sent = await send(user, **message)
        sends[user.id] = sends.get(user.id, 0) + 1
        if sends[user.id] > 1:  # after the first picks: the message is in the DM, the bot hears later
            await asyncio.sleep(0.3)
        return sent

    monkeypatch.setattr(panels, "try_dm", answered_late)
    cog, users, table = await full_table(fake, world, start_bot, "sichuan")
    handled: set[Any] = set()
    held: list[tuple[FakeUser, FakeMessage]] = []
    for _ in users:  # the first exchange pick of every seat; the one that completes the round is held
        user, panel = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="a pick")
        handled.add(prompt_key(panel))
        if (await press(fake, user, panel)).response_type == DEFERRED_UPDATE:
            held.append((user, panel))
    assert len(held) == 1
    user, old = held[0]

    def next_question() -> FakeMessage | None:
        newer = [m for m in fake.dms(user) if m.id > old.id and action_controls(m)]
        return newer[0] if newer else None

    question = await fake.wait_until(next_question, what="the next pick as a new DM")
    await press(fake, user, question)  # before the bot has heard that its send went through
    await fake.wait_until(
        lambda: not action_controls(fake.message(old.id)), timeout=3.0, what="the held panel stripped"
    )
    await cog.service.close()


@pytest.mark.parametrize("rules", ["riichi", "sichuan", "taiwan"])
async def test_a_player_gets_at_most_a_few_new_dm_messages_per_hand_and_none_keeps_buttons(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    from tests.discord.test_table_game import SHORT

    cog, users, table = await full_table(fake, world, start_bot, rules)
    clicks = await play_by_dm(fake, users, finished_table(table))
    await cog.service.idle(table)
    counts = new_dm_messages_per_hand(fake, world, users)
    print(f"{rules} ({SHORT[rules]}): {clicks} clicks; new DM messages per player per hand {counts}")
    assert counts and max(counts) <= MAX_NEW_PER_HAND
    edits = [r for r in fake.records if r.kind == "edit" and r.recipient_id in {u.id for u in users}]
    assert len(edits) > sum(counts)  # the panels were mostly edited, not re-sent
    # The closing edits go out after the game's last press; one may wait out its DM channel's full
    # edit bucket (5 per 5 s, as Discord), so give it that window and a margin, not the default 3 s.
    try:
        await fake.wait_until(
            lambda: not any(action_controls(m) for u in users for m in fake.dms(u)),
            timeout=8.0,
            what="panels closed",
        )
    except FakeDiscordError as timed_out:  # name the panels that kept their buttons
        live = [(u.name, m.id, m.content[:60]) for u in users for m in fake.dms(u) if action_controls(m)]
        raise FakeDiscordError(f"{timed_out}; still with buttons: {live}") from None


@pytest.mark.parametrize("rules", ["riichi", "sichuan", "taiwan"])
async def test_a_players_dm_picture_is_the_table_from_their_own_seat_and_shows_no_other_hand(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    cog, users, table = await full_table(fake, world, start_bot, rules)
    await play_by_dm(fake, users, finished_table(table), stop_after=12)
    seat_of = {u.id: table.seat_of(u.id) for u in users}
    pictures = 0
    for record in fake.records:
        if record.recipient_id is None:
            continue
        for data in record.files.values():
            drawn = drawn_view(data)
            seat = seat_of[record.recipient_id]
            assert drawn["view"]["seat"] == seat  # drawn from the player's own seat: their hand at the bottom
            assert drawn["names"] == [m.name for m in table.members]
            others = [s for i, s in enumerate(drawn["view"]["seats"]) if i != seat]
            assert all("concealed" not in s and "drawn" not in s for s in others)
            assert "concealed" in drawn["view"]["seats"][seat]
            pictures += 1
    assert pictures >= 12


def table_messages(fake: FakeDiscord, world: World) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(world.channel) if "table.png" in m.files()]


async def test_a_deleted_table_message_is_posted_again_without_a_warning_storm(
    fake: FakeDiscord, world: World, start_bot: StartBot, caplog: pytest.LogCaptureFixture
) -> None:
    cog = await table_bot(start_bot)
    users = world.players
    table = await open_full_table(fake, world, cog, "riichi", users)
    first = await fake.wait_until(lambda: table_messages(fake, world), what="the table picture")
    first[0].deleted = True  # a moderator deletes it
    caplog.set_level(logging.INFO)
    await play_by_dm(fake, users, finished_table(table), stop_after=8)
    again = await fake.wait_until(lambda: table_messages(fake, world), what="a new table message")
    assert len(again) == 1 and again[0].id != first[0].id
    await play_by_dm(fake, users, finished_table(table), stop_after=4)
    assert len(table_messages(fake, world)) == 1
    noisy = [r for r in caplog.records if r.name.startswith("cogs") and r.levelno >= logging.WARNING]
    assert not noisy, [r.getMessage() for r in noisy]


async def test_after_a_restart_the_table_keeps_one_table_message(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    database = tmp_path / "restart.sqlite3"
    users = world.players
    async with running_table_bot(fake, database) as cog:
        table = await open_full_table(fake, world, cog, "riichi", users)
        await play_by_dm(fake, users, finished_table(table), stop_after=6)
        before = [m.id for m in fake.channel_messages(world.channel) if m.components]
        game_id = table.game_id
    async with running_table_bot(fake, database) as cog:
        restored: Table = cog.service.table_of_game(game_id)
        mark = fake.mark()
        await play_by_dm(fake, users, finished_table(restored), stop_after=6)
        await fake.wait_until(
            lambda: any(r.kind == "edit" and r.message_id in before for r in fake.sent(since=mark)),
            what="the old table message edited",
        )
        live = [m for m in fake.channel_messages(world.channel) if m.components]
        assert [m.id for m in live] == before  # one table message with "Show my hand": the same one


async def test_a_table_changed_while_the_cog_unloads_starts_no_edit_that_outlives_the_bot(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    """A press being handled while the cog unloads still tells the front the table changed; an edit
    started then would wait out the edit interval after the bot closed (once seen in CI: a cluster
    test's teardown found a table-message edit task still running)."""
    cog = await table_bot(start_bot)
    table = await open_full_table(fake, world, cog, "riichi", world.players)
    await fake.wait_until(lambda: table_messages(fake, world), what="the table message")
    await cog.front.close()
    mark = fake.mark()
    cog.front.table_changed_soon(table)
    for _ in range(10):
        await asyncio.sleep(0)
    edits = [task for task in asyncio.all_tasks() if "_flush" in task.get_coro().__qualname__]
    assert not edits and not fake.sent(since=mark)


async def test_a_closed_dm_player_is_mentioned_on_their_turn_and_only_they_are_pinged(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    cog = await table_bot(start_bot)
    bob = world.bob
    fake.close_dms(bob)
    await fake.slash(bob, "mahjong new", {"rules": "riichi", "length": "east"}, channel=world.channel)
    for _ in range(3):
        await fake.slash(bob, "mahjong addbot", channel=world.channel)
    await fake.slash(bob, "mahjong start", channel=world.channel)
    table = cog.service.table_in(world.channel.id)
    assert table is not None
    allowed = {"parse": [], "users": [bob.id]}
    notice = await fake.wait_for_message(
        lambda m: m.content == t("table.dm_closed", "en", player=f"<@{bob.id}>"), channel=world.channel
    )
    assert next(r for r in fake.records if r.message_id == notice.id).raw["allowed_mentions"] == allowed
    for _ in range(2):  # bob plays from the channel; each new question mentions him again
        ix = await fake.click(bob, notice, fake.button_by_label(notice, t("table.show_hand", "en")))
        panel = await fake.wait_until(lambda ix=ix: answered(ix), what="his panel")
        assert action_controls(panel), panel.content
        await press(fake, bob, panel)
        ping = await fake.wait_for_record(
            lambda r, ix=ix: (
                r.kind == "message"
                and r.channel_id == world.channel.id
                and r.content
                in (
                    t("table.ping_turn", "en", player=f"<@{bob.id}>"),
                    *(t("table.ping_call", "en", player=f"<@{bob.id}>", tile=x) for x in tile_names()),
                )
                and r.at > ix.dispatched_at
            ),
            timeout=10,
        )
        assert ping.raw["allowed_mentions"] == allowed
        assert t("table.show_hand", "en") in str(ping.components)
        notice = fake.message(ping.message_id)  # type: ignore[arg-type]
    for record in fake.records:
        if record.kind == "message" and record.channel_id == world.channel.id and record.raw:
            mentions = record.raw.get("allowed_mentions")
            assert mentions is not None and not mentions.get("parse"), record.content
            assert set(mentions.get("users", [])) <= {bob.id}
    await fake.slash(bob, "mahjong abort", channel=world.channel)


def tile_names() -> list[str]:
    return [f"{n}{s}" for s in "mpsz" for n in range(10)]


def answered(ix: Any) -> FakeMessage | None:
    if ix.followups:
        return ix.followups[-1]  # type: ignore[no-any-return]
    message = ix.original
    return message if message is not None and not message.flags & 128 and message.content else None
