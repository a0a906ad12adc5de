"""One test per mingjiang fan (docs/rules/mingjiang.md, "Fan"); the expected lines are worked out from
the rules file in each test.  Unless said otherwise: ron, seat East, round East, no dora."""

from __future__ import annotations

import pytest

from bot.rules.mingjiang import NotAWin

from .helpers import score, yaku

# ---- Basic ---------------------------------------------------------------------------------------


def test_riichi_is_one_fan():
    # South seat, closed ron, only closed of the four menmo parts (0 fan) + riichi 1 = 1.
    assert yaku("123m789m456p222s11z", seat="S", riichi=True) == {"riichi": 1}


def test_closed_ron_alone_is_not_a_win():
    # menmo with 1 part (closed) is 0 fan; nothing else: under the 1-fan minimum.
    with pytest.raises(NotAWin, match="1 fan"):
        score("123m789m456p222s11z", seat="S")


def test_menmo_two_parts_closed_and_self_drawn_is_one_fan():
    assert yaku("123m789m456p222s11z", seat="S", tsumo=True) == {"menmo": 1}


def test_menmo_three_parts_is_two_fan():
    # closed + self-drawn + four sequences (123m 789m 456p 789s; a pair of East is any pair) = 3 parts.
    assert yaku("123m789m456p789s11z", seat="S", tsumo=True) == {"menmo": 2}


def test_menmo_four_sequences_with_any_wait_and_pair():
    # closed + four sequences, won on the edge 3m with a pair of East: 2 parts = 1 fan (平和 has no
    # wait or pair condition here).  Value sets need a set, so the East pair gives nothing.
    assert yaku("123m789m456p789s11z", win="3m") == {"menmo": 1}


def test_menmo_all_four_parts_is_three_fan():
    assert yaku("234m345p567s678s55m", tsumo=True) == {"menmo": 3}


def test_menmo_open_hand_counts_simples_and_sequences():
    # chi breaks "closed"; self-drawn + all simples + four sequences = 3 parts = 2 fan.
    assert yaku("234m345p678s55m chi:5-67s", tsumo=True) == {"menmo": 2}


# ---- Suits ---------------------------------------------------------------------------------------


def test_half_flush_is_two_fan():
    # 123m 345m 678m + West triplet (no value for an East seat in the East round) + South pair.
    assert yaku("123m345m678m333z22z") == {"half_flush": 2}


def test_full_flush_is_five_fan():
    # 123 345 678 999 22 in man: full flush 5; closed ron is 1 menmo part (0).
    assert yaku("123m345m678m999m22m") == {"full_flush": 5}


def test_two_suits_is_one_fan():
    assert yaku("123m345m678p999p22m") == {"two_suits": 1}


def test_five_gates_is_two_fan():
    # man, pin, sou, a wind (South pair... here the South triplet) and a dragon (Red pair).
    assert yaku("123m456p789s222z77z") == {"five_gates": 2}


def test_five_gates_combines_with_seven_pairs():
    # 11 33m 55 77p 99s 22z 66z: seven pairs 2 + five gates 2 = 4.
    assert yaku("1133m5577p99s2266z") == {"seven_pairs": 2, "five_gates": 2}


# ---- Triplets and kans ---------------------------------------------------------------------------


def test_concealed_kan_is_one_fan_each():
    # One closed kan (1 fan); the hand stays closed but a ron with one menmo part is 0.
    assert yaku("123m456p789s22z ankan:1111s") == {"concealed_kan": 1}


def test_two_concealed_kans_are_two_fan():
    assert yaku("123m456p22z ankan:1111s ankan:9999s") == {"concealed_kan": 2}


def test_all_triplets_is_two_fan():
    # 111m 222s concealed, pons of 9p and 3p, ron on the East pair: only two concealed triplets.
    assert yaku("111m222s55z pon:999p pon:333p", win="5z") == {"all_triplets": 2}


def test_three_concealed_is_two_fan():
    # 111m 999p 222s concealed, ron on the White pair: three concealed triplets 2.
    assert yaku("111m999p222s456s55z", win="5z") == {"three_concealed": 2}


