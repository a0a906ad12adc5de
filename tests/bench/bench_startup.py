"""Start-up: wall time of fresh processes, ``mahjong-bot --help`` and ``mahjong-bot score`` one hand.

Run: ``.venv/bin/python tests/bench/bench_startup.py [--rounds N] [--root DIR ...]``.

Each round starts, in turn, ``python -c pass`` (the interpreter alone), a one-shot script that scores
the same hand with the ``mahjong`` package, and for every ``--root`` checkout (default: this one)
``python -m bot --help`` and ``python -m bot score --rules riichi HAND`` with that checkout first on the
path, so two checkouts (before/after a change) are timed in the same interleaved rounds.  Prints the
median and spread (lowest-highest) of the rounds per command, and the median ratio against
``python -c pass`` and the one-shot reference.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HAND = "234m456m567p33s678s"
REFERENCE = """\
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.tile import TilesConverter
tiles = TilesConverter.string_to_136_array(man="234456", pin="567", sou="33678")
win = TilesConverter.string_to_136_array(sou="8")[0]
print(HandCalculator.estimate_hand_value(tiles, win).cost)
"""


def wall(command: list[str], env: dict[str, str]) -> float:
    # Run from the checkout on PYTHONPATH (``-m`` puts the working directory first on the path).
    cwd = env.get("PYTHONPATH", "/")
    started = time.perf_counter()
    done = subprocess.run(
        command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    spent = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command} failed: {done.stderr.decode()[-500:]}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--root", action="append", help="a checkout to time (repeatable)")
    args = parser.parse_args()
    roots = args.root or [str(Path(__file__).resolve().parents[2])]
    python = sys.executable
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "python -c pass": ([python, "-c", "pass"], base_env),
        "mahjong one-shot score": ([python, "-c", REFERENCE], base_env),
    }
    for root in roots:
        env = dict(base_env, PYTHONPATH=root)
        label = Path(root).name
        commands[f"[{label}] --help"] = ([python, "-m", "bot", "--help"], env)
        commands[f"[{label}] score one hand"] = (
            [python, "-m", "bot", "score", "--rules", "riichi", HAND],
            env,
        )
    for command, env in commands.values():  # warm the file cache and the bytecode
        wall(command, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, (command, env) in commands.items():
            times[name].append(wall(command, env))
    bare = times["python -c pass"]
    reference = times["mahjong one-shot score"]
    print(f"{args.rounds} interleaved rounds of fresh processes (wall seconds)")
    for name, spent in times.items():
        ratio_bare = statistics.median(a / b for a, b in zip(spent, bare, strict=True))
        ratio_ref = statistics.median(a / b for a, b in zip(spent, reference, strict=True))
        print(
            f"{name:<34} median {statistics.median(spent):6.3f} s  rounds {min(spent):.3f}-{max(spent):.3f}"
            f"  x{ratio_bare:5.1f} of python -c pass  x{ratio_ref:4.2f} of the mahjong one-shot"
        )


if __name__ == "__main__":
    main()
