"""Sichuan payments: wins, immediate kans, transfer, flower pig, not-tenpai check, kan income returned."""

import pytest

from bot.engine.registry import rule_set
from bot.hand.meld import MeldType
from bot.hand.notation import parse_hand
from bot.rules.sichuan.score import best_waiting_fan, is_tenpai, waiting_values
from bot.rules.sichuan.settlement import (
    Payment,
    balances,
    end_of_hand_payments,
    false_win_payments,
    flower_pig_payments,
    is_flower_pig,
    kan_payments,
    next_dealer,
    not_tenpai_payments,
    returned_kan_income,
    transfer_payments,
    win_payments,
)
from bot.rules.sichuan.situation import SichuanOptions

TILES = rule_set("sichuan").tileset
E, S, W, N = range(4)


def kinds(text: str) -> tuple[list[int], list]:
    hand = parse_hand(text, TILES)
    return [t >> 2 for t in hand.concealed], hand.melds


def test_tsumo_is_paid_by_every_player_who_has_not_won():
    # 3 fan, base 2: 2 x 2**3 = 16 from each active player; South has won already and pays nothing.
    payments = win_payments(E, 3, 2, tsumo=True, active=[E, W, N])
    assert balances(payments) == [32, 0, -16, -16]


def test_ron_is_paid_by_the_discarder_alone():
    payments = win_payments(E, 4, 1, tsumo=False, active=[E, S, W, N], discarder=N)
    assert balances(payments) == [16, 0, 0, -16]


def test_cap_applies_to_win_payments():
    assert balances(win_payments(E, 9, 1, tsumo=False, active=range(4), discarder=S, cap=6)) == [
        64,
        -64,
        0,
        0,
    ]


def test_open_kan_from_a_discard_costs_the_discarder_2x_base():
    assert balances(kan_payments(E, MeldType.KAN, 3, range(4), discarder=W)) == [6, 0, -6, 0]


def test_added_kan_costs_each_active_player_1x_base():
    # North has won and does not pay: 2 players x 1 x base 3.
    assert balances(kan_payments(E, MeldType.KAKAN, 3, [E, S, W])) == [6, -3, -3, 0]


def test_closed_kan_costs_each_active_player_2x_base():
    assert balances(kan_payments(S, MeldType.ANKAN, 1, range(4))) == [-2, 6, -2, -2]


def test_transfer_moves_the_kan_income_to_the_winner():
    # South's closed kan earned 3 x 2 = 6; South's next discard is ronned by West: the 6 go to West.
    kan = kan_payments(S, MeldType.ANKAN, 1, range(4), kan_id=1)
    moved = transfer_payments(kan, winner=W, multiple_ron=False)
    assert balances(kan + moved) == [-2, 0, 4, -2]


def test_no_transfer_on_a_multiple_ron():
    kan = kan_payments(S, MeldType.ANKAN, 1, range(4), kan_id=1)
    assert transfer_payments(kan, winner=W, multiple_ron=True) == []


def test_flower_pig_pays_16x_base_to_every_non_pig_winners_included():
    # West is a pig: 16 x base 2 = 32 to each of the three others.
    assert balances(flower_pig_payments([W], range(4), 2)) == [32, 32, -96, 32]


def test_two_flower_pigs_do_not_pay_each_other():
    assert balances(flower_pig_payments([S, W], range(4), 1)) == [32, -32, -32, 32]


def test_flower_pig_amount_is_capped():
    # cap 3 fan: 2**3 = 8 instead of 16.
    assert balances(flower_pig_payments([N], range(4), 1, cap=3)) == [8, 8, 8, -24]


def test_not_tenpai_players_pay_each_tenpai_player_their_best_value():
    # South tenpai worth 3 fan (8), West worth 0 fan (1), North not tenpai: North pays 8 + 1.
    payments = not_tenpai_payments({S: 3, W: 0, N: None}, base=1)
    assert balances(payments) == [0, 8, 1, -9]


def test_nothing_is_paid_when_every_remaining_player_is_tenpai():
    assert not_tenpai_payments({S: 3, W: 1}, base=1) == []


def test_not_tenpai_amount_is_capped():
    assert balances(not_tenpai_payments({S: 8, N: None}, base=1, cap=4)) == [0, 16, 0, -16]


