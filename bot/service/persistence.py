"""Games in the store <-> games in the referee: rebuild, resume and record (simulate and the bot share it).

A stored game is (rule set, options, seed) + its decisions; the referee state is rebuilt by replaying the
decisions (:func:`rebuild_game`).  The game seed must survive a restart before it is revealed, so it is
kept with the stored options under :data:`SEED_KEY` (keys starting with ``_`` are bookkeeping, not rule
options: :func:`rule_options` drops them).  ``mahjong-bot simulate --db`` also tags each game with its run
(:data:`RUN_KEY`) and its number in the run (:data:`INDEX_KEY`) so a restarted run finds its games.

Recording is idempotent: :func:`record_progress` writes the hand results the store lacks and
:func:`record_end` the final results and the end of the game, whatever a crash left half done.
"""

from __future__ import annotations

from decimal import Decimal

from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.wall import hand_seed, seed_commitment
from bot.store import Decision, FinalResult, Store, StoreError
from bot.store import Game as StoredGame
from bot.store.gamekeys import INDEX_KEY, RUN_KEY, SEED_KEY, round_label, rule_options

__all__ = [
    "INDEX_KEY",
    "RUN_KEY",
    "SEED_KEY",
    "ResumeError",
    "load_game",
    "rebuild_game",
    "record_end",
    "record_progress",
    "round_label",
    "rule_options",
    "stored_seed",
    "unfinished_games",
]


class ResumeError(StoreError):
    """A stored game that cannot be rebuilt (no seed, or decisions the referee refuses)."""


def stored_seed(stored: StoredGame) -> str | None:
    """The game seed: revealed at the end, kept with the options while the game runs."""
    if stored.revealed_seed:
        return stored.revealed_seed
    seed = stored.options.get(SEED_KEY)
    return seed if isinstance(seed, str) else None


def rebuild_game(stored: StoredGame, decisions: list[Decision]) -> Game:
    """The referee's state after the stored decisions (a pure replay; no I/O)."""
    seed = stored_seed(stored)
    if seed is None:
        raise ResumeError(f"game {stored.id} has no stored seed; it cannot be rebuilt")
    game = Game(stored.rule_set, rule_options(stored.options), seed)
    for expected, decision in enumerate(decisions):
        if decision.seq != expected:
            raise ResumeError(f"game {stored.id}: decision {expected} is missing (found {decision.seq})")
        try:
            game.apply(Action.from_json(decision.action))
        except (IllegalAction, ValueError, TypeError) as exc:
            raise ResumeError(
                f"game {stored.id}: stored decision {decision.seq} does not replay: {exc}"
            ) from exc
    return game


async def load_game(store: Store, game_id: int) -> Game:
    """Rebuild one stored game (running or ended) from its decisions."""
    return rebuild_game(await store.get_game(game_id), await store.load_decisions(game_id))


async def unfinished_games(store: Store, *, run: str | None = None) -> list[tuple[StoredGame, Game]]:
    """Every running game (only those of ``run`` when given), oldest first, rebuilt from its decisions."""
    found = []
    for stored in await store.unfinished_games():
        if run is not None and stored.options.get(RUN_KEY) != run:
            continue
        found.append((stored, rebuild_game(stored, await store.load_decisions(stored.id))))
    return found


async def record_progress(store: Store, game_id: int, game: Game, hands_stored: int) -> int:
    """Store the results of the hands finished since ``hands_stored`` with their revealed seeds, and the
    commitment of the hand now being played (kept before its first decision, as a table publishes it:
    ``mahjong-bot verify`` checks a simulated game like any other); returns the new count."""
    for index in range(hands_stored, len(game.hands)):
        hand = game.hands[index]
        result = hand["result"]
        winners = [w["seat"] for w in result["wins"]]
        yaku = [w["yaku"] for w in result["wins"]] or result["reason"]
        await store.record_hand_result(game_id, index, round_label(hand), winners, yaku, result["deltas"])
        await store.reveal_hand_seed(
            game_id, index, seed_commitment(game.seed, index), hand_seed(game.seed, index).hex()
        )
    if not game.over:
        index = game.hand.index
        await store.record_hand_commitment(game_id, index, seed_commitment(game.seed, index))
    return len(game.hands)


async def record_end(store: Store, game_id: int, game: Game) -> None:
    """Final results and the revealed seed of a game that is over; parts already stored are kept."""
    if game.final is None:
        raise StoreError(f"game {game_id} is not over")
    stored = await store.get_game(game_id)
    await record_progress(store, game_id, game, len(await store.load_hand_results(game_id)))
    if not await store.load_final_results(game_id):
        await store.record_final_results(
            game_id,
            [
                FinalResult(
                    f["seat"], stored.seats[f["seat"]], f["points"], f["rank"], Decimal(str(f["score"]))
                )
                for f in game.final
            ],
        )
    if stored.status == "running":
        await store.finish_game(game_id, revealed_seed=game.seed)
