"""Each fan of sichuan.md, the seed examples, the heavenly/earthly floor and the cap."""

import pytest

from bot.engine.registry import rule_set
from bot.hand.notation import parse_hand
from bot.rules.sichuan.score import NotAWin, SichuanScore, score_hand
from bot.rules.sichuan.situation import SichuanOptions, SichuanSituation

TILES = rule_set("sichuan").tileset


def score(text: str, options: SichuanOptions | None = None, **situation: bool | int) -> SichuanScore:
    hand = parse_hand(text, TILES)
    return score_hand(hand.concealed, hand.melds, SichuanSituation(**situation), options)


def lines(result: SichuanScore) -> dict[str, int]:
    return dict(result.yaku)


def test_plain_hand_is_zero_fan_and_pays_the_base():
    result = score("123m456m67m234p55p8m")
    assert lines(result) == {"plain": 0}
    assert (result.fan, result.multiple) == (0, 1)


def test_self_drawn_is_one_fan():
    assert lines(score("123m456m67m234p55p8m", tsumo=True)) == {"self_drawn": 1}


def test_root_counts_each_four_of_a_kind_including_a_pon_plus_the_fourth_tile():
    # 2222m inside the hand (222m + 234m) and a pon of 7p with the fourth 7p in 567p.
    assert lines(score("222234m567p99p pon:777p"))["root"] == 2
    assert lines(score("123m456m99p234p kan:7777p"))["root"] == 1


def test_after_kan_is_a_tsumo_on_the_replacement_tile():
    assert lines(score("123m456m789m55p ankan:1111p", tsumo=True, after_kan=True)) == {
        "self_drawn": 1,
        "root": 1,
        "after_kan": 1,
        "straight": 1,
    }


def test_kan_discard_robbing_kan_and_last_tile():
    hand = "123m456m67m234p55p8m"
    assert lines(score(hand, kan_discard=True)) == {"kan_discard": 1}
    assert lines(score(hand, robbing_kan=True)) == {"robbing_kan": 1}
    assert lines(score(hand, tsumo=True, last_tile=True)) == {"self_drawn": 1, "last_tile": 1}


def test_last_discard_scores_only_with_its_option():
    hand = "123m456m67m234p55p8m"
    assert lines(score(hand, last_tile=True)) == {"plain": 0}
    assert lines(score(hand, SichuanOptions(last_discard=True), last_tile=True)) == {"last_discard": 1}


def test_all_triplets():
    assert lines(score("111m333m555p77p 999p")) == {"all_triplets": 1}


def test_all_simples_has_no_one_or_nine():
    assert lines(score("234m456m678m345p55p")) == {"all_simples": 1}


def test_single_wait_is_four_melds_and_a_pair_wait():
    result = score("3p3p pon:111m pon:999m pon:555p pon:777p")
    assert lines(result) == {"all_triplets": 1, "single_wait": 1}


def test_straight_needs_123_456_789_of_one_suit():
    assert lines(score("123p456p789p234m55m")) == {"straight": 1}


def test_outside_every_set_and_the_pair_hold_a_terminal():
    assert lines(score("123m789m111p789p99p")) == {"outside": 2}


def test_outside_is_lost_when_the_pair_is_no_terminal():
    assert "outside" not in lines(score("123m789m111p789p55p"))


def test_all_258_every_tile_is_2_5_or_8():
    # 全是将 2 and, as listed separately, 断幺九 1 and 碰碰和 1.
    assert lines(score("222m555m888m222p55p")) == {"all_triplets": 1, "all_simples": 1, "all_258": 2}


def test_full_flush():
    assert lines(score("123m456m789m123m55m")) == {"straight": 1, "full_flush": 2}


def test_seven_pairs_with_a_four_of_a_kind_is_also_a_root():
    result = score("1111m33m55p77p88p99p")
    assert lines(result) == {"root": 1, "seven_pairs": 2}


def test_seed_example_ron_full_flush_seven_pairs_is_4_fan_16x():
    result = score("1133557799m2244m")
    assert lines(result) == {"full_flush": 2, "seven_pairs": 2}
    assert (result.fan, result.multiple) == (4, 16)


def test_seed_example_four_kans_tsumo_is_9_fan_512x():
    # self-drawn 1 + roots 4 + all triplets 1 + single wait 1 + full flush 2 = 9
    result = score("55m ankan:1111m kan:2222m kakan:3333m ankan:4444m", tsumo=True)
    assert lines(result) == {"self_drawn": 1, "root": 4, "all_triplets": 1, "single_wait": 1, "full_flush": 2}
    assert (result.fan, result.multiple) == (9, 512)


def test_the_best_decomposition_is_chosen():
    # 111222333m: three triplets (all triplets) or three 123m sequences; the triplets are worth more.
    result = score("111222333m444p55p")
    assert lines(result) == {"all_triplets": 1}


def test_heavenly_floor_is_five_fan_alone():
    # own fan without self-drawn: all triplets 1 + full flush 2 = 3 < 5 -> 5 fan alone
    result = score("11122233344455m", tsumo=True, heavenly=True)
    assert lines(result) == {"heavenly": 5}
    assert result.multiple == 32


def test_heavenly_over_the_floor_keeps_the_hand_fan_without_self_drawn():
    # seven pairs 2 + full flush 2 + root 1 (1111m) = 5 >= 5: the hand's own fan, no self-drawn
    result = score("1111m33m55m77m88m99m", tsumo=True, heavenly=True)
    assert lines(result) == {"root": 1, "full_flush": 2, "seven_pairs": 2}
    assert result.fan == 5