def test_flower_pig_pays_the_check_only_with_its_option():
    best = {S: 2, N: None}
    assert not_tenpai_payments(best, base=1, pigs=[N]) == []
    assert balances(not_tenpai_payments(best, base=1, pigs=[N], pig_pays_check=True)) == [0, 4, 0, -4]


def test_non_tenpai_player_returns_kan_income():
    ledger = kan_payments(N, MeldType.ANKAN, 1, range(4), kan_id=7)
    back = returned_kan_income(ledger, [N])
    assert balances(ledger + back) == [0, 0, 0, 0]


def test_transferred_kan_income_is_not_returned_twice():
    ledger = kan_payments(N, MeldType.ANKAN, 1, range(4), kan_id=7)
    ledger += transfer_payments(ledger, winner=E, multiple_ron=False)
    assert returned_kan_income(ledger, [N]) == []


def test_end_of_hand_runs_pig_then_check_then_returns():
    # East won.  South tenpai (2 fan = 4), West not tenpai with an added kan (income 3 x 1 = 3,
    # paid before East won), North a flower pig.
    ledger = kan_payments(W, MeldType.KAKAN, 1, range(4), kan_id=1)
    out = end_of_hand_payments(
        ledger, range(4), winners=[E], pigs=[N], best_fan={S: 2, W: None, N: None}, base=1
    )
    # pig: North pays 16 to E, S, W (-48); check: West pays South 4; West returns 1 to each of E, S, N.
    assert balances(out) == [16 + 1, 16 + 4 + 1, 16 - 4 - 3, -48 + 1]
    assert sum(balances(ledger + out)) == 0


def test_kan_payments_refuse_a_pon():
    with pytest.raises(ValueError, match="not a kan"):
        kan_payments(E, MeldType.PON, 1, range(4))


def test_payments_are_payment_records():
    assert win_payments(E, 0, 1, tsumo=False, active=range(4), discarder=S) == [Payment(S, E, 1, "win")]


# --- not-tenpai value -------------------------------------------------------------------------------


def test_waiting_value_counts_shape_fan_and_roots_but_no_situational_fan():
    # 1112345678999m waits on every m tile; 1m/9m make a fourth copy = a root.
    concealed, melds = kinds("1112345678999m")
    values = waiting_values(concealed, melds, void_suit=2)
    assert set(values) == set(range(9))
    # 1m: 111 123 456 789 99 -> straight 1 + full flush 2 + root 1 (1111m) = 4
    assert values[0] == 4
    # 5m: 111 234 55 678 999 is the only reading: full flush 2
    assert values[4] == 2
    assert best_waiting_fan(concealed, melds, 2) == 4


def test_a_void_suit_tile_in_hand_is_not_tenpai():
    # 123m 456m 789m 11p 22p waits on 1p or 2p: tenpai with void s, not with void p.
    concealed, melds = kinds("123m456m789m11p22p")
    assert best_waiting_fan(concealed, melds, void_suit=2) == 1  # straight
    assert not is_tenpai(concealed, melds, void_suit=1)
    assert best_waiting_fan(concealed, melds, 1) is None


def test_waiting_only_on_a_fifth_copy_is_not_tenpai():
    # 1111m 234p 567p 888p: the only tile that completes the shape is a fifth 1m.
    concealed, melds = kinds("1111m234p567p888p")
    assert waiting_values(concealed, melds, void_suit=2) == {}
    assert not is_tenpai(concealed, melds, void_suit=2)


def test_late_added_kan_pays_nothing_only_with_its_option():
    assert kan_payments(E, MeldType.KAKAN, 1, range(4), late_added=True) != []
    assert kan_payments(E, MeldType.KAKAN, 1, range(4), late_added=True, late_added_kan_pays=True) == []
    # a kan made with the tile just drawn still pays under the option
    assert balances(kan_payments(E, MeldType.KAKAN, 1, range(4), late_added_kan_pays=True)) == [3, -1, -1, -1]


def test_false_win_pays_64x_base_to_each_player_still_in():
    # South false-wins with East already out, base 2: 64 x 2 = 128 to West and North.
    assert balances(false_win_payments(S, [S, W, N], 2)) == [0, -256, 128, 128]


def test_next_dealer():
    assert next_dealer(E, []) == E  # draw with nobody winning
    assert next_dealer(E, [W]) == W  # the first winner
    assert next_dealer(E, [S, N], first_discarder=W) == W  # first win a multiple ron: the discarder


