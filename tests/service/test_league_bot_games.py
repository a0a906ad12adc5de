"""record_bot_game: what the table service calls when a game on the bot ends."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service.league import Actor, LeagueService, record_bot_game
from bot.store import FinalResult, League, Store

GUILD, BOUND, UNBOUND = 1, 10, 20


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def league(store: Store) -> League:
    service = LeagueService(store)
    admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
    league = await service.create_league(admin, GUILD, "Bot league", "riichi", channel_id=BOUND)
    await service.start_season(admin, league)
    return league


async def finished_game(
    store: Store, channel: int, *, rules: str = "riichi", computer_seat: bool = False
) -> tuple[int, list[int]]:
    players = [await store.ensure_player(f"P{i}", discord_id=100 + i) for i in range(4)]
    if computer_seat:
        players[3] = await store.ensure_player("CPU", local_key="ai:1")
    ids = [p.id for p in players]
    game_id = await store.create_game(rules, ids, guild_id=GUILD, channel_id=channel)
    points = [42000, 31000, 18000, 9000]
    await store.record_final_results(
        game_id,
        [
            FinalResult(seat, pid, pts, seat + 1)
            for seat, (pid, pts) in enumerate(zip(ids, points, strict=True))
        ],
    )
    await store.finish_game(game_id)
    return game_id, ids


async def test_a_game_in_a_bound_channel_counts_confirmed_and_its_players_join(
    store: Store, league: League
) -> None:
    game_id, ids = await finished_game(store, BOUND)

    recorded = await record_bot_game(store, game_id)

    assert recorded is not None and recorded.source == "bot" and recorded.status == "confirmed"
    assert recorded.game_id == game_id
    assert [p.player_id for p in recorded.players] == ids
    assert [p.final_points for p in recorded.players] == [42000, 31000, 18000, 9000]
    assert {p.id for p in await store.league_members(league.id)} == set(ids)
    again = await record_bot_game(store, game_id)
    assert again is not None and again.id == recorded.id
    season = await store.current_season(league.id)
    assert season is not None and len(await store.season_games(season.id)) == 1


async def test_a_game_in_a_thread_counts_through_its_parent_channel(store: Store, league: League) -> None:
    game_id, _ = await finished_game(store, 9999)
    assert await record_bot_game(store, game_id) is None
    recorded = await record_bot_game(store, game_id, parent_channel_id=BOUND)
    assert recorded is not None and recorded.status == "confirmed"


@pytest.mark.parametrize(
    ("channel", "rules", "computer_seat"),
    [(UNBOUND, "riichi", False), (BOUND, "mingjiang", False), (BOUND, "riichi", True)],
    ids=["unbound channel", "other rule set", "computer seat"],
)
async def test_games_that_do_not_count(
    store: Store, league: League, channel: int, rules: str, computer_seat: bool
) -> None:
    game_id, _ = await finished_game(store, channel, rules=rules, computer_seat=computer_seat)
    assert await record_bot_game(store, game_id) is None
    season = await store.current_season(league.id)
    assert season is not None and await store.season_games(season.id) == []


async def test_no_open_season_means_the_game_does_not_count(store: Store, league: League) -> None:
    await store.end_season(league.id)
    game_id, _ = await finished_game(store, BOUND)
    assert await record_bot_game(store, game_id) is None
