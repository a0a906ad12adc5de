"""Decompositions into sets and one pair: every reading of hands that have several."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hand.decompose import Block, Decomposition, decompositions, is_seven_pairs
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kinds_to_counts

T = False  # Block(first, sequence=False): a triplet
S = True  # a sequence starting at `first`


def counts(text: str) -> list[int]:
    return kinds_to_counts(parse_kinds(text))


def test_three_triplets_or_three_identical_sequences() -> None:
    found = decompositions(counts("111222333m55p"))
    assert sorted(found) == [
        Decomposition(13, (Block(0, T), Block(1, T), Block(2, T))),
        Decomposition(13, (Block(0, S), Block(0, S), Block(0, S))),
    ]


def test_readings_with_different_pairs_are_all_returned() -> None:
    # 222 333 444 + 55, 234 x3 + 55, or 22 + 234 345 345 (each with 789s).
    found = decompositions(counts("22233344455m789s"))
    assert sorted(found) == [
        Decomposition(1, (Block(1, S), Block(2, S), Block(2, S), Block(24, S))),
        Decomposition(4, (Block(1, T), Block(2, T), Block(3, T), Block(24, S))),
        Decomposition(4, (Block(1, S), Block(1, S), Block(1, S), Block(24, S))),
    ]


def test_twice_two_sequences_is_also_seven_pairs() -> None:
    c = counts("112233m445566p77s")
    assert decompositions(c) == [Decomposition(24, (Block(0, S), Block(0, S), Block(12, S), Block(12, S)))]
    assert is_seven_pairs(c)


def test_five_sets_for_the_sixteen_tile_game() -> None:
    found = decompositions(counts("123m456m789m111p456p99s"))
    assert found == [Decomposition(26, (Block(0, S), Block(3, S), Block(6, S), Block(9, T), Block(12, S)))]


def test_no_decomposition_for_a_hand_that_is_not_complete() -> None:
    assert decompositions(counts("123m456p789s1122z")) == []
    assert decompositions(counts("123m456p789s112z")) == []  # 3k+1 tiles


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from([(k, S) for k in range(27) if k % 9 <= 6] + [(k, T) for k in range(34)]),
        min_size=0,
        max_size=5,
    ),
    st.integers(0, 33),
)
def test_every_decomposition_rebuilds_the_hand(blocks: list[tuple[int, bool]], pair: int) -> None:
    c = [0] * 34
    c[pair] += 2
    for first, sequence in blocks:
        for k in Block(first, sequence).kinds:
            c[k] += 1
    if max(c) > 4:
        return
    found = decompositions(c)
    assert Decomposition(pair, tuple(sorted(Block(f, s) for f, s in blocks))) in found
    assert len(set(found)) == len(found)
    for d in found:
        rebuilt = [0] * 34
        rebuilt[d.pair] += 2
        for block in d.blocks:
            for k in block.kinds:
                rebuilt[k] += 1
        assert rebuilt == c
