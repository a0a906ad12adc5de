"""The memoised suit tables behind the fast scorer: packed counts, splits, and cold/warm agreement."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hand.tiles import counts_of
from bot.rules.riichi.scoring import NotAWin, RiichiScore, clear_tables, score_hand
from bot.rules.riichi.shape import (
    COUNT_BITS,
    concealed_shape,
    count_of,
    fast_decompositions,
    pack,
    unpack,
)
from tests.rules.riichi.generate import GeneratedHand, random_winning_hand


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_packed_counts_hold_every_kind_in_three_bits(counts: list[int]) -> None:
    packed = pack(counts)
    assert [count_of(packed, kind) for kind in range(34)] == counts
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        assert list(unpack(packed >> COUNT_BITS * base, size)) == counts[base : base + size]


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_each_decomposition_is_listed_once(rng: random.Random) -> None:
    counts = counts_of(random_winning_hand(rng).concealed)
    found = [(d.pair, tuple(sorted(d.blocks))) for d in fast_decompositions(counts)]
    assert len(found) == len(set(found))


def test_four_pairs_in_four_suits_are_no_winning_shape() -> None:
    # 11m 22p 33s 44z: each suit alone splits into a pair, but a hand has one pair.
    counts = [0] * 34
    for kind in (0, 10, 20, 30):
        counts[kind] = 2
    assert concealed_shape(pack(counts))[1] == []


def _scores(hands: list[GeneratedHand]) -> list[RiichiScore | None]:
    out: list[RiichiScore | None] = []
    for hand in hands:
        try:
            out.append(score_hand(hand.concealed, hand.melds, hand.situation))
        except NotAWin:
            out.append(None)
    return out


def test_scores_do_not_depend_on_what_the_tables_remember() -> None:
    rng = random.Random(7)
    hands = [random_winning_hand(rng) for _ in range(300)]
    clear_tables()
    cold = _scores(hands)
    warm = _scores(hands)
    clear_tables()
    reversed_cold = _scores(hands[::-1])[::-1]  # other hands fill the tables first
    assert cold == warm == reversed_cold
    assert sum(score is not None for score in cold) > 200
