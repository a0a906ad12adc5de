"""Shanten speed: this project against the `mahjong` package, on the same random hands.

Run: ``.venv/bin/python tests/bench/bench_hand.py [--hands N] [--rounds R] [--seed S]``.

Two sets: plain 14-tile closed hands, and a mixed set (0-3 melds already called, so 14, 11, 8 or 5
concealed tiles, and as many 13/10/7/4-tile waiting hands).  Each round times, in turn: our shanten
from empty memo tables (cold: the tables fill during the pass, as after a restart), ours again (warm),
and ``mahjong.shanten.Shanten.calculate_shanten``; both compute the least shanten over the regular
shape, seven pairs and thirteen orphans (the special shapes only for closed hands).  Printed: the
median and spread of the interleaved rounds, p50/p99 per hand (a separate pass, warm), the ratios.
The last lines time discard tables (:func:`bot.hand.analysis.analyze`) and the shanten after every
draw (:func:`bot.hand.shanten.draw_shanten`, used by the AI).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.hand import shanten as our_shanten  # noqa: E402
from bot.hand.analysis import analyze  # noqa: E402
from tests.bench.rounds import interleave, report, timed_items  # noqa: E402


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


def mixed_hands(count: int, seed: int) -> list[tuple[list[int], int]]:
    """(concealed counts, melds) with 0-3 melds called; half complete-sized, half waiting-sized."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        melds = rng.randint(0, 3)
        size = 14 - 3 * melds - (i % 2)
        (counts,) = random_hands(1, rng.randrange(1 << 30), size)
        out.append((counts, melds))
    return out


def bench_set(name: str, hands: list[tuple[list[int], int]], rounds: int) -> None:
    from mahjong.shanten import Shanten

    reference = Shanten()
    for counts, melds in hands[:2000]:  # both must agree before any timing means anything
        if 4 not in counts:  # with a four of a kind the package may refuse fifth-copy waits (see tests)
            assert reference.calculate_shanten(counts) == our_shanten.shanten(counts, melds), counts
    ours = our_shanten.shanten
    theirs = reference.calculate_shanten

    def run_ours() -> int:
        for counts, melds in hands:
            ours(counts, melds)
        return len(hands)

    def run_theirs() -> int:
        for counts, _ in hands:
            theirs(counts)
        return len(hands)

    figures = interleave(
        [
            ("mahjong.shanten", lambda: None, run_theirs),
            ("bot.hand.shanten cold", our_shanten.clear_caches, run_ours),
            ("bot.hand.shanten warm", lambda: None, run_ours),
        ],
        rounds,
    )
    figures[0].item_seconds = timed_items(hands, lambda h: theirs(h[0]))  # type: ignore[index]
    figures[2].item_seconds = timed_items(hands, lambda h: ours(h[0], h[1]))  # type: ignore[index]
    print(f"{name}: {len(hands)} hands, {rounds} interleaved rounds")
    report(figures, "hands", reference="mahjong.shanten")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    bench_set("plain 14-tile hands", [(c, 0) for c in random_hands(args.hands, args.seed)], args.rounds)
    bench_set("mixed hands (0-3 melds)", mixed_hands(args.hands, args.seed + 7), args.rounds)
    print(f"memo after the runs: {our_shanten.cache_sizes()}")

    tables = random_hands(1000, args.seed)
    per = timed_items(tables, analyze)  # type: ignore[arg-type]
    per.sort()
    print(
        f"discard tables (warm memo): p50 {per[len(per) // 2] * 1e3:.2f} ms  "
        f"p99 {per[-len(per) // 100] * 1e3:.2f} ms"
    )

    waiting = [bytes(c) for c in random_hands(5000, args.seed + 1, size=13)]
    per = timed_items(waiting, lambda packed: our_shanten.draw_shanten(packed, 4, True))  # type: ignore[arg-type]
    per.sort()
    print(
        f"draw_shanten, 13 tiles, all 34 draws: p50 {per[len(per) // 2] * 1e6:.1f} us  "
        f"p99 {per[-len(per) // 100] * 1e6:.1f} us (memo partly cold)"
    )


if __name__ == "__main__":
    main()
