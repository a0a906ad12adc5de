"""Benchmark: ``normal`` against ``easy`` computer players, for every rule set the referee can play.

    /work/venv/bin/python tests/bench/bench_ai.py [--games 400] [--rules riichi sanma] [--seed S]

Tables of two ``normal`` and two ``easy`` players (three-player: both mixes, N N E and N E E) are played
with the seats rotated over the same seed, so every level sits in every seat over the same walls.
Printed per rule set and level: average placement, win rate and deal-in rate per hand, decisions
per second and the median and 99th percentile time of one decision (the player's own time, not the
referee's); then the paired difference of average placement
(normal minus easy, one pair per seed group) with its standard error and t value: ``normal`` beats
``easy`` beyond noise when the difference is negative and |t| > 2.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bot.ai.player import AIPlayer
from bot.engine.game import Game
from bot.rules.registry import RULE_SETS, load_rules


@dataclass
class LevelStats:
    places: list[int] = field(default_factory=list)
    hands: int = 0  # seat-hands played
    wins: int = 0
    deal_ins: int = 0
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)


def mixes(players: int) -> list[list[str]]:
    """Every rotation of the seat patterns used for a seed."""
    if players == 4:
        bases = [["normal", "normal", "easy", "easy"]]
    else:
        bases = [["normal", "normal", "easy"], ["normal", "easy", "easy"]]
    return [base[r:] + base[:r] for base in bases for r in range(players)]


def play_table(rules: str, seed: str, levels: list[str], stats: dict[str, LevelStats]) -> list[int]:
    """Play one game; returns each seat's final rank."""
    game = Game(rules, seed=seed)
    players = [AIPlayer(level, f"{seed}:{seat}", strict=True) for seat, level in enumerate(levels)]
    while not game.over:
        seat = game.waiting_for()[0]
        started = time.perf_counter()
        action = players[seat].choose(game, seat)
        s = stats[levels[seat]]
        spent = time.perf_counter() - started
        s.seconds += spent
        s.times.append(spent)
        s.decisions += 1
        game.apply(action)
    for hand in game.hands:
        result = hand["result"]
        for level in levels:
            stats[level].hands += 1
        for win in result["wins"]:
            stats[levels[win["seat"]]].wins += 1
            if win.get("from") is not None:
                stats[levels[win["from"]]].deal_ins += 1
    assert game.final is not None
    ranks = [0] * len(levels)
    for entry in game.final:
        ranks[entry["seat"]] = entry["rank"]
    for seat, level in enumerate(levels):
        stats[level].places.append(ranks[seat])
    return ranks


def bench(rules: str, games: int, seed: str) -> None:
    players = load_rules(rules).players
    patterns = mixes(players)
    groups = max(1, math.ceil(games / len(patterns)))
    stats: dict[str, LevelStats] = defaultdict(LevelStats)
    diffs = []
    started = time.perf_counter()
    for g in range(groups):
        table_seed = f"{seed}:{g}"
        by_level: dict[str, list[int]] = defaultdict(list)
        for levels in patterns:
            ranks = play_table(rules, table_seed, levels, stats)
            for seat, level in enumerate(levels):
                by_level[level].append(ranks[seat])
        diffs.append(statistics.mean(by_level["normal"]) - statistics.mean(by_level["easy"]))
        print(f"\r{rules}: {g + 1}/{groups} seed groups", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    played = groups * len(patterns)
    print(f"== {rules}: {played} games ({groups} seeds x {len(patterns)} seatings) in {elapsed:.0f} s")
    print(
        f"{'level':8} {'avg place':>9} {'win/hand':>9} {'deal-in/hand':>12} {'decisions/s':>12} "
        f"{'median ms':>9} {'p99 ms':>7}"
    )
    for level in ("normal", "easy"):
        s = stats[level]
        p99 = sorted(s.times)[int(0.99 * len(s.times))]
        print(
            f"{level:8} {statistics.mean(s.places):9.3f} {s.wins / s.hands:9.3f} "
            f"{s.deal_ins / s.hands:12.3f} {s.decisions / s.seconds:12.0f} "
            f"{1000 * statistics.median(s.times):9.2f} {1000 * p99:7.2f}"
        )
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    t = mean / se if se and not math.isnan(se) else float("nan")
    verdict = "normal beats easy beyond noise" if mean < 0 and t < -2 else "no difference beyond noise"
    print(
        f"placement difference normal - easy: {mean:+.3f} (standard error {se:.3f}, t = {t:.2f}): {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400, help="games of riichi (other rule sets: half)")
    parser.add_argument("--rules", nargs="*", default=sorted(RULE_SETS))
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    for rules in args.rules:
        games = args.games if rules == "riichi" else max(1, args.games // 2)
        bench(rules, games, args.seed)


if __name__ == "__main__":
    main()
