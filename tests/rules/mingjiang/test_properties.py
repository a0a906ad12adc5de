"""Properties over random complete hands: every closed self-drawn hand is a win (closed + self-drawn
is already 1 fan), its base is in the table, and every settlement moves exactly the deposits."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.hand.tiles import ids_of_kind
from bot.rules.mingjiang import MingjiangSituation, score_hand, settle_win
from bot.rules.mingjiang.points import BASE_BY_FAN, LIMIT_BASE

BLOCKS = [(s * 9 + n, s * 9 + n + 1, s * 9 + n + 2) for s in range(3) for n in range(7)] + [
    (k, k, k) for k in range(34)
]


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """Four sets and a pair as tile ids, at most four copies of a kind; the last tile is the winner."""
    blocks = draw(st.lists(st.sampled_from(BLOCKS), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    kinds = [k for block in blocks for k in block] + [pair, pair]
    assume(all(kinds.count(k) <= 4 for k in set(kinds)))
    used = [0] * 34
    ids = []
    for k in kinds:
        ids.append(ids_of_kind(k)[used[k]])
        used[k] += 1
    return list(draw(st.permutations(ids)))


@settings(max_examples=150, deadline=None)
@given(complete_hands(), st.integers(0, 3), st.integers(0, 5))
def test_closed_self_draw_is_always_a_win_and_settles_exactly(hand: list[int], winner: int, sticks: int):
    result = score_hand(hand, [], MingjiangSituation(tsumo=True))
    if result.limit is None:
        assert 1 <= result.fan <= 10
        assert result.base == BASE_BY_FAN[result.fan]
    else:
        assert result.base == LIMIT_BASE[result.limit]
    deltas = settle_win(result, winner=winner, deposits=sticks)
    assert sum(deltas) == 10 * sticks
    assert deltas[winner] == 3 * result.base + 10 * sticks


@settings(max_examples=60, deadline=None)
@given(complete_hands(), st.randoms())
def test_the_order_of_the_concealed_tiles_does_not_matter(hand: list[int], rng: random.Random):
    first = score_hand(hand, [], MingjiangSituation(tsumo=True))
    others, win = hand[:-1], hand[-1]
    rng.shuffle(others)
    again = score_hand([*others, win], [], MingjiangSituation(tsumo=True))
    assert (again.fan, again.limit, again.base) == (first.fan, first.limit, first.base)
