"""League night draw speed and quality (bot/league/night.py).

Run: .venv/bin/python tests/bench/bench_night.py [--rounds N]
Target (issue 40): the draw for 64 players over 8 rounds in under 1 s.  64 = 4**3 is drawn from AG(3, 4);
the neighbours (63 and 65 players: byes, the local search) and a redraw after a player leaves at round 4
are measured beside it.  Contenders run interleaved round after round (tests/bench/rounds.py); each line
gives the median seconds per draw and the spread of the rounds, then the draw's quality: repeated meetings
(sum over pairs of C(times met, 2)), the most times two players met, and the widest wind spread of a
player (most - fewest of one wind).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.league.night import NightPlan, Round, draw_plan, pair_counts, repeated_meetings, wind_counts  # noqa: E402
from tests.bench.rounds import interleave  # noqa: E402

TARGET_SECONDS = 1.0


def plans() -> dict[str, NightPlan[int]]:
    return {
        "64 players x 8 rounds": NightPlan(tuple(range(64)), 8, seed="bench"),
        "63 players x 8 rounds": NightPlan(tuple(range(63)), 8, seed="bench"),
        "65 players x 8 rounds": NightPlan(tuple(range(65)), 8, seed="bench"),
        "64 x 8, one leaves after 4": NightPlan(tuple(range(64)), 8, seed="bench", left=((17, 4),)),
    }


def quality(rounds: list[Round[int]]) -> str:
    met = pair_counts(rounds)
    spread = max(max(c) - min(c) for c in wind_counts(rounds).values())
    return f"repeats {repeated_meetings(rounds)}, most met {max(met.values())}, wind spread {spread}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds of every contender")
    args = parser.parse_args()
    chosen = plans()

    def runner(plan: NightPlan[int]) -> Callable[[], int]:
        def run() -> int:
            draw_plan(plan)
            return 1

        return run

    figures = interleave([(name, lambda: None, runner(plan)) for name, plan in chosen.items()], args.rounds)
    width = max(len(name) for name in chosen)
    verdict = 0
    for figure, (name, plan) in zip(figures, chosen.items(), strict=True):
        seconds = [1 / rate for rate in figure.rates]
        median = statistics.median(seconds)
        line = (
            f"{name:<{width}}  median {median * 1000:8.1f} ms  rounds {min(seconds) * 1000:.1f}-"
            f"{max(seconds) * 1000:.1f} ms  {quality(draw_plan(plan))}"
        )
        print(line)
        if name.startswith("64 players") and median >= TARGET_SECONDS:
            verdict = 1
    print(
        f"target: 64 players x 8 rounds under {TARGET_SECONDS:.0f} s: {'met' if verdict == 0 else 'MISSED'}"
    )
    return verdict


if __name__ == "__main__":
    raise SystemExit(main())
