"""Benchmark: our computer levels against mjai's ``RulebaseBot`` on Mortal's libriichi referee (the arena).

    .venv-mjai/bin/python tests/bench/bench_mjai_arena.py [--groups 100] [--seed 20261127]
        [--levels strong normal] [--bot-python PYTHON]

Run it with a Python that has the ``mjai`` package (``.ci/run`` makes ``.venv-mjai`` with the
project's ``mjai`` extra; it cannot share the test environment, see ``tests/ai/mjai_arena.py``).
Our player is ``PYTHON -m bot mjai --level L --seat N`` (default: this Python), one subprocess per
seat, as mjai.app runs a bot.  One *seed group* is the arena's seed ``(SEED, g)`` played twice:
``L rulebase L rulebase`` and ``rulebase L rulebase L``, so our level and RulebaseBot sit in every seat
over the same walls; every level plays the same groups.  Printed per level: games, the average place of
ours and of RulebaseBot, their paired difference per group with its standard error and t (negative:
ours places better; it counts at |t| >= 3), the hands played, our answers and the arena's refusals
(which must be 0), and how often RulebaseBot's known defect was mended (``RulebasePlayer``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ai"))
from mjai_arena import play_game  # noqa: E402 - the arena driver, beside the tests that use it

RULEBASE = "rulebase"


def arrangements(ours: str) -> list[list[str]]:
    return [[ours, RULEBASE, ours, RULEBASE], [RULEBASE, ours, RULEBASE, ours]]


def play_group(command: str, seed: int, group: int) -> dict[str, Any]:
    """Both arrangements of one seed: ours' and RulebaseBot's places, hands, answers and refusals."""
    ours: list[int] = []
    theirs: list[int] = []
    hands = answers = corrected = 0
    errors: list[str] = []
    for seats in arrangements(command):
        game = play_game(seats, (seed, group))
        for seat, spec in enumerate(seats):
            (theirs if spec == RULEBASE else ours).append(game["places"][seat])
            answers += game["answers"][seat] if spec != RULEBASE else 0
        hands += game["hands"]
        corrected += game["rulebase_corrected"]
        errors += game["errors"]
    return {
        "ours": ours,
        "theirs": theirs,
        "hands": hands,
        "answers": answers,
        "corrected": corrected,
        "errors": errors,
    }


def summary(level: str, groups: list[dict[str, Any]], seconds: float) -> str:
    ours = [p for g in groups for p in g["ours"]]
    theirs = [p for g in groups for p in g["theirs"]]
    differences = [statistics.mean(g["ours"]) - statistics.mean(g["theirs"]) for g in groups]
    mean = statistics.mean(differences)
    se = statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.nan
    t = mean / se if se and not math.isnan(se) else math.nan
    return (
        f"{level:>6} vs RulebaseBot: {len(groups)} seed groups, {2 * len(groups)} games, "
        f"{sum(g['hands'] for g in groups)} hands; average place {statistics.mean(ours):.2f} vs "
        f"{statistics.mean(theirs):.2f}; paired difference {mean:+.3f} (se {se:.3f}, t {t:.1f}); "
        f"our answers {sum(g['answers'] for g in groups)}, refused {sum(len(g['errors']) for g in groups)}; "
        f"RulebaseBot's kuikae discards mended {sum(g['corrected'] for g in groups)}; "
        f"{seconds:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--groups", type=int, default=100, help="seed groups (two games each) per level")
    parser.add_argument("--seed", type=int, default=20261127)
    parser.add_argument("--levels", nargs="+", default=["strong", "normal"])
    parser.add_argument("--bot-python", default=sys.executable, help="the Python that runs `-m bot mjai`")
    args = parser.parse_args(argv)
    lines = []
    for level in args.levels:
        command = f"{args.bot_python} -m bot mjai --level {level} --seat {{seat}} --seed arena"
        started = time.perf_counter()
        groups = []
        for g in range(args.groups):
            groups.append(play_group(command, args.seed, g))
            for error in groups[-1]["errors"]:
                print(f"group {g}: {error}", file=sys.stderr)
        lines.append(summary(level, groups, time.perf_counter() - started))
        print(lines[-1], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
