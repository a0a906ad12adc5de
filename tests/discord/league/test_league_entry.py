"""/league record on one line through the loopback Discord: names and mentions, totals, ambiguous names,
guests, date, table and chombo; the seat pickers still work and become the same line."""

from __future__ import annotations

import pytest

import cogs.interaction as interaction_module
from bot.store import Store
from tests.discord.league.support import (
    LEAGUE,
    add_member,
    answered,
    game_id_of,
    games_in_current_season,
    open_league,
    slash,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


async def test_one_line_with_names_and_mentions_records_the_game_in_seat_order(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    a, b, c, d = world.players
    line = f"{a.mention} 32000 bob 28000 @carol 24,000, {d.mention} 16000"

    game = await slash(fake, world, a, "league record", scores=line, date="2025-11-02", table="B")

    assert not game.ephemeral and game.embeds[0]["title"] == "Club: game 1"
    fields = game.embeds[0]["fields"]
    assert [f["value"].split("\n") for f in fields[:4]] == [
        [a.mention, "32000"],
        [b.mention, "28000"],
        [c.mention, "24000"],
        [d.mention, "16000"],
    ]
    assert game.content == f"{b.mention} {c.mention} {d.mention}: please confirm game 1 with the button."
    assert game.embeds[0]["footer"]["text"] == "Played 2025-11-02 · Table B · Reported by alice"
    stored = await store.get_league_game(1)
    ids = [(await store.find_player(discord_id=u.id)) for u in world.players]
    assert [p.player_id for p in stored.players] == [p.id for p in ids if p is not None]
    assert stored.played_at.startswith("2025-11-02") and stored.table_label == "B"
    assert [p.confirmed_at is not None for p in stored.players] == [True, False, False, False]


async def test_a_record_slower_than_the_deadline_posts_the_game_publicly_after_a_private_done(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine a command is deferred privately ("thinking") before its work ends; the game is
    then posted for everyone after a private "Done.".  The tests' ``slash`` follows that path too (it
    returned the "Done." once, and a test read an embed from it)."""
    monkeypatch.setattr(interaction_module, "DEFER_AFTER", 0.0)
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    a = world.alice
    ix = await fake.slash(
        a, "league record", {"scores": "alice 32000 bob 28000 carol 24000 dave 16000"}, channel=world.channel
    )
    game = await answered(fake, ix)
    assert ix.original is not None and ix.original.ephemeral and ix.original.content == "Done."
    assert not game.ephemeral and game.embeds[0]["title"] == "Club: game 1"


async def test_wrong_totals_are_refused_and_nothing_is_recorded(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)

    wrong = await slash(
        fake, world, world.alice, "league record", scores="alice 32000 bob 28000 carol 24000 dave 15000"
    )
    assert wrong.ephemeral
    assert wrong.content == "The points add up to 99000, but they must add up to 100000."
    short = await slash(fake, world, world.alice, "league record", scores="alice 50000 bob 30000 carol 20000")
    assert short.ephemeral and short.content == "This league's games have 4 players; you gave 3."
    typo = await slash(fake, world, world.alice, "league record", scores="alice 32000 bob 28k carol 1 dave 1")
    assert typo.ephemeral and typo.content == "“28k” is not a whole number of points."
    assert await games_in_current_season(store, world) == []


async def test_a_name_matching_two_members_is_refused_naming_both_and_a_mention_settles_it(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    sam = add_member(fake, world, "sam")
    other_sam = add_member(fake, world, "Sam")
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world, members=[*world.players, sam, other_sam])

    refused = await slash(
        fake, world, world.alice, "league record", scores="alice 32000 sam 28000 carol 24000 dave 16000"
    )
    assert refused.ephemeral
    assert refused.content == (
        f"“sam” matches several players: {sam.mention}, {other_sam.mention}. Use a mention (@) to say which."
    )
    line = f"alice 32000 {other_sam.mention} 28000 carol 24000 dave 16000"
    game = await slash(fake, world, world.alice, "league record", scores=line)
    assert game.embeds[0]["fields"][1]["value"].split("\n")[0] == other_sam.mention


async def test_an_unknown_name_is_refused_unless_guests_are_allowed(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    line = "alice 32000 bob 28000 carol 24000 Visiting Tom 16000"

    refused = await slash(fake, world, world.alice, "league record", scores=line)
    assert refused.ephemeral and refused.content.startswith("No member of Club is called “Visiting Tom”.")
    outsider = add_member(fake, world, "erin")  # on the server, not in the league
    not_member = await slash(
        fake,
        world,
        world.alice,
        "league record",
        scores=f"alice 32000 bob 28000 carol 24000 {outsider.mention} 16000",
    )
    assert (
        not_member.ephemeral
        and not_member.content == "erin is not a member of Club: they join with /league join."
    )

    game = await slash(
        fake, world, world.alice, "league record", scores=line, guests=True, chombo="Visiting Tom"
    )
    fields = game.embeds[0]["fields"]
    assert (
        fields[3]["name"] == "North ✅"
    )  # the reporter vouches for the guest: no Discord account to confirm
    assert fields[3]["value"].split("\n") == ["Visiting Tom (guest)", "16000", "chombo ×1"]
    number = game_id_of(game)
    assert (
        game.content
        == f"{world.bob.mention} {world.carol.mention}: please confirm game {number} with the button."
    )
    roster = await store.league_roster((await store.guild_leagues(world.guild.id))[0].id)
    guests = [m.player.display_name for m in roster if m.is_guest]
    assert guests == ["Visiting Tom"]


async def test_the_seat_pickers_and_the_final_east_tie_rule(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    saved = await slash(fake, world, owner, "league settings", tie_rule="final_east")
    assert (
        saved.content == "Settings of Club saved."
        and "`tie_rule` final_east" in saved.embeds[0]["description"]
    )
    a, b, c, d = world.players
    seats = {"east": a, "east_points": 35000, "south": b, "south_points": 25000}
    seats |= {"west": c, "west_points": 25000, "north": d, "north_points": 15000}

    both = await slash(fake, world, a, "league record", scores="alice 1", **seats)
    assert both.ephemeral and both.content.startswith("Give the game either on one line (scores)")
    tied = await slash(fake, world, a, "league record", **seats)
    assert tied.ephemeral and tied.content.startswith(
        "Points are tied and this league breaks ties by the final East"
    )
    game = await slash(fake, world, a, "league record", final_east="carol", **seats)
    assert "Final East: carol" in game.embeds[0]["fields"][4]["value"]
    for user in (b, c, d):
        await fake.click(user, game, f"league:confirm:{game_id_of(game)}")
    board = await slash(fake, world, b, "league standings")
    # carol (West) dealt last and keeps the tie: West 25-30+10 = +5, South 25-30-10 = -15; East 45, North -35.
    assert [line.split(" pts")[0] for line in board.embeds[0]["description"].split("\n")] == [
        "1. alice: +45.0",
        "2. carol: +5.0",
        "3. bob: -15.0",
        "4. dave: -35.0",
    ]


async def test_a_chombo_count_beyond_what_league_chombo_allows_is_refused_the_same_way(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    line = "alice 32000 bob 28000 carol 24000 dave 16000"

    # Before, /league record took any count /league chombo refuses (it caps a count at 20).
    for chombo, given in (("alice 999", 999), ("alice 15, bob, alice 6", 21), ("carol x1000", 1000)):
        refused = await slash(fake, world, world.alice, "league record", scores=line, chombo=chombo)
        assert refused.ephemeral
        assert refused.content == f"A chombo count lies between 0 and 20, not {given}."
    assert await games_in_current_season(store, world) == []

    game = await slash(fake, world, world.alice, "league record", scores=line, chombo="alice 20")
    assert game.embeds[0]["fields"][0]["value"].split("\n")[-1] == "chombo ×20"
    same = await slash(fake, world, owner, "league chombo", game=game_id_of(game), player="bob", count=20)
    assert "bob now has 20 chombo" in same.content
