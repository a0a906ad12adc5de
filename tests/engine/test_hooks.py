"""Engine hooks the later rule sets need, exercised with small test rule sets: flowers set aside with
replacement draws, kan payments during the hand, head bump (one ron only)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.ai.random_player import RandomPlayer, play_out
from bot.engine import actions as A
from bot.engine.game import Game
from bot.engine.registry import register
from bot.engine.state import HandState
from bot.engine.wall import shuffled_wall
from bot.rules.riichi.descriptor import RIICHI
from bot.rules.riichi.flow import RiichiRules
from tests.engine.tables import discard, kinds, pass_all, wall_for


class FlowerRules(RiichiRules):
    id = "test-flowers"

    def tile_ids(self) -> list[int]:
        return list(range(144))

    def set_aside_on_draw(self, tile: int) -> bool:
        return tile >= 136


class KanPaymentRules(RiichiRules):
    id = "test-kan-payment"

    def kan_payment(self, hand: HandState, seat: int, kind: str) -> list[int] | None:
        deltas = [-1000] * hand.players
        deltas[seat] = 1000 * (hand.players - 1)
        return deltas


class HeadBumpRules(RiichiRules):
    id = "test-head-bump"
    max_ron = 1
    extra_rons_abort = False


RULESETS: dict[str, Any] = {
    "test-flowers": FlowerRules,
    "test-kan-payment": KanPaymentRules,
    "test-head-bump": HeadBumpRules,
}


@pytest.fixture(autouse=True)
def _register() -> Iterator[None]:
    removers = [
        register(replace(RIICHI, id=name, flow=f"{__name__}:{cls.__name__}"))
        for name, cls in RULESETS.items()
    ]
    yield
    for remove in removers:
        remove()


def test_flowers_are_set_aside_and_replaced_and_every_tile_stays_accounted_for() -> None:
    flowers_seen = 0
    for seed in range(3):
        game = Game("test-flowers", seed=str(seed))
        flowers_seen += sum(len(s.flowers) for s in game.hand.seats)
        assert all(t < 136 for s in game.hand.seats for t in s.concealed)
        checks, problems = play_out(game, [RandomPlayer(seed) for _ in range(4)])
        assert problems == [] and checks > 0
    assert flowers_seen > 0


def _first_kan(seed: int) -> tuple[list[int], list[int], int] | None:
    """Points before and after the first kan of a game with players who always call, and the kanner."""
    game = Game("test-kan-payment", seed=str(seed))
    players = [RandomPlayer(seed * 4 + i, call_rate=1.0) for i in range(4)]
    while not game.over:
        seat = game.waiting_for()[0]
        before, hand = list(game.hand.points), game.hand
        game.apply(players[seat].choose(game, seat))
        assert game.check_invariants() == []
        if game.hand is hand and hand.kans:
            return before, list(hand.points), hand.kans[0]
    return None


def test_kan_payments_move_points_at_once_and_keep_the_total() -> None:
    found = next(k for k in map(_first_kan, range(40)) if k is not None)
    before, after, kanner = found
    assert after[kanner] - before[kanner] == 3000
    assert sum(after) == sum(before)


def test_head_bump_gives_the_win_to_the_seat_nearest_the_discarder() -> None:
    hands = ["1z258m369p14s2346z", "123s456s789s456p1z", "234m567m234s789p1z", "567s678p345m999s1z"]
    walls = [wall_for("riichi", hands, "7z5z5z5z6z")] + [
        shuffled_wall("x", i, list(range(136))) for i in range(1, 9)
    ]
    g = Game("test-head-bump", seed="t", walls=walls)
    discard(g, 0, "7z")
    for seat in (1, 2, 3):
        pass_all(g)
        discard(g, seat, "5z", riichi=True)
    pass_all(g)
    discard(g, 0, "1z")
    for seat in (3, 2, 1):
        g.apply(kinds(g.legal_actions(seat), A.RON)[0])
    result = g.hands[0]["result"]
    assert result["kind"] == "win" and [w["seat"] for w in result["wins"]] == [1]
