"""``mahjong-bot simulate --rules R --games N --seed S [--json] [--db PATH] [--pictures DIR]``.

Computer-only games through the full referee, invariants checked after every action (all tiles
accounted for once; points plus deposits constant).  Game ``i`` uses the seed ``S:i`` so any game can
be rebuilt.  A progress bar goes to stderr; ``--json`` prints one summary object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bot.ai.random_player import RandomPlayer, play_out
from bot.engine.game import Game
from bot.engine.ruleset import FLOW_MODULES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="computer-only games through the referee", description=__doc__)
    p.add_argument("--rules", required=True, choices=sorted(FLOW_MODULES))
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--seed", default="1", help="game i uses the seed SEED:i")
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.add_argument("--db", metavar="PATH", help="store each game (not yet available)")
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


def simulate(rules: str, games: int, seed: str, progress: Any = None) -> dict[str, Any]:
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
        players = [RandomPlayer(f"{game_seed}:{seat}") for seat in range(game.rules.players)]
        checks, problems = play_out(game, players)
        summary["invariant_checks"] += checks
        if problems:
            summary["invariant_failures"] += 1
            summary["failures"].append({"seed": game_seed, "problems": problems})
        _count_hands(summary, game)
        summary["games"] += 1
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
    for flag, value in (("--db", args.db), ("--pictures", args.pictures)):
        if value:
            print(f"mahjong-bot simulate: {flag} is not yet available; games are not stored", file=sys.stderr)
    summary = simulate(args.rules, args.games, str(args.seed), _progress_bar if sys.stderr.isatty() else None)
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
