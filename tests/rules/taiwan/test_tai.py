"""Each default tai of taiwan.md, the combinations, the 17-tile decomposition choice and payments.

Unless a test says otherwise: winner South, dealer East, ron from West, base 50, tai_value 20.
"""

import pytest

from bot.rules.taiwan.score import NotAWin
from bot.rules.taiwan.situation import TaiwanOptions
from tests.rules.taiwan.helpers import E, N, S, W, lines, score

# 234m 567m 234p 567p 88s + 45s waiting on 3s/6s, won on 6s: nothing but its closedness.
TWO_SIDED = "234m567m234p567p88s45s6s"
# The same with an open pon instead of 567p: worth nothing at all.
OPEN_NOTHING = "234m567m234p88s45s6s pon:777p"


def test_a_zero_tai_win_pays_just_the_base():
    result = score(OPEN_NOTHING)
    assert lines(result) == {}
    assert result.payments == ((W, 50),)  # 50 + 0 x 20


def test_self_drawn():
    assert lines(score(OPEN_NOTHING, tsumo=True)) == {"self_drawn": 1}


def test_concealed_hand_on_a_ron():
    assert lines(score("234m567m234p88s45s777p6s")) == {"concealed_hand": 1}


def test_concealed_self_drawn_replaces_concealed_and_self_drawn():
    assert lines(score("234m567m234p88s45s777p6s", tsumo=True)) == {"concealed_self_drawn": 3}


def test_a_closed_kan_keeps_the_hand_concealed():
    assert lines(score("234m567m234p88s45s6s ankan:7777p")) == {"concealed_hand": 1}


def test_all_called_is_five_open_melds_and_a_ron_on_the_last_tile():
    result = score("6s6s pon:111m pon:888p chi:2-34s chi:5-67m pon:999p")
    assert lines(result) == {"all_called": 2, "single_wait": 1}
    assert "all_called" not in lines(score("6s6s pon:111m pon:888p chi:2-34s chi:5-67m pon:999p", tsumo=True))


@pytest.mark.parametrize(
    "hand",
    [
        "456m789m234p567p88s12s3s",  # edge 12s waiting on 3s
        "456m789m234p567p88s13s2s",  # closed 13s waiting on 2s
        "456m789m234p567p123s8s8s",  # single wait on 8s
    ],
)
def test_single_wait_edge_closed_or_pair(hand):
    assert lines(score(hand)) == {"concealed_hand": 1, "single_wait": 1}


def test_a_pair_wait_that_also_waits_elsewhere_is_no_single_wait():
    # 456m 789m 234p 567p 8s + 8s: 88s + 8s... 5678s would be a second wait; here 6788s waits 5s/8s.
    assert "single_wait" not in lines(score("456m789m234p567p678s8s8s"))


def test_pinghu_all_sequences_two_sided_ron():
    assert lines(score(TWO_SIDED)) == {"concealed_hand": 1, "pinghu": 2}


def test_pinghu_is_lost_with_flowers_unless_the_option_allows_them():
    # 3f is not South's flower: no flower tai either.
    assert lines(score(TWO_SIDED, flowers="3f")) == {"concealed_hand": 1}
    relaxed = TaiwanOptions(pinghu_flowers=True)
    assert lines(score(TWO_SIDED, flowers="3f", options=relaxed)) == {"concealed_hand": 1, "pinghu": 2}


def test_pinghu_is_lost_on_tsumo_unless_the_option_allows_it():
    assert lines(score(TWO_SIDED, tsumo=True)) == {"concealed_self_drawn": 3}
    relaxed = TaiwanOptions(pinghu_tsumo=True)
    assert lines(score(TWO_SIDED, tsumo=True, options=relaxed)) == {"concealed_self_drawn": 3, "pinghu": 2}


def test_pinghu_needs_a_two_sided_wait_unless_the_option_relaxes_it():
    edge = "456m789m234p567p88s12s3s"
    assert "pinghu" not in lines(score(edge))
    assert lines(score(edge, options=TaiwanOptions(pinghu_any_wait=True)))["pinghu"] == 2


def test_pinghu_allows_chi():
    assert lines(score("234m567m88s45s6s chi:2-34p chi:5-67p")) == {"pinghu": 2}


