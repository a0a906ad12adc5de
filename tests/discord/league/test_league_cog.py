"""/league details through the loopback Discord: restarts, settings rights, undo, pictures, deadlines."""

from __future__ import annotations

import sys
import threading
from typing import Any

import pytest

from bot.service.league import LeagueService
from bot.store import Store
from tests.discord.held import HeldWork
from tests.discord.league.support import LEAGUE, answered, open_league, public, slash
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.fixtures import StartBot, World, connect_bot, stop_bot
from tests.render.drawn_text import record_drawn_text

PNG = b"\x89PNG\r\n\x1a\nleaderboard"


async def record_game(fake: FakeDiscord, world: World, reporter: FakeUser) -> FakeMessage:
    a, b, c, d = world.players
    return await slash(
        fake,
        world,
        reporter,
        "league record",
        east=a,
        east_points=40000,
        south=b,
        south_points=30000,
        west=c,
        west_points=20000,
        north=d,
        north_points=10000,
    )


async def test_a_confirm_button_sent_before_a_restart_works_after_it(
    fake: FakeDiscord, world: World, store: Store
) -> None:
    bot, task = await connect_bot(fake, extensions=LEAGUE, store=store)
    try:
        await open_league(fake, world)
        game = await record_game(fake, world, world.alice)
    finally:
        await stop_bot(bot, task)

    bot, task = await connect_bot(fake, extensions=LEAGUE, store=store)
    try:
        for user in (world.bob, world.carol, world.dave):
            click = await fake.click(user, game, "league:confirm:1")
            assert click.response_type == 7
    finally:
        await stop_bot(bot, task)
    assert fake.message(game).embeds[0]["description"] == "Confirmed: it counts in the standings."
    assert (await store.get_league_game(1)).status == "confirmed"


async def test_settings_are_shown_to_anyone_and_changed_by_admins_only(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)

    shown = await slash(fake, world, world.alice, "league settings")
    assert shown.ephemeral and "`uma` 20 10 -10 -20" in shown.embeds[0]["description"]
    refused = await slash(fake, world, world.alice, "league settings", min_games=3)
    assert refused.ephemeral and refused.content.startswith("Only league admins")
    bad = await slash(fake, world, owner, "league settings", uma="30 10 -10")
    assert bad.ephemeral and "uma needs 4 values" in bad.content

    role = fake.add_role(world.guild, "Referees")
    saved = await slash(
        fake, world, owner, "league settings", uma="30 10 -10 -30", min_games=2, admin_role=role
    )
    assert saved.content == "Settings of Club saved."
    league = (await store.guild_leagues(world.guild.id))[0]
    assert league.settings["uma"] == ["30", "10", "-10", "-30"] and league.settings["min_games"] == 2
    assert league.admin_role_id == role.id
    actions = [e.action for e in await store.audit_entries(league.id)]
    assert actions[-2:] == ["settings", "admin_role"]


