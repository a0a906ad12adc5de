"""The optional pattern list (extras=on): each pattern, its value, and what it replaces."""

import pytest

from bot.rules.taiwan.score import NotAWin
from bot.rules.taiwan.situation import TaiwanOptions
from tests.rules.taiwan.helpers import lines, score

# (pattern, hand with the winning tile last, situation, value, lines it must replace or exclude)
CASES = [
    ("eight_pairs", "11m55m99m33p77p22s66s88s8s", {}, 8, ()),
    ("pure_thirteen_orphans", "119m19p19s1234567z555p", {}, 16, ("mixed_thirteen_orphans",)),
    ("mixed_thirteen_orphans", "119m19p19s1234567z234p", {}, 12, ("pure_thirteen_orphans",)),
    ("knitted", "148m258p369s1234567z1z", {}, 10, ("knitted_dragon", "authentic_knitted")),
    ("authentic_knitted", "147m258p369s1234567z1z", {}, 20, ("knitted", "knitted_dragon")),
    ("knitted_dragon", "258m147p369s1234567z1z", {}, 8, ("authentic_knitted",)),
    ("knitted_same_numbers", "147m147p147s1234567z1z", {}, 8, ("knitted_dragon",)),
    ("five_kans", "5m5m ankan:1111m kan:2222p kan:3333s kan:4444s kan:6666p", {}, 24,
     ("four_kans", "three_kans")),
    ("four_kans", "777p5m5m kan:1111m kan:2222p kan:3333s kan:4444s", {}, 16, ("three_kans",)),
    ("three_kans", "777p123m5m5m kan:2222p kan:3333s kan:4444s", {}, 8, ()),
    ("consecutive_kans_bloom", "777p123m5m5m kan:2222p kan:3333s kan:4444s",
     {"tsumo": True, "after_kan": True, "replacements": 2}, 8, ("after_kan",)),
    ("all_green", "234s234s666s888s666z2s2s", {}, 12, ()),
    ("pure_terminals", "111m999m111p999p111s9s9s", {}, 16, ("all_triplets", "mixed_terminals")),
    ("mixed_terminals", "111m999m111p111z222z9s9s", {}, 12, ("all_triplets", "outside_mixed")),
    ("outside_pure", "123m789m123p789p111s9s9s", {}, 10, ("outside_mixed",)),
    ("outside_mixed", "123m789m123p111z222z9s9s", {}, 5, ("outside_pure",)),
    ("five_families", "123m456p789s111z555z2m2m", {}, 2, ()),
    ("pure_nine_gates", "11122334455678999m", {}, 20, ("full_flush", "mixed_nine_gates")),
    ("mixed_nine_gates", "11123455678999m123p", {}, 10, ("pure_nine_gates",)),
    ("four_identical_sequences", "123m123m123m123m789p5p5p", {}, 16,
     ("three_identical_sequences", "double_identical_sequences", "identical_sequences")),
    ("three_identical_sequences", "123m123m123m789p456s5p5p", {}, 6, ("identical_sequences",)),
    ("double_identical_sequences", "123m123m456p456p789s5s5s", {}, 6, ("identical_sequences",)),
    ("identical_sequences", "123m123m456p789s111z5s5s", {}, 2, ("double_identical_sequences",)),
    ("five_step_sequences", "123m234m345m456m567m5p5p", {}, 12,
     ("four_step_sequences", "three_step_sequences")),
    ("four_step_sequences", "123m345m567m789m456p5p5p", {}, 8, ("three_step_sequences",)),
    ("three_step_sequences", "123m234m345m789p456s5s5s", {}, 4, ()),
    ("pure_straight", "123m456m789m123p456p5s5s", {}, 8, ("mixed_straight",)),
    ("mixed_straight", "123m456p789s111z222z5m5m", {}, 4, ("pure_straight",)),
    ("three_colour_sequences", "123m123p123s789m456p5s5s", {}, 5, ("double_two_colour_sequences",)),
    ("double_two_colour_sequences", "123m123p456m456s789s5p5p", {}, 3, ("three_colour_sequences",)),
    ("three_colour_step_sequences", "123m234p345s789m111z5p5p", {}, 2, ()),
    ("five_step_triplets", "111m222m333m444m555m6p6p", {}, 16,
     ("four_step_triplets", "three_step_triplets", "double_two_step_triplets")),
    ("four_step_triplets", "111m222m333m444m789p5p5p", {}, 12, ("three_step_triplets",)),
    ("three_step_triplets", "222m333m444m789p456s5s5s", {}, 6, ()),
    ("double_two_step_triplets", "111m222m555p666p789s5s5s", {}, 3, ()),
    ("three_colour_triplets", "111m111p111s789m456p5s5s", {}, 5, ("double_two_colour_triplets",)),
    ("double_two_colour_triplets", "111m111p555m555s789p2s2s", {}, 3, ()),
    ("three_colour_step_triplets", "111m222p333s789m456p5s5s", {}, 2, ()),
    ("four_into_four", "123m234m234m345m789p5p5p", {}, 8, ()),
    ("four_into_three", "123m345m456p789p111s3m3m", {}, 3, ()),
    ("four_into_two", "111m123m456p789p111s5s5s", {}, 2, ()),
]  # fmt: skip