def test_flower_pig_holds_all_three_suits():
    concealed, melds = kinds("123m456m11p2s pon:777p")
    assert is_flower_pig(concealed, melds)
    concealed, melds = kinds("123m456m11p pon:777p")
    assert not is_flower_pig(concealed, melds)


def test_hand_end_from_the_players_hands():
    # East won earlier.  At the wall's end:
    #   South 1112345678999m (void p) is tenpai, best on 1m or 9m: straight 1 + full flush 2 + root 1 = 4 fan
    #   West 123m456m789m11p2s holds all three suits: a flower pig (and not tenpai)
    #   North 123m456m11p23p799p (void s) is not tenpai
    hands = {S: ("1112345678999m", 1), W: ("123m456m789m11p2s3s", None), N: ("123m456m11p23p799p", 2)}
    best = {}
    pigs = []
    for seat, (text, void) in hands.items():
        concealed, melds = kinds(text)
        if is_flower_pig(concealed, melds):
            pigs.append(seat)
        best[seat] = best_waiting_fan(concealed, melds, void)
    assert best == {S: 4, W: None, N: None}
    assert pigs == [W]
    out = end_of_hand_payments([], range(4), winners=[E], pigs=pigs, best_fan=best, base=1)
    # pig: West pays 16 to E, S, N; check: North pays South 2**4 = 16 (the pig does not by default)
    assert balances(out) == [16, 16 + 16, -48, 16 - 16]


def test_a_ready_hand_is_tenpai():
    # 123m 456m 789m 11p 22p waits on 1p or 2p (void suit s): tenpai.
    concealed, melds = kinds("123m456m789m11p22p")
    assert is_tenpai(concealed, melds, void_suit=2)


@pytest.mark.parametrize("discarder", [None, E])
def test_a_ron_without_another_players_discard_is_refused_by_name(discarder: int | None):
    with pytest.raises(ValueError, match=r"^a ron needs the discarder's seat \(not the winner's\)$"):
        win_payments(E, 2, 1, tsumo=False, active=range(4), discarder=discarder)


def test_only_a_kans_own_payments_can_be_transferred():
    wins = win_payments(E, 2, 1, tsumo=True, active=range(4))
    with pytest.raises(ValueError, match="^transfer takes the kan's own payments$"):
        transfer_payments(wins, winner=S, multiple_ron=False)


def test_a_false_win_is_paid_as_a_false_win():
    """The reason names the payment in the hand's results (not a win, not a kan)."""
    payments = false_win_payments(S, [S, W, N], 2)
    assert {(p.payer, p.payee, p.amount, p.reason) for p in payments} == {
        (S, W, 128, "false_win"),
        (S, N, 128, "false_win"),
    }


def test_the_best_waiting_value_is_capped_by_the_tables_cap():
    # 1112345678999m is worth 4 fan at best (see above); a table capped at 3 fan counts 3.
    concealed, melds = kinds("1112345678999m")
    assert best_waiting_fan(concealed, melds, 2, SichuanOptions(cap=3)) == 3


# --- refusals, kan ids and options carried through ---------------------------------------------------


@pytest.mark.parametrize("discarder", [None, S])
def test_an_open_kan_without_another_players_discard_is_refused_by_name(discarder: int | None) -> None:
    # South's open kan (大明杠) is paid by the discarder alone: none, or South itself, is no discarder.
    with pytest.raises(ValueError, match="^an open kan needs the discarder's seat$"):
        kan_payments(S, MeldType.KAN, 1, range(4), discarder=discarder)


@pytest.mark.parametrize(
    ("kan_type", "discarder", "payers"),
    [
        (MeldType.KAN, W, [W]),  # open kan: the discarder
        (MeldType.KAKAN, None, [E, W, N]),  # added kan: each active player
        (MeldType.ANKAN, None, [E, W, N]),  # closed kan: each active player
    ],
)
def test_every_kan_payment_names_its_kan(
    kan_type: MeldType, discarder: int | None, payers: list[int]
) -> None:
    """The kan id lets a transfer (呼叫转移) or a return find the payments of one kan."""
    payments = kan_payments(S, kan_type, 1, range(4), discarder=discarder, kan_id=5)
    assert [(p.payer, p.payee, p.reason, p.kan_id) for p in payments] == [(p, S, "kan", 5) for p in payers]


