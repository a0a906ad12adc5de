"""Issue 39: a closed-DM player's private panel ("Show my hand") lives on its interaction's token, which
Discord expires after 15 minutes; a press on it after that is answered with a new private panel (the
choice taken), never an error."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from tests.discord.test_table_support import action_controls, press, table_bot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.fixtures import StartBot, World

EPHEMERAL = 64


def _answer(ix: Any) -> FakeMessage | None:
    if ix.followups:
        return ix.followups[-1]  # type: ignore[no-any-return]
    message = ix.original
    if message is None or message.flags & 128 or not message.content:
        return None
    return message  # type: ignore[no-any-return]


async def test_a_press_on_a_private_panel_older_than_its_token_answers_with_a_new_private_panel(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    cog = await table_bot(start_bot)
    bob = world.bob
    fake.close_dms(bob)
    cog.service.timing = type(cog.service.timing)(turn=3600.0, claim=3600.0, computer=0.0)
    await fake.slash(bob, "mahjong new", {"rules": "sanma", "length": "east"}, channel=world.channel)
    for _ in range(2):
        await fake.slash(bob, "mahjong addbot", channel=world.channel)
    await fake.slash(bob, "mahjong start", channel=world.channel)
    table = cog.service.table_in(world.channel.id)
    assert table is not None
    notice = await fake.wait_for_message(
        lambda m: f"<@{bob.id}>" in m.content and bool(m.components), channel=world.channel
    )
    seat = table.seat_of(bob.id)
    await fake.wait_until(
        lambda: table.game is not None and seat in table.game.waiting_for() and seat in table.notified,
        what="bob to be asked",
    )
    shown = await fake.click(bob, notice, fake.button_by_label(notice, t("table.show_hand", "en")))
    panel = await fake.wait_until(lambda: _answer(shown), what="the private panel")
    assert panel.flags & EPHEMERAL and action_controls(panel)
    decisions = len(table.game.decisions)  # type: ignore[union-attr]
    before = panel.content

    fake.age_token(shown, 15 * 60 + 1)  # bob comes back to the panel sixteen minutes later
    pressed = await press(fake, bob, panel)
    fresh = await fake.wait_until(lambda: _answer(pressed), what="a new private panel")
    assert fresh.id != panel.id and fresh.flags & EPHEMERAL
    assert t("error.generic", "en") not in fresh.content
    assert len(table.game.decisions) > decisions  # type: ignore[union-attr]  # the choice was taken
    assert fake.message(panel).content == before  # the expired one could not be edited
    fake.check_deadlines()
