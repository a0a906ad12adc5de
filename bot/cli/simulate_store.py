"""``simulate --db``: every game stored as it is played, and a restarted run resumed where it stopped.

The game row is created before the first decision (with the commitment to the seed of its first hand);
each decision is appended and committed before the referee applies it; each hand's result is stored when
the hand ends, the final results and the revealed seed when the game ends.

A run is identified by its arguments (rule set, seed, computer players): game ``i`` of the run has the
seed ``SEED:i`` and is found again by that seed's commitment and its run tag.  Run again with the same
database and arguments: finished games are counted as they are, running ones are rebuilt from their
decisions (invariants checked again on the way) and played on, missing ones are played, so the summary
equals that of an uninterrupted run.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from bot.cli.simulation import (
    add_game,
    add_mjai_seats,
    choose,
    close_players,
    game_options,
    make_players,
    mjai_seat,
    new_summary,
)
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.wall import seed_commitment
from bot.service.persistence import (
    INDEX_KEY,
    RUN_KEY,
    SEED_KEY,
    ResumeError,
    record_end,
    record_progress,
    rule_options,
)
from bot.store import Decision, Store
from bot.store import Game as StoredGame


def run_key(rules: str, seed: str, ai: str) -> str:
    """What identifies one simulate run in the database."""
    return json.dumps({"rules": rules, "seed": seed, "ai": ai}, sort_keys=True)


async def simulate_stored(
    path: str,
    rules: str,
    games: int,
    seed: str,
    ai: str = "random",
    progress: Any = None,
    mjai: str | None = None,
    mjai_seat_choice: int | str = 0,
) -> dict[str, Any]:
    """Play (or resume) the run's games into the database at ``path``; the summary with ``game_ids``."""
    summary = new_summary(rules)
    summary["resumed"] = 0
    started = time.perf_counter()
    store = await Store.open(path)
    try:
        run = run_key(rules, seed, ai)
        stored = await _stored_games(store, rules, seed, games, run)
        player_ids: list[int] | None = None
        for i in range(games):
            game_seed = f"{seed}:{i}"
            outside = Outside(mjai, mjai_seat_choice, i, summary)
            known = stored.get(i)
            if known is None:
                if player_ids is None:
                    player_ids = await _computer_players(store, ai, Game(rules, seed=game_seed).rules.players)
                game_id, game, checks, problems = await _play_new(
                    store, rules, game_seed, ai, run, i, player_ids, outside
                )
            else:
                game_id = known.id
                summary["resumed"] += known.status == "running"
                game, checks, problems = await _resume(store, known, game_seed, ai, outside)
            add_game(summary, game, game_seed, checks, problems)
            summary["game_ids"].append(game_id)
            if progress is not None:
                progress(i + 1, games)
    finally:
        await store.close()
    summary["seconds"] = round(time.perf_counter() - started, 3)
    return summary


async def _stored_games(store: Store, rules: str, seed: str, games: int, run: str) -> dict[int, StoredGame]:
    """This run's games already in the database, by their number in the run."""
    by_commitment = {seed_commitment(f"{seed}:{i}", 0): i for i in range(games)}
    found: dict[int, StoredGame] = {}
    for g in await store.games_by_commitment(list(by_commitment)):
        index = by_commitment.get(g.seed_commitment or "")
        if g.rule_set == rules and g.options.get(RUN_KEY) == run and g.options.get(INDEX_KEY) == index:
            assert index is not None
            found.setdefault(index, g)  # the oldest one if a run was ever stored twice
    return found


async def _computer_players(store: Store, ai: str, seats: int) -> list[int]:
    return [
        (await store.ensure_player(f"Computer {seat + 1} ({ai})", local_key=f"ai:{ai}:{seat}")).id
        for seat in range(seats)
    ]


async def _play_new(
    store: Store,
    rules: str,
    game_seed: str,
    ai: str,
    run: str,
    index: int,
    player_ids: list[int],
    outside: Outside | None = None,
) -> tuple[int, Game, int, list[str]]:
    game = Game(rules, game_options(rules, ai), seed=game_seed)
    game_id = await store.create_game(
        rules,
        player_ids,
        options={**game.options, SEED_KEY: game_seed, RUN_KEY: run, INDEX_KEY: index},
        seed_commitment=seed_commitment(game_seed, 0),
    )
    checks, problems = await _play_on(store, game_id, game, game_seed, ai, 0, outside)
    return game_id, game, checks, problems


async def _resume(
    store: Store, known: StoredGame, game_seed: str, ai: str, outside: Outside | None = None
) -> tuple[Game, int, list[str]]:
    """Rebuild a stored game from its decisions (checking invariants as when it was played) and, if it
    is still running, play it to the end."""
    game = Game(known.rule_set, rule_options(known.options), game_seed)
    decisions = await store.load_decisions(known.id)
    checks, problems = _replay_checked(known.id, game, decisions)
    if problems or known.status != "running":
        return game, checks, problems
    hands_stored = len(await store.load_hand_results(known.id))
    more, problems = await _play_on(store, known.id, game, game_seed, ai, hands_stored, outside)
    return game, checks + more, problems


def _replay_checked(game_id: int, game: Game, decisions: list[Decision]) -> tuple[int, list[str]]:
    checks = 0
    for expected, decision in enumerate(decisions):
        if decision.seq != expected:
            raise ResumeError(f"game {game_id}: decision {expected} is missing")
        try:
            game.apply(Action.from_json(decision.action))
        except ValueError as exc:
            raise ResumeError(f"game {game_id}: stored decision {expected} does not replay: {exc}") from exc
        checks += 1
        problems = game.check_invariants()
        if problems:
            return checks, problems
    return checks, []


async def _play_on(
    store: Store,
    game_id: int,
    game: Game,
    game_seed: str,
    ai: str,
    hands_stored: int,
    outside: Outside | None = None,
) -> tuple[int, list[str]]:
    """Play to the end, each decision committed before it is applied; (invariant checks, problems)."""
    seats = game.rules.players
    if outside is None or outside.command is None:
        players = make_players(ai, game_seed, seats)
    else:
        players = make_players(
            ai, game_seed, seats, outside.command, mjai_seat(outside.choice, outside.index, seats)
        )
    try:
        return await _play_with(store, game_id, game, game_seed, players, hands_stored)
    finally:
        close_players(players, game)
        if outside is not None:
            add_mjai_seats(outside.summary, players)


@dataclass(frozen=True)
class Outside:
    """The run's outside AI (``command`` None: none) for game ``index``, and the summary counting it."""

    command: str | None
    choice: int | str
    index: int
    summary: dict[str, Any]


async def _play_with(
    store: Store, game_id: int, game: Game, game_seed: str, players: list[Any], hands_stored: int
) -> tuple[int, list[str]]:
    checks = 0
    hands_stored = await record_progress(store, game_id, game, hands_stored)
    while not game.over:
        seat = game.waiting_for()[0]
        action = choose(players[seat], game, seat, game_seed)
        await store.append_decision(game_id, len(game.decisions), seat, action.to_json())
        game.apply(action)
        checks += 1
        problems = game.check_invariants()
        if problems:
            return checks, problems
        if len(game.hands) > hands_stored:
            hands_stored = await record_progress(store, game_id, game, hands_stored)
    await record_end(store, game_id, game)
    return checks, []
