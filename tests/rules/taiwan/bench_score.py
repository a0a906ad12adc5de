"""Benchmark: Taiwanese and Sichuan hand scoring (run: python -m tests.rules.taiwan.bench_score).

Random winning hands (sets + a pair from a seeded generator), scored through the public API.
Prints hands per second and the ratio to the bare decomposition of the same hands.
Not a test: no timing is asserted anywhere.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.hand.decompose import decompositions
from bot.hand.tiles import kinds_to_counts
from bot.rules.sichuan.score import NotAWin as SichuanNotAWin
from bot.rules.sichuan.score import score_kinds as score_sichuan
from bot.rules.sichuan.situation import SichuanSituation
from bot.rules.taiwan.score import score_kinds as score_taiwan
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation


def random_win(rng: random.Random, sets: int, kinds: list[int]) -> list[int] | None:
    counts = [0] * 34
    hand: list[int] = []
    for _ in range(sets):
        first = rng.choice(kinds)
        block = (
            [first] * 3
            if rng.random() < 0.35 or first >= 27 or first % 9 > 6
            else [first, first + 1, first + 2]
        )
        hand += block
    pair = rng.choice(kinds)
    hand += [pair, pair]
    for k in hand:
        counts[k] += 1
    return hand if max(counts) <= 4 else None


def hands(n: int, sets: int, kinds: list[int], seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < n:
        hand = random_win(rng, sets, kinds)
        if hand:
            rng.shuffle(hand)
            out.append(hand)
    return out


def timed(label: str, fn: Callable[[list[int]], object], sample: list[list[int]]) -> float:
    start = time.perf_counter()
    for hand in sample:
        fn(hand)
    seconds = time.perf_counter() - start
    print(f"{label:<34} {len(sample) / seconds:>10.0f} hands/s  ({seconds * 1e6 / len(sample):.0f} us/hand)")
    return seconds


def sichuan(hand: list[int]) -> object:
    try:
        return score_sichuan(hand, (), SichuanSituation(tsumo=True))
    except SichuanNotAWin:  # three suits: not a win in sichuan
        return None


def main() -> None:
    n = 2000
    taiwan_hands = hands(n, 5, list(range(34)), seed=1)
    sichuan_hands = hands(n, 4, list(range(18)), seed=2)  # two suits: always void in one
    print(f"{n} random winning hands each")
    base_tw = timed(
        "decompositions only (17 tiles)", lambda h: decompositions(kinds_to_counts(h)), taiwan_hands
    )
    tw = timed(
        "taiwan score_kinds", lambda h: score_taiwan(h, (), (), TaiwanSituation(tsumo=True)), taiwan_hands
    )
    ex = timed(
        "taiwan score_kinds extras=on",
        lambda h: score_taiwan(h, (), (), TaiwanSituation(tsumo=True), TaiwanOptions(extras=True)),
        taiwan_hands,
    )
    base_sc = timed(
        "decompositions only (14 tiles)", lambda h: decompositions(kinds_to_counts(h)), sichuan_hands
    )
    sc = timed("sichuan score_kinds", sichuan, sichuan_hands)
    print(f"ratio taiwan / decompositions          {tw / base_tw:.1f}")
    print(f"ratio taiwan extras=on / decompositions {ex / base_tw:.1f}")
    print(f"ratio sichuan / decompositions         {sc / base_sc:.1f}")


if __name__ == "__main__":
    main()
