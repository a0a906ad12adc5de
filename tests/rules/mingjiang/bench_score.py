"""Scoring speed of mingjiang and pihu, with the ``mahjong`` package's riichi HandCalculator on the same
tiles as a reference point (a different rule set, so the ratio is an order of magnitude, not a race).

Run: ``/work/venv/bin/python tests/rules/mingjiang/bench_score.py [--hands N] [--seed S] [--repeat R]``.
Prints hands/second for each scorer (best of R runs) and the ratios to the reference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from bot.hand.tiles import ids_of_kind  # noqa: E402
from bot.rules import mingjiang, pihu  # noqa: E402

BLOCKS = [(s * 9 + n, s * 9 + n + 1, s * 9 + n + 2) for s in range(3) for n in range(7)] + [
    (k, k, k) for k in range(34)
]


def random_closed_hand(rng: random.Random) -> list[int]:
    """Four random sets and a pair (at most four copies), shuffled; the last tile is the winning one."""
    while True:
        kinds = [k for block in rng.choices(BLOCKS, k=4) for k in block]
        pair = rng.randrange(34)
        kinds += [pair, pair]
        if all(kinds.count(k) <= 4 for k in set(kinds)):
            break
    used = [0] * 34
    ids = []
    for k in kinds:
        ids.append(ids_of_kind(k)[used[k]])
        used[k] += 1
    rng.shuffle(ids)
    return ids


def best_rate(run: Callable[[], object], count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_closed_hand(rng) for _ in range(args.hands)]
    mj_situation = mingjiang.MingjiangSituation(tsumo=True)
    ph_situation = pihu.PihuSituation(tsumo=True)

    def run_mingjiang() -> None:
        for hand in hands:
            mingjiang.score_hand(hand, [], mj_situation)

    def run_pihu() -> None:
        for hand in hands:
            pihu.score_hand(hand, [], ph_situation)

    rates = {"mingjiang": best_rate(run_mingjiang, len(hands), args.repeat)}
    rates["pihu"] = best_rate(run_pihu, len(hands), args.repeat)
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        reference = None
    else:
        calculator = HandCalculator()
        config = HandConfig(is_tsumo=True)

        def run_reference() -> None:
            for hand in hands:
                calculator.estimate_hand_value(sorted(hand), hand[-1], config=config)

        reference = best_rate(run_reference, len(hands), args.repeat)
    print(f"{len(hands)} random closed self-drawn hands, best of {args.repeat}")
    for name, rate in rates.items():
        ratio = f", {rate / reference:.2f}x the reference" if reference else ""
        print(f"  {name:<28} {rate:10.0f} hands/s{ratio}")
    if reference:
        print(f"  {'mahjong 2.1 (riichi) ref.':<28} {reference:10.0f} hands/s")


if __name__ == "__main__":
    main()
