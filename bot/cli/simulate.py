"""``mahjong-bot simulate --rules R --games N --seed S [--json] [--db PATH] [--pictures DIR]``.

Computer-only games through the full referee, invariants checked after every action (all tiles
accounted for once; points plus deposits constant).  Game ``i`` uses the seed ``S:i`` so any game
can be rebuilt.  ``--db`` stores every game (decisions, hand results, final results) and lists the
ids in ``game_ids``; ``--pictures`` draws each game into DIR/game-N/.  A progress bar goes to stderr;
``--json`` prints one summary object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.ai.random_player import RandomPlayer
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.rules.registry import rule_ids, rule_set
from bot.store.errors import StoreError


def close_players(players: list[Any], game: Game) -> None:
    """End the outside AIs' processes, if any (bot.mjai is imported only when they are used)."""
    if "bot.mjai.seat" in sys.modules:
        sys.modules["bot.mjai.seat"].close_players(players, game)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="computer-only games through the referee", description=__doc__)
    p.add_argument("--rules", required=True, choices=sorted(rule_ids()))
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--seed", default="1", help="game i uses the seed SEED:i")
    p.add_argument(
        "--ai",
        default="normal",
        help="computer players: a bot.ai level (default normal) or random (random legal actions; games get "
        "the rule set's safety cap on hands, since random players almost never win)",
    )
    p.add_argument(
        "--mjai",
        metavar="COMMAND",
        help="seat 0 is played by an outside AI speaking mjai, run as COMMAND (riichi and sanma)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.add_argument(
        "--db",
        metavar="PATH",
        nargs="?",
        const="",
        help="store each game as it is played, and resume this run's unfinished games first "
        "(no PATH: the bot's database, data/mahjong.sqlite3 or as configured)",
    )
    p.add_argument("--pictures", metavar="DIR", help="draw each game's tables, results and ranking into DIR")
    p.set_defaults(func=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def game_options(rules: str, ai: str) -> dict[str, Any]:
    """Options for a simulated game: the descriptor's ``random_play_cap`` (a limit on hands that the rules do
    not have) for random players only, who almost never win; real players' tables keep the rules."""
    if ai != "random":
        return {}
    return dict(rule_set(rules).random_play_cap)


def make_players(ai: str, game_seed: str, seats: int, mjai: str | None = None) -> list[Any]:
    """Computer players for one game: the random player, or ``bot.ai.make_player(level)``; with
    ``mjai``, seat 0 is that outside AI (:class:`bot.mjai.seat.MjaiPlayer`)."""
    if ai == "random":
        players: list[Any] = [RandomPlayer(f"{game_seed}:{seat}") for seat in range(seats)]
    else:
        from bot.ai import LEVELS, make_player

        if ai not in LEVELS:
            raise ValueError(f"unknown --ai {ai!r} (choose random or one of {', '.join(LEVELS)})")
        players = [make_player(ai, f"{game_seed}:{seat}") for seat in range(seats)]
    if mjai:
        from bot.mjai.seat import MjaiPlayer

        players[0] = MjaiPlayer(mjai, name="mjai", seed=f"{game_seed}:0")
    return players


def check_mjai(rules: str, mjai: str | None) -> None:
    from bot.mjai.seat import MJAI_RULES

    if mjai and rules not in MJAI_RULES:
        raise ValueError(f"--mjai plays riichi and sanma only, not {rules}")


def choose(player: Any, game: Game, seat: int, game_seed: str) -> Action:
    """The player's decision, its randomness seeded by (game, seat, decision number) alone, so a game
    resumed from its stored decisions goes on exactly as it would have without the interruption."""
    player.rng.seed(f"{game_seed}:{seat}:{len(game.decisions)}")
    action: Action = player.choose(game, seat)
    return action


def play_game(game: Game, players: list[Any], game_seed: str) -> tuple[int, list[str]]:
    """Play to the end, invariants checked after every action; (checks, problems)."""
    checks = 0
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(choose(players[seat], game, seat, game_seed))
        checks += 1
        problems = game.check_invariants()
        if problems:
            return checks, problems
    return checks, []


def new_summary(rules: str) -> dict[str, Any]:
    return {
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


def add_game(summary: dict[str, Any], game: Game, game_seed: str, checks: int, problems: list[str]) -> None:
    summary["invariant_checks"] += checks
    if problems:
        summary["invariant_failures"] += 1
        summary["failures"].append({"seed": game_seed, "problems": problems})
    _count_hands(summary, game)
    summary["games"] += 1


def simulate(
    rules: str,
    games: int,
    seed: str,
    progress: Any = None,
    on_game: Callable[[Game], None] | None = None,
    ai: str = "random",
    mjai: str | None = None,
) -> dict[str, Any]:
    check_mjai(rules, mjai)
    summary = new_summary(rules)
    started = time.perf_counter()
    for i in range(games):
        game_seed = f"{seed}:{i}"
        game = Game(rules, game_options(rules, ai), seed=game_seed)
        players = make_players(ai, game_seed, game.rules.players, mjai)
        try:
            checks, problems = play_game(game, players, game_seed)
        finally:
            close_players(players, game)
        add_game(summary, game, game_seed, checks, problems)
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
        # Each game is rebuilt from its seed, so this run draws exactly the games played (and stored)
        # below into DIR/game-N/ (tables part-way through each hand, results, ranking: bot/render/gallery).
        from bot.render.gallery import GameGallery

        try:
            simulate(args.rules, args.games, str(args.seed), None, GameGallery(args.pictures), args.ai)
        except (ValueError, OSError) as exc:
            print(f"mahjong-bot simulate: no pictures drawn in {args.pictures}: {exc}", file=sys.stderr)
            return 2
    progress = _progress_bar if sys.stderr.isatty() else None
    try:
        if args.db is not None:
            from bot.cli.export import default_database
            from bot.cli.simulate_store import simulate_stored

            args.db = args.db or str(default_database())

            check_mjai(args.rules, args.mjai)
            summary = asyncio.run(
                simulate_stored(args.db, args.rules, args.games, str(args.seed), args.ai, progress, args.mjai)
            )
        else:
            summary = simulate(args.rules, args.games, str(args.seed), progress, None, args.ai, args.mjai)
    except StoreError as exc:  # a corrupt or newer database: say so, never reset it
        print(f"mahjong-bot simulate: {args.db}: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"mahjong-bot simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        s = summary
        print(
            f"{s['games']} games, {s['hands']} hands ({s['wins']} wins, {s['draws']} draws, "
            f"{s['aborts']} aborts), {s['actions']} actions in {s['seconds']} s; "
            f"invariant checks {s['invariant_checks']}, failures {s['invariant_failures']}"
            + (f"; {s['resumed']} resumed" if s.get("resumed") else "")
        )
    return 1 if summary["invariant_failures"] else 0
