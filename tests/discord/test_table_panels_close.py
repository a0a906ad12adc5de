"""Issue 39: every DM panel loses its controls when its table closes, however it closes."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

from tests.discord.test_table_game import open_full_table
from tests.discord.test_table_support import (
    action_controls,
    finished_table,
    open_prompt,
    play_by_dm,
    press,
    prompt_key,
    table_bot,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


async def test_an_aborted_all_human_table_leaves_no_dm_panel_with_live_controls(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    cog = await table_bot(start_bot)
    users = world.players[:3]
    table = await open_full_table(fake, world, cog, "sanma", users)
    await play_by_dm(fake, users, finished_table(table), stop_after=6)
    user, panel = await fake.wait_until(lambda: open_prompt(fake, users, set()), what="a prompt")
    await press(fake, user, panel)
    await fake.wait_until(lambda: open_prompt(fake, users, set()), what="the next prompt")
    await fake.slash(users[0], "mahjong abort", channel=world.channel)
    await fake.wait_until(lambda: table.status == "aborted", what="the table to close")
    await cog.service.idle(table)

    def live() -> list[int]:
        return [m.id for u in users for m in fake.dms(u) if action_controls(m)]

    await fake.wait_until(lambda: not live(), what="every panel without controls")


async def test_a_question_still_on_its_way_when_the_game_ends_loses_its_controls(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    """The last question of a game can reach the player after the game ended and its panels were closed
    (its picture was being drawn, its DM waited for the rate limit): it must not stay with live buttons.
    Seen in CI as a sichuan panel "Your turn." keeping its buttons after the game."""
    cog = await table_bot(start_bot)
    users = world.players[:3]
    table = await open_full_table(fake, world, cog, "sanma", users)
    user, panel = await fake.wait_until(lambda: open_prompt(fake, users, set()), what="a prompt")
    await press(fake, user, panel)
    await fake.wait_until(lambda: open_prompt(fake, users, set()), what="the next prompt")
    await cog.service.idle(table)
    seat, seq = next(iter(table.prompts.items()))
    front = cog.front
    drawing = asyncio.Event()
    release = asyncio.Event()
    draw = front.hand_picture

    async def held_picture(*args: Any) -> bytes | None:
        drawing.set()
        await release.wait()
        return await draw(*args)

    front.hand_picture = held_picture  # type: ignore[method-assign]
    for new_message in (False, True):  # the living panel edited, then a new DM (a buried panel)
        drawing.clear()
        release.clear()
        if new_message:
            front.bury(table, seat)
        asking = asyncio.create_task(front.prompt(table, seat, seq, None))
        await drawing.wait()
        table.status = "finished"  # as the service marks a game that ended, before its panels close
        await front.close_panels(table)
        release.set()
        await asking

        def live() -> list[int]:
            return [m.id for u in users for m in fake.dms(u) if action_controls(m)]

        await fake.wait_until(lambda: not live(), what="every panel without controls")
        table.status = "running"


async def test_a_dm_pressed_for_a_question_that_is_gone_loses_its_controls(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    """A stale press of a seat that has a question now is answered with a new panel holding it, below
    the pressed message: that message's question is gone, so it loses its controls (before, its buttons
    stayed, even after the table closed: the flaky
    test_an_aborted_all_human_table_leaves_no_dm_panel_with_live_controls)."""
    cog = await table_bot(start_bot)
    users = world.players[:3]
    table = await open_full_table(fake, world, cog, "sanma", users)
    user, first = await fake.wait_until(lambda: open_prompt(fake, users, set()), what="a prompt")
    answered = prompt_key(first)
    old = copy.deepcopy(first.components)
    await press(fake, user, first)
    others = [u for u in users if u is not user]

    def asked_again() -> bool:
        found = open_prompt(fake, [user], set())
        return found is not None and prompt_key(found[1]) != answered

    await play_by_dm(fake, others, asked_again)
    # the answered question, pressed again from a second copy of the panel
    stale = fake.create_message(first.channel, {"content": "old panel", "components": old}, {})
    await press(fake, user, stale)
    await fake.wait_until(
        lambda: not action_controls(fake.message(stale)), what="the old copy without controls"
    )
    assert open_prompt(fake, [user], set()) is not None  # the seat's question is still there to answer
    assert table.status == "running"
    fake.check_deadlines()
