"""/league night through the loopback Discord: a round posted pings exactly the players it seats (not
those sitting out, not a guest's name), results recorded with a table label show in the status, the next
round, a player leaving, the whole draw, and a 64-player round split within Discord's limits."""

from __future__ import annotations

from typing import Any

from bot.store import Store
from bot.store.nights import LeagueNight
from tests.discord.league.support import LEAGUE, add_member, answered, game_id_of, open_league, slash
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, PendingInteraction
from tests.fakediscord.fixtures import StartBot, World, connect_bot, stop_bot


async def night_of(store: Store, world: World) -> LeagueNight:
    league = (await store.guild_leagues(world.guild.id))[0]
    night = await store.open_night(league.id)
    assert night is not None
    return night


async def posted(fake: FakeDiscord, ix: PendingInteraction) -> list[FakeMessage]:
    """The public messages a round's command posted: the last ends with how to record the results."""
    await answered(fake, ix)

    def shown() -> list[FakeMessage] | None:
        public = [fake.message(m) for m in (ix.original, *ix.followups) if m is not None and not m.ephemeral]
        done = public and "`/league record`" in public[-1].content
        return public if done else None

    messages: list[FakeMessage] = await fake.wait_until(shown, what="the round posted")
    return messages


async def seated_ids(store: Store, night: LeagueNight, round_number: int) -> tuple[set[int], set[int]]:
    """Discord ids of the members seated in a round, and of those sitting out."""
    drawn = night.draw[round_number - 1]

    async def discord_ids(player_ids: list[int]) -> set[int]:
        players = [await store.get_player(pid) for pid in player_ids]
        return {p.discord_id for p in players if p.discord_id is not None}

    return await discord_ids([p for t in drawn["tables"] for p in t]), await discord_ids(drawn["byes"])


