"""A computer player decides from its own seat's view and legal actions only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import make_player
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.registry import load_rules
from bot.engine.wall import shuffled_wall


class SpyTable:
    """Answers only ``legal_actions`` and ``view``, and records every question asked."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.asked: list[tuple[str, Any]] = []

    def legal_actions(self, seat: int) -> list[Action]:
        self.asked.append(("legal_actions", seat))
        return self._game.legal_actions(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.asked.append(("view", seat))
        return self._game.view(seat)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the computer player asked the table for {name!r}")


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_player_asks_only_for_its_own_seat(rules: str) -> None:
    game = Game(rules, seed="spy")
    players = [make_player("normal", s) for s in range(game.rules.players)]
    for _ in range(150):
        if game.over:
            break
        seat = game.waiting_for()[0]
        spy = SpyTable(game)
        action = players[seat].choose(spy, seat)
        assert set(spy.asked) <= {("legal_actions", seat), ("view", seat)}
        others = [s for i, s in enumerate(game.view(seat)["seats"]) if i != seat]
        assert all("concealed" not in s and "drawn" not in s for s in others)
        game.apply(action)


def hidden_shuffle(wall: list[int], players: int, hand_size: int, seed: int) -> list[int]:
    """The same wall with every tile the dealer cannot see at its first decision moved around:
    the dealer's hand, its first draw and the dora indicator stay in place."""
    dealt = players * hand_size
    visible = set(range(hand_size)) | {dealt, len(wall) - 10}
    hidden = [i for i in range(len(wall)) if i not in visible]
    tiles = [wall[i] for i in hidden]
    random.Random(seed).shuffle(tiles)
    out = list(wall)
    for i, t in zip(hidden, tiles, strict=True):
        out[i] = t
    return out


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
@pytest.mark.parametrize("seed", range(6))
def test_decision_does_not_change_when_hidden_tiles_are_shuffled(rules: str, seed: int) -> None:
    ruleset = load_rules(rules)
    wall = shuffled_wall(f"hidden:{seed}", 0, ruleset.tile_ids())
    other = hidden_shuffle(wall, ruleset.players, ruleset.hand_size, seed)
    assert other != wall
    first, second = Game(rules, walls=[wall]), Game(rules, walls=[other])
    assert first.snapshot()["concealed"][1:] != second.snapshot()["concealed"][1:]
    assert first.view(0) == second.view(0)
    for level in ("easy", "normal", "strong"):
        a = make_player(level, seed).choose(first, 0)
        b = make_player(level, seed).choose(second, 0)
        assert a == b
