"""Games that ended, for readers outside a table (the web page): the newest ones, and one game whole.

A running game is never handed out here: it is left out of the lists and refused by id
(``replay.running``), since its walls and hands stay secret until it ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.refusal import Refusal
from bot.store import FinalResult, Game, GameRecord, NotFound, Player, Store


@dataclass(frozen=True)
class EndedGame:
    """A finished (or stopped) game with its players by seat and their final places, when it has them."""

    game: Game
    players: tuple[Player, ...]
    finals: dict[int, FinalResult]  # by seat


async def recent_ended_games(store: Store, limit: int) -> list[EndedGame]:
    """The newest games that ended, newest first; running games are not listed."""
    running = len(await store.unfinished_games())
    games = [g for g in await store.recent_games(limit=limit + running) if g.status != "running"][:limit]
    players: dict[int, Player] = {}
    ended = []
    for game in games:
        for player_id in game.seats:
            if player_id not in players:
                players[player_id] = await store.get_player(player_id)
        ended.append(await _ended(store, game, [players[p] for p in game.seats]))
    return ended


async def ended_game(store: Store, game_id: int) -> tuple[EndedGame, GameRecord]:
    """One game that ended, with its stored record (its hands); refused while it runs or when the store
    does not hold it."""
    await require_ended(store, game_id)
    record = await store.game_record(game_id)
    return await _ended(store, record.game, record.players), record


async def require_ended(store: Store, game_id: int) -> Game:
    """The game, refused when it runs or does not exist (before anything of it is read)."""
    try:
        game = await store.get_game(game_id)
    except NotFound:
        raise Refusal("replay.no_game", game=game_id) from None
    if game.status == "running":
        raise Refusal("replay.running", game=game_id)
    return game


async def _ended(store: Store, game: Game, players: Sequence[Player]) -> EndedGame:
    finals = {f.seat: f for f in await store.load_final_results(game.id)}
    return EndedGame(game, tuple(players), finals)
