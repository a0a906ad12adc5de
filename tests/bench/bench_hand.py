"""Shanten speed: this project against the `mahjong` package, on the same random 14-tile hands.

Run: ``/work/venv/bin/python tests/bench/bench_hand.py [--hands N] [--repeat R] [--seed S]``.

Each round times, in turn: our shanten from empty memo tables (cold: the tables are filled during
the pass), our shanten again (warm), and ``mahjong.shanten.Shanten().calculate_shanten``.  Both
sides compute the least shanten over the regular shape, seven pairs and thirteen orphans from a
34-count list.  The best round of each is reported (the machine may be shared), with hands per
second and the ratios.  The last lines time discard tables (:func:`bot.hand.analysis.analyze`) and
the shanten after every draw (:func:`bot.hand.shanten.draw_shanten`, used by the AI).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot.hand import shanten as our_shanten
from bot.hand.analysis import analyze


def random_hands(count: int, seed: int, size: int = 14) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for kind in rng.sample(wall, size):
            counts[kind] += 1
        hands.append(counts)
    return hands


def seconds(fn: Callable[[list[int]], int], hands: list[list[int]]) -> float:
    start = time.perf_counter()
    for counts in hands:
        fn(counts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    from mahjong.shanten import Shanten

    hands = random_hands(args.hands, args.seed)
    reference = Shanten()
    for counts in hands[:2000]:  # both must agree before any timing means anything
        if 4 not in counts:  # with a four of a kind the package may refuse fifth-copy waits (see tests)
            assert reference.calculate_shanten(counts) == our_shanten.shanten(counts), counts

    cold = warm = theirs = float("inf")
    for _ in range(args.repeat):
        our_shanten.clear_caches()
        cold = min(cold, seconds(our_shanten.shanten, hands))
        warm = min(warm, seconds(our_shanten.shanten, hands))
        theirs = min(theirs, seconds(reference.calculate_shanten, hands))

    n = len(hands)
    print(f"{n} random 14-tile hands (seed {args.seed}), best of {args.repeat} rounds")
    print(f"mahjong.shanten           {n / theirs:>12,.0f} hands/s  {theirs / n * 1e6:6.2f} us/hand")
    print(f"bot.hand.shanten (cold)   {n / cold:>12,.0f} hands/s  {cold / n * 1e6:6.2f} us/hand")
    print(f"bot.hand.shanten (warm)   {n / warm:>12,.0f} hands/s  {warm / n * 1e6:6.2f} us/hand")
    print(f"ratio cold: {theirs / cold:.1f}x   ratio warm: {theirs / warm:.1f}x")
    print(f"memo after the run: {our_shanten.cache_sizes()}")

    tables = hands[:1000]
    start = time.perf_counter()
    for counts in tables:
        analyze(counts)
    spent = time.perf_counter() - start
    per_hand = spent / len(tables) * 1e3
    print(f"discard tables (warm memo): {len(tables) / spent:,.0f} hands/s  {per_hand:.2f} ms/hand")

    waiting = [bytes(c) for c in random_hands(5000, args.seed + 1, size=13)]
    start = time.perf_counter()
    for packed in waiting:
        our_shanten.draw_shanten(packed, 4, True)
    spent = time.perf_counter() - start
    print(
        f"draw_shanten, 13 tiles, all 34 draws: {spent / len(waiting) * 1e6:.1f} us/hand (memo partly cold)"
    )


if __name__ == "__main__":
    main()
