"""Pihu hands (docs/rules/pihu.md, "Hands"): the basic win x1 and the big hands; multipliers multiply."""

from __future__ import annotations

import pytest

from bot.engine.registry import rule_set
from bot.hand.notation import parse_hand, parse_kinds
from bot.rules.pihu import InvalidWin, NotAWin, PihuScore, PihuSituation, score_hand


def score(text: str, *, win: str | None = None, tsumo: bool = False, after_kan: bool = False) -> PihuScore:
    hand = parse_hand(text, rule_set("pihu").tileset)
    win_kind = parse_kinds(win)[0] if win else None
    return score_hand(hand.concealed, hand.melds, PihuSituation(win_kind, tsumo, after_kan))


def lines(result: PihuScore) -> dict[str, int]:
    return {line.id: line.factor for line in result.hands}


def test_basic_win_any_pair_is_x1():
    result = score("123m456p789s111z22z")
    assert lines(result) == {"basic": 1} and result.multiplier == 1
    assert not result.is_big_hand


def test_basic_win_with_pon_and_kan():
    result = score("123m456p22z pon:777s kan:1111z")
    assert result.multiplier == 1


def test_seven_pairs_is_x2():
    result = score("1133m5577p99s2244z")
    assert lines(result) == {"seven_pairs": 2} and result.multiplier == 2


def test_luxury_seven_pairs_with_a_four_of_a_kind_is_x4():
    result = score("1111m5577p99s2244z")
    assert lines(result) == {"luxury_seven_pairs": 4} and result.multiplier == 4


def test_super_luxury_each_further_four_of_a_kind_doubles_again():
    # Two fours: 4 x 2 = 8.  Three fours: 4 x 2 x 2 = 16.
    assert score("1111m5555p99s2244z").multiplier == 8
    three = score("1111m5555p9999s22z")
    assert lines(three) == {"luxury_seven_pairs": 4, "super_luxury": 4}
    assert three.multiplier == 16


def test_full_flush_is_x2():
    result = score("123m345m678m999m22m")
    assert lines(result) == {"full_flush": 2}


def test_dragon_is_x2():
    result = score("123456789m11p222p", win="2p")
    assert lines(result) == {"dragon": 2}


def test_full_flush_dragon_is_x4():
    # 清一色 x2 times 一條龍 x2 = 4, shown as one line 清一色龍.
    result = score("123456789m11122m", win="2m")
    assert lines(result) == {"full_flush_dragon": 4} and result.multiplier == 4


def test_seven_pairs_full_flush_multiply():
    # 七對 x2 times 清一色 x2 = 4.
    assert score("11223344556677m").multiplier == 4


def test_luxury_seven_pairs_full_flush_multiply():
    # 豪華七對 x4 times 清一色 x2 = 8.
    assert score("11112233445566m").multiplier == 8


def test_win_on_a_kan_replacement_is_x2_and_self_drawn():
    result = score("123m456p789s22z kan:5555z", after_kan=True)
    assert lines(result) == {"kan_win": 2}
    assert result.multiplier == 2 and result.self_drawn


def test_the_best_reading_is_kept():
    # 112233m 445566p 77s: as 123m 123m 456p 456p + 77s a basic win (x1); as seven pairs x2.
    result = score("112233m445566p77s")
    assert lines(result) == {"seven_pairs": 2}
    # 123m 123m 456m 789m 99m is a full flush dragon (x4); 111222333m 456m 99m, read as triplets
    # or as 123m x3, has no 789m and is only a full flush (x2).
    assert score("123m123m456m789m99m").multiplier == 4
    assert score("111222333m456m99m").multiplier == 2


def test_not_a_win():
    with pytest.raises(NotAWin, match="not a winning hand"):
        score("123m456p789s111z23z")


def test_no_chi_in_pihu():
    with pytest.raises(InvalidWin, match="no chi"):
        score("456p789s111z22z chi:1-23m")


def test_thirteen_orphans_is_not_a_pihu_win():
    with pytest.raises(NotAWin):
        score("19m19p19s12345677z")


def test_win_on_a_kan_replacement_needs_a_kan():
    with pytest.raises(InvalidWin, match="kan"):
        score("123m456p789s111z22z", after_kan=True)


def test_a_hand_that_is_no_win_is_refused_with_its_message_id():
    """The front ends say it in the reader's language from the message id."""
    with pytest.raises(NotAWin) as refused:
        score("123m456p789s111z23z")
    assert refused.value.message_id == "pihu.not_a_win"
    assert (
        str(refused.value) == "not a winning hand: the tiles are neither four sets and a pair nor seven pairs"
    )


@pytest.mark.parametrize(
    ("text", "win", "after_kan", "message"),
    [
        ("456p789s111z22z chi:1-23m", None, False, "pihu has no chi: only pon and kan"),
        ("123m456p789s111z22z", "5m", False, "the winning tile 5m is not among the concealed tiles"),
        ("123m456p789s111z22z", None, True, "a win on a kan replacement needs a kan in the hand"),
    ],
)
def test_a_win_that_cannot_happen_is_refused_by_name(
    text: str, win: str | None, after_kan: bool, message: str
) -> None:
    with pytest.raises(InvalidWin) as refused:
        score(text, win=win, after_kan=after_kan)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("text", "win", "after_kan", "message_id", "values"),
    [
        ("456p789s111z22z chi:1-23m", None, False, "pihu.no_chi", {}),
        ("123m456p789s111z22z", "5m", False, "hand.win_not_held", {"tile": "5m"}),
        ("123m456p789s111z22z", None, True, "pihu.replacement_needs_kan", {}),
        ("123m456p789s111z2z", None, False, "hand.size", {"size": 14, "count": 13}),
    ],
)
def test_each_refusal_carries_its_message_id_and_values_for_the_readers_language(
    text: str, win: str | None, after_kan: bool, message_id: str, values: dict[str, object]
) -> None:
    with pytest.raises(InvalidWin) as refused:
        score(text, win=win, after_kan=after_kan)
    assert (refused.value.message_id, refused.value.values) == (message_id, values)
