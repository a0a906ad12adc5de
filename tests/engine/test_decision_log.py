"""The compact decision log holds exactly the actions applied, in order, and compares like a list."""

from __future__ import annotations

from bot.ai.random_player import RandomPlayer
from bot.engine.actions import Action
from bot.engine.decisions import DecisionLog
from bot.engine.game import Game


def test_every_kind_of_action_comes_back_as_it_went_in() -> None:
    actions = [
        Action("discard", 0, 135),
        Action("pass", 3),
        Action("chi", 1, 4, (8, 12)),
        Action("ankan", 2, None, (140, 141, 142, 143)),
        Action("exchange", 3, None, (0, 1, 2)),
        Action("nine_terminals", 0),
    ]
    log = DecisionLog(actions)
    assert list(log) == actions and log == actions and log[2] == actions[2] and log[-1] == actions[-1]
    assert log[1:3] == actions[1:3] and len(log) == 6
    log.append(Action("ron", 1, 7))
    assert log != actions and log[-1] == Action("ron", 1, 7)


def test_a_game_rebuilt_from_its_log_is_the_same_game() -> None:
    for rules in ("riichi", "sichuan", "taiwan"):
        game = Game(rules, seed="log")
        player = RandomPlayer(5, call_rate=0.6)
        for _ in range(300):
            if game.over:
                break
            game.apply(player.choose(game, game.waiting_for()[0]))
        again = Game.from_json(game.to_json())
        assert again.decisions == game.decisions and again.snapshot() == game.snapshot()
