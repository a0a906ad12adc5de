"""The game object: refusing illegal actions, hidden information, serialisation, the wall commitment."""

from __future__ import annotations

import hashlib
import json

import pytest

from bot.ai.random_player import RandomPlayer
from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.wall import hand_seed, shuffled_wall


def _play(game: Game, steps: int, seed: int = 0) -> None:
    player = RandomPlayer(seed, call_rate=0.5)
    for _ in range(steps):
        if game.over:
            return
        seat = game.waiting_for()[0]
        game.apply(player.choose(game, seat))


def test_action_out_of_turn_is_refused_with_the_reason() -> None:
    g = Game("riichi", seed="a")
    tile = g.hand.seats[1].concealed[0]
    with pytest.raises(IllegalAction, match="seat 1 has nothing to decide"):
        g.apply(Action(A.DISCARD, 1, tile))


def test_discarding_a_tile_not_in_hand_is_refused_with_the_reason() -> None:
    g = Game("riichi", seed="a")
    foreign = g.hand.seats[1].concealed[0]
    with pytest.raises(IllegalAction, match=f"tile {foreign} is not in seat 0's hand"):
        g.apply(Action(A.DISCARD, 0, foreign))


def test_a_kind_of_action_not_offered_is_refused() -> None:
    g = Game("riichi", seed="a")
    with pytest.raises(IllegalAction, match="ron is not allowed now"):
        g.apply(Action(A.RON, 0, g.hand.drawn))


def test_view_hides_other_hands_and_the_wall() -> None:
    g = Game("riichi", seed="b")
    view = g.view(2)
    assert "concealed" in view["seats"][2]
    assert all("concealed" not in s for i, s in enumerate(view["seats"]) if i != 2)
    spectator = g.view(None)
    assert all("concealed" not in s and "drawn" not in s for s in spectator["seats"])
    assert "wall" not in json.dumps(spectator)
    assert view["seats"][0]["concealed_count"] == 14


def test_serialised_game_rebuilds_to_the_identical_state_and_continues_identically() -> None:
    g = Game("riichi", seed="c")
    _play(g, 400)
    copy = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert copy.snapshot() == g.snapshot()
    _play(g, 200, seed=5)
    _play(copy, 200, seed=5)
    assert copy.snapshot() == g.snapshot()


def test_wall_is_committed_at_hand_start_and_derived_from_the_seed() -> None:
    g = Game("riichi", seed="seed-1")
    commitment = next(e for e in g.start_events if e.kind == "wall_commitment")
    assert commitment.data["sha256"] == hashlib.sha256(hand_seed("seed-1", 0)).hexdigest()
    wall = shuffled_wall("seed-1", 0, list(range(136)))
    assert sorted(g.hand.seats[0].concealed) == sorted(wall[:13] + [wall[52]])
    assert Game("riichi", seed="seed-2").hand.seats[0].concealed != g.hand.seats[0].concealed


def test_draw_events_are_private_to_the_drawer() -> None:
    g = Game("riichi", seed="d")
    draws = [e for e in g.start_events if e.kind == "draw"]
    assert draws and all(e.private and e.visible_to(0) and not e.visible_to(1) for e in draws)


def test_whole_random_game_keeps_invariants_to_the_end() -> None:
    for rules in ("riichi", "sanma"):
        g = Game(rules, seed="e")
        player = RandomPlayer(1)
        while not g.over:
            g.apply(player.choose(g, g.waiting_for()[0]))
            assert g.check_invariants() == []
        assert g.final is not None
        assert sum(f["score"] for f in g.final) == 0


def test_revealed_hand_seed_rebuilds_that_wall_and_matches_the_commitment() -> None:
    from bot.engine.wall import wall_from_hand_seed

    g = Game("riichi", seed="reveal")
    commitment = next(e for e in g.start_events if e.kind == "wall_commitment").data["sha256"]
    first_wall = list(g.hand.wall.tiles)
    events = []
    player = RandomPlayer(3)
    while not g.hands:
        events += g.apply(player.choose(g, g.waiting_for()[0]))
    revealed = next(e for e in events if e.kind == "wall_seed").data["seed"]
    assert hashlib.sha256(bytes.fromhex(revealed)).hexdigest() == commitment
    assert wall_from_hand_seed(revealed, list(range(136))) == first_wall
    assert "reveal" not in revealed  # the game seed itself stays secret


def test_views_do_not_tell_who_may_claim_a_discard() -> None:
    g = Game("riichi", seed="claims")
    player = RandomPlayer(0)
    while g.hand.phase != "claim":
        g.apply(player.choose(g, g.waiting_for()[0]))
    claimant = g.waiting_for()[0]
    others = [s for s in range(4) if s not in g.waiting_for()]
    assert g.view(claimant)["waiting_for"] == [claimant]
    assert all(g.view(s)["waiting_for"] == [] for s in others)
    assert g.view(None)["waiting_for"] == []


def test_dice_come_from_the_seed_or_are_injected() -> None:
    g = Game("riichi", seed="dice")
    rolled = next(e for e in g.start_events if e.kind == "hand_start").data["dice"]
    assert all(1 <= d <= 6 for d in rolled)
    assert Game("riichi", seed="dice").start_events[0].data["dice"] == rolled
    injected = Game("riichi", seed="dice", dice=[(6, 5)])
    assert injected.start_events[0].data["dice"] == [6, 5]
    assert Game.from_json(injected.to_json()).start_events[0].data["dice"] == [6, 5]
