"""Properties over random complete hands: every closed self-drawn hand is a win (closed + self-drawn
is already 1 fan), its base is in the table, and every settlement moves exactly the deposits."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.hand.tiles import ids_of_kind
from bot.rules.mingjiang import MingjiangSituation, score_hand, settle_win
from bot.rules.mingjiang.limits import Limit
from bot.rules.mingjiang.points import base_points

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


# The points table of rules/mingjiang.md ("Points"), written out here rather than read from the code
# under test: base by fan (10 and more: 90), and by limit.
BASE_BY_FAN_IN_THE_RULES = {1: 4, 2: 8, 3: 16, 4: 30, 5: 40, 6: 50, 7: 60, 8: 70, 9: 80, 10: 90}
LIMIT_BASE_IN_THE_RULES = {Limit.SMALL: 120, Limit.BIG: 160}


@settings(max_examples=150, deadline=None)
@given(complete_hands(), st.integers(0, 3), st.integers(0, 5))
def test_closed_self_draw_is_always_a_win_and_settles_exactly(hand: list[int], winner: int, sticks: int):
    result = score_hand(hand, [], MingjiangSituation(tsumo=True))
    if result.limit is None:
        assert 1 <= result.fan <= 10
        assert result.base == BASE_BY_FAN_IN_THE_RULES[result.fan]
    else:
        assert result.base == LIMIT_BASE_IN_THE_RULES[result.limit]
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


@pytest.mark.parametrize(("fan", "base"), [*BASE_BY_FAN_IN_THE_RULES.items(), (11, 90), (13, 90), (20, 90)])
def test_base_points_follow_the_rules_table_and_cap_at_ten_fan(fan: int, base: int) -> None:
    assert base_points(fan) == base


@pytest.mark.parametrize(("limit", "base"), LIMIT_BASE_IN_THE_RULES.items())
def test_limit_hands_have_the_rules_base_whatever_the_fan(limit: Limit, base: int) -> None:
    assert base_points(1, limit) == base
    assert base_points(10, limit) == base
