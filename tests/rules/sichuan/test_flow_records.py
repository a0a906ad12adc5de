"""What a sichuan game tells its players about a win and about the end of a session: the win's record
(who won, from whom, on which tile, how), what every seat sees of it, a capped win's payments, and the
final ranking (sichuan.md: chips won and lost against the starting stack; equal chips rank by seat)."""

from __future__ import annotations

from bot.engine import actions as A
from bot.engine.registry import load_rules
from bot.hand.tiles import kind_of
from tests.rules.sichuan.test_flow import (
    FILLER,
    KAN_HANDS,
    NO_EXCHANGE,
    M,
    S,
    answer,
    declare,
    discard,
    sichuan,
)

FOUR_P = 12  # kind of 4p (0-8 m, 9-17 p)
NINE_M = 8


def test_a_ron_is_recorded_with_its_discarder_tile_and_way_and_shown_to_every_seat() -> None:
    # Seat 1 rons the dealer's first discard, 9m (the earthly hand of test_flow.py).
    game = sichuan([KAN_HANDS[0], KAN_HANDS[3], FILLER, "234567p2345678s"], "9m", NO_EXCHANGE)
    declare(game, [M, S, S, M])
    discard(game, 0, "9m")
    answer(game, 1, A.RON)
    [win] = game.hand.extra["sichuan"].wins
    assert (win["seat"], win["from"], kind_of(win["tile"]), win["context"]) == (1, 0, NINE_M, "discard")
    for viewer in range(4):
        seats = game.view(viewer)["seats"]
        assert [(s["won"], s["win_from"]) for s in seats] == [
            (False, None),
            (True, 0),
            (False, None),
            (False, None),
        ]
        assert kind_of(seats[1]["win_tile"]) == NINE_M


def test_a_self_drawn_win_is_recorded_as_such_and_a_capped_one_pays_the_cap() -> None:
    # The dealer's heavenly hand is 5 fan (32 from each, test_flow.py); at a table capped at 3 fan each
    # of the others pays 2**3 = 8.
    game = sichuan(["123m456m789m11p23p", FILLER, FILLER, FILLER], "4p", {**NO_EXCHANGE, "cap": 3})
    declare(game, [S, S, S, S])
    answer(game, 0, A.TSUMO)
    [win] = game.hand.extra["sichuan"].wins
    assert (win["seat"], win["from"], kind_of(win["tile"]), win["context"]) == (0, None, FOUR_P, "tsumo")
    assert (win["fan_keys"], win["fan"], win["points"]) == (["heavenly"], 3, 24)
    assert game.hand.points == [24, -8, -8, -8]


def test_the_final_ranking_orders_by_chips_and_equal_chips_by_seat() -> None:
    rules = load_rules("sichuan", {"stack": 50})
    assert rules.final_scores([60, 40, 60, 40], 0) == [
        {"seat": 0, "rank": 1, "points": 60, "score": 10},
        {"seat": 1, "rank": 3, "points": 40, "score": -10},
        {"seat": 2, "rank": 2, "points": 60, "score": 10},
        {"seat": 3, "rank": 4, "points": 40, "score": -10},
    ]
    assert [f["rank"] for f in rules.final_scores([10, 90, 50, 50], 0)] == [4, 1, 2, 3]
