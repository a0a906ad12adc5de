"""/league pending and reminders through the loopback Discord: what waits for me, for whom the league
waits, a reminder after the configured time (off by default, sent once), and an admin voiding a stale game."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.store import Store
from tests.discord.league.support import (
    LEAGUE,
    MovableClock,
    game_id_of,
    open_league,
    slash,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


def fields(message: Any) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0].get("fields", [])}


async def test_pending_lists_reminds_once_after_the_set_time_and_admins_void_stale_games(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, clock: MovableClock
) -> None:
    bot = await start_bot(extensions=LEAGUE, store=store)
    cog: Any = bot.get_cog("LeagueCog")
    owner = await open_league(fake, world)
    a, b, c, d = world.players
    game = await slash(fake, world, a, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000")
    number = game_id_of(game)

    mine = await slash(fake, world, b, "league pending")
    assert mine.ephemeral and mine.embeds[0]["title"] == "Club: games waiting for confirmation"
    assert fields(mine) == {"Waiting for you": f"Game {number} · 2026-03-01 · waiting for bob, carol, dave"}
    assert mine.button_labels() == [f"Confirm #{number}"]
    theirs = await slash(fake, world, a, "league pending")
    assert fields(theirs) == {
        "Waiting for others": f"Game {number} · 2026-03-01 · waiting for bob, carol, dave"
    }
    assert theirs.custom_ids() == []

    click = await fake.click(b, mine, f"league:pconfirm:{number}")
    assert click.response_type in (6, 7)
    await fake.wait_until(
        lambda: "Waiting for you" not in fields(fake.message(mine)), what="the refreshed list"
    )
    assert fields(fake.message(mine)) == {
        "Waiting for others": f"Game {number} · 2026-03-01 · waiting for carol, dave"
    }
    await fake.wait_until(
        lambda: fake.message(game).embeds[0]["fields"][1]["name"] == "South ✅", what="the game"
    )
    assert (
        fake.message(game).content
        == f"{c.mention} {d.mention}: please confirm game {number} with the button."
    )

    # Reminders are off by default: nothing after 100 hours.
    clock.advance(hours=100)
    assert await cog.send_reminders() == 0
    saved = await slash(fake, world, owner, "league settings", reminder_hours=12)
    assert "`reminder_hours` 12" in saved.embeds[0]["description"]
    before = fake.mark()
    assert await cog.send_reminders() == 1
    reminder = await fake.wait_for_message(channel=world.channel, since=before)
    assert (
        reminder.content
        == f"{c.mention} {d.mention}: game {number} of Club still waits for your confirmation."
    )
    assert await cog.send_reminders() == 0  # once per game

    stale = await slash(fake, world, owner, "league pending")
    assert list(fields(stale)) == ["Waiting longer than 12 h (admins: confirm or void)"]
    assert stale.button_labels() == [f"Confirm #{number}", f"Void #{number}"]
    player_view = await slash(fake, world, c, "league pending")  # not an admin: no stale list, no Void
    assert list(fields(player_view)) == [t("league.pending.for_me", "ja")]
    assert player_view.button_labels() == [t("league.pending.confirm", "ja", game=number)]
    await fake.click(owner, stale, f"league:pvoid:{number}")
    await fake.wait_until(lambda: fake.message(game).embeds[0]["description"] == "Undone: it does not count.")
    assert fake.message(game).custom_ids() == []
    history = await slash(fake, world, a, "league history", game=number)
    assert history.embeds[0]["description"].split("\n")[-1].endswith("(stale: not confirmed in time)")
    fake.check_deadlines()
    assert fake.rejections == []


async def test_only_league_admins_void_a_stale_game_even_from_a_list_shown_while_they_were_one(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, clock: MovableClock
) -> None:
    referees = fake.add_role(world.guild, "Referees")  # before the bot connects: it knows the role
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    a, _, c, _ = world.players
    await slash(fake, world, owner, "league settings", reminder_hours=12, admin_role=referees)
    world.guild.members[c.id].role_ids.append(referees.id)
    game = await slash(fake, world, a, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000")
    number = game_id_of(game)
    clock.advance(hours=13)
    listed = await slash(fake, world, c, "league pending")
    assert t("league.pending.void", "ja", game=number) in listed.button_labels()

    world.guild.members[c.id].role_ids.remove(referees.id)  # no longer a referee when the button is pressed
    click = await fake.click(c, listed, f"league:pvoid:{number}")
    refused = await fake.wait_until(lambda: click.original, what="the refusal")
    assert refused.ephemeral and refused.content == t("league.error.admins_only", "ja")
    assert (await store.get_league_game(number)).status == "pending"
    assert fake.message(game).custom_ids() == [f"league:confirm:{number}"]
    fake.check_deadlines()
