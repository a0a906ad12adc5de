"""Limit hands (docs/rules/mingjiang.md, "Limits"): small limit base 120, big limit base 160; a hand takes
its highest limit, limits never add.  Unless said otherwise: ron, seat East, round East."""

from __future__ import annotations

import pytest

from bot.rules.mingjiang import InvalidWin

from .helpers import limits, score

# ---- small limits --------------------------------------------------------------------------------


def test_heavenly_hand_is_a_small_limit():
    assert limits("123m456p789s11z234s", tsumo=True, heavenly=True) == ("small", {"heavenly"})


def test_heavenly_hand_is_the_dealers_self_draw_only():
    with pytest.raises(InvalidWin, match="dealer"):
        score("123m456p789s11z234s", seat="S", tsumo=True, heavenly=True)
    with pytest.raises(InvalidWin, match="no kan"):
        score("123m456p11z234s ankan:9999s", tsumo=True, heavenly=True)


def test_earthly_hand_is_a_non_dealers_ron():
    assert limits("123m456p789s11z234s", seat="S", earthly=True) == ("small", {"earthly"})
    with pytest.raises(InvalidWin, match="earthly"):
        score("123m456p789s11z234s", seat="S", tsumo=True, earthly=True)


def test_hand_of_man_is_a_small_limit_by_tsumo_or_ron():
    assert limits("123m456p789s11z234s", seat="W", tsumo=True, human=True) == ("small", {"human"})
    assert limits("123m456p789s11z234s", seat="W", human=True) == ("small", {"human"})


def test_hand_of_man_is_void_after_a_call():
    with pytest.raises(InvalidWin, match="call"):
        score("123m456p789s11z pon:222s", seat="W", human=True)


def test_big_three_dragons_is_a_small_limit():
    assert limits("555z666z11m123p pon:777z", win="1m") == ("small", {"big_three_dragons"})


def test_small_four_winds_is_a_small_limit():
    assert limits("111z222z333z44z123m", win="4z") == ("small", {"small_four_winds"})


def test_thirteen_orphans_is_a_small_limit():
    # The pair (7z) was there before the winning 1z: not the 13-sided wait.
    assert limits("19m19p19s12345677z", win="1z") == ("small", {"thirteen_orphans"})


def test_nine_gates_is_a_small_limit():
    # 1123455678999m waiting on 1m: one suit, 1112345678999 + 5m, but not the 9-sided wait.
    assert limits("11123455678999m", win="1m") == ("small", {"nine_gates"})


def test_four_concealed_by_tsumo_on_a_shanpon_is_a_small_limit():
    assert limits("111m222p333s444z55z", win="4z", tsumo=True) == ("small", {"four_concealed"})


def test_four_concealed_shanpon_won_by_ron_is_not_a_limit():
    # The ron opens 444z: three concealed 2 + all triplets 2 + five gates (man, pin, sou, North,
    # White) 2 = 6 fan, base 50.
    result = score("111m222p333s444z55z", win="4z")
    assert result.limit is None
    assert {line.id: line.fan for line in result.yaku} == {
        "three_concealed": 2,
        "all_triplets": 2,
        "five_gates": 2,
    }
    assert result.base == 50


def test_four_chained_is_a_small_limit():
    assert limits("111m222m55z pon:333m pon:444m", win="5z") == ("small", {"four_chained"})


# ---- big limits ----------------------------------------------------------------------------------


# Won by ron on a triplet below, so that the hand is not also four concealed triplets.


def test_big_four_winds_is_a_big_limit():
    assert limits("111z222z333z444z55m", win="1z") == ("big", {"big_four_winds"})


def test_all_honours_is_a_big_limit():
    assert limits("111z222z555z666z77z", win="1z") == ("big", {"all_honours"})


def test_all_honours_as_seven_pairs():
    assert limits("11223344556677z") == ("big", {"all_honours"})


def test_all_terminals_is_a_big_limit():
    assert limits("111m999m111p999p11s", win="1m") == ("big", {"all_terminals"})


def test_four_kans_is_a_big_limit():
    assert limits("11z kan:1111m kan:2222p kan:3333s ankan:4444z") == ("big", {"four_kans"})


def test_thirteen_orphans_13_sided_wait_is_a_big_limit():
    assert limits("119m19p19s1234567z", win="1m") == ("big", {"thirteen_orphans_13_wait"})


def test_four_concealed_single_wait_is_a_big_limit_even_by_ron():
    assert limits("111m222p333s444z55z", win="5z") == ("big", {"four_concealed_single_wait"})


def test_pure_nine_gates_is_a_big_limit():
    # 1112345678999m before the winning 5m: the 9-sided wait.
    assert limits("11123455678999m", win="5m") == ("big", {"pure_nine_gates"})


def test_seven_shifted_pairs_is_a_big_limit():
    assert limits("22334455667788p") == ("big", {"seven_shifted_pairs"})


def test_four_identical_sequences_is_a_big_limit():
    assert limits("123m123m123m123m55z", win="5z") == ("big", {"four_identical_sequences"})


# ---- limits never add ----------------------------------------------------------------------------


def test_limits_do_not_add_the_highest_is_paid():
    # Big three dragons (small) inside all honours (big): only the big limit, base 160.  (Won by
    # ron on 1z, so it is not also four concealed.)
    result = score("555z666z777z111z22z", win="1z")
    assert result.limit is not None and result.limit.value == "big"
    assert {line.id for line in result.yaku} == {"all_honours"}
    assert result.base == 160 and result.points == 480


def test_two_big_limits_are_still_one_big_limit():
    # Big four winds and all honours: base 160, not 320.
    result = score("111z222z333z444z55z", win="5z", tsumo=True)
    assert {line.id for line in result.yaku} >= {"big_four_winds", "all_honours"}
    assert result.base == 160


# ---- the best reading ------------------------------------------------------------------------------


def test_a_reading_with_a_big_limit_beats_one_with_a_small_limit_whatever_their_order():
    # The dealer's dealt 14, 111222333m 555p 44m won on 4m: read as three sequences it is only heavenly
    # (small); read as four concealed triplets with the 4m completing the pair it is 四暗刻單騎 (big).
    assert limits("111222333m555p44m", win="4m", tsumo=True, heavenly=True) == (
        "big",
        {"four_concealed_single_wait"},
    )
    assert limits("111222333m444p55p", win="5p", tsumo=True, heavenly=True) == (
        "big",
        {"four_concealed_single_wait"},
    )


def test_a_reading_with_a_small_limit_beats_any_fan_of_another_reading():
    # 222333444m 555p 66s by tsumo on 4m: four concealed triplets (small limit, base 120) or 234m three
    # times: pure triple 4 + 門摸斷平 2 (closed, self-drawn, all simples) = 6 fan, base 50.  The limit.
    result = score("222333444m555p66s", win="4m", tsumo=True)
    assert result.limit is not None and result.limit.value == "small"
    assert {line.id for line in result.yaku} == {"four_concealed"} and result.base == 120
