"""Referee benchmark: actions per second with random players, and the memory of live tables.

Run: ``.venv/bin/python tests/bench/bench_engine.py [--games N] [--rounds R] [--tables N]``.

Speed: each round plays the same ``--games`` seeded games per rule set with random players, timing
only the referee (``legal_actions`` + ``apply``) by the wall clock; the rule sets take turns round after
round.  Printed: the median and spread of the rounds (actions/s), and p50/p99 of one action (legal
actions + apply) from the last round.  With ``--checked`` a second figure adds the invariant checks.

Memory: ``--tables`` games advanced 60, 400 and 1,000 actions each (a finished game starts again, as a
table does), traced with tracemalloc after the shared memo tables are warm; printed per table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.ai.random_player import RandomPlayer  # noqa: E402
from bot.cli.simulation import game_options  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from tests.bench.rounds import percentile  # noqa: E402


def referee_round(
    rules: str, games: int, check: bool, per_action: list[float] | None = None
) -> tuple[int, float]:
    """(actions, seconds spent in the referee only: legal_actions + apply [+ invariants])."""
    actions = 0
    referee = 0.0
    clock = time.perf_counter
    for i in range(games):
        game = Game(rules, game_options(rules, "random"), seed=f"bench:{i}")
        player = RandomPlayer(i)
        while not game.over:
            seat = game.waiting_for()[0]
            started = clock()
            game.legal_actions(seat)
            spent = clock() - started
            action = player.choose(game, seat)  # the choice itself is not referee time
            started = clock()
            game.apply(action)
            if check:
                game.check_invariants()
            spent += clock() - started
            referee += spent
            if per_action is not None:
                per_action.append(spent)
            actions += 1
    return actions, referee


def live_tables(rules: str, tables: int, moves: int) -> int:
    """Bytes traced for ``tables`` games each advanced ``moves`` actions (a game that ends starts anew)."""
    tracemalloc.start()
    games = []
    for i in range(tables):
        game = Game(rules, seed=f"mem:{i}")
        player = RandomPlayer(i)
        for _ in range(moves):
            if game.over:
                game = Game(rules, seed=f"mem:{i}:again")
            game.apply(player.choose(game, game.waiting_for()[0]))
        games.append(game)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rules", nargs="*", default=["riichi", "sanma"])
    parser.add_argument("--checked", action="store_true", help="also time with invariant checks")
    args = parser.parse_args()
    for rules in args.rules:
        referee_round(rules, 2, check=False)  # warm the memo tables
    rates: dict[str, list[float]] = {rules: [] for rules in args.rules}
    checked: dict[str, list[float]] = {rules: [] for rules in args.rules}
    items: dict[str, list[float]] = {rules: [] for rules in args.rules}
    totals: dict[str, int] = {}
    for round_index in range(args.rounds):
        last = round_index == args.rounds - 1
        for rules in args.rules:
            actions, seconds = referee_round(rules, args.games, False, items[rules] if last else None)
            rates[rules].append(actions / seconds)
            totals[rules] = actions
            if args.checked:
                actions, seconds = referee_round(rules, args.games, True)
                checked[rules].append(actions / seconds)
    print(f"referee, random players: {args.games} games per round, {args.rounds} interleaved rounds (wall)")
    for rules in args.rules:
        r = rates[rules]
        line = (
            f"{rules:<10} {totals[rules]:>6} actions  median {statistics.median(r):>8,.0f} actions/s  "
            f"rounds {min(r):,.0f}-{max(r):,.0f}  per action p50 {percentile(items[rules], 50) * 1e6:.0f} us "
            f"p99 {percentile(items[rules], 99) * 1e6:.0f} us"
        )
        if checked[rules]:
            line += f"  with invariant checks median {statistics.median(checked[rules]):,.0f} actions/s"
        print(line)
    for rules in args.rules:
        figures = []
        for moves in (60, 400, 1000):
            current = live_tables(rules, args.tables, moves)
            figures.append(f"{moves} actions {current / args.tables / 1024:.1f} KiB")
        print(f"{rules:<10} memory per live table ({args.tables} tables): " + ", ".join(figures))


if __name__ == "__main__":
    main()
