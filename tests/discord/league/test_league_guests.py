"""Guests through the loopback Discord: a visitor recorded by name plays two games, then turns out to be
a member; an admin links them and the guest's history becomes the member's."""

from __future__ import annotations

from bot.store import Store
from tests.discord.league.support import (
    LEAGUE,
    add_member,
    game_id_of,
    open_league,
    public,
    slash,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


async def test_a_guest_plays_then_is_linked_to_a_member_with_their_history(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    tom = add_member(fake, world, "thomas")  # on the server; plays as the guest "Tom" until linked
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    a, b, c, d = world.players

    added = await slash(fake, world, a, "league guest add", guest="Tom")
    assert not added.ephemeral and added.content == "Club: guest “Tom” recorded; games can name them."
    taken = await slash(fake, world, a, "league guest add", guest="Bob")
    assert taken.ephemeral and taken.content == "A member of Club is already called “Bob”."
    first = await slash(fake, world, a, "league record", scores="alice 40000 bob 30000 tom 20000 carol 10000")
    second = await slash(fake, world, b, "league record", scores="TOM 45000 bob 25000 dave 20000 alice 10000")
    for game, players in ((first, (b, c)), (second, (a, d))):
        for user in players:
            await fake.click(user, game, f"league:confirm:{game_id_of(game)}")
        assert fake.message(game).embeds[0]["description"] == "Confirmed: it counts in the standings."
    before = await public(fake, world, c, "league standings")
    tom_line = next(
        line for line in before.embeds[0]["description"].split("\n") if ": " in line and "Tom" in line
    )
    assert tom_line.split(". ", 1)[1].startswith("Tom: +")

    listed = await slash(fake, world, c, "league guest list")
    assert listed.ephemeral and listed.embeds[0]["description"] == "Tom"
    refused = await slash(fake, world, b, "league guest link", guest="Tom", member=tom)
    assert refused.ephemeral and refused.content.startswith("Only league admins")
    unknown = await slash(fake, world, owner, "league guest link", guest="Jerry", member=tom)
    assert unknown.ephemeral and unknown.content == "Club has no guest called “Jerry”."

    linked = await slash(fake, world, owner, "league guest link", guest="tom", member=tom)
    assert not linked.ephemeral
    assert linked.content == f"Club: guest “Tom” is {tom.mention}; 2 game(s) moved to them."
    after = await public(fake, world, c, "league standings")
    thomas_line = next(line for line in after.embeds[0]["description"].split("\n") if "thomas" in line)
    assert thomas_line.split(": ", 1)[1] == tom_line.split(": ", 1)[1]  # the same totals, now thomas's
    assert "Tom" not in after.embeds[0]["description"]
    listed = await slash(fake, world, c, "league guest list")
    assert listed.embeds[0]["description"] == "Tom → thomas"

    # The guest's name now means the member; thomas confirms his own games from now on.
    third = await slash(fake, world, a, "league record", scores="tom 40000 bob 30000 carol 20000 alice 10000")
    assert third.embeds[0]["fields"][0]["value"].split("\n")[0] == tom.mention
    assert tom.mention in third.content
    page = await public(fake, world, c, "league player", user=tom)
    results = {f["name"]: f["value"] for f in page.embeds[0]["fields"]}["Results"]
    assert "2 games" in results

    audit = [e.action for e in await store.audit_entries((await store.guild_leagues(world.guild.id))[0].id)]
    assert "guest" in audit and "merge" in audit


async def test_a_guest_and_a_member_who_played_the_same_game_are_not_merged(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    await slash(
        fake,
        world,
        world.alice,
        "league record",
        scores="alice 40000 bob 30000 Tom 20000 carol 10000",
        guests=True,
    )

    refused = await slash(fake, world, owner, "league guest link", guest="Tom", member=world.bob)
    assert refused.ephemeral and "could not do that" not in refused.content
    assert refused.content == "Tom and bob both played game 1 of Club: they cannot be the same player."
    game = await store.get_league_game(1)
    assert len({p.player_id for p in game.players}) == 4


async def test_invisible_characters_and_a_leading_at_neither_make_nor_hide_a_player(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    a = world.alice
    league = (await store.guild_leagues(world.guild.id))[0]
    await store.add_guest(league.id, "@old")  # a guest an earlier version kept with its "@"

    async def guests() -> list[str]:
        return sorted(m.player.display_name for m in await store.league_roster(league.id) if m.is_guest)

    # Zero-width and bidi controls (Unicode format characters) show nothing: a name of only them is empty.
    for invisible in ("\u200b", "\u200d\u2060\ufeff", "\u202e\u2066\u2069"):
        empty = await slash(fake, world, a, "league guest add", guest=invisible)
        assert empty.ephemeral and empty.content == "A player's name is empty."
    tom = await slash(fake, world, a, "league guest add", guest="\u202eTom\u200b")
    assert tom.content == "Club: guest “Tom” recorded; games can name them."
    everyone = await slash(fake, world, a, "league guest add", guest="@everyone")
    assert everyone.content == "Club: guest “everyone” recorded; games can name them."
    again = await slash(fake, world, a, "league guest add", guest="OLD\u200b")
    assert again.content == "Club: guest “@old” recorded; games can name them."  # the one kept, found
    assert await guests() == ["@old", "Tom", "everyone"]

    # A name with invisible characters is the member or guest it shows; typed with "@" too.
    line = "alice\u200b 40000 @bob 30000 T\u200dom 20000 @everyone 10000"
    game = await slash(fake, world, a, "league record", scores=line, guests=True)
    seats = [f["value"].split("\n")[0] for f in game.embeds[0]["fields"][:4]]
    assert seats == [a.mention, world.bob.mention, "Tom (guest)", "everyone (guest)"]
    old = await slash(fake, world, a, "league record", scores="@old 40000 old 30000 carol 20000 dave 10000")
    assert old.ephemeral and old.content == "“old” appears twice in one game."
    kept = await slash(fake, world, a, "league record", scores="@old 40000 bob 30000 carol 20000 dave 10000")
    assert kept.embeds[0]["fields"][0]["value"].split("\n")[0] == "@old (guest)"
    assert await guests() == ["@old", "Tom", "everyone"]  # nobody new: every name found its player
