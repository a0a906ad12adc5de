"""The referee's waits and win checks (bot/engine/waits.py, built on bot/hand/shanten.py) against
brute force: every kind tried with a full decomposition."""

from __future__ import annotations

import random

from bot.engine.waits import is_complete, is_kokushi, is_regular_complete, waits
from bot.hand.decompose import decompositions, is_seven_pairs, is_thirteen_orphans
from bot.hand.tiles import NUM_KINDS


def _ready_hands(seed: int, count: int) -> list[list[int]]:
    """Sets and a pair with one tile taken away (ready hands), and some broken ones."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        counts = [0] * NUM_KINDS
        counts[rng.randrange(NUM_KINDS)] += 2
        for _ in range(rng.choice([1, 2, 3, 4])):
            first = rng.randrange(NUM_KINDS)
            if first < 27 and first % 9 <= 6 and rng.random() < 0.6:
                for k in (first, first + 1, first + 2):
                    counts[k] += 1
            else:
                counts[first] += 3
        if max(counts) > 4:
            continue
        counts[rng.choice([k for k in range(NUM_KINDS) if counts[k]])] -= 1
        if rng.random() < 0.3:
            counts[rng.choice([k for k in range(NUM_KINDS) if counts[k]])] -= 1
            counts[rng.randrange(NUM_KINDS)] += 1
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def _brute_complete(counts: list[int]) -> bool:
    regular = sum(counts) % 3 == 2 and bool(decompositions(counts))
    return regular or is_seven_pairs(counts) or is_thirteen_orphans(counts)


def test_waits_are_the_kinds_that_complete_the_hand_fifth_copies_excluded() -> None:
    seen_waits = 0
    for counts in _ready_hands(11, 1500):
        expected = set()
        for k in range(NUM_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if _brute_complete(counts):
                    expected.add(k)
                counts[k] -= 1
        assert waits(counts) == expected, counts
        seen_waits += bool(expected)
    assert seen_waits > 500  # most of the sample is ready


def test_seven_pairs_and_thirteen_orphans_waits() -> None:
    pairs = [0] * NUM_KINDS
    for k in (0, 4, 9, 13, 18, 22):
        pairs[k] = 2
    pairs[33] = 1
    assert waits(pairs) == {33}
    orphans = [0] * NUM_KINDS
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        orphans[k] = 1
    assert waits(orphans) == {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}
    orphans[33] += 1
    assert is_kokushi(orphans) and is_complete(orphans) and not is_regular_complete(orphans)


def test_a_four_of_a_kind_is_not_two_of_the_seven_pairs() -> None:
    counts = [0] * NUM_KINDS
    for k in (0, 4, 9, 13, 18):
        counts[k] = 2
    counts[27] = 4
    assert not is_complete(counts)
