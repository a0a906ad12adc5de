"""bot/service/persistence.py: stored games rebuilt from their decisions, running ones found for resume."""

from __future__ import annotations

import pytest

from bot.ai.random_player import RandomPlayer
from bot.engine.game import Game
from bot.engine.wall import seed_commitment
from bot.service.persistence import (
    ResumeError,
    load_game,
    record_end,
    record_progress,
    unfinished_games,
)
from bot.store import Store
from bot.store.gamekeys import RUN_KEY, SEED_KEY


async def _start(store: Store, seed: str, run: str | None = None) -> int:
    players = [(await store.ensure_player(f"AI {s}", local_key=f"ai:{s}")).id for s in range(3)]
    options = {SEED_KEY: seed} | ({RUN_KEY: run} if run else {})
    return await store.create_game(
        "sanma", players, options=options, seed_commitment=seed_commitment(seed, 0)
    )


async def _play(store: Store, game_id: int, game: Game, steps: int) -> None:
    players = [RandomPlayer(s) for s in range(3)]
    hands = len(await store.load_hand_results(game_id))
    for _ in range(steps):
        if game.over:
            break
        seat = game.waiting_for()[0]
        action = players[seat].choose(game, seat)
        await store.append_decision(game_id, len(game.decisions), seat, action.to_json())
        game.apply(action)
        hands = await record_progress(store, game_id, game, hands)


async def test_a_running_game_is_rebuilt_to_the_same_state(store: Store) -> None:
    game_id = await _start(store, "s1", run="a")
    game = Game("sanma", seed="s1")
    await _play(store, game_id, game, 300)
    [(stored, rebuilt)] = await unfinished_games(store)
    assert stored.id == game_id and rebuilt.snapshot() == game.snapshot()
    assert await unfinished_games(store, run="a") != [] and await unfinished_games(store, run="b") == []


async def test_an_ended_game_is_no_longer_unfinished_and_reveals_its_seed(store: Store) -> None:
    game_id = await _start(store, "s2")
    game = Game("sanma", seed="s2")
    await _play(store, game_id, game, 10**6)
    assert game.over
    await record_end(store, game_id, game)
    await record_end(store, game_id, game)  # a second call (a resumed end) changes nothing
    assert await unfinished_games(store) == []
    stored = await store.get_game(game_id)
    assert stored.status == "finished" and stored.revealed_seed == "s2"
    assert [f.points for f in await store.load_final_results(game_id)] == [
        f["points"] for f in game.final or []
    ]
    assert len(await store.load_hand_results(game_id)) == len(game.hands)
    assert (await load_game(store, game_id)).final == game.final


async def test_a_game_without_its_seed_cannot_be_rebuilt(store: Store) -> None:
    players = [(await store.ensure_player(f"AI {s}", local_key=f"ai:{s}")).id for s in range(3)]
    game_id = await store.create_game("sanma", players)
    with pytest.raises(ResumeError, match="no stored seed"):
        await load_game(store, game_id)


async def test_a_decision_the_referee_refuses_names_the_game_and_the_decision(store: Store) -> None:
    game_id = await _start(store, "s3")
    await store.append_decision(game_id, 0, 0, ["discard", 0, 999])
    with pytest.raises(ResumeError, match=f"game {game_id}: stored decision 0 does not replay"):
        await load_game(store, game_id)