def test_triplet_completed_by_ron_is_not_concealed():
    # Same hand won by ron on 2s: the 222s triplet is open, two concealed only, no yaku at all;
    # self-drawn it is three concealed 2 + menmo (closed, self-drawn) 1 = 3.
    with pytest.raises(NotAWin):
        score("111m999p222s456s55z", win="2s")
    assert yaku("111m999p222s456s55z", win="2s", tsumo=True) == {"three_concealed": 2, "menmo": 1}


def test_three_chained_is_three_fan():
    # 222m (concealed) and pons of 333m, 444m: three chained triplets 3, nothing else.
    assert yaku("222m456p77z pon:333m pon:444m", win="7z") == {"three_chained": 3}


def test_three_kans_is_five_fan():
    assert yaku("456p77z kan:1111m kan:2222s kan:9999p", win="7z") == {"three_kans": 5}


# ---- Honours -------------------------------------------------------------------------------------


def test_value_set_dragon_is_one_fan():
    assert yaku("123m456p789s77z pon:555z") == {"value_set": 1}


def test_value_set_double_wind_counts_two():
    # East triplet for the East seat in the East round: seat wind 1 + round wind 1.
    assert yaku("123m456p789s77z pon:111z") == {"value_set": 2, "five_gates": 2}


def test_value_set_seat_wind_only():
    assert yaku("123m456p789s33z pon:222z", seat="S", win="3z") == {"value_set": 1}


def test_no_round_wind_in_the_decider():
    # East pon by the East seat with no round wind (決勝局): seat wind only, 1.
    assert yaku("123m456p789s22z pon:111z", round_wind=None) == {"value_set": 1}


def test_small_dragons_is_two_fan_plus_its_value_sets():
    # White pair, Green triplet, Red pon: small dragons 2 + value sets 2 = 4.
    assert yaku("123m456p55z666z pon:777z", win="5z") == {"small_dragons": 2, "value_set": 2}


def test_three_winds_is_three_fan_plus_value_sets():
    # South seat, East round: 111z (round wind 1), 222z (seat wind 1), 333z (none): three winds 3
    # + value sets 2 + half flush (man and honours) 2 = 7.  (With 123m it would be an outside hand.)
    assert yaku("234m55z111z222z pon:333z", seat="S", win="5z") == {
        "three_winds": 3,
        "value_set": 2,
        "half_flush": 2,
    }


# ---- Terminals -----------------------------------------------------------------------------------


def test_mixed_outside_is_two_fan():
    assert yaku("123m789p123s11z999s", win="1z") == {"mixed_outside": 2}


def test_pure_outside_is_three_fan_and_hides_mixed_outside():
    assert yaku("123m789p123s11m999s", win="1m") == {"pure_outside": 3}


def test_all_terminals_honours_is_three_fan_and_hides_mixed_outside():
    # 111m 999p 222z concealed, 999s pon, East pair: all terminals and honours 3 + all triplets 2
    # + three concealed 2 = 7 (mixed outside hidden).
    assert yaku("111m999p11z222z pon:999s", win="1z") == {
        "all_terminals_honours": 3,
        "all_triplets": 2,
        "three_concealed": 2,
    }


def test_all_terminals_honours_with_seven_pairs():
    # seven pairs 2 + all terminals and honours 3 = 5.
    assert yaku("1199m1199p112233z") == {"seven_pairs": 2, "all_terminals_honours": 3}


# ---- Identical sequences -------------------------------------------------------------------------


def test_pure_double_is_one_fan():
    # 123m 123m 456p 789s + White pair: pure double 1 + menmo (closed, four sequences) 1 = 2.
    assert yaku("112233m456p789s55z") == {"pure_double": 1, "menmo": 1}


def test_twice_pure_double_is_three_fan_and_beats_seven_pairs():
    # Read as 123m 123m 456p 456p + 55z: twice pure double 3 + menmo 1 = 4; as seven pairs only 2.
    assert yaku("112233m445566p55z") == {"twice_pure_double": 3, "menmo": 1}


def test_pure_triple_is_four_fan_and_hides_pure_double():
    # Ron on 2m: as triplets 222m would be open (three chained 3 only); as 234m x3 it is
    # pure triple 4 + menmo (closed, four sequences) 1 = 5, the better reading.
    assert yaku("234m234m234m456p55z", win="2m") == {"pure_triple": 4, "menmo": 1}


