"""Waits, accepted tiles and discard tables on hand-picked hands whose answers are worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hand.analysis import analyze, waits
from bot.hand.notation import parse_kinds
from bot.hand.shanten import REGULAR_ONLY, Shapes, least_shanten
from bot.hand.tiles import kinds_to_counts

FOUR_AS_TWO = Shapes(four_as_two_pairs=True, thirteen_orphans=False)  # sichuan / pihu shapes


def counts(text: str) -> list[int]:
    return kinds_to_counts(parse_kinds(text))


def kinds(text: str) -> list[int]:
    return sorted(set(parse_kinds(text)))


def test_nine_gates_waits_on_all_nine_with_the_copies_left() -> None:
    result = analyze(counts("1112345678999m"))
    assert result.shanten == 0
    assert [w.kind for w in result.waits] == kinds("123456789m")
    # 1m and 9m: three in the hand, one left; 2m-8m: one in the hand, three left.
    assert [w.drawable for w in result.waits] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    assert sum(w.unseen for w in result.waits) == 23
    assert waits(counts("1112345678999m")) == kinds("123456789m")


def test_a_wait_on_a_kind_held_four_times_is_reported_but_not_drawable() -> None:
    result = analyze(counts("123m456p789s1111z"))
    assert result.shanten == 0
    assert [(w.kind, w.drawable, w.unseen) for w in result.waits] == [(27, 0, 0)]
    assert not result.has_drawable_wait


def test_the_four_copies_may_be_split_between_hand_and_meld() -> None:
    # 123m 456p 789s 7z beside a pon of 777z: single wait on the fourth... fifth 7z.
    hand = counts("123m456p789s7z")
    result = analyze(hand, melds=1, meld_counts=counts("777z"))
    assert [(w.kind, w.drawable) for w in result.waits] == [(33, 0)]
    open_wait = analyze(counts("123m456p789s1z"), melds=1, meld_counts=counts("777z"))
    assert [(w.kind, w.drawable) for w in open_wait.waits] == [(27, 3)]


def test_visible_copies_lower_unseen_but_not_drawable() -> None:
    result = analyze(counts("1112345678999m"), visible=counts("55m9m"))
    by_kind = {w.kind: (w.drawable, w.unseen) for w in result.waits}
    assert by_kind[4] == (3, 1)  # 5m: three left in the wall or other hands, two of them seen
    assert by_kind[8] == (1, 0)  # 9m: the last copy is seen
    assert sum(w.unseen for w in result.waits) == 23 - 3


def test_thirteen_orphans_thirteen_sided_wait() -> None:
    result = analyze(counts("19m19p19s1234567z"))
    assert result.shanten == 0
    assert [w.kind for w in result.waits] == kinds("19m19p19s1234567z")
    assert all(w.drawable == 3 for w in result.waits)
    assert sum(w.unseen for w in result.waits) == 39


def test_thirteen_orphans_single_wait() -> None:
    result = analyze(counts("19m19p19s123456z1z"))
    assert [(w.kind, w.drawable) for w in result.waits] == [(33, 4)]


def test_seven_pairs_single_wait() -> None:
    result = analyze(counts("1122m3344p55s66z7z"))
    assert result.by_shape["seven_pairs"] == 0
    assert [(w.kind, w.drawable) for w in result.waits] == [(33, 3)]


def test_seven_pairs_with_a_four_of_a_kind() -> None:
    hand = counts("1122m3344p5s7777s")
    # Four as two pairs (sichuan, pihu): six pairs, ready on the 5s.
    result = analyze(hand, shapes=FOUR_AS_TWO)
    assert result.shanten == 0
    assert [(w.kind, w.drawable) for w in result.waits] == [(22, 3)]
    # Riichi needs seven different pairs: 2-shanten, no waits.
    riichi = analyze(hand)
    assert riichi.shanten == 2
    assert riichi.waits == ()
    complete = analyze(counts("1122m3344p55s7777s"), shapes=FOUR_AS_TWO)
    assert complete.shanten == -1


def test_discard_table_of_a_drawn_hand_best_first() -> None:
    # 123m 456p 789s 111z + 2z 5p: discard 5p (single wait 2z) or 2z (single wait 5p) stays ready.
    result = analyze(counts("123m456p789s1112z5p"))
    assert result.drawn and result.shanten == 0
    first, second, third = result.discards[:3]
    assert (first.discard, first.shanten, [(a.kind, a.drawable) for a in first.accepts]) == (13, 0, [(28, 3)])
    # 5p: two copies went into this hand (456p and the 5p just discarded), two remain.
    assert (second.discard, second.shanten, [(a.kind, a.drawable) for a in second.accepts]) == (
        28,
        0,
        [(13, 2)],
    )
    # Discarding 1z leaves 1-shanten: 3p-7p around the 5p, 1z back to a set, 2z into a pair.
    assert third.discard == 27 and third.shanten == 1
    assert [a.kind for a in third.accepts] == kinds("34567p12z")
    assert third.unseen == 4 + 3 + 2 + 3 + 4 + 1 + 3
    assert {c.discard for c in result.discards} == set(kinds("123m456p789s12z5p"))


def test_complete_hand_still_gets_a_discard_table() -> None:
    result = analyze(counts("123m456p789s11122z"))
    assert result.shanten == -1
    assert result.waits == ()
    assert min(c.shanten for c in result.discards) == 0


def test_sixteen_tile_hand_waits() -> None:
    result = analyze(counts("123m456m789m123p45p11z"), sets=5, shapes=REGULAR_ONLY)
    assert result.tiles == 16
    assert [(w.kind, w.drawable) for w in result.waits] == [(11, 3), (14, 4)]


def test_seventeen_tile_discard_table() -> None:
    result = analyze(counts("123m456m789m123p45p11z9s"), sets=5, shapes=REGULAR_ONLY)
    assert result.tiles == 17 and result.shanten == 0
    best = result.discards[0]
    assert best.discard == 26 and best.shanten == 0
    assert [a.kind for a in best.accepts] == kinds("36p") and best.unseen == 7
    assert all(c.shanten == 1 for c in result.discards[1:])


def test_not_ready_hand_lists_the_tiles_that_help() -> None:
    result = analyze(counts("123m456p789s1z2z3z4z"))
    # Three sets and four lone honours: one must become the pair, another a set (8 - 2*3 = 2).
    assert result.shanten == 2
    assert result.waits == ()
    assert [a.kind for a in result.accepts] == kinds("1234z")


def test_kinds_outside_the_rule_set_are_never_offered() -> None:
    # The 13-sided orphans wait in a set with no honours (as if): only the six terminals remain.
    result = analyze(counts("19m19p19s1234567z"), kinds=range(27))
    assert [w.kind for w in result.waits] == kinds("19m19p19s")


def test_more_than_four_copies_with_the_melds_is_refused() -> None:
    with pytest.raises(ValueError, match="more than four copies of 7z"):
        analyze(counts("123m456p789s77z"), melds=1, meld_counts=counts("777z"))


def test_waits_refuse_a_drawn_hand() -> None:
    with pytest.raises(ValueError, match="waits need a hand of 13"):
        waits(counts("123m456p789s11122z"))


@st.composite
def waiting_hands(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """(counts, melds, sets): 3k+1 concealed tiles, sometimes crowded into few kinds."""
    sets = draw(st.sampled_from((4, 5)))
    melds = draw(st.integers(0, 2))
    size = 3 * (sets - melds) + 1
    pool = draw(st.lists(st.integers(0, 33), min_size=(size + 3) // 4, max_size=34, unique=True))
    c = [0] * 34
    for kind in draw(st.permutations([k for k in pool for _ in range(4)])):
        if sum(c) == size:
            break
        c[kind] += 1
    return c, melds, sets


@settings(max_examples=150, deadline=None)
@given(
    waiting_hands(), st.sampled_from([Shapes(), FOUR_AS_TWO, Shapes(four_as_two_pairs=True, knitted=True)])
)
def test_accepted_kinds_are_exactly_the_draws_that_lower_shanten(
    hand: tuple[list[int], int, int], shapes: Shapes
) -> None:
    c, melds, sets = hand
    needed = sets - melds
    before = least_shanten(bytes(c), needed, melds == 0, shapes)
    expected = []
    for kind in range(34):
        after = list(c)
        after[kind] += 1  # may be a fifth copy: still a wait, marked not drawable
        if least_shanten(bytes(after), needed, melds == 0, shapes) < before:
            expected.append(kind)
    result = analyze(c, melds=melds, sets=sets, shapes=shapes)
    assert result.shanten == before
    assert [a.kind for a in result.accepts] == expected
    assert all(a.drawable == 4 - c[a.kind] for a in result.accepts)