async def test_a_night_posts_rounds_pinging_exactly_the_players_seated_and_gathers_results(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    erin = add_member(fake, world, "erin")
    frank = add_member(fake, world, "frank")
    owner = await open_league(fake, world, members=[*world.players, erin, frank])
    members: list[FakeUser] = [*world.players, erin, frank]
    players = " ".join(u.mention for u in members) + ' "Guest Gina"'

    ix = await fake.slash(
        owner, "league night start", {"players": players, "rounds": 3, "guests": True}, channel=world.channel
    )
    messages = await posted(fake, ix)
    night = await night_of(store, world)
    seated, byes = await seated_ids(store, night, 1)
    assert len(night.draw[0]["tables"]) == 1 and len(night.draw[0]["byes"]) == 3  # 7 players: 4 play
    assert [m.content.count("`1A`") for m in messages] == [1]
    text = messages[0].content
    assert "**Club**, night 1: 7 players, 3 rounds drawn." in text and "**Round 1 of 3** (night 1)" in text
    assert all(f"<@{u}>" in text for u in seated) and not any(f"<@{u}>" in text for u in byes)
    assert set(messages[0].mentions) == seated and not messages[0].mention_everyone
    table_line = next(line for line in text.splitlines() if line.startswith("`1A`"))
    assert [w.split(" ")[0] for w in table_line.removeprefix("`1A` ").split(" · ")] == [
        "East",
        "South",
        "West",
        "North",
    ]

    # The table's result, recorded with its label, shows in the status with the night's standings.
    seats = night.draw[0]["tables"][0]
    words = []
    for pid, points in zip(seats, (45000, 30000, 15000, 10000), strict=True):
        words.append(f"{await mention_or_name(store, pid)} {points}")
    line = " ".join(words)
    reporter = next(u for u in members if u.id in seated)
    game = await slash(fake, world, reporter, "league record", scores=line, table="1A", guests=True)
    status = await slash(fake, world, owner, "league night status")
    assert status.ephemeral
    assert (
        "`1A`" in status.content
        and f"reported: game {game_id_of(game)} (awaiting confirmation)" in status.content
    )
    assert "Tables reported: 1 of 1 (rounds posted: 1 of 3)." in status.content
    assert "**Standings of the night**" in status.content and "1. " in status.content
    assert status.mentions == []

    # The next round pings its own seated players; a player leaving is drawn out of the rounds to come.
    ix = await fake.slash(owner, "league night next", {}, channel=world.channel)
    second = await posted(fake, ix)
    night = await night_of(store, world)
    seated, _ = await seated_ids(store, night, 2)
    assert "**Round 2 of 3** (night 1)" in second[0].content
    assert {u for m in second for u in m.mentions} == seated

    leaver = next(u for u in members if u.id in seated)
    dropped = await slash(fake, world, leaver, "league night drop", player=leaver.mention)
    assert not dropped.ephemeral and dropped.content.startswith(f"{leaver.name} left night 1")
    assert fake.message(dropped).mentions == []
    after = await night_of(store, world)
    assert after.draw[:2] == night.draw[:2]
    leaver_id = await store.find_player(discord_id=leaver.id)
    assert leaver_id is not None
    assert all(leaver_id.id not in [p for t in r["tables"] for p in t] + r["byes"] for r in after.draw[2:])

    shown = await slash(fake, world, erin, "league night show")
    assert shown.ephemeral and "Rounds posted: 2 of 3." in shown.content
    assert f"Left the night: {leaver.name}" in shown.content and shown.mentions == []


async def mention_or_name(store: Store, player_id: int) -> str:
    player = await store.get_player(player_id)
    return f"<@{player.discord_id}>" if player.discord_id is not None else player.display_name


async def test_a_member_cannot_start_a_night_unless_the_league_allows_it(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    players = " ".join(u.mention for u in world.players)
    refused = await slash(fake, world, world.alice, "league night start", players=players, rounds=2)
    assert refused.ephemeral and "Only league admins" in refused.content
    shown = await slash(fake, world, owner, "league night settings", members_start=True)
    assert "members may start one: yes" in shown.content
    ix = await fake.slash(
        world.alice, "league night start", {"players": players, "rounds": 2}, channel=world.channel
    )
    messages = await posted(fake, ix)
    assert set(messages[0].mentions) == {u.id for u in world.players}


async def test_a_round_of_64_players_is_split_within_discords_limits(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    members = [*world.players, *(add_member(fake, world, f"member{i:02d}") for i in range(60))]
    owner = await open_league(fake, world, members=members)
    players = " ".join(u.mention for u in members)
    ix = await fake.slash(
        owner, "league night start", {"players": players, "rounds": 2}, channel=world.channel
    )
    messages = await posted(fake, ix)
    assert len(messages) >= 2 and all(len(m.content) <= 2000 for m in messages)
    assert fake.rejections == []
    pinged: list[Any] = [u for m in messages for u in m.mentions]
    assert sorted(pinged) == sorted(u.id for u in members)  # each seated player once, in their message
    for m in messages:
        assert set(m.mentions) == {u.id for u in members if u.mention in m.content}


async def test_a_night_goes_on_after_the_bot_restarts(fake: FakeDiscord, world: World, store: Store) -> None:
    players = " ".join(u.mention for u in world.players) + " Visitor"
    bot, task = await connect_bot(fake, extensions=LEAGUE, store=store)
    try:
        owner = await open_league(fake, world)
        ix = await fake.slash(
            owner,
            "league night start",
            {"players": players, "rounds": 2, "guests": True},
            channel=world.channel,
        )
        await posted(fake, ix)
        before = await night_of(store, world)
    finally:
        await stop_bot(bot, task)

    bot, task = await connect_bot(fake, extensions=LEAGUE, store=store)
    try:
        ix = await fake.slash(owner, "league night next", {}, channel=world.channel)
        second = await posted(fake, ix)
    finally:
        await stop_bot(bot, task)
    after = await night_of(store, world)
    assert after.posted_round == 2 and after.draw == before.draw
    seated, _ = await seated_ids(store, after, 2)
    assert "**Round 2 of 2** (night 1)" in second[0].content and set(second[0].mentions) == seated