async def test_the_reporter_undoes_a_game_and_others_cannot(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    await record_game(fake, world, world.alice)

    refused = await slash(fake, world, world.bob, "league undo", game=1)
    assert refused.ephemeral and "Only the player who reported game 1" in refused.content
    unknown = await slash(fake, world, world.alice, "league undo", game=99)
    assert unknown.ephemeral and unknown.content == "There is no game 99 in this league."
    done = await slash(fake, world, world.alice, "league undo", game=1, reason="wrong table")
    assert done.content == "Club: game 1 no longer counts (kept in the audit log)." and not done.ephemeral
    assert (await store.get_league_game(1)).status == "void"

    not_void = await slash(fake, world, world.alice, "league restore", game=99)
    assert not_void.ephemeral and "There is no game 99" in not_void.content
    back = await slash(fake, world, world.alice, "league restore", game=1)
    assert back.content == "Club: game 1 counts again (kept in the audit log)."
    assert (await store.get_league_game(1)).status == "pending"
    history = await slash(fake, world, world.bob, "league history", game=1)
    lines = history.embeds[0]["description"].split("\n")
    assert history.ephemeral and [line.split("` ", 1)[1] for line in lines] == [
        "recorded · alice · 40000 30000 20000 10000",
        "undone · alice · 40000 30000 20000 10000 (wrong table)",
        "restored · alice · 40000 30000 20000 10000",
    ]


async def test_a_game_of_another_server_cannot_be_touched(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    await record_game(fake, world, world.alice)
    other = fake.add_guild("Other club", owner=world.bob)
    channel = fake.add_channel(other, "games")
    await fake.wait_until(lambda: True)

    ix = await fake.slash(world.bob, "league undo", {"game": 1}, channel=channel)
    answer = await answered(fake, ix)
    assert answer.ephemeral and answer.content == "There is no game 1 in this league."
    assert (await store.get_league_game(1)).status == "pending"


async def test_a_slow_leaderboard_picture_is_drawn_off_the_loop_after_deferring(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    game = await record_game(fake, world, world.alice)
    for user in (world.bob, world.carol, world.dave):
        await fake.click(user, game, "league:confirm:1")
    drawn_in: list[str] = []
    drawing = HeldWork()  # the picture is still being drawn until the answer was deferred

    def slow_picture(view: Any, page: int, language: str) -> bytes:
        drawn_in.append(threading.current_thread().name)
        drawing.wait()
        return PNG

    monkeypatch.setattr(sys.modules["cogs.league.pictures"], "leaderboard_picture", slow_picture)
    with drawing.until_answered():
        ix = await fake.slash(world.bob, "league standings", {}, channel=world.channel)
    assert ix.response_type == 5 and fake.answered_in_time(ix)
    board = await fake.wait_until(
        lambda: ix.original if ix.original and ix.original.embeds else None, timeout=6.0, what="the picture"
    )

    assert board.files() == {"standings.png": PNG}
    assert board.embeds[0]["image"]["url"] == "attachment://standings.png"
    assert drawn_in and drawn_in[0] != threading.main_thread().name
    fake.check_deadlines()


async def test_the_standings_picture_is_drawn_in_the_servers_language(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await store.set_guild_language(world.guild.id, "ja")
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    game = await record_game(fake, world, world.alice)
    for user in (world.bob, world.carol, world.dave):
        await fake.click(user, game, "league:confirm:1")
    drawn = record_drawn_text(monkeypatch)

    board = await public(fake, world, world.alice, "league standings")  # alice reads English

    assert "standings.png" in board.files()
    texts = {d.text for d in drawn}
    assert board.embeds[0]["title"] in texts  # the picture's title is the standings' (in Japanese)
    assert {"プレイヤー", "対局数", "ポイント", "レート"} <= texts
    assert not {"Player", "Games", "Points", "Rating"} & texts


async def test_a_slow_database_still_answers_within_three_seconds_and_the_game_stays_public(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    slow_record = LeagueService.record_game
    slow_confirm = LeagueService.confirm
    # A disk busy with other writers: each commit is still in work until its answer was deferred.
    recording, confirming = HeldWork(), HeldWork()

    async def record_slowly(self: LeagueService, *args: Any, **kwargs: Any) -> Any:
        await recording.wait_async()
        return await slow_record(self, *args, **kwargs)

    async def confirm_slowly(self: LeagueService, *args: Any, **kwargs: Any) -> Any:
        await confirming.wait_async()
        return await slow_confirm(self, *args, **kwargs)

    monkeypatch.setattr(LeagueService, "record_game", record_slowly)
    monkeypatch.setattr(LeagueService, "confirm", confirm_slowly)
    a, b, c, d = world.players
    options = {"east": a, "east_points": 40000, "south": b, "south_points": 30000}
    options |= {"west": c, "west_points": 20000, "north": d, "north_points": 10000}
    with recording.until_answered():
        ix = await fake.slash(a, "league record", options, channel=world.channel)

    assert ix.response_type == 5 and fake.answered_in_time(ix)
    game = await fake.wait_until(lambda: ix.followups and ix.followups[-1], timeout=6.0, what="the game")
    assert not game.ephemeral and game.custom_ids() == ["league:confirm:1"]
    assert (await answered(fake, ix)).id == game.id  # the answer is the public game, after a private "Done."
    assert ix.original is not None and ix.original.ephemeral and ix.original.content == "Done."

    with confirming.until_answered():
        click = await fake.click(b, game, "league:confirm:1")
    assert click.response_type == 6 and fake.answered_in_time(click)
    await fake.wait_until(lambda: "✅" in fake.message(game).embeds[0]["fields"][1]["name"], timeout=6.0)
    fake.check_deadlines()


async def test_a_three_player_league_records_games_without_north(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = fake.users[world.guild.owner_id]
    other = fake.add_channel(world.guild, "sanma")
    await fake.wait_until(lambda: True)
    await slash(fake, world, owner, "league create", name="Three", rules="sanma")
    await slash(fake, world, owner, "league season start")
    for user in world.players[:3]:
        await slash(fake, world, user, "league join")
    a, b, c, d = world.players
    seats = {
        "east": a,
        "east_points": 50000,
        "south": b,
        "south_points": 35000,
        "west": c,
        "west_points": 20000,
    }

    four = await slash(fake, world, a, "league record", **seats, north=d, north_points=0)
    assert four.ephemeral and four.content == "This league's games have 3 players; you gave 4."
    game = await slash(fake, world, a, "league record", **seats)
    assert not game.ephemeral and len(game.embeds[0]["fields"]) == 3

    bound = await answered(
        fake, await fake.slash(owner, "league settings", {"bind_here": True}, channel=other)
    )
    assert bound.content == "Settings of Three saved."
    channel = await store.get_channel(other.id)
    league = (await store.guild_leagues(world.guild.id))[0]
    assert channel is not None and channel.league_id == league.id


async def test_a_thread_of_the_bound_channel_finds_its_league(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    elsewhere = fake.add_channel(world.guild, "elsewhere")
    await fake.wait_until(lambda: True)
    await answered(
        fake, await fake.slash(owner, "league create", {"name": "Other", "rules": "sanma"}, channel=elsewhere)
    )
    thread = fake.add_thread(world.channel, "table 1")
    await fake.wait_until(lambda: True)

    ix = await fake.slash(world.bob, "league standings", {}, channel=thread)
    board = await answered(fake, ix)

    assert board.embeds[0]["title"] == "Club: season 1 standings"


async def test_seasons_start_and_end_publicly_and_only_by_admins(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    refused = await slash(fake, world, world.players[0], "league season end")
    assert refused.ephemeral
    ended = await slash(fake, world, owner, "league season end")
    assert not ended.ephemeral and "1" in ended.content and "Club" in ended.content
    league = (await store.guild_leagues(world.guild.id))[0]
    assert await store.current_season(league.id) is None
    started = await slash(fake, world, owner, "league season start")
    assert not started.ephemeral and "2" in started.content
