"""Property tests over all six rule sets, checked by the tests' own invariant checker
(tests/engine/invariants.py), not by the engine's ``check_invariants``.  Slow: run by ``pytest -m slow``
(the CI's slow job, .ci/run)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai.player import AIPlayer
from bot.engine.game import Game
from tests.engine.invariants import Watcher, hand_payment_problems, tile_problems

RULE_SETS = ["riichi", "sanma", "mingjiang", "sichuan", "taiwan", "pihu"]
# Hypothesis favours short lists, and a short list never reaches a win: the choices come from a seeded
# random source instead, for a game of up to STEPS actions (several hands each).
STEPS = 500


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=8), choices=st.randoms(use_true_random=False))
def test_any_legal_sequence_keeps_every_invariant(rules: str, seed: str, choices: random.Random) -> None:
    game = Game(rules, seed=seed)
    assert tile_problems(game) == []
    watcher = Watcher(game, AIPlayer("easy", seed))
    for _ in range(STEPS):
        if game.over:
            break
        watcher.step(choices.randrange(10_000))
        assert watcher.problems == []
    assert hand_payment_problems(game) == []


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_checker_sees_a_vanished_tile_a_duplicate_and_a_payment_from_nowhere(rules: str) -> None:
    """The checker is not vacuous: each planted fault shows."""
    game = Game(rules, seed="checker")
    watcher = Watcher(game)
    while game.hand.phase != "turn" or not game.hand.seats[game.hand.current].concealed:
        watcher.step(0)
    seat = game.hand.seats[game.hand.current]
    assert tile_problems(game) == []
    kept = seat.concealed.pop()
    assert any("taken from the wall" in p for p in tile_problems(game))
    seat.concealed.append(seat.concealed[0])
    assert any("held twice" in p for p in tile_problems(game))
    seat.concealed[-1] = kept
    assert tile_problems(game) == []
    game.hand.points[0] += 1
    watcher.step(0)
    assert any("points and deposits" in p for p in watcher.problems)
