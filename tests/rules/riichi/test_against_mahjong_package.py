"""Differential test: random winning hands scored here and by the ``mahjong`` package (Tenhou options).

Options on the reference: open tanyao, red fives, no double yakuman, kazoe limited to one yakuman
at 13 han, no kiriage, 30 fu for an open pinfu shape, no tsumo fu for pinfu.  Compared: han, fu and
points (yakuman hands: points only, the package reports han 13/26 there), and "no yaku" agreement.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hand.decompose import Block, Decomposition, decompositions
from bot.hand.tiles import counts_of
from bot.rules.riichi.scoring import NotAWin, score_hand
from bot.rules.riichi.shape import fast_decompositions
from tests.rules.riichi.generate import random_winning_hand
from tests.rules.riichi.reference import (
    reference_config,
    reference_is_yakuman,
    reference_melds,
    reference_points,
    reference_score,
)


def ours(rng: random.Random) -> tuple[object, ...]:
    hand = random_winning_hand(rng)
    try:
        s = score_hand(hand.concealed, hand.melds, hand.situation)
    except NotAWin:
        mine: tuple[object, ...] = ("no yaku",)
    else:
        mine = (0, 0, s.points) if s.yakuman else (s.han, s.fu, s.points)
    ref = reference_score(hand, reference_melds(hand.melds), reference_config(hand))
    if ref.error:
        theirs: tuple[object, ...] = ("no yaku",) if ref.error == "no_yaku" else (ref.error,)
    elif reference_is_yakuman(ref):
        theirs = (0, 0, reference_points(ref))
    else:
        theirs = (ref.han, ref.fu, reference_points(ref))
    return mine, theirs, hand


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_hands_score_like_the_mahjong_package_with_tenhou_options(rng: random.Random) -> None:
    mine, theirs, hand = ours(rng)
    assert mine == theirs, hand


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_fast_decompositions_equal_the_shared_decompositions(rng: random.Random) -> None:
    hand = random_winning_hand(rng)
    counts = counts_of(hand.concealed)
    if rng.random() < 0.3:  # also non-winning counts: swap one tile for a random kind
        counts[next(k for k in range(34) if counts[k])] -= 1
        counts[rng.randrange(34)] += 1
    assert normalised(fast_decompositions(counts)) == normalised(decompositions(counts))


def normalised(found: list[Decomposition]) -> list[tuple[int, tuple[Block, ...]]]:
    """Block order inside a decomposition carries no meaning: compare sorted.  The shared function may
    list one decomposition twice (1111 23: triplet then sequence, or sequence then triplet); the fast
    one lists it once."""
    return sorted({(d.pair, tuple(sorted(d.blocks))) for d in found})
