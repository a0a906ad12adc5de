"""Issue 39: every DM panel loses its controls when its table closes, however it closes."""

from __future__ import annotations

from tests.discord.test_table_game import open_full_table
from tests.discord.test_table_support import (
    action_controls,
    finished_table,
    open_prompt,
    play_by_dm,
    press,
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
