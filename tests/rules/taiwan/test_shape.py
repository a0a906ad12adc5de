"""The fast win check agrees with the full decomposition; waits by shape."""

import random

from bot.hand.decompose import decompositions
from bot.hand.notation import parse_hand
from bot.hand.tiles import kinds_to_counts
from bot.rules.taiwan.shape import regular_win, waits
from tests.rules.taiwan.helpers import TILES


def test_regular_win_agrees_with_decompositions_on_random_hands():
    rng = random.Random(7)
    wins = 0
    for sets in [4, 5] * 600:
        # sets and a pair, then (half the time) one tile swapped for a random kind
        hand = [rng.randrange(34)] * 2
        for _ in range(sets):
            first = rng.randrange(34)
            sequence = first < 27 and first % 9 <= 6 and rng.random() < 0.6
            hand += [first, first + 1, first + 2] if sequence else [first] * 3
        if rng.random() < 0.5:
            hand[rng.randrange(len(hand))] = rng.randrange(34)
        counts = kinds_to_counts(hand)
        expected = bool(decompositions(counts))
        wins += expected
        assert regular_win(counts) == expected, counts
    assert 300 < wins < 1150  # both answers are exercised


def kinds(text: str) -> list[int]:
    return [t >> 2 for t in parse_hand(text, TILES).concealed]


def test_waits_of_a_16_tile_hand():
    # 2345m + four sets: waits 2m and 5m (pair 22/55 or sequence 234/345)
    assert waits(kinds("2345m123p456p789p111z"), [], extras=False) == {1, 4}


def test_a_fifth_copy_is_no_wait():
    # 1111m held with four sets: the only completing tile would be a fifth 1m
    assert waits(kinds("1111m234p567p789p234s"), [], extras=False) == set()
    # with 1112m instead, 1m is no wait but 2m (pair) and 3m (123m + 11m) are
    assert waits(kinds("1112m234p567p789p234s"), [], extras=False) == {1, 2}