# ---- Three suits ---------------------------------------------------------------------------------


def test_mixed_triple_is_two_fan():
    # mixed triple 2 + menmo (closed, four sequences) 1 = 3.
    assert yaku("123m123p123s456m55z") == {"mixed_triple": 2, "menmo": 1}


def test_small_triple_pungs_is_two_fan():
    # 555m 555p triplets, 55s pair; won on 1m in 123m so both triplets are concealed (2: no yaku).
    assert yaku("555m555p55s123m789p", win="1m") == {"small_triple_pungs": 2}


def test_triple_pungs_is_five_fan():
    # triple pungs 5 + three concealed 2 = 7.
    assert yaku("555m555p555s123m77z", win="7z") == {"triple_pungs": 5, "three_concealed": 2}


# ---- Numbers -------------------------------------------------------------------------------------


def test_pure_straight_is_two_fan():
    # pure straight 2 + menmo (closed, four sequences) 1 = 3.
    assert yaku("123456789p123s55z") == {"pure_straight": 2, "menmo": 1}


def test_four_in_one_is_one_fan():
    # All four 1m: the 111m triplet and the 123m sequence.
    assert yaku("111m123m456p789s55z") == {"four_in_one": 1}


def test_four_in_two_is_two_fan():
    # All four 3m: the 33m pair, 123m and 345m: four in two 2 + menmo (closed, four sequences) 1.
    assert yaku("12333345m456p789s", win="5m") == {"four_in_two": 2, "menmo": 1}


def test_four_in_four_is_four_fan():
    # All four 3m in 123m 234m 345m 345m: four in four 4 + pure double 1 + two suits 1
    # + menmo (closed, four sequences) 1 = 7.
    assert yaku("123m234m345m345m11p", win="1p") == {
        "four_in_four": 4,
        "pure_double": 1,
        "two_suits": 1,
        "menmo": 1,
    }


def test_four_in_one_counts_a_called_triplet():
    # The 111m pon and the concealed 123m use all four 1m: four in one 1 (open: no menmo).
    assert yaku("123m456p789s22z pon:111m", win="2z") == {"four_in_one": 1}


# ---- Chance --------------------------------------------------------------------------------------


def test_after_kan_is_one_fan():
    # after a kan 1 + concealed kan 1 + menmo (closed, self-drawn) 1 = 3.
    assert yaku("123m456p789s22z ankan:1111s", tsumo=True, after_kan=True) == {
        "after_kan": 1,
        "concealed_kan": 1,
        "menmo": 1,
    }


def test_robbing_kan_is_one_fan():
    # robbing a kan 1 + menmo (closed, four sequences) 1 = 2.
    assert yaku("123m456p789s678s22z", win="6s", robbing_kan=True) == {"robbing_kan": 1, "menmo": 1}


def test_last_tile_draw_is_one_fan():
    assert yaku("123m789m456p222s11z", seat="S", tsumo=True, last_tile_draw=True) == {
        "last_tile_draw": 1,
        "menmo": 1,
    }


def test_last_tile_claim_is_one_fan():
    assert yaku("123m789m456p222s11z", seat="S", last_tile_claim=True) == {"last_tile_claim": 1}


# ---- Special shapes ------------------------------------------------------------------------------


def test_seven_pairs_is_two_fan():
    assert yaku("1133m5577p99s2244z") == {"seven_pairs": 2}


def test_seven_pairs_may_hold_four_of_a_kind_as_two_pairs():
    assert yaku("1111m5577p99s2244z") == {"seven_pairs": 2}


def test_knitted_is_two_fan_and_never_five_gates():
    # 147m 258p 369s + East South West North White: man, pin, sou, winds, a dragon, but knitted
    # does not combine with five gates.
    assert yaku("147m258p369s12345z", win="5z") == {"knitted": 2}


def test_knitted_closed_self_drawn_adds_menmo():
    assert yaku("147m258p369s12345z", win="5z", tsumo=True) == {"knitted": 2, "menmo": 1}
