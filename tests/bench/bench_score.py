"""Riichi scoring speed: this project's score_hand against the ``mahjong`` package's HandCalculator.

Both score the same 5,000 random winning hands (with a yaku), Tenhou options on the reference, each
hand scored in full (tiles, melds and situation in, points out).
Run: ``/work/venv/bin/python tests/bench/bench_score.py [--hands N] [--seed S] [--repeat R]``.

``--once MODE`` (none, cold, warm, reference) scores the hands once without timing, for an instruction
count that a busy machine does not disturb: run it under
``valgrind --tool=cachegrind --cache-sim=no`` and subtract the ``none`` run (which prepares the same
hands and warms both scorers) from each of the others.

Each round times, in turn: our scorer from empty memo tables (cold: the suit split and points tables
are filled during the pass, as after a restart), our scorer again (warm: the tables a running bot has),
and the reference (whose own lru_cache of divided hands is cleared first).  The best round of each is
reported (the machine may be shared), with hands per second; the headline ratio uses the cold figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mahjong.hand_calculating.divider import HandDivider  # noqa: E402

from bot.rules.riichi.scoring import NotAWin, clear_tables, score_hand  # noqa: E402
from tests.rules.riichi.generate import GeneratedHand, random_winning_hand  # noqa: E402
from tests.rules.riichi.reference import (  # noqa: E402
    reference_config,
    reference_melds,
    reference_points,
    reference_score,
)


def winning_hands(count: int, seed: int) -> list[GeneratedHand]:
    rng = random.Random(seed)
    hands: list[GeneratedHand] = []
    while len(hands) < count:
        hand = random_winning_hand(rng)
        try:
            score_hand(hand.concealed, hand.melds, hand.situation)
        except NotAWin:
            continue
        hands.append(hand)
    return hands


def best_rates(
    runs: list[tuple[Callable[[], None], Callable[[], None]]], count: int, repeat: int
) -> list[float]:
    """Hands/second of each (prepare, run) pair, best of ``repeat`` rounds; ``prepare`` is not timed.
    The runs are interleaved so that a busy machine slows them alike."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for index, (prepare, run) in enumerate(runs):
            prepare()
            start = time.perf_counter()
            run()
            best[index] = min(best[index], time.perf_counter() - start)
    return [count / seconds for seconds in best]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--once", choices=("none", "cold", "warm", "reference"))
    args = parser.parse_args()
    hands = winning_hands(args.hands, args.seed)
    prepared = [(h, reference_melds(h.melds), reference_config(h)) for h in hands]

    def ours() -> None:
        for h in hands:
            score_hand(h.concealed, h.melds, h.situation)

    def reference() -> None:
        for h, melds, config in prepared:
            reference_score(h, melds, config)

    def nothing() -> None:
        pass

    # Sanity: both agree on the points of every hand before timing anything.
    for h, melds, config in prepared:
        ref = reference_score(h, melds, config)
        assert score_hand(h.concealed, h.melds, h.situation).points == reference_points(ref), h

    if args.once:
        if args.once == "cold":
            clear_tables()
        if args.once in ("cold", "warm"):
            ours()
        elif args.once == "reference":
            HandDivider._divide_hand_impl.cache_clear()
            reference()
        return

    cold, warm, ref_rate = best_rates(
        [(clear_tables, ours), (nothing, ours), (HandDivider._divide_hand_impl.cache_clear, reference)],
        len(hands),
        args.repeat,
    )
    print(f"hands: {len(hands)} (seed {args.seed}), best of {args.repeat} rounds")
    print(f"bot.rules.riichi.scoring.score_hand, cold : {cold:10.0f} hands/s")
    print(f"bot.rules.riichi.scoring.score_hand, warm : {warm:10.0f} hands/s")
    print(f"mahjong HandCalculator                    : {ref_rate:10.0f} hands/s")
    print(f"ratio cold (ours / reference)             : {cold / ref_rate:10.2f}x")
    print(f"ratio warm (ours / reference)             : {warm / ref_rate:10.2f}x")


if __name__ == "__main__":
    main()