@pytest.mark.parametrize(
    ("hand", "two_sided"),
    [
        ("234m567m345s567s88s78p6p", True),  # 78p waits on 6p and 9p
        ("234m567m345s567s88s89p7p", False),  # 89p waits on 7p alone: an edge
        ("234m567m345s567s88s23p4p", True),  # 23p waits on 1p and 4p
        ("234m567m345s567s88s12p3p", False),  # 12p waits on 3p alone: an edge
    ],
    ids=["6p-on-78p", "7p-on-89p", "4p-on-23p", "3p-on-12p"],
)
def test_pinghu_on_the_last_two_sided_waits_of_a_suit_not_on_its_edges(hand, two_sided):
    """The wait next to a terminal is two-sided, the terminal pair's own wait (12, 89) an edge: in the
    second suit, so that a wait counted across the suits (kind 15 is 7p) is found out too."""
    expected = {"concealed_hand": 1, "pinghu": 2} if two_sided else {"concealed_hand": 1, "single_wait": 1}
    assert lines(score(hand)) == expected


def test_an_honour_pair_rules_pinghu_out():
    # 234m 567m 234p 567p with 45s won on 6s, two-sided, but the pair is East's (not the seat's or round's).
    assert lines(score("234m567m234p567p11z45s6s")) == {"concealed_hand": 1}


def test_dragon_set_is_one_per_dragon_triplet():
    assert lines(score(OPEN_NOTHING.replace("pon:777p", "pon:555z"))) == {"dragon_set": 1}


def test_seat_wind_counts_from_the_dealer_and_round_wind_adds():
    hand = "234m567m234p88s45s6s pon:222z"
    # South (seat 1) with East dealing sits South: seat wind 1.
    assert lines(score(hand)) == {"seat_wind": 1}
    # In the South round: +1.
    assert lines(score(hand, round_wind=1)) == {"seat_wind": 1, "round_wind": 1}
    # Seat West (2) with South (1) dealing also sits South.
    assert lines(score(hand, seat=W, dealer=S, discarder=N)) == {"seat_wind": 1}
    # Seat South with South dealing sits East: no wind tai.
    assert lines(score(hand, seat=S, dealer=S)) == {}


def test_all_triplets():
    assert lines(score("111m5s5s pon:222p pon:333s pon:777s pon:999m")) == {
        "all_triplets": 4,
        "single_wait": 1,
    }


def test_three_concealed_triplets():
    assert lines(score("111m222p333s456m55p78s9s")) == {"concealed_hand": 1, "three_concealed": 2}


def test_a_triplet_completed_by_ron_is_not_concealed():
    # 33s/55p wait won on 3s: 333s was completed by the discard, two concealed triplets remain.
    assert lines(score("111m222p456m55p789s33s3s")) == {"concealed_hand": 1}
    # the same tile self-drawn: three concealed triplets
    assert lines(score("111m222p456m55p789s33s3s", tsumo=True)) == {
        "concealed_self_drawn": 3,
        "three_concealed": 2,
    }


def test_four_concealed_triplets():
    # 999m completed by the ron: four concealed triplets remain.
    result = score("111m222p333s777s99m55p9m")
    assert lines(result) == {"concealed_hand": 1, "all_triplets": 4, "four_concealed": 5}


def test_five_concealed_triplets_won_on_the_pair():
    result = score("111m222p333s777s999m5p5p")
    assert lines(result) == {"concealed_hand": 1, "single_wait": 1, "all_triplets": 4, "five_concealed": 8}


def test_half_flush():
    # South seat in the East round: 222z (seat wind, completed by the ron) and 111z (round wind) count too.
    result = score("123m456m789m55m111z22z2z")
    assert lines(result) == {"concealed_hand": 1, "seat_wind": 1, "round_wind": 1, "half_flush": 4}


def test_full_flush_and_its_option():
    assert lines(score("123m456m789m123m55m77m7m"))["full_flush"] == 12
    assert lines(score("123m456m789m123m55m77m7m", options=TaiwanOptions(full_flush=8)))["full_flush"] == 8
    assert "half_flush" not in lines(score("123m456m789m123m55m77m7m"))


