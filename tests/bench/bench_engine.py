"""Referee benchmark: actions per second (random players) and the memory of 1,000 live tables.

Run: /work/venv/bin/python tests/bench/bench_engine.py [--games N] [--tables N]
Prints figures and ratios; asserts nothing (timings belong here, not in tests).  Referee time is CPU
time of this process (time.process_time), so other programs on the machine disturb it less.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from bot.ai.random_player import RandomPlayer
from bot.engine.game import Game


def referee_speed(rules: str, games: int, check: bool) -> tuple[int, int, float]:
    """(actions, hands, seconds spent in the referee only: legal_actions + apply [+ invariants])."""
    actions = hands = 0
    referee = 0.0
    for i in range(games):
        game = Game(rules, seed=f"bench:{i}")
        player = RandomPlayer(i)
        while not game.over:
            seat = game.waiting_for()[0]
            started = time.process_time()
            legal = game.legal_actions(seat)
            referee += time.process_time() - started
            action = player.choose(game, seat)  # cached list: the choice itself is not referee time
            started = time.process_time()
            game.apply(action)
            if check:
                game.check_invariants()
            referee += time.process_time() - started
            actions += 1
            del legal
        hands += len(game.hands)
    return actions, hands, referee


def live_tables(rules: str, tables: int, moves: int) -> tuple[int, int]:
    """(bytes traced for ``tables`` games each advanced ``moves`` actions, peak bytes).

    The shared memo tables (waits, suit shapes) are warmed first so that only the tables are counted.
    """
    referee_speed(rules, 3, check=False)
    tracemalloc.start()
    games = []
    for i in range(tables):
        game = Game(rules, seed=f"mem:{i}")
        player = RandomPlayer(i)
        for _ in range(moves):
            if game.over:
                break
            game.apply(player.choose(game, game.waiting_for()[0]))
        games.append(game)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(games) == tables
    return current, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=60, help="actions played at each live table")
    args = parser.parse_args()
    for rules in ("riichi", "sanma"):
        referee_speed(rules, 3, check=False)  # warm the memo tables
        # Best of three runs of the same games: the least disturbed measurement.
        actions, hands, seconds = min(
            (referee_speed(rules, args.games, check=False) for _ in range(3)), key=lambda r: r[2]
        )
        checked, _, checked_seconds = min(
            (referee_speed(rules, args.games, check=True) for _ in range(3)), key=lambda r: r[2]
        )
        rate = actions / seconds
        checked_rate = checked / checked_seconds
        print(
            f"{rules}: {args.games} games, {hands} hands, {actions} actions (best of 3): "
            f"referee {rate:,.0f} actions/s "
            f"({seconds / hands * 1000:.1f} ms/hand); with invariant checks {checked_rate:,.0f} actions/s "
            f"(ratio {rate / checked_rate:.2f}x)"
        )
    for rules in ("riichi", "sanma"):
        current, peak = live_tables(rules, args.tables, args.moves)
        print(
            f"{rules}: {args.tables} live tables after {args.moves} actions each: {current / 2**20:.1f} MiB "
            f"({current / args.tables / 1024:.1f} KiB per table), peak {peak / 2**20:.1f} MiB"
        )


if __name__ == "__main__":
    main()
