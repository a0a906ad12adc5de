"""Property tests: any sequence of legal actions keeps the invariants, never raises, and a game rebuilt
from its JSON continues exactly like the original."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.game import Game

RULES = st.sampled_from(["riichi", "sanma", "pihu"])
CHOICES = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=400)


def _step(game: Game, choice: int) -> None:
    waiting = game.waiting_for()
    seat = waiting[choice % len(waiting)]
    legal = game.legal_actions(seat)
    game.apply(legal[choice % len(legal)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, seed=st.text(max_size=8), choices=CHOICES)
def test_any_legal_sequence_keeps_tiles_and_points(rules: str, seed: str, choices: list[int]) -> None:
    game = Game(rules, seed=seed)
    for choice in choices:
        if game.over:
            break
        _step(game, choice)
        assert game.check_invariants() == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, seed=st.text(max_size=8), before=CHOICES, after=CHOICES)
def test_rebuilt_game_continues_identically(
    rules: str, seed: str, before: list[int], after: list[int]
) -> None:
    """The snapshots hold the legal lists in order: a button press names an index into one, and in a
    cluster the index is resolved on a rebuilt copy of the table (bot/service/cluster.py)."""
    game = Game(rules, seed=seed)
    for choice in before:
        if game.over:
            break
        _step(game, choice)
    copy = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.snapshot() == game.snapshot()
    for choice in after:
        if game.over:
            break
        _step(game, choice)
        _step(copy, choice)
    assert copy.snapshot() == game.snapshot()
