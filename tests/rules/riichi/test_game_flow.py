"""Dealer rotation, honba, game end and final ranking (docs/rules/riichi.md, "Setup and flow")."""

from __future__ import annotations

import json

from bot.engine.registry import load_rules
from bot.engine.ruleset import NextHand
from bot.engine.state import HandResult, HandState
from tests.engine.tables import table

Q = ["258m369p147s1234z", "369m147p258s5671z", "147m258p369s2356z", "2345678m2345p66s"]


def _hand(
    round_wind: int, dealer: int, honba: int = 0, options: dict[str, object] | None = None
) -> HandState:
    h = table(Q, options=options).hand
    h.round_wind, h.dealer, h.honba = round_wind, dealer, honba
    return h


def _win(dealer_keeps: bool) -> HandResult:
    return HandResult("win", [0, 0, 0, 0], dealer_keeps=dealer_keeps)


RULES = load_rules("riichi")
EVEN = [25000, 25000, 25000, 25000]


def test_dealer_keeps_the_deal_and_adds_a_honba_on_a_win() -> None:
    assert RULES.next_hand(_hand(0, 1, 2), _win(True), EVEN, 3) == NextHand(0, 1, 3)


def test_deal_passes_and_honba_resets_when_another_seat_wins() -> None:
    assert RULES.next_hand(_hand(0, 1, 2), _win(False), EVEN, 3) == NextHand(0, 2, 0)


def test_exhaustive_draw_with_dealer_noten_passes_the_deal_with_a_honba() -> None:
    result = HandResult("draw", [0, 0, 0, 0], tenpai=[2], dealer_keeps=False)
    assert RULES.next_hand(_hand(0, 3, 1), result, EVEN, 4) == NextHand(1, 0, 2)  # into South


def test_abortive_draw_keeps_the_dealer_and_adds_a_honba() -> None:
    result = HandResult("abort", [0, 0, 0, 0], reason="four_winds", dealer_keeps=True)
    assert RULES.next_hand(_hand(1, 3, 0), result, [40000, 20000, 20000, 20000], 9) == NextHand(1, 3, 1)


def test_bust_below_zero_ends_the_game_but_exactly_zero_plays_on() -> None:
    assert RULES.next_hand(_hand(0, 0), _win(False), [51000, 24000, 25000, -100 + 0], 1) is None
    assert RULES.next_hand(_hand(0, 0), _win(False), [50000, 25000, 25000, 0], 1) == NextHand(0, 1, 0)


def test_south_4_ends_when_someone_has_30000() -> None:
    assert RULES.next_hand(_hand(1, 3), _win(False), [31000, 23000, 23000, 23000], 8) is None


def test_sudden_death_into_west_when_nobody_has_30000() -> None:
    assert RULES.next_hand(_hand(1, 3), _win(False), [29000, 29000, 23000, 19000], 8) == NextHand(2, 0, 0)
    assert RULES.next_hand(_hand(2, 1), _win(False), [30000, 29000, 22000, 19000], 10) is None
    assert RULES.next_hand(_hand(2, 3), _win(False), EVEN, 12) is None  # West 4 is the last hand


def test_all_last_stop_when_the_dealer_wins_into_first_with_30000() -> None:
    assert RULES.next_hand(_hand(1, 3), _win(True), [20000, 20000, 20000, 40000], 8) is None
    assert RULES.next_hand(_hand(1, 3), _win(True), [41000, 20000, 20000, 19000], 8) == NextHand(1, 3, 1)
    # "30,000 or more": exactly the return stops, 100 points less plays on.
    assert RULES.next_hand(_hand(1, 3), _win(True), [25000, 22000, 23000, 30000], 8) is None
    assert RULES.next_hand(_hand(1, 3), _win(True), [25000, 22000, 23100, 29900], 8) == NextHand(1, 3, 1)


def test_tenpai_stop_for_the_last_dealer() -> None:
    tenpai = HandResult("draw", [0, 0, 0, 0], tenpai=[3], dealer_keeps=True)
    assert RULES.next_hand(_hand(1, 3), tenpai, [20000, 20000, 20000, 40000], 8) is None
    old = load_rules("riichi", {"tenpai_stop": False})
    assert old.next_hand(_hand(1, 3), tenpai, [20000, 20000, 20000, 40000], 8) == NextHand(1, 3, 1)


def test_east_only_game_ends_after_east_4() -> None:
    east = load_rules("riichi", {"length": "east"})
    assert east.next_hand(_hand(0, 3), _win(False), [31000, 23000, 23000, 23000], 4) is None
    assert east.next_hand(_hand(0, 3), _win(False), EVEN, 4) == NextHand(1, 0, 0)


def test_final_ranking_ties_go_to_the_first_east_seat_and_sticks_to_first() -> None:
    final = RULES.final_scores([25000, 25000, 25000, 23000], 2)  # type: ignore[attr-defined]
    by_seat = {f["seat"]: f for f in final}
    assert [by_seat[s]["rank"] for s in range(4)] == [1, 2, 3, 4]
    assert by_seat[0]["points"] == 27000
    assert sum(f["score"] for f in final) == 0


def test_final_score_rounds_half_away_from_zero_then_uma_and_oka() -> None:
    # From a Tenhou record: 30400 / 29300 / 24500 / 15800 -> +40 / +9 / -15 / -34.
    final = RULES.final_scores([24500, 29300, 30400, 15800], 0)  # type: ignore[attr-defined]
    assert [f["score"] for f in final] == [-15, 9, 40, -34]


def test_sanma_final_score_uses_40000_return_and_20_0_minus_20() -> None:
    sanma = load_rules("sanma")
    final = sanma.final_scores([27400, 83100, -5500], 0)
    assert [f["score"] for f in final] == [-13, 79, -66]


def test_final_scores_are_written_as_tenhou_writes_them() -> None:
    """Whole thousands as whole numbers; with final_rounding=none the hundreds as one decimal, and a
    result that falls on a thousand still whole (the JSON of records and of the score command)."""
    played = [24500, 29300, 30400, 15800]
    assert json.dumps([f["score"] for f in RULES.final_scores(played, 0)]) == "[-15, 9, 40, -34]"  # type: ignore[attr-defined]
    kept = load_rules("riichi", {"final_rounding": "none"})
    assert json.dumps([f["score"] for f in kept.final_scores(played, 0)]) == "[-15.5, 9.3, 40.4, -34.2]"
    even = [35000, 25000, 25000, 15000]  # +5 +20 +20 oka, -5 +10, -5 -10, -15 -20
    assert json.dumps([f["score"] for f in kept.final_scores(even, 0)]) == "[45, 5, -15, -35]"


def test_an_abortive_draw_in_the_last_hand_plays_on_with_the_dealer_first_over_30000() -> None:
    # No all-last stop on an abortive draw: South 4's dealer leads with 40000 and deals again, one honba up.
    result = HandResult("abort", [0, 0, 0, 0], reason="four_winds", dealer_keeps=True)
    assert RULES.next_hand(_hand(1, 3, 0), result, [20000, 20000, 20000, 40000], 8) == NextHand(1, 3, 1)


def test_without_the_tenpai_stop_the_last_dealer_winning_into_first_still_ends_the_game() -> None:
    old = load_rules("riichi", {"tenpai_stop": False})
    assert old.next_hand(_hand(1, 3), _win(True), [20000, 20000, 20000, 40000], 8) is None