def test_all_honours_replaces_all_triplets_and_half_flush_and_takes_minus_4():
    # East seat (dealer) in the East round, ron on 7z: 111z is seat and round wind.
    result = score("111z222z333z555z666z7z7z", seat=E, dealer=E, discarder=W)
    assert lines(result) == {
        "concealed_hand": 1,
        "single_wait": 1,
        "seat_wind": 1,
        "round_wind": 1,
        "five_concealed": 8,
        "all_honours": 16,
        "all_honours_deduction": -4,
        "little_three_dragons": 4,
    }
    # 1+1+1+1+8+16-4+4 = 28 hand tai + dealer 1 = 29
    assert result.total == 29


def test_a_dragon_pair_with_one_dragon_set_is_no_little_three_dragons():
    assert lines(score("234m567m234p555z66z45s6s")) == {"concealed_hand": 1, "dragon_set": 1}


def test_each_dragon_set_adds_a_tai_on_one_line_in_the_order_of_the_tai_table():
    # 555z and 666z: 1 tai each, one dragon_set line of 2; the closed wait 79m on 8m is a single wait, which
    # the tai table (names.ORDER) lists before the dragon sets, whatever the alphabet says.
    assert score("555z666z123m456m11s79m8m").lines == (
        ("concealed_hand", 1),
        ("single_wait", 1),
        ("dragon_set", 2),
    )


def test_little_three_dragons_replaces_its_dragon_sets():
    assert lines(score("555z666z77z123m456m78m9m")) == {
        "concealed_hand": 1,
        "half_flush": 4,
        "little_three_dragons": 4,
    }


def test_big_three_dragons():
    result = score("555z666z777z123m456m9m9m")
    assert lines(result) == {
        "concealed_hand": 1,
        "single_wait": 1,
        "three_concealed": 2,
        "half_flush": 4,
        "big_three_dragons": 8,
    }


def test_little_four_winds_replaces_wind_tai():
    result = score("111z222z333z44z123m45m6m")
    assert lines(result) == {
        "concealed_hand": 1,
        "three_concealed": 2,
        "half_flush": 4,
        "little_four_winds": 8,
    }


def test_big_four_winds():
    result = score("111z222z333z444z55m12m3m")
    assert lines(result) == {
        "concealed_hand": 1,
        "single_wait": 1,
        "four_concealed": 5,
        "half_flush": 4,
        "big_four_winds": 16,
    }


def test_last_tile_adds_to_self_drawn_and_has_an_option():
    assert lines(score(OPEN_NOTHING, tsumo=True, last_tile=True)) == {"self_drawn": 1, "last_tile": 1}
    doubled = TaiwanOptions(last_tile=2)
    assert lines(score(OPEN_NOTHING, tsumo=True, last_tile=True, options=doubled))["last_tile"] == 2


def test_last_discard_on_a_ron():
    assert lines(score(OPEN_NOTHING, last_tile=True)) == {"last_discard": 1}


def test_robbing_kan():
    assert lines(score(OPEN_NOTHING, robbing_kan=True)) == {"robbing_kan": 1}


def test_after_kan_adds_to_self_drawn():
    assert lines(score(OPEN_NOTHING, tsumo=True, after_kan=True)) == {"self_drawn": 1, "after_kan": 1}


def test_heavenly_replaces_the_hand_pattern_tai_but_not_flowers_or_dealer():
    # East dealer, dealt hand, own flower 1f: 24 + 1, plus dealer 1 with every payer.
    result = score(TWO_SIDED, flowers="1f", seat=E, dealer=E, tsumo=True, heavenly=True)
    assert lines(result) == {"heavenly": 24, "seat_flower": 1}
    assert result.total == 26
    # each payer: 50 + 26 x 20 = 570
    assert result.payments == ((S, 570), (W, 570), (N, 570))


def test_stack_heavenly_adds_to_the_hand():
    result = score(
        TWO_SIDED, seat=E, dealer=E, tsumo=True, heavenly=True, options=TaiwanOptions(stack_heavenly=True)
    )
    assert lines(result) == {"concealed_self_drawn": 3, "heavenly": 24}


def test_heavenly_tai_option():
    result = score(TWO_SIDED, seat=E, dealer=E, tsumo=True, heavenly=True, options=TaiwanOptions(heavenly=16))
    assert lines(result) == {"heavenly": 16}


