"""Pihu payments (docs/rules/pihu.md, "Payments"): share = base x multiplier x2 (payer or winner is the
dealer) x2 (self-drawn); a ron's discarder pays their own share twice plus the two other shares."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.rules.pihu import (
    HandLine,
    KanAmounts,
    KanKind,
    KanRecord,
    PihuScore,
    kan_payment,
    settle_kans,
    settle_multiple_ron,
    settle_win,
    share,
)

DEALER, SOUTH, WEST, NORTH = range(4)


def hand(multiplier: int, self_drawn: bool = False) -> PihuScore:
    lines = (HandLine("basic", 1),) if multiplier == 1 else (HandLine("seven_pairs", multiplier),)
    return PihuScore(lines, multiplier, self_drawn)


def test_seed_example_non_dealer_deals_into_the_dealers_basic_win():
    # base 1: own share 1 x 1 x 2 (dealer) = 2, doubled for dealing in = 4; the two others' shares
    # 2 + 2: 4 + 2 + 2 = 8.
    assert settle_win(hand(1), winner=DEALER, dealer=DEALER, discarder=SOUTH, base=1) == [8, -8, 0, 0]


def test_ron_non_dealer_winner_non_dealer_discarder():
    # base 10, x2 hand, South wins off West: West's own 20 x 2 = 40, the dealer's share 20 x 2 = 40,
    # North's 20: 100 in all, paid by West.
    assert settle_win(hand(2), winner=SOUTH, dealer=DEALER, discarder=WEST) == [0, 100, -100, 0]


def test_ron_non_dealer_winner_dealer_discarder():
    # base 10, x1: the dealer's own share 20, doubled = 40, plus West 10 and North 10 = 60.
    assert settle_win(hand(1), winner=SOUTH, dealer=DEALER, discarder=DEALER) == [-60, 60, 0, 0]


def test_self_draw_every_other_player_pays_their_share():
    # Non-dealer tsumo, x1, base 10: the dealer 10 x 2 x 2 = 40, the others 10 x 2 = 20 each.
    assert settle_win(hand(1, self_drawn=True), winner=WEST, dealer=DEALER) == [-40, -20, 80, -20]


def test_dealer_self_draw_doubles_every_share():
    # Dealer tsumo, x4, base 10: each pays 10 x 4 x 2 x 2 = 160.
    assert settle_win(hand(4, self_drawn=True), winner=DEALER, dealer=DEALER) == [480, -160, -160, -160]


def test_share_formula():
    # base 5 x multiplier 8 x 2 (winner is dealer) x 2 (self-drawn) = 160.
    assert share(hand(8, self_drawn=True), payer=NORTH, winner=DEALER, dealer=DEALER, base=5) == 160
    # No dealer involved, ron: 5 x 8 = 40.
    assert share(hand(8), payer=NORTH, winner=WEST, dealer=DEALER, base=5) == 40


def test_kan_replacement_win_is_settled_as_a_self_draw():
    # 杠上開 x2 on a basic hand, non-dealer winner, base 10: shares 10 x 2 x 2 (self-drawn)
    # = 40, the dealer's x2 = 80.
    kan_win = PihuScore((HandLine("kan_win", 2),), 2, self_drawn=True)
    assert settle_win(kan_win, winner=NORTH, dealer=DEALER) == [-80, -40, -40, 160]


def test_multiple_ron_each_winner_paid_in_full_by_the_discarder():
    # West deals in to South (x1) and the dealer (x2), base 10.
    # South: West's own 10 x 2 = 20, the dealer's 20, North's 10 = 50.
    # Dealer: West's own 20 x 2 x 2 = 80, South's 40, North's 40 = 160.
    deltas = settle_multiple_ron([(SOUTH, hand(1)), (DEALER, hand(2))], discarder=WEST, dealer=DEALER)
    assert deltas == [160, 50, -210, 0]
    assert sum(deltas) == 0


def test_multiple_ron_needs_distinct_winners():
    with pytest.raises(ValueError, match="distinct"):
        settle_multiple_ron([(SOUTH, hand(1)), (SOUTH, hand(2))], discarder=WEST, dealer=DEALER)


def test_a_ron_needs_its_discarder():
    with pytest.raises(ValueError, match="discarder"):
        settle_win(hand(1), winner=SOUTH, dealer=DEALER)


# ---- kans ----------------------------------------------------------------------------------------


def test_open_kan_the_discarder_pays_15():
    assert kan_payment(KanRecord(SOUTH, KanKind.OPEN, giver=NORTH)) == [0, 15, 0, -15]


def test_added_kan_the_pon_giver_pays_15():
    assert kan_payment(KanRecord(WEST, KanKind.ADDED, giver=DEALER)) == [-15, 0, 15, 0]


def test_closed_kan_each_other_player_pays_10():
    assert kan_payment(KanRecord(DEALER, KanKind.CLOSED)) == [30, -10, -10, -10]


def test_robbed_added_kan_pays_nothing():
    assert kan_payment(KanRecord(WEST, KanKind.ADDED, giver=DEALER, robbed=True)) == [0, 0, 0, 0]


def test_kan_amounts_are_table_options():
    amounts = KanAmounts(open=30, added=20, closed_each=5)
    assert kan_payment(KanRecord(SOUTH, KanKind.OPEN, giver=NORTH), amounts) == [0, 30, 0, -30]
    assert kan_payment(KanRecord(DEALER, KanKind.CLOSED), amounts) == [15, -5, -5, -5]


KANS = [
    KanRecord(SOUTH, KanKind.OPEN, giver=NORTH),  # North pays South 15
    KanRecord(DEALER, KanKind.CLOSED),  # everyone pays the dealer 10
]


def test_kans_are_paid_when_the_hand_ends_with_a_win():
    # South: +15 - 10 = 5; dealer: +30; West: -10; North: -15 - 10 = -25.
    assert settle_kans(KANS, hand_won=True) == [30, 5, -10, -25]


def test_kans_are_void_after_an_exhaustive_draw():
    assert settle_kans(KANS, hand_won=False) == [0, 0, 0, 0]


def test_open_kan_needs_its_giver():
    with pytest.raises(ValueError, match="gave"):
        kan_payment(KanRecord(SOUTH, KanKind.OPEN))


# ---- what a mistake is told (each message names the problem) -------------------------------------
KAN_AMOUNTS = KanAmounts(open=30, added=20, closed_each=5)


@pytest.mark.parametrize(
    ("settle", "message"),
    [
        (
            lambda: settle_win(hand(1), winner=4, dealer=DEALER, discarder=WEST),
            "winner must be a seat 0-3, not 4",
        ),
        (
            lambda: settle_win(hand(1), winner=SOUTH, dealer=-1, discarder=WEST),
            "dealer must be a seat 0-3, not -1",
        ),
        (
            lambda: settle_win(hand(1), winner=SOUTH, dealer=DEALER, discarder=5),
            "discarder must be a seat 0-3, not 5",
        ),
        (
            lambda: settle_win(hand(1), winner=SOUTH, dealer=DEALER, discarder=WEST, base=0),
            "the base must be positive, not 0",
        ),
        (
            lambda: settle_win(hand(1), winner=SOUTH, dealer=DEALER, discarder=SOUTH),
            "the winner cannot have dealt in their own win",
        ),
        (
            lambda: settle_win(hand(1), winner=SOUTH, dealer=DEALER),
            "a ron is paid by its discarder: give the discarder's seat",
        ),
        (
            lambda: settle_multiple_ron([(SOUTH, hand(1)), (SOUTH, hand(2))], discarder=WEST, dealer=DEALER),
            "a multiple ron needs distinct winners",
        ),
        (
            lambda: settle_multiple_ron([], discarder=WEST, dealer=DEALER),
            "a multiple ron needs distinct winners",
        ),
        (
            lambda: settle_multiple_ron([(SOUTH, hand(1, self_drawn=True))], discarder=WEST, dealer=DEALER),
            "a multiple ron is made of rons, not self-draws",
        ),
        (lambda: kan_payment(KanRecord(4, KanKind.OPEN, giver=NORTH)), "kanner must be a seat 0-3, not 4"),
        (lambda: kan_payment(KanRecord(SOUTH, KanKind.OPEN, giver=4)), "giver must be a seat 0-3, not 4"),
        (
            lambda: kan_payment(KanRecord(SOUTH, KanKind.OPEN, giver=NORTH, robbed=True)),
            "only an added kan can be robbed",
        ),
    ],
)
def test_a_payment_that_cannot_happen_is_refused_by_name(settle: Any, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        settle()


def test_an_added_kan_pays_the_added_amount_not_the_open_one():
    assert kan_payment(KanRecord(WEST, KanKind.ADDED, giver=DEALER), KAN_AMOUNTS) == [-20, 0, 20, 0]


def test_the_kans_of_a_won_hand_are_paid_at_the_tables_amounts():
    # South's open kan from North: 30; the dealer's closed kan: 5 from each other player.
    # Dealer +15; South +30 - 5 = 25; West -5; North -30 - 5 = -35.
    assert settle_kans(KANS, hand_won=True, amounts=KAN_AMOUNTS) == [15, 25, -5, -35]


def test_a_multiple_ron_is_paid_at_the_tables_base():
    # As the base-10 example, at base 20: every share doubles: South 100, the dealer 320, West -420.
    deltas = settle_multiple_ron(
        [(SOUTH, hand(1)), (DEALER, hand(2))], discarder=WEST, dealer=DEALER, base=20
    )
    assert deltas == [320, 100, -420, 0]
