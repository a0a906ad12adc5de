"""Pictures straight from the referee's views, in every rule set, through a few dozen moves."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.engine.game import Game
from bot.render.engine_view import TablePictures, hand_scene, table_scene
from bot.render.fonts import deterministic_fonts
from bot.rules.registry import RULE_SETS

PICTURES = TablePictures(deterministic_fonts())


def _play(game: Game, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        waiting = game.waiting_for()
        if not waiting:
            return
        seat = waiting[0]
        actions = game.legal_actions(seat)
        if not actions:
            return
        game.apply(rng.choice(actions))


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_rule_set_view_draws_a_table_and_a_hand(rules: str) -> None:
    game = Game(rules, seed="render-test")
    _play(game, 40, 1)
    names = [f"P{i}" for i in range(len(game.hand.seats))]
    for viewer in [None, *range(len(names))]:
        png = PICTURES.table(game.view(viewer), names)
        assert png is not None
        with Image.open(io.BytesIO(png)) as img:
            assert img.width == img.height > 500
    scene = table_scene(game.view(None), names)
    assert all(isinstance(s.concealed, int) for s in scene.seats)  # a spectator sees counts only
    own = table_scene(game.view(0), names)
    assert isinstance(own.seats[0].concealed, tuple)
    hand = hand_scene(game.view(0), 0)
    total = len(hand.concealed) + (hand.drawn is not None)
    assert total == game.view(0)["seats"][0]["concealed_count"]
    assert PICTURES.hand(game.view(0), 0)
