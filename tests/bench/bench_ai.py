"""Benchmark: the computer levels against each other, for every rule set the referee can play.

    python tests/bench/bench_ai.py [--games 200] [--rules riichi sanma] [--seed S]
        [--results DIR] [--fresh] [--selfplay 40] [--report]

Mixed tables: ``strong normal easy easy`` (three-player: ``strong normal easy``), the seats rotated
over the same seed, so every level sits in every seat over the same walls; one *seed group* is one
seed played in every rotation.  Printed per rule set and level: average placement with its standard
error, per seat-hand the win, deal-in, riichi (or ready declaration) and call rates (a hand with at
least one chi, pon or open kan), the points a win collected on average (its own gain in the win's
payments), and the median and 99th percentile time of one decision (the
player's own time, asking the table for its legal actions and view included: by the wall clock, and the
99th percentile of the process's CPU time too, which other programs on a shared machine do not inflate);
then the paired
differences of average placement per seed group (strong - normal, normal - easy, strong - easy)
with standard error and t.  A difference counts at |t| >= 3.

Self-play: ``--selfplay N`` games of four ``normal`` and of four ``strong`` players (three in sanma) per
rule set; their rates are printed beside Tenhou's houou-table human ranges (four-player riichi's) in the
riichi family (riichi, sanma, mingjiang), each marked in, below or above the range.

Results are kept per rule set in ``DIR/bench_ai-<rules>.jsonl`` (default ``.bench/``), one line per
finished seed group (or self-play game), appended as it finishes: a run can be stopped and resumed
(``--games`` is the total wanted; groups already there are not played again; a line cut short by a stop
is dropped and its group played again), split across machines or sessions, and ``--report`` prints the
figures of what is there without playing.  Appending keeps a long run's cost per group constant (tens of
thousands of games are needed to see an edge of a few hundredths of a place).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bot.ai.player import AIPlayer
from bot.engine import actions as A
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS, load_rules

LEVELS = ("strong", "normal", "easy")
PAIRS = (("strong", "normal"), ("normal", "easy"), ("strong", "easy"))
# Tenhou houou table, human players (four-player riichi): (low, high) in percent per hand.
HOUOU = {"win": (21, 23), "deal_in": (11, 13), "riichi": (18, 20), "call": (30, 35)}
RATES = ("win", "deal_in", "riichi", "call")
# The rule sets whose self-play rates are printed beside those ranges, and what to read them with.
HOUOU_BESIDE = {
    "riichi": "",
    "sanma": "with three seats a hand's win is shared by fewer players, so win and deal-in run higher",
    "mingjiang": "riichi's tiles with a one-fan minimum and no red fives; near them where its rules allow",
}


def base_pattern(players: int) -> list[str]:
    return ["strong", "normal", "easy", "easy"] if players == 4 else ["strong", "normal", "easy"]


def rotations(pattern: list[str]) -> list[list[str]]:
    return [pattern[r:] + pattern[:r] for r in range(len(pattern))]


def play_game(
    rules: str, seed: str, levels: list[str], players: list[AIPlayer] | None = None
) -> dict[str, Any]:
    """One game; per seat: rank, final points and counts (hands, wins, deal-ins, riichi, hands with a
    call, the points won by the wins) and the decision times in microseconds.  ``levels`` label the
    seats; ``players`` (default: a strict player of each level) play them."""
    game = Game(rules, seed=seed)
    if players is None:
        players = [AIPlayer(level, f"{seed}:{seat}", strict=True) for seat, level in enumerate(levels)]
    seats: list[dict[str, Any]] = [
        {"level": level, "riichi": 0, "call_hands": 0, "times": [], "cpu": []} for level in levels
    ]
    called: set[tuple[int, int]] = set()
    while not game.over:
        seat = game.waiting_for()[0]
        started, cpu = time.perf_counter(), time.process_time()
        action = players[seat].choose(game, seat)
        seats[seat]["times"].append(round(1e6 * (time.perf_counter() - started)))
        seats[seat]["cpu"].append(round(1e6 * (time.process_time() - cpu)))
        if action.kind == A.RIICHI:
            seats[seat]["riichi"] += 1
        elif action.kind in (A.CHI, A.PON, A.KAN):
            called.add((len(game.hands), seat))
        game.apply(action)
    for _hand, seat in called:
        seats[seat]["call_hands"] += 1
    for s in seats:
        s.update(hands=len(game.hands), wins=0, deal_ins=0, win_points=0)
    for hand in game.hands:
        for win in hand["result"]["wins"]:
            seats[win["seat"]]["wins"] += 1
            seats[win["seat"]]["win_points"] += win_value(win)
            if win.get("from") is not None and win["from"] != win["seat"]:
                seats[win["from"]]["deal_ins"] += 1
    assert game.final is not None
    for entry in game.final:
        seats[entry["seat"]]["rank"] = entry["rank"]
        seats[entry["seat"]]["points"] = entry["points"]
    return {"seed": seed, "seats": seats}


def win_value(win: dict[str, Any]) -> int:
    """What one win collected: the winner's own gain in the win's deltas (its points field where a rule
    set gives no deltas)."""
    deltas = win.get("deltas")
    if isinstance(deltas, list) and len(deltas) > win["seat"]:
        return int(deltas[win["seat"]])
    return int(win.get("points", 0))


# ------------------------------------------------------------------ results on disk
def results_path(folder: Path, rules: str) -> Path:
    return folder / f"bench_ai-{rules}.jsonl"


def load(path: Path) -> dict[str, Any]:
    """The results kept in ``path``; a last line cut short by a stopped run is cut off the file."""
    data: dict[str, Any] = {"groups": {}, "selfplay": {}}
    if not path.exists():
        return data
    raw = path.read_bytes()
    complete = raw[: raw.rfind(b"\n") + 1]
    if len(complete) < len(raw):
        with path.open("r+b") as file:
            file.truncate(len(complete))
    for line in complete.splitlines():
        entry = json.loads(line)
        if entry["kind"] == "group":
            data["groups"][entry["key"]] = entry["games"]
        else:
            data["selfplay"].setdefault(entry["level"], []).append(entry["game"])
    return data


def append(path: Path, entry: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as file:
        file.write(json.dumps(entry, separators=(",", ":")) + "\n")


def run(rules: str, games: int, seed: str, selfplay: int, path: Path) -> None:
    data = load(path)
    players = load_rules(rules).players
    patterns = rotations(base_pattern(players))
    groups = max(1, math.ceil(games / len(patterns)))
    for g in range(groups):
        key = f"{seed}:{g}"
        if key in data["groups"]:
            continue
        append(path, {"kind": "group", "key": key, "games": [play_game(rules, key, lv) for lv in patterns]})
        print(f"\r{rules}: seed group {g + 1}/{groups}", end="", file=sys.stderr, flush=True)
    for level in ("normal", "strong"):
        done = len(data["selfplay"].get(level, []))
        for g in range(done, selfplay):
            game = play_game(rules, f"{seed}:self:{level}:{g}", [level] * players)
            append(path, {"kind": "selfplay", "level": level, "game": game})
            print(f"\r{rules}: self-play {level} {g + 1}/{selfplay}  ", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


# ------------------------------------------------------------------ figures
def rates(games: list[dict[str, Any]], level: str) -> dict[str, float]:
    seats = [s for g in games for s in g["seats"] if s["level"] == level]
    hands = sum(s["hands"] for s in seats) or 1
    valued = [s for s in seats if "win_points" in s]  # results kept before win values were recorded
    valued_wins = sum(s["wins"] for s in valued)
    return {
        "win": 100 * sum(s["wins"] for s in seats) / hands,
        "deal_in": 100 * sum(s["deal_ins"] for s in seats) / hands,
        "riichi": 100 * sum(s["riichi"] for s in seats) / hands,
        "call": 100 * sum(s["call_hands"] for s in seats) / hands,
        "win_value": sum(s["win_points"] for s in valued) / valued_wins if valued_wins else float("nan"),
    }


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000 if ordered else float("nan")


def mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.mean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, se


def t_of(mean: float, se: float) -> float:
    return mean / se if se and not math.isnan(se) else float("nan")


def paired_differences(
    groups: list[list[dict[str, Any]]], first: str, second: str, measure: str = "rank"
) -> list[float]:
    """Per seed group (the same walls in every seating), ``first``'s mean ``measure`` minus ``second``'s."""
    diffs = []
    for group in groups:
        by_level: dict[str, list[float]] = defaultdict(list)
        for g in group:
            for s in g["seats"]:
                by_level[s["level"]].append(s[measure])
        diffs.append(statistics.mean(by_level[first]) - statistics.mean(by_level[second]))
    return diffs


def report(rules: str, data: dict[str, Any]) -> None:
    groups = list(data["groups"].values())
    games = [g for group in groups for g in group]
    if not games:
        print(f"== {rules}: no results yet")
        return
    print(f"== {rules}: {len(games)} games ({len(groups)} seed groups x {len(groups[0])} seatings)")
    print(
        f"{'level':7} {'avg place':>9} {'s.e.':>6} {'win%':>6} {'deal-in%':>8} {'riichi%':>7} {'call%':>6} "
        f"{'win value':>9} {'decisions':>9} {'p50 ms':>7} {'p99 ms':>7} {'p99 cpu':>7}"
    )
    for level in LEVELS:
        places = [s["rank"] for g in games for s in g["seats"] if s["level"] == level]
        times = [t for g in games for s in g["seats"] if s["level"] == level for t in s["times"]]
        cpu = [t for g in games for s in g["seats"] if s["level"] == level for t in s.get("cpu", ())]
        mean, se = mean_se([float(p) for p in places])
        r = rates(games, level)
        print(
            f"{level:7} {mean:9.3f} {se:6.3f} {r['win']:6.1f} {r['deal_in']:8.1f} {r['riichi']:7.1f} "
            f"{r['call']:6.1f} {r['win_value']:9.1f} {len(times):9d} {percentile(times, 0.5):7.2f} "
            f"{percentile(times, 0.99):7.2f} {percentile(cpu, 0.99):7.2f}"
        )
    for better, worse in PAIRS:
        diffs = paired_differences(groups, better, worse)
        mean, se = mean_se(diffs)
        t = t_of(mean, se)
        verdict = f"{better} ahead, |t| >= 3" if mean < 0 and t <= -3 else "not beyond |t| >= 3"
        print(
            f"placement {better} - {worse}: {mean:+.3f} "
            f"(s.e. {se:.3f}, t = {t:+.2f}, {len(diffs)} groups): {verdict}"
        )
    beside = rules in HOUOU_BESIDE
    for level, played in sorted(data.get("selfplay", {}).items()):
        if not played:
            continue
        r = rates(played, level)
        marks = {name: in_range(name, r[name]) if beside else "" for name in RATES}
        line = ", ".join(f"{name} {r[name]:.1f}%{marks[name]}" for name in RATES)
        hands = sum(s["hands"] for g in played for s in g["seats"])
        print(
            f"self-play {level} ({len(played)} games, {hands} seat-hands): {line}, "
            f"a win {r['win_value']:.1f} points"
        )
    if beside:
        print("Tenhou houou humans:  " + ", ".join(f"{n} {lo}-{hi}%" for n, (lo, hi) in HOUOU.items()))
        if rules != "riichi":
            print(f"  (four-player riichi's ranges: {HOUOU_BESIDE[rules]})")
    else:
        print("(no published human averages for this rule set)")


def in_range(name: str, rate: float) -> str:
    """`` (in)`` when ``rate`` lies in the houou range of ``name`` (rounded to a tenth), else below/above."""
    low, high = HOUOU[name]
    rounded = round(rate, 1)
    return " (in)" if low <= rounded <= high else " (below)" if rounded < low else " (above)"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=200, help="mixed-table games per rule set (total wanted)"
    )
    parser.add_argument("--rules", nargs="*", default=sorted(RULE_SETS))
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--selfplay", type=int, default=0, help="self-play games per level (normal, strong)")
    parser.add_argument("--results", type=Path, default=Path(".bench"), help="folder of the result files")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results of these rule sets")
    parser.add_argument("--report", action="store_true", help="print the figures of the results only")
    args = parser.parse_args()
    for rules in args.rules:
        path = results_path(args.results, rules)
        if args.fresh and path.exists():
            path.unlink()
        if not args.report:
            run(rules, args.games, args.seed, args.selfplay, path)
        report(rules, load(path))


if __name__ == "__main__":
    main()
