"""A database for the web page's tests: a league with a season of bot-played and typed-in games, a
player whose name holds a script, a finished game with wins, and a game still running."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.cli.simulate import simulate
from bot.engine.game import Game
from bot.service.league import Actor, LeagueService
from bot.store import Store
from tests.service.test_league_hand_stats import CHANNEL, GUILD, store_bot_game

#: A name that would run as a script if it reached the page as markup.
SCRIPT_NAME = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">Ann'
NAMES = [SCRIPT_NAME, "Ben 本", "Cat 猫", "Dan"]
TYPED_IN = [([0, 1, 2, 3], [41000, 29000, 19000, 11000]), ([3, 2, 1, 0], [35000, 30000, 20000, 15000])]


@dataclass(frozen=True)
class Site:
    database: str
    league_id: int
    finished_game: int  # a bot-played game counted in the league, with wins
    running_game: int  # a game still being played: never listed, never replayed
    player_ids: tuple[int, ...]


@cache
def played_game() -> Game:
    """A riichi game between the easy computer players (it has wins and a deal-in)."""
    games: list[Game] = []
    simulate("riichi", 1, "web", on_game=games.append, ai="easy")
    return games[0]


async def build_site(database: str) -> Site:
    store = await Store.open(database)
    try:
        service = LeagueService(store)
        admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
        league = await service.create_league(
            admin, GUILD, "Thursday <b>Club</b>", "riichi", channel_id=CHANNEL
        )
        await service.start_season(admin, league)
        seats = [(name, 100 + s) for s, name in enumerate(NAMES)]
        ids = [(await service.player(name, discord_id=user)).id for name, user in seats]
        for player_id in ids:
            await service.join(league, await store.get_player(player_id))
        finished = await store_bot_game(store, played_game(), players=seats)
        for order, points in TYPED_IN:
            game = await service.record_game(
                Actor(ids[order[0]]), league, [(ids[s], p) for s, p in zip(order, points, strict=True)]
            )
            await service.confirm(admin, game.id)
        # A game still being played: a few decisions stored, never finished.
        running = played_game()
        running_id = await store.create_game(
            running.rules_id, ids, options=running.options, guild_id=GUILD, channel_id=CHANNEL
        )
        await store.append_decisions(
            running_id, [(i, a.seat, a.to_json()) for i, a in enumerate(running.decisions[:12])]
        )
        return Site(database, league.id, finished, running_id, tuple(ids))
    finally:
        await store.close()
