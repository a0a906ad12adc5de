"""Games that start at a later hand (replays of record excerpts), and the final score with the hundreds
kept (Tenhou's ranked lobbies since some time after 2020)."""

from __future__ import annotations

import json

import pytest

from bot.engine.game import Game
from bot.engine.ruleset import NextHand
from bot.rules.riichi.flow import RiichiRules, SanmaRules


def play_to_the_end(game: Game) -> None:
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(game.legal_actions(seat)[0])


def test_a_game_starts_at_the_given_hand_with_deposits_and_rebuilds_from_json() -> None:
    game = Game(
        "sanma",
        seed="later",
        start_points=[41000, 30000, 33000],
        first_hand=NextHand(1, 2, 3),
        first_sticks=1,
    )
    hand = game.hand
    assert (hand.round_wind, hand.dealer, hand.honba, hand.sticks, hand.points) == (
        1,
        2,
        3,
        1,
        [41000, 30000, 33000],
    )
    for _ in range(40):
        game.apply(game.legal_actions(game.waiting_for()[0])[0])
    assert game.check_invariants() == []  # the deposit on the table counts from the start
    rebuilt = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert rebuilt.snapshot() == game.snapshot()
    assert game.to_json()["first_hand"] == [1, 2, 3, 1]


def test_a_game_from_the_start_writes_no_first_hand() -> None:
    assert "first_hand" not in Game("riichi", seed="x").to_json()


def test_south_four_is_the_last_hand_of_a_game_started_there() -> None:
    game = Game(
        "riichi", seed="last", start_points=[31000, 30000, 20000, 19000], first_hand=NextHand(1, 3, 0)
    )
    play_to_the_end(game)
    assert game.hands[0]["round_wind"] == 1 and game.final is not None


@pytest.mark.parametrize(
    ("rules", "points", "scores"),
    [
        (RiichiRules({"final_rounding": "none"}), [38200, 14700, 22900, 24200], [48.2, -35.3, -17.1, 4.2]),
        (RiichiRules(), [38200, 14700, 22900, 24200], [48, -35, -17, 4]),
        (SanmaRules({"final_rounding": "none"}), [39400, 19000, 46600], [-0.6, -41, 41.6]),
        (SanmaRules(), [59200, 22800, 23000], [54, -37, -17]),
    ],
)
def test_final_scores_with_and_without_rounding_to_thousands(
    rules: RiichiRules, points: list[int], scores: list[float]
) -> None:
    assert [f["score"] for f in rules.final_scores(points, 0)] == scores


def test_an_unknown_rounding_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="option final_rounding must be one of thousand, none, not .up."):
        RiichiRules({"final_rounding": "up"})
