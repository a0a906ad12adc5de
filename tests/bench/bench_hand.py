"""Shanten speed: this project against the `mahjong` package and, where installed, the Rust engines
`xiangting` and `riichienv` (the `bench` extra: ``pip install -e '.[bench]'``), on the same random hands.

Run: ``.venv/bin/python tests/bench/bench_hand.py [--hands N] [--rounds R] [--seed S]``.

Two sets: plain 14-tile closed hands, and a mixed set (0-3 melds already called, so 14, 11, 8 or 5
concealed tiles, and as many 13/10/7/4-tile waiting hands).  Each peer gets the hand as it takes it,
built before the timing: ``mahjong`` and ``xiangting`` the 34 counts, ``riichienv`` the tile ids.  Before
any timing, every hand's answer is checked equal across all of them (xiangting answers the
replacement number, shanten + 1).  Each round times, in turn: the peers, our shanten from empty memo
tables (cold: the tables fill during the pass, as after a restart), ours again (warm); all compute the
least shanten over the regular shape, seven pairs and thirteen orphans (the special shapes only for
closed hands).  Printed: the median and spread of the interleaved rounds, p50/p99 per hand (a separate
pass, warm), and our cold and warm figures against each peer (median of the per-round ratios, spread).
The last lines time discard tables (:func:`bot.hand.analysis.analyze`) and the shanten after every
draw (:func:`bot.hand.shanten.draw_shanten`, used by the AI).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.hand import shanten as our_shanten  # noqa: E402
from bot.hand.analysis import analyze  # noqa: E402
from tests.bench.rounds import interleave, print_ratios, report, timed_items  # noqa: E402


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


# A peer: (name, its input from the 34 counts: the counts or the tile ids, the shanten of that input).
Peer = tuple[str, Callable[[list[int]], list[int]], Callable[[list[int]], int]]


def peer_shanten() -> list[Peer]:
    """The installed peers: (name, input from the counts, shanten of that input)."""
    from mahjong.shanten import Shanten

    peers: list[Peer] = [("mahjong.shanten", list, Shanten().calculate_shanten)]
    try:
        import xiangting
    except ImportError:
        print("xiangting not installed (pip install -e '.[bench]'): left out")
    else:
        four = xiangting.PlayerCount.FOUR
        replacement = xiangting.calculate_replacement_number
        peers.append(("xiangting", list, lambda counts: replacement(counts, four) - 1))
    try:
        import riichienv
    except ImportError:
        print("riichienv not installed (pip install -e '.[bench]'): left out")
    else:
        peers.append(("riichienv", tile_ids, riichienv.calculate_shanten))
    return peers


def tile_ids(counts: list[int]) -> list[int]:
    return [4 * kind + copy for kind, count in enumerate(counts) for copy in range(count)]


def bench_set(name: str, hands: list[tuple[list[int], int]], rounds: int) -> None:
    peers = peer_shanten()
    inputs = [[convert(counts) for counts, _ in hands] for _, convert, _ in peers]
    for i, (counts, melds) in enumerate(hands):  # all must agree before any timing means anything
        ours = our_shanten.shanten(counts, melds)
        for (peer, _, theirs), given in zip(peers, inputs, strict=True):
            # with a four of a kind `mahjong` may refuse fifth-copy waits (see tests)
            if peer != "mahjong.shanten" or 4 not in counts:
                assert theirs(given[i]) == ours, (peer, counts, melds)
    shanten = our_shanten.shanten

    def run_ours() -> int:
        for counts, melds in hands:
            shanten(counts, melds)
        return len(hands)

    def peer_run(theirs: Callable[[list[int]], int], given: list[list[int]]) -> Callable[[], int]:
        def run() -> int:
            for item in given:
                theirs(item)
            return len(given)

        return run

    contenders: list[tuple[str, Callable[[], None], Callable[[], int]]] = [
        (peer, lambda: None, peer_run(theirs, given))
        for (peer, _, theirs), given in zip(peers, inputs, strict=True)
    ]
    contenders += [
        ("bot.hand.shanten cold", our_shanten.clear_caches, run_ours),
        ("bot.hand.shanten warm", lambda: None, run_ours),
    ]
    figures = interleave(contenders, rounds)
    cold, warm = len(peers), len(peers) + 1
    for index, ((_, _, theirs), given) in enumerate(zip(peers, inputs, strict=True)):
        figures[index].item_seconds = timed_items(given, theirs)
    figures[warm].item_seconds = timed_items(hands, lambda h: shanten(h[0], h[1]))
    print(f"{name}: {len(hands)} hands (answers equal across all), {rounds} interleaved rounds")
    report(figures, "hands")
    print_ratios(figures, [(ours, peer) for peer in range(len(peers)) for ours in (cold, warm)])


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
    per = timed_items(tables, analyze)
    per.sort()
    print(
        f"discard tables (warm memo): p50 {per[len(per) // 2] * 1e3:.2f} ms  "
        f"p99 {per[-len(per) // 100] * 1e3:.2f} ms"
    )

    waiting = [bytes(c) for c in random_hands(5000, args.seed + 1, size=13)]
    per = timed_items(waiting, lambda packed: our_shanten.draw_shanten(packed, 4, True))
    per.sort()
    print(
        f"draw_shanten, 13 tiles, all 34 draws: p50 {per[len(per) // 2] * 1e6:.1f} us  "
        f"p99 {per[-len(per) // 100] * 1e6:.1f} us (memo partly cold)"
    )


if __name__ == "__main__":
    main()
