"""``mahjong-bot simulate --rules R --games N --seed S [--json] [--db PATH] [--pictures DIR]``.

Computer-only games through the full referee, invariants checked after every action (all tiles
accounted for once; points plus deposits constant).  Game ``i`` uses the seed ``S:i`` so any game
can be rebuilt.  ``--db`` stores every game (decisions, hand results, final results) and lists the
ids in ``game_ids``; ``--pictures`` waits for bot/render.  A progress bar goes to stderr; ``--json``
prints one summary object.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from bot.ai.random_player import RandomPlayer, play_out
from bot.engine.game import Game
from bot.engine.ruleset import FLOW_MODULES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="computer-only games through the referee", description=__doc__)
    p.add_argument("--rules", required=True, choices=sorted(FLOW_MODULES))
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--seed", default="1", help="game i uses the seed SEED:i")
    p.add_argument(
        "--ai", default="random", help="computer players: random (random legal actions) or a bot.ai level"
    )
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.add_argument("--db", metavar="PATH", help="store each game (decisions, hand results, final results)")
    p.add_argument("--pictures", metavar="DIR", help="draw the final tables (not yet available)")
    p.set_defaults(func=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def make_players(ai: str, game_seed: str, seats: int) -> list[Any]:
    """Computer players for one game: the random player, or ``bot.ai.make_player(level)``."""
    if ai == "random":
        return [RandomPlayer(f"{game_seed}:{seat}") for seat in range(seats)]
    from bot.ai import LEVELS, make_player

    if ai not in LEVELS:
        raise ValueError(f"unknown --ai {ai!r} (choose random or one of {', '.join(LEVELS)})")
    return [make_player(ai, f"{game_seed}:{seat}") for seat in range(seats)]


def simulate(
    rules: str,
    games: int,
    seed: str,
    progress: Any = None,
    on_game: Callable[[Game], None] | None = None,
    ai: str = "random",
) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "rules": rules,
        "games": 0,
        "hands": 0,
        "wins": 0,
        "draws": 0,
        "aborts": 0,
        "actions": 0,
        "invariant_checks": 0,
        "invariant_failures": 0,
        "failures": [],
        "game_ids": [],
    }
    started = time.perf_counter()
    for i in range(games):
        game_seed = f"{seed}:{i}"
        game = Game(rules, seed=game_seed)
        players = make_players(ai, game_seed, game.rules.players)
        checks, problems = play_out(game, players)
        summary["invariant_checks"] += checks
        if problems:
            summary["invariant_failures"] += 1
            summary["failures"].append({"seed": game_seed, "problems": problems})
        _count_hands(summary, game)
        summary["games"] += 1
        if on_game is not None:
            on_game(game)
        if progress is not None:
            progress(i + 1, games)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    return summary


def _count_hands(summary: dict[str, Any], game: Game) -> None:
    summary["actions"] += len(game.decisions)
    for hand in game.hands:
        summary["hands"] += 1
        kind = hand["result"]["kind"]
        summary["wins" if kind == "win" else "draws" if kind == "draw" else "aborts"] += 1


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    end = "\n" if done == total else ""
    print(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games",
        end=end,
        file=sys.stderr,
        flush=True,
    )


def run(args: argparse.Namespace) -> int:
    if args.pictures:
        # Hook: once bot/render can draw a final table, draw each finished game into args.pictures here.
        print("mahjong-bot simulate: --pictures is not yet available; no pictures drawn", file=sys.stderr)
    finished: list[Game] = []
    progress = _progress_bar if sys.stderr.isatty() else None
    try:
        summary = simulate(
            args.rules, args.games, str(args.seed), progress, finished.append if args.db else None, args.ai
        )
    except ValueError as exc:
        print(f"mahjong-bot simulate: {exc}", file=sys.stderr)
        return 2
    if args.db:
        try:
            summary["game_ids"] = asyncio.run(store_games(args.db, finished))
        except Exception as exc:  # the store raises StoreError / OSError; report, never a traceback
            print(f"mahjong-bot simulate: could not store the games in {args.db}: {exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(summary))
    else:
        s = summary
        print(
            f"{s['games']} games, {s['hands']} hands ({s['wins']} wins, {s['draws']} draws, "
            f"{s['aborts']} aborts), {s['actions']} actions in {s['seconds']} s; "
            f"invariant checks {s['invariant_checks']}, failures {s['invariant_failures']}"
        )
    return 1 if summary["invariant_failures"] else 0


async def store_games(path: str, games: list[Game]) -> list[int]:
    """Store finished games (decisions, hand results, final results); returns their ids."""
    from bot.store.records import FinalResult
    from bot.store.repository import Store

    ids = []
    store = await Store.open(path)
    try:
        for game in games:
            n = game.rules.players
            players = [
                (await store.ensure_player(f"Computer {seat + 1}", local_key=f"ai:random:{seat}")).id
                for seat in range(n)
            ]
            game_id = await store.create_game(
                game.rules_id,
                players,
                options=game.options,
                seed_commitment=hashlib.sha256(game.seed.encode()).hexdigest(),
            )
            decisions = [(seq, a.seat, a.to_json()) for seq, a in enumerate(game.decisions)]
            await store.append_decisions(game_id, decisions)
            for index, hand in enumerate(game.hands):
                result = hand["result"]
                winners = [w["seat"] for w in result["wins"]]
                yaku = [w["yaku"] for w in result["wins"]] or result["reason"]
                await store.record_hand_result(
                    game_id, index, round_label(hand, n), winners, yaku, result["deltas"]
                )
            await store.finish_game(game_id, revealed_seed=game.seed)
            final = game.final or []
            await store.record_final_results(
                game_id,
                [
                    FinalResult(f["seat"], players[f["seat"]], f["points"], f["rank"], Decimal(f["score"]))
                    for f in final
                ],
            )
            ids.append(game_id)
    finally:
        await store.close()
    return ids


def round_label(hand: dict[str, Any], players: int) -> str:
    """``E1-0``: round wind, hand number, honba."""
    return f"{'ESWN'[hand['round_wind']]}{hand['dealer'] + 1}-{hand['honba']}"