def test_earthly_ron_uses_the_floor():
    assert lines(score("123m456m67m234p55p8m", earthly=True)) == {"earthly": 5}


def test_cap_limits_the_fan_and_keeps_the_lines():
    result = score("55m ankan:1111m kan:2222m kakan:3333m ankan:4444m", SichuanOptions(cap=5), tsumo=True)
    assert (result.fan, result.uncapped_fan, result.multiple) == (5, 9, 32)


@pytest.mark.parametrize(
    ("text", "situation", "needle"),
    [
        ("123m456m789m11p22p2s", {"void_suit": 2}, "void suit s"),
        ("123m456m789m11p2p2s2s", {}, "all three suits"),
        ("123m456m789m11p22p", {}, "14 tiles"),
        ("123m456m789m11p235p", {}, "not a winning hand"),
        ("123m456m67m234p55p8m", {"after_kan": True}, "self-drawn"),
        ("123m456m67m234p55p8m", {"tsumo": True, "robbing_kan": True}, "another player's tile"),
        ("123m456m67m234p55p8m", {"win_tile": 26}, "not among"),
    ],
)
def test_bad_wins_are_refused_with_the_reason(text, situation, needle):
    with pytest.raises(NotAWin, match=needle):
        score(text, **situation)


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_straight_counts_in_every_suit(suit: str):
    # 123 456 789 of the suit, 234 of another, a pair: the straight alone (the last suit's starts 2s-8s
    # kinds 18, 21, 24 are the ones a shifted bound would miss).
    other = "p" if suit == "m" else "m"
    assert lines(score(f"123{suit}456{suit}789{suit}234{other}55{other}")) == {"straight": 1}


WAIT_8M = "123m456m67m234p55p8m"  # a win on 8m (void suit s)


REFUSALS = [
    (
        "123m456m789m11p2p2s2s",
        {},
        "the hand holds all three suits: a win must be void in one suit (定缺)",
        "sichuan.three_suits",
        {},
    ),
    (
        "123m456m789m11p22p2s",
        {"void_suit": 2},
        "2s is of the void suit s: a hand holding void-suit tiles cannot win",
        "sichuan.void_tile",
        {"tile": "2s", "suit": "s"},
    ),
    (  # the void-suit tile in a meld
        "123m456m789m11p pon:222s",
        {"void_suit": 2},
        "2s is of the void suit s: a hand holding void-suit tiles cannot win",
        "sichuan.void_tile",
        {"tile": "2s", "suit": "s"},
    ),
    (
        "123m456m789m11p235p",
        {},
        "not a winning hand: it needs four sets and a pair, or seven pairs",
        "sichuan.not_a_win",
        {},
    ),
    (
        WAIT_8M,
        {"win_tile": 26},
        "the winning tile 9s is not among the concealed tiles",
        "hand.win_not_held",
        {"tile": "9s"},
    ),
    (
        WAIT_8M,
        {"after_kan": True},
        "after_kan (杠上开花) is a self-drawn win: say tsumo",
        "hand.needs_tsumo",
        {"name": "after_kan (杠上开花)"},
    ),
    (
        WAIT_8M,
        {"heavenly": True},
        "heavenly (天和) is a self-drawn win: say tsumo",
        "hand.needs_tsumo",
        {"name": "heavenly (天和)"},
    ),
    (
        WAIT_8M,
        {"tsumo": True, "kan_discard": True},
        "kan_discard (杠上炮) is a win on another player's tile, not a self-drawn one",
        "hand.needs_ron",
        {"name": "kan_discard (杠上炮)"},
    ),
    (
        WAIT_8M,
        {"tsumo": True, "robbing_kan": True},
        "robbing_kan (抢杠和) is a win on another player's tile, not a self-drawn one",
        "hand.needs_ron",
        {"name": "robbing_kan (抢杠和)"},
    ),
    (
        WAIT_8M,
        {"kan_discard": True, "robbing_kan": True},
        "a win cannot be both on a discard after a kan and robbing a kan",
        "sichuan.kan_twice",
        {},
    ),
    (
        WAIT_8M,
        {"tsumo": True, "heavenly": True, "earthly": True},
        "a hand cannot be both heavenly (dealer) and earthly (non-dealer)",
        "hand.heavenly_earthly",
        {},
    ),
]


# ASCII ids: the messages' Chinese would make node ids that mutmut cannot hand back to pytest.
@pytest.mark.parametrize(
    ("text", "situation", "message", "message_id", "values"),
    REFUSALS,
    ids=[f"{i}-{case[3]}" for i, case in enumerate(REFUSALS)],
)
def test_each_refusal_carries_its_message_id_and_values_for_the_readers_language(
    text, situation, message, message_id, values
):
    with pytest.raises(NotAWin) as refused:
        score(text, **situation)
    assert (str(refused.value), refused.value.message_id, refused.value.values) == (
        message,
        message_id,
        values,
    )


def test_the_lines_follow_the_fan_order_not_the_alphabet() -> None:
    # 1111m 2345678m 999m self-drawn: 111 123 456 789 99, the only reading.  The lines read self-drawn
    # 1, root 1 (four 1m), straight 1, full flush 2: the order of fan.ORDER, not by name.
    result = score("1112345678999m1m", tsumo=True)
    assert result.yaku == (("self_drawn", 1), ("root", 1), ("straight", 1), ("full_flush", 2))
    assert result.fan == 5