@pytest.mark.parametrize(("key", "hand", "situation", "value", "absent"), CASES, ids=[c[0] for c in CASES])
def test_optional_pattern(key, hand, situation, value, absent):
    found = lines(score(hand, extras=True, **situation))
    assert found.get(key) == value
    for other in absent:
        assert other not in found


@pytest.mark.parametrize(("key", "hand", "situation", "value", "absent"), CASES, ids=[c[0] for c in CASES])
def test_optional_patterns_are_off_by_default(key, hand, situation, value, absent):
    try:
        found = lines(score(hand, **situation))
    except NotAWin:
        return  # the special shapes are no win at all without extras
    assert key not in found


def test_consecutive_kans_bloom_is_12_from_three_replacements():
    hand = "777p123m5m5m kan:2222p kan:3333s kan:4444s"
    assert (
        lines(score(hand, extras=True, tsumo=True, after_kan=True, replacements=3))["consecutive_kans_bloom"]
        == 12
    )
    # a single replacement is plain 槓上開花
    single = lines(score(hand, extras=True, tsumo=True, after_kan=True))
    assert single["after_kan"] == 1
    assert "consecutive_kans_bloom" not in single


def test_eight_pairs_with_a_four_of_a_kind_is_also_four_into_two():
    found = lines(score("1111m55m99m33p77p888s2s2s", extras=True))
    assert (found["eight_pairs"], found["four_into_two"]) == (8, 2)


def test_special_shapes_need_a_closed_hand():
    # the thirteen orphans read with an open meld is no win
    with pytest.raises(NotAWin):
        score("119m19p19s1234567z pon:555p", extras=True)


def test_single_wait_knows_the_special_shapes():
    # 147m 258p 369s 1234567z waits on any of the 16 for the eye: not a single wait.
    assert "single_wait" not in lines(score("147m258p369s1234567z1z", extras=True))


@pytest.mark.parametrize(
    ("key", "hand", "second"),
    [
        ("four_step_sequences", "123m345m567m789m456p5p5p", 9),
        ("three_step_sequences", "123m234m345m789p456s5s5s", 6),
        ("three_colour_step_sequences", "123m234p345s789m111z5p5p", 3),
        ("three_colour_step_triplets", "111m222p333s789m456p5s5s", 3),
    ],
)
def test_second_values_of_the_a_b_patterns(key, hand, second):
    options = TaiwanOptions(extras=True, extras_second_values=True)
    assert lines(score(hand, options=options))[key] == second
