"""Wins and deal-ins per seat from the engine's hand records (bot/league/hand_stats.py)."""

from __future__ import annotations

import pytest

from bot.league.hand_stats import HandOutcome, hand_outcome, player_hand_stats, seat_hand_stats


def win(seat: int, giver: int | None, tile: int = 40, context: str | None = None) -> dict[str, object]:
    record: dict[str, object] = {"seat": seat, "from": giver, "tile": tile, "yaku": []}
    if context is not None:
        record["context"] = context
    return record


def test_a_ron_names_the_winner_and_the_discarder() -> None:
    assert hand_outcome({"kind": "win", "wins": [win(2, 0)]}) == HandOutcome((2,), (0,))


def test_a_self_drawn_win_has_no_deal_in() -> None:
    assert hand_outcome({"wins": [win(1, None)]}) == HandOutcome((1,), ())
    assert hand_outcome({"wins": [win(1, None, context="tsumo")]}) == HandOutcome((1,), ())


def test_a_double_ron_on_one_discard_is_one_deal_in() -> None:
    assert hand_outcome({"wins": [win(0, 3), win(2, 3)]}) == HandOutcome((0, 2), (3,))


def test_sichuan_two_discards_won_on_in_one_hand_are_two_deal_ins() -> None:
    result = {"wins": [win(1, 2, 40, "discard"), win(3, 2, 77, "discard"), win(2, None, 90, "tsumo")]}
    assert hand_outcome(result) == HandOutcome((1, 2, 3), (2, 2))


def test_a_draw_has_neither() -> None:
    assert hand_outcome({"kind": "draw", "wins": [], "reason": "exhaustive"}) == HandOutcome()


def test_seat_stats_count_every_hand_as_played() -> None:
    outcomes = [HandOutcome((2,), (0,)), HandOutcome(), HandOutcome((0,), ()), HandOutcome((0, 1), (3,))]
    assert seat_hand_stats(outcomes, 4) == [(4, 2, 1), (4, 1, 0), (4, 1, 0), (4, 0, 1)]
    assert player_hand_stats(outcomes, ["a", "b", "c", "d"])["d"] == (4, 0, 1)


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 3 is not one of the game's 3 seats"):
        seat_hand_stats([HandOutcome((3,), ())], 3)
