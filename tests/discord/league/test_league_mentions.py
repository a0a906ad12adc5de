"""League messages ping exactly the users they mean (issue 18): a league named "@everyone party"
pings nobody by its name; the welcome pings the new member; a game pings the players it waits for;
a reminder pings only those still missing; refusals and announcements ping nobody."""

from __future__ import annotations

from typing import Any

from bot.store import Store
from tests.discord.league.support import LEAGUE, game_id_of, public, slash
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.fixtures import StartBot, World


def pinged(fake: FakeDiscord, message: FakeMessage) -> tuple[list[int], list[int], bool]:
    latest = fake.message(message)
    return latest.mentions, latest.mention_roles, latest.mention_everyone


async def test_league_messages_ping_exactly_whom_they_mean(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, clock: Any
) -> None:
    role = fake.add_role(world.guild, "Referees")
    bot = await start_bot(extensions=LEAGUE, store=store)
    owner = fake.users[world.guild.owner_id]
    a, b, c, d = world.players
    party = "@everyone party"

    created = await public(fake, world, owner, "league create", name=party, rules="riichi", admin_role=role)
    assert party in created.content and pinged(fake, created) == ([], [], False)
    await slash(fake, world, owner, "league season start", league=party)
    welcome = await public(fake, world, b, "league join", league=party)
    assert welcome.content == f"Welcome to @everyone party, {b.mention}!"
    assert pinged(fake, welcome) == ([b.id], [], False)
    for user in (a, c, d):
        await public(fake, world, user, "league join", league=party)

    scores = f"{a.mention} 40000 {b.mention} 30000 carol 20000 @everyone 10000"
    refused = await slash(fake, world, a, "league record", scores=scores, league=party)
    assert refused.ephemeral and pinged(fake, refused) == ([], [], False)  # "@everyone" is nobody here
    game = await slash(
        fake,
        world,
        a,
        "league record",
        scores=f"{a.mention} 40000 {b.mention} 30000 carol 20000 dave 10000",
        league=party,
    )
    assert pinged(fake, game) == ([b.id, c.id, d.id], [], False)
    await fake.click(b, game, f"league:confirm:{game_id_of(game)}")
    await fake.wait_until(lambda: fake.message(game).content.startswith(c.mention), what="the game updated")

    await slash(fake, world, owner, "league settings", league=party, reminder_hours=1)
    clock.advance(hours=2)
    before = fake.mark()
    cog: Any = bot.get_cog("LeagueCog")
    assert await cog.send_reminders() == 1
    reminder = await fake.wait_for_message(channel=world.channel, since=before)
    assert "@everyone party" in reminder.content
    assert pinged(fake, reminder) == ([c.id, d.id], [], False)

    undone = await public(fake, world, a, "league undo", game=game_id_of(game))
    assert pinged(fake, undone) == ([], [], False)