def test_earthly_and_human():
    assert lines(score(TWO_SIDED, tsumo=True, earthly=True)) == {"earthly": 16}
    assert lines(score(TWO_SIDED, human=True)) == {"human": 8}
    assert lines(score(TWO_SIDED, human=True, options=TaiwanOptions(human=16))) == {"human": 16}


@pytest.mark.parametrize(
    ("ready", "options", "tai"),
    [
        ("tianting", TaiwanOptions(), 16),
        ("tianting", TaiwanOptions(tianting=8), 8),
        ("migi", TaiwanOptions(), 8),
        ("migi", TaiwanOptions(migi=4), 4),
        ("diting", TaiwanOptions(), 8),
        ("diting", TaiwanOptions(diting=4), 4),
    ],
)
def test_ready_declarations(ready, options, tai):
    assert lines(score(OPEN_NOTHING, ready=ready, options=options)) == {ready: tai}


def test_the_17_tile_hand_takes_its_best_decomposition():
    # 111222333m reads as three triplets (三暗刻 2) or three 123m sequences (nothing).
    result = score("111m222m333m456p789p5s5s")
    assert lines(result) == {"concealed_hand": 1, "single_wait": 1, "three_concealed": 2}


# --- dealer tai and payments --------------------------------------------------------------------


def test_dealer_on_a_two_hand_streak_self_drawn_closed_hand():
    # 門清自摸 3 + dealer 1 + streak 2 x 2 = 8 tai; each payer 50 + 8 x 20 = 210
    result = score("234m567m234p88s45s777p6s", seat=E, dealer=E, streak=2, tsumo=True)
    assert lines(result) == {"concealed_self_drawn": 3}
    assert dict(result.dealer_lines) == {"dealer": 1, "streak": 4}
    assert result.total == 8
    assert result.payments == ((S, 210), (W, 210), (N, 210))
    assert result.points == 630


def test_non_dealer_tsumo_only_the_dealer_pays_the_dealer_tai():
    # South wins 自摸 1, East deals on a 1-hand streak (1 + 2 = 3 dealer tai):
    # East pays 50 + (1 + 3) x 20 = 130; West and North pay 50 + 1 x 20 = 70 each.
    result = score(OPEN_NOTHING, tsumo=True, streak=1)
    assert result.payments == ((E, 130), (W, 70), (N, 70))
    assert result.points == 270


def test_ron_by_the_dealer_includes_the_dealer_tai():
    # East dealer (streak 1) deals in to South: 50 + (0 + 3) x 20 = 110.
    assert score(OPEN_NOTHING, discarder=E, streak=1).payments == ((E, 110),)


def test_ron_between_non_dealers_has_no_dealer_tai():
    # concealed_hand 1: 50 + 1 x 20 = 70, whatever the streak
    assert score("234m567m234p88s45s777p6s", discarder=N, streak=3).payments == ((N, 70),)


def test_dealer_ron_pays_the_dealer_tai_from_the_discarder():
    # East (dealer, streak 0) wins on West's discard: concealed 1 + dealer 1 = 2: 50 + 40 = 90.
    result = score("234m567m234p88s45s777p6s", seat=E, dealer=E, discarder=W)
    assert result.payments == ((W, 90),)


@pytest.mark.parametrize(
    ("text", "situation", "needle"),
    [
        ("234m567m234p88s45s777p", {}, "17 tiles"),
        ("234m567m234p88s45s777p9s", {}, "not a winning hand"),
        (TWO_SIDED, {"after_kan": True}, "self-drawn"),
        (TWO_SIDED, {"tsumo": True, "robbing_kan": True}, "another player's tile"),
        (TWO_SIDED, {"tsumo": True, "heavenly": True}, "dealer's win"),
        (TWO_SIDED, {"discarder": S}, "discarder"),
        (TWO_SIDED, {"win_tile": 33}, "not among"),
        (TWO_SIDED, {"ready": "double"}, "ready declaration"),
    ],
)
def test_bad_wins_are_refused_with_the_reason(text, situation, needle):
    with pytest.raises(NotAWin, match=needle):
        score(text, **situation)


def test_flowers_on_a_table_without_flowers_are_refused():
    with pytest.raises(NotAWin, match="without flowers"):
        score(TWO_SIDED, flowers="1f", options=TaiwanOptions(flowers=False))