def test_returned_kan_income_goes_back_payment_by_payment_under_its_kan() -> None:
    # Ledger: East's ron on South's discard (not kan income), then North's closed kan 7 (base 1: East,
    # South, West pay 2 each), then North's added kan 8 (1 each).  North is not tenpai at the end.
    ledger = win_payments(E, 1, 1, tsumo=False, active=range(4), discarder=S)
    ledger += kan_payments(N, MeldType.ANKAN, 1, range(4), kan_id=7)
    ledger += kan_payments(N, MeldType.KAKAN, 1, range(4), kan_id=8)
    assert returned_kan_income(ledger, [N]) == [
        Payment(N, E, 2, "kan_return", 7),
        Payment(N, S, 2, "kan_return", 7),
        Payment(N, W, 2, "kan_return", 7),
        Payment(N, E, 1, "kan_return", 8),
        Payment(N, S, 1, "kan_return", 8),
        Payment(N, W, 1, "kan_return", 8),
    ]


def test_transferred_income_is_returned_by_its_receiver_and_later_kans_still_count() -> None:
    # South's closed kan 1 (2 each from E, W, N) was transferred to West, who ronned South's next
    # discard; then South made closed kan 2 with East, West and North still in (2 each).  At the end
    # West and South are both not tenpai: West gives the 6 transferred back to South; South returns
    # nothing of kan 1 (transferred away) but all of kan 2.
    kan1 = kan_payments(S, MeldType.ANKAN, 1, range(4), kan_id=1)
    ledger = kan1 + transfer_payments(kan1, winner=W, multiple_ron=False)
    ledger += kan_payments(S, MeldType.ANKAN, 1, [E, S, W, N], kan_id=2)
    assert returned_kan_income(ledger, [S, W]) == [
        Payment(W, S, 2, "kan_return", 1),
        Payment(W, S, 2, "kan_return", 1),
        Payment(W, S, 2, "kan_return", 1),
        Payment(S, E, 2, "kan_return", 2),
        Payment(S, W, 2, "kan_return", 2),
        Payment(S, N, 2, "kan_return", 2),
    ]


def test_end_of_hand_checks_keep_the_tables_cap() -> None:
    # East won.  North is a flower pig (16x = 2**4, capped at 2**3 = 8 to each of E, S, W); South is
    # tenpai worth 5 fan (capped at 3: 8), West not tenpai: West pays South 8.  Base 1, cap 3 fan.
    out = end_of_hand_payments([], range(4), winners=[E], pigs=[N], best_fan={S: 5, W: None}, base=1, cap=3)
    assert balances(out) == [8, 8 + 8, 8 - 8, -24]


def test_end_of_hand_flower_pig_pays_the_check_with_its_option() -> None:
    # East won; South tenpai worth 2 fan (4); North a flower pig and not tenpai.  With the option the
    # pig also pays South the check (4), on top of 16 to each of E, S, W.
    best = {S: 2, N: None}
    out = end_of_hand_payments(
        [], range(4), winners=[E], pigs=[N], best_fan=best, base=1, pig_pays_check=True
    )
    assert balances(out) == [16, 16 + 4, 16, -48 - 4]
    without = end_of_hand_payments([], range(4), winners=[E], pigs=[N], best_fan=best, base=1)
    assert balances(without) == [16, 16, 16, -48]


def test_a_multiple_ron_without_the_discarders_seat_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="^a multiple ron needs the discarder's seat$"):
        next_dealer(E, [S, N])


# --- waiting values ----------------------------------------------------------------------------------


def test_a_tile_of_the_declared_void_suit_in_hand_is_not_tenpai_even_when_the_wait_is_elsewhere() -> None:
    # 123m 456m 789m 234p + 5s waits on 5s (a pair), but with p declared void the 234p cannot stay.
    concealed, melds = kinds("123m456m789m234p5s")
    assert waiting_values(concealed, melds, void_suit=1) == {}


def test_every_wait_is_found_past_the_kinds_that_do_not_complete_the_hand() -> None:
    # 23456789p 123s 55s, void m: 1p (123 456 789), 4p (234 456 789) and 7p (234 567 789) complete it;
    # 2p, 3p, 5p, 6p, 8p, 9p and every s tile do not.  1p is the first kind past the void suit.
    concealed, melds = kinds("23456789p123s55s")
    assert sorted(waiting_values(concealed, melds, void_suit=0)) == [9, 12, 15]
