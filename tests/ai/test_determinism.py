"""Whole games between computer players: legal every time, and the same for the same seeds."""

from __future__ import annotations

import pytest

from bot.ai import make_player
from bot.engine.game import Game


def play(rules: str, seed: str, levels: list[str]) -> Game:
    game = Game(rules, {"length": "east"}, seed=seed)
    players = [make_player(level, f"{seed}:{s}") for s, level in enumerate(levels)]
    for p in players:
        p.strict = True  # a strategy failure must show here, not fall back quietly
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    return game


@pytest.mark.parametrize(
    ("rules", "levels"),
    [("riichi", ["normal", "easy", "strong", "easy"]), ("sanma", ["normal", "strong", "normal"])],
)
def test_same_seed_same_game(rules: str, levels: list[str]) -> None:
    first = play(rules, "det", levels)
    second = play(rules, "det", levels)
    assert first.decisions == second.decisions
    assert first.final == second.final
    assert first.final is not None and sorted(e["rank"] for e in first.final) == list(
        range(1, len(levels) + 1)
    )


def test_games_between_normal_players_have_wins() -> None:
    game = play("riichi", "wins", ["normal"] * 4)
    assert any(h["result"]["kind"] == "win" for h in game.hands)
