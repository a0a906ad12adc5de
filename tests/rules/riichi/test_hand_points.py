"""Whole hands scored as a player reads the result: han, fu, points and payments, each worked out by hand
from Tenhou's rules (docs: 20 fu base, +10 closed ron, +2 tsumo, triplet and pair fu, 2 fu for a closed,
edge or pair wait, rounded up to 10; base = fu x 2^(han + 2), no kiriage mangan; payments rounded up to
100; yakuman add up, counted yakuman at 13 han; sanma's tsumo loses the absent player's share)."""

from __future__ import annotations

import pytest

from bot.hand.tiles import EAST
from bot.rules.riichi.points import limit_name
from bot.rules.riichi.scoring import settle_win
from tests.rules.riichi.helpers import score, yaku_ids


@pytest.mark.parametrize(
    ("hand", "win", "fu"),
    [
        # 20 + 10 closed ron + 8 for the concealed 111m = 38 before the wait: a 2 fu wait makes 40,
        # a 3 fu one would make 50.
        ("111m456p789p123s55s", "2s", 40),  # kanchan: 13s waiting on 2s
        ("111m456p789p123s55s", "3s", 40),  # penchan: 12s waiting on 3s
        ("111m456p789p123s55s", "5s", 40),  # tanki
        # The same with a pair of White (2 fu) = 40 before the wait: a two-sided wait stays at 40 (no
        # pinfu with a triplet), a wait of 2 fu (or 1) makes 50.
        ("111m456p789p234s55z", "4s", 40),  # ryanmen: 23s waiting on 1s or 4s
        ("111m456p789p123s55z", "2s", 50),  # kanchan
        ("111m456p789p123s55z", "3s", 50),  # penchan
        ("111m456p789p123s55z", "5z", 50),  # tanki
        # Shanpon: ron on 2s makes 222s an open simple triplet (2), with 111m (8): 40 exactly, no wait fu.
        ("111m456p789p222s55s", "2s", 40),
    ],
    ids=["kanchan", "penchan", "tanki", "ryanmen-40", "kanchan-50", "penchan-50", "tanki-50", "shanpon"],
)
def test_a_closed_edge_or_pair_wait_adds_2_fu_and_a_two_sided_or_shanpon_wait_none(
    hand: str, win: str, fu: int
) -> None:
    result = score(hand, win, riichi=True)
    assert yaku_ids(result) == {"riichi": 1}
    assert result.fu == fu
    # 1 han: base fu x 8, a non-dealer's ron 4 x base rounded up to 100 (40 fu 1,300; 50 fu 1,600).
    assert result.points == {40: 1300, 50: 1600}[fu]


def test_four_han_thirty_fu_is_7700_and_11600_not_a_rounded_up_mangan() -> None:
    # riichi + pinfu + tanyao + one dora (indicator 1m: 2m) = 4 han; pinfu ron 30 fu.  Base 30 x 2^6 =
    # 1,920: non-dealer 7,680 -> 7,700, dealer 11,520 -> 11,600 (kiriage would make them 8,000/12,000).
    hand = "234m456p678p234s55s"
    result = score(hand, "2s", riichi=True, dora="1m")
    assert (result.han, result.fu, result.base_points, result.points) == (4, 30, 1920, 7700)
    assert score(hand, "2s", riichi=True, dora="1m", seat=EAST).points == 11600


def test_pinfu_tsumo_is_20_fu_and_its_ron_30() -> None:
    # Tsumo: menzen tsumo + pinfu + tanyao, 3 han 20 fu, base 640: the dealer pays 1,280 -> 1,300,
    # the other two 640 -> 700.  Ron: pinfu + tanyao, 2 han 30 fu, base 480: 1,920 -> 2,000.
    hand = "234m456p678p234s55s"
    tsumo = score(hand, "2s", tsumo=True)
    assert (tsumo.han, tsumo.fu, tsumo.points) == (3, 20, 2700)
    assert settle_win(tsumo, winner=1, dealer=0, discarder=None, players=4, honba=0) == [
        -1300,
        2700,
        -700,
        -700,
    ]
    ron = score(hand, "2s")
    assert (ron.han, ron.fu, ron.points) == (2, 30, 2000)


def test_seven_pairs_are_25_fu_by_ron_and_by_tsumo() -> None:
    # riichi + chiitoitsu = 3 han 25 fu: base 800, ron 3,200 (dealer 4,800).  With tsumo 4 han 25 fu:
    # base 1,600, 3,200 from the dealer and 1,600 from each other player (no tsumo fu).
    hand = "1133m5577p22s1166z"
    ron = score(hand, riichi=True)
    assert (ron.han, ron.fu, ron.points) == (3, 25, 3200)
    assert score(hand, riichi=True, seat=EAST).points == 4800
    tsumo = score(hand, riichi=True, tsumo=True)
    assert (tsumo.han, tsumo.fu, tsumo.points) == (4, 25, 6400)


def test_an_open_hand_loses_a_han_of_honitsu_and_ittsu() -> None:
    # Chi 789m, Red triplet, 123m 456m, 55m; ron on 3m (edge wait).  Closed this would be Red 1 + honitsu
    # 3 + ittsu 2 = 6 han; open, honitsu is 2 and ittsu 1: 4 han.  Fu: 20 + 8 (concealed honour triplet)
    # + 2 (edge wait) = 30.  4 han 30 fu: 7,700.
    result = score("123m456m55m777z chi:7-89m", "3m")
    # Shown in Tenhou's order (ids 20, 24, 34), not by name.
    assert result.yaku == (("chun", 1), ("ittsu", 1), ("honitsu", 2))
    assert (result.han, result.fu, result.points) == (4, 30, 7700)


