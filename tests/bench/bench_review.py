"""A review of a whole riichi hanchan by the computer (``mahjong-bot review``): seconds, against the target
of at most 30 s on two cores (issue 38).

Two games are reviewed, seat 0, by ``strong``:

* a riichi east-south game stored by ``mahjong-bot simulate --db`` (computer players, a fixed seed);
* a real Tenhou hanchan (an mjlog of the oracle folder, tests/oracle.py).

Each is timed as a fresh ``mahjong-bot review ... --json`` process, wall time (Python's start, imports,
the game read, every hand replayed and each of the seat's decisions asked of the computer and
explained), with the hands spread over worker processes (``--jobs 2``, the default on two cores) and in
one process (``--jobs 1``).  Contenders run in interleaved rounds so a busy machine slows them alike;
each figure is the median round and the spread (lowest-highest), in wall seconds and in CPU seconds
(the review processes and their workers): the wall time is what a user waits on this machine, the CPU
time what it costs.

Run: python tests/bench/bench_review.py [--rounds 3] [--seed bench-review]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.oracle import oracle_path  # noqa: E402

TARGET_SECONDS = 30.0
MJLOG = ("tenhou", "mjx-mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def store_game(db: Path, seed: str) -> int:
    """One riichi east-south game of computer players, stored by ``mahjong-bot simulate --db``; its id."""
    command = ["simulate", "--rules", "riichi", "--games", "1", "--seed", seed, "--json", "--db", str(db)]
    done = subprocess.run([sys.executable, "-m", "bot", *command], check=True, capture_output=True, text=True)
    summary = json.loads(done.stdout)
    print(f"stored game: {summary['hands']} hands, {summary['actions']} decisions")
    game_id: int = summary["game_ids"][0]
    return game_id


def review(words: list[str]) -> Callable[[], dict[str, object]]:
    def run() -> dict[str, object]:
        command = [sys.executable, "-m", "bot", "review", *words, "--seat", "0", "--json"]
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        result: dict[str, object] = json.loads(done.stdout)
        return result

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", default="bench-review")
    args = parser.parse_args()
    record = str(oracle_path(*MJLOG))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        game_id = store_game(db, args.seed)
        stored = [str(game_id), "--db", str(db)]
        contenders = [
            ("stored hanchan, --jobs 2", review([*stored, "--jobs", "2"])),
            ("stored hanchan, --jobs 1", review([*stored, "--jobs", "1"])),
            ("Tenhou hanchan, --jobs 2", review([record, "--jobs", "2"])),
            ("Tenhou hanchan, --jobs 1", review([record, "--jobs", "1"])),
        ]
        walls: dict[str, list[float]] = {name: [] for name, _ in contenders}
        cpus: dict[str, list[float]] = {name: [] for name, _ in contenders}
        sizes: dict[str, str] = {}
        for _ in range(args.rounds):
            for name, run in contenders:
                cpu_before, started = children_cpu(), time.perf_counter()
                result = run()
                walls[name].append(time.perf_counter() - started)
                cpus[name].append(children_cpu() - cpu_before)
                decisions = result["decisions"]
                assert isinstance(decisions, list)
                sizes[name] = f"{result['hands']} hands, {len(decisions)} decisions"
    print(f"{args.rounds} interleaved rounds; target <= {TARGET_SECONDS:.0f} s")
    width = max(len(name) for name in walls)
    for name in walls:
        wall, cpu = walls[name], cpus[name]
        print(
            f"{name:<{width}}  wall median {statistics.median(wall):5.2f} s ({min(wall):.2f}-{max(wall):.2f})"
            f"  cpu median {statistics.median(cpu):5.2f} s ({min(cpu):.2f}-{max(cpu):.2f})  {sizes[name]}"
        )
    worst = max(statistics.median(times) for times in walls.values())
    print(f"worst median {worst:.2f} s: {'within' if worst <= TARGET_SECONDS else 'OVER'} the target")


if __name__ == "__main__":
    main()
