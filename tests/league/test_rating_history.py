"""A player's rating history (the chart's data) agrees with the season's final ratings."""

from __future__ import annotations

import pytest

from bot.league.ratings import R_START, openskill_ratings, rating_history, tenhou_ratings

GAMES = [
    [("a", 1), ("b", 2), ("c", 3), ("d", 4)],
    [("e", 1), ("b", 2), ("c", 3), ("d", 4)],  # a sits out
    [("a", 4), ("b", 1), ("c", 2), ("e", 3)],
    [("a", 2), ("b", 3), ("c", 1)],  # three players
]


def test_history_starts_before_the_first_game_and_has_one_point_per_game_played() -> None:
    history = rating_history(GAMES, "a")
    assert len(history.tenhou) == len(history.skill) == 1 + 3
    assert history.tenhou[0] == R_START and history.skill[0] == pytest.approx(0.0)
    assert history.tenhou[1] == pytest.approx(R_START + 30)  # first place, equal table, no games yet


@pytest.mark.parametrize("player", ["a", "b", "e"])
def test_history_ends_at_the_final_ratings(player: str) -> None:
    history = rating_history(GAMES, player)
    assert history.tenhou[-1] == pytest.approx(tenhou_ratings(GAMES)[player].rate)
    assert history.skill[-1] == pytest.approx(openskill_ratings(GAMES)[player].ordinal)


def test_games_of_other_players_move_no_point_but_shape_the_opponents() -> None:
    # a's third game comes after game 2, in which a did not play: a's R before it is unchanged,
    # but the table average (b, c, e rated after game 2) decides the change.
    history = rating_history(GAMES, "a")
    without_game_2 = rating_history([GAMES[0], GAMES[2], GAMES[3]], "a")
    assert history.tenhou[1] == without_game_2.tenhou[1]
    assert history.tenhou[2] != without_game_2.tenhou[2]