def test_thirteen_han_without_a_yakuman_is_a_counted_yakuman_and_twelve_a_sanbaiman() -> None:
    # 112233p 456p 789p 55p, drawn 9p (78p waiting on 6p or 9p) after riichi: menzen tsumo 1, pinfu 1,
    # iipeikou 1, riichi 1, ittsu 2, chinitsu 6 = 12 han, sanbaiman: base 6,000,
    # 12,000 from the dealer and 6,000 from the others.  With ippatsu 13 han: a counted yakuman, base
    # 8,000 (16,000 and 8,000 x 2), shown with its han and fu, not as a yakuman.
    hand = "11223345556789p"
    twelve = score(hand, "9p", tsumo=True, riichi=True)
    assert (twelve.han, twelve.fu, twelve.points) == (12, 20, 24000)
    assert limit_name(twelve.han, twelve.yakuman, twelve.base_points) == "sanbaiman"
    kazoe = score(hand, "9p", tsumo=True, riichi=True, ippatsu=True)
    assert (kazoe.han, kazoe.fu, kazoe.yakuman, kazoe.points) == (13, 20, 0, 32000)
    assert limit_name(kazoe.han, kazoe.yakuman, kazoe.base_points) == "kazoe yakuman"
    assert settle_win(kazoe, winner=1, dealer=0, discarder=None, players=4, honba=0) == [
        -16000,
        32000,
        -8000,
        -8000,
    ]


def test_a_yakuman_shows_no_riichi_dora_or_ura_and_pays_the_yakuman_only() -> None:
    # Kokushi in riichi, a dora indicator 8p (9p is dora) and an ura indicator 9m (1m, held twice, is ura
    # dora): neither the riichi nor a dora line is shown, and the points are the yakuman's.
    result = score("19m19p19s1234567z1m", riichi=True, dora="8p", ura="9m")
    assert result.yaku == (("kokushi_13", 13),)  # a single yakuman on Tenhou
    assert (result.yakuman, result.points) == (1, 32000)


def test_four_concealed_triplets_that_also_read_as_sequences_are_suuankou() -> None:
    # 222 333 444m 777p and 55m, or 22m with 234 345 345m and 777p: the reading with four concealed
    # triplets wins by tsumo, whichever reading comes first.  Non-dealer yakuman tsumo: 16,000 from
    # the dealer, 8,000 from each other player.
    result = score("22233344455m777p", "2m", tsumo=True)
    assert result.yaku == (("suuankou", 13),)
    assert result.points == 32000
    assert settle_win(result, winner=1, dealer=0, discarder=None, players=4, honba=0) == [
        -16000,
        32000,
        -8000,
        -8000,
    ]


def test_a_double_yakuman_tsumo_by_a_non_dealer_is_32000_from_the_dealer_and_16000_from_the_others() -> None:
    # Daisangen + tsuuiisou (the Red set called, so no suuankou), drawn by South with East dealing, 1
    # honba: 100 more from each payer.
    result = score("111z22z555z666z pon:777z", "1z", tsumo=True)
    assert set(yaku_ids(result)) == {"daisangen", "tsuuiisou"}
    assert (result.yakuman, result.base_points, result.points) == (2, 16000, 64000)
    assert settle_win(result, winner=1, dealer=0, discarder=None, players=4, honba=1) == [
        -32100,
        64300,
        -16100,
        -16100,
    ]


def test_a_yakuman_tsumo_in_sanma_loses_the_absent_players_share() -> None:
    # Kokushi on the 13-sided wait.  A non-dealer's tsumo: 16,000 from the dealer, 8,000 from the other
    # player, 24,000 (the absent North's 8,000 is not paid).  The dealer's: 16,000 from each, 32,000.
    hand = "19m19p19s1234567z1z"
    south = score(hand, tsumo=True, players=3)
    assert (south.yakuman, south.points) == (1, 24000)
    assert settle_win(south, winner=1, dealer=0, discarder=None, players=3, honba=0) == [-16000, 24000, -8000]
    east = score(hand, tsumo=True, players=3, seat=EAST)
    assert east.points == 32000


@pytest.mark.parametrize(
    ("hand", "win", "yakuman"),
    [
        ("11112345678999m", "1m", "junsei_chuuren"),  # nine gates waiting on all nine, won on the 1
        ("11123455678999p", "9p", "chuuren"),  # in pin, the extra 5p, won on 9p
        ("11123456778999s", "7s", "junsei_chuuren"),  # in sou, won on the extra 7s
    ],
)
def test_nine_gates_in_any_suit_and_on_any_tile(hand: str, win: str, yakuman: str) -> None:
    result = score(hand, win)
    assert result.yaku == ((yakuman, 13),) and result.points == 32000


def test_an_open_all_green_hand_with_a_called_green_dragon_is_ryuuiisou() -> None:
    result = score("223344s666s88s pon:666z", "8s")
    assert result.yaku == (("ryuuiisou", 13),) and result.points == 32000


def test_sanma_ura_dora_point_as_sanma_dora_do_and_count_the_kita() -> None:
    # Three players: an ura indicator 1m points at 9m (two held); West points at North, and each of the
    # two kita counts as a North (as dora indicators do).
    hand = "99m123p456p345s789s"
    assert yaku_ids(score(hand, "8s", players=3, riichi=True, ura="1m")) == {"riichi": 1, "ura_dora": 2}
    with_kita = score(hand, "8s", players=3, riichi=True, ura="3z", kita=2)
    assert yaku_ids(with_kita) == {"riichi": 1, "ura_dora": 2, "nuki_dora": 2}
