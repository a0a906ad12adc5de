"""What the computer levels win with: the hand types (fan, tai, multipliers) of their wins in self-play.

    python tests/bench/hand_types.py --rules sichuan taiwan pihu [--games 40] [--seed S]
        [--levels normal strong]

Per rule set and level, ``--games`` games of four players of that level (game seeds ``S:LEVEL:g``).
Printed: hands played, wins per seat-hand, the share of wins by self-draw, the points a win collects on
average (the winner's own gain), kans made per seat-hand (closed, added and from a discard), ready
declarations per seat-hand, for each hand type the share of wins that count it, most frequent first, and
the median and 99th percentile CPU time of one decision (the deciding thread's own time, so other
processes on a busy machine do not inflate it, unlike tests/bench/bench_ai.py's wall-clock times).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.ai.player import AIPlayer  # noqa: E402
from bot.engine import actions as A  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from bot.engine.registry import load_rules  # noqa: E402
from tests.bench.bench_ai import percentile, win_value  # noqa: E402

KANS = (A.KAN, A.ANKAN, A.KAKAN)


def tally(rules: str, level: str, games: int, seed: str) -> None:
    players = load_rules(rules).players
    types: Counter[str] = Counter()
    hands = wins = tsumo = points = kans = declared = 0
    cpu: list[int] = []  # microseconds a decision
    for g in range(games):
        game = Game(rules, seed=f"{seed}:{level}:{g}")
        seats = [AIPlayer(level, f"{seed}:{level}:{g}:{s}", strict=True) for s in range(players)]
        while not game.over:
            seat = game.waiting_for()[0]
            started = time.thread_time_ns()
            action = seats[seat].choose(game, seat)
            cpu.append((time.thread_time_ns() - started) // 1000)
            kans += action.kind in KANS
            declared += action.kind == A.RIICHI
            game.apply(action)
        hands += len(game.hands) * players
        for hand in game.hands:
            for win in hand["result"]["wins"]:
                wins += 1
                tsumo += win.get("from") in (None, win["seat"])
                points += win_value(win)
                types.update({name for name, *_ in win.get("yaku", ())})
    print(f"== {rules} {level}: {games} games, {hands} seat-hands, {wins} wins")
    print(
        f"wins a seat-hand {wins / hands:.3f}, self-drawn {100 * tsumo / max(1, wins):.1f}%, "
        f"a win {points / max(1, wins):.1f} points, kans a seat-hand {kans / hands:.3f}, "
        f"declarations a seat-hand {declared / hands:.3f}"
    )
    print(", ".join(f"{name} {100 * n / max(1, wins):.1f}%" for name, n in types.most_common()))
    print(
        f"CPU a decision: p50 {percentile(cpu, 0.5):.2f} ms, p99 {percentile(cpu, 0.99):.2f} ms ({len(cpu)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", nargs="+", required=True)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="types")
    parser.add_argument("--levels", nargs="+", default=["normal", "strong"])
    args = parser.parse_args()
    for rules in args.rules:
        for level in args.levels:
            tally(rules, level, args.games, args.seed)


if __name__ == "__main__":
    main()
