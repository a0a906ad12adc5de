"""OpenSkill order and Tenhou R changes, with worked examples computed by hand."""

from __future__ import annotations

import pytest

from bot.league.ratings import (
    games_correction,
    openskill_ratings,
    rank_bases,
    tenhou_r_changes,
    tenhou_ratings,
)


def test_openskill_after_one_game_orders_players_by_placement() -> None:
    ratings = openskill_ratings([[("east", 3), ("south", 1), ("west", 4), ("north", 2)]])
    order = sorted(ratings, key=lambda p: ratings[p].ordinal, reverse=True)
    assert order == ["south", "north", "east", "west"]
    assert all(r.games == 1 for r in ratings.values())
    assert ratings["south"].ordinal > 0 > ratings["west"].ordinal  # start: 25 - 3 x 25/3 = 0


def test_openskill_is_updated_game_by_game_in_order() -> None:
    a_wins = [("a", 1), ("b", 2), ("c", 3), ("d", 4)]
    d_wins = [("a", 4), ("b", 3), ("c", 2), ("d", 1)]
    late = openskill_ratings([a_wins, d_wins, d_wins])
    assert late["d"].ordinal > late["a"].ordinal
    assert late["d"].games == 3
    assert openskill_ratings([a_wins])["a"].mu > openskill_ratings([d_wins])["a"].mu


def test_openskill_refuses_a_player_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        openskill_ratings([[("a", 1), ("a", 2), ("c", 3), ("d", 4)]])


def test_tenhou_games_correction() -> None:
    assert games_correction(0) == 1
    assert games_correction(100) == pytest.approx(0.8)
    assert games_correction(399) == pytest.approx(0.202)
    assert games_correction(400) == games_correction(2000) == 0.2


def test_tenhou_r_worked_example_veteran_fourth_at_weaker_table() -> None:
    # Own R 2000, others 1500/1500/1400: table average (2000+1500+1500+1400)/4 = 1600.
    # Veteran (400+ games) 4th: 0.2 x (-30 + (1600-2000)/40) = 0.2 x -40 = -8.
    # Newcomers (0 games): 1st 1500: 1 x (30 + 100/40) = 32.5; 2nd 1500: 10 + 2.5 = 12.5;
    # 3rd 1400: -10 + 200/40 = -5.
    changes = tenhou_r_changes([2000, 1500, 1500, 1400], [400, 0, 0, 0], [4, 1, 2, 3])
    assert changes == pytest.approx([-8.0, 32.5, 12.5, -5.0])


def test_tenhou_r_two_games_in_order() -> None:
    # Game 1, all at 1500 with 0 games: +30/+10/-10/-30 -> a 1530, b 1510, c 1490, d 1470.
    # Game 2 (d 1st, c 2nd, b 3rd, a 4th), average 1500, correction 1 - 0.002 = 0.998:
    #   d: 0.998 x (30 + 30/40) = 30.6885;  c: 0.998 x (10 + 10/40) = 10.2295
    #   b: 0.998 x (-10 - 10/40) = -10.2295; a: 0.998 x (-30 - 30/40) = -30.6885
    games = [
        [("a", 1), ("b", 2), ("c", 3), ("d", 4)],
        [("a", 4), ("b", 3), ("c", 2), ("d", 1)],
    ]
    r = tenhou_ratings(games)
    assert r["a"].rate == pytest.approx(1530 - 30.6885)
    assert r["b"].rate == pytest.approx(1510 - 10.2295)
    assert r["c"].rate == pytest.approx(1490 + 10.2295)
    assert r["d"].rate == pytest.approx(1470 + 30.6885)
    assert {p: s.games for p, s in r.items()} == {"a": 2, "b": 2, "c": 2, "d": 2}


def test_tenhou_r_three_players_and_shared_ranks() -> None:
    assert rank_bases([2, 1, 3]) == [0.0, 30.0, -30.0]
    assert rank_bases([1, 2, 2, 4]) == [30.0, 0.0, 0.0, -30.0]  # 2nd and 3rd share (10 - 10)/2
    assert tenhou_r_changes([1500, 1500, 1500], [0, 0, 0], [3, 2, 1]) == pytest.approx([-30, 0, 30])
    with pytest.raises(ValueError, match="3 or 4 players"):
        rank_bases([1, 2])


def test_openskill_values_after_one_game_match_the_weng_lin_plackett_luce_update_by_hand() -> None:
    """Weng and Lin (2011), Algorithm 4, as openskill applies it, worked out for four new players
    (mu 25, sigma 25/3, beta 25/6; openskill first adds tau = 25/300 to sigma: s^2 = (25/3)^2 + (1/12)^2
    = 69.4514): c = sqrt(4 (s^2 + beta^2)) = 18.6346.  With equal mu every exp(mu/c) is equal, so the
    share of the player in place q among those placed q or lower is p_q = 1/(5 - q): 1/4, 1/3, 1/2, 1.
      omega(k) = (1 - p_k) - sum of p_q for q < k:  3/4, 5/12, -1/12, -13/12
      mu' = 25 + s^2/c x omega:                     27.7953, 26.5529, 24.6894, 20.9624
      delta(k) = (s/c)(s^2/c^2) x sum of p_q(1 - p_q) for q <= k;  sigma' = s sqrt(1 - delta):
                                                    8.2636, 8.1796, 8.0841, 8.0841
    """
    ratings = openskill_ratings([[("east", 3), ("south", 1), ("west", 4), ("north", 2)]])
    expected = {
        "south": (27.7953, 8.2636),
        "north": (26.5529, 8.1796),
        "east": (24.6894, 8.0841),
        "west": (20.9624, 8.0841),
    }
    for player, (mu, sigma) in expected.items():
        assert ratings[player].mu == pytest.approx(mu, abs=1e-4)
        assert ratings[player].sigma == pytest.approx(sigma, abs=1e-4)
        assert ratings[player].ordinal == pytest.approx(mu - 3 * sigma, abs=1e-3)
