"""Rule-faithful defaults: no limit on hands at a real table; the safety cap only for random players."""

from __future__ import annotations

import pytest

from bot.ai.random_player import RandomPlayer
from bot.cli.simulate import game_options
from bot.engine.game import Game
from bot.rules.mingjiang.flow import MingjiangRules
from bot.rules.pihu.flow import PihuRules
from bot.rules.taiwan.flow import TaiwanRules

LIMITS = {"taiwan": ("max_hands", 16), "pihu": ("max_hands", 32), "mingjiang": ("decider_hands", 20)}


@pytest.mark.parametrize("rules", sorted(LIMITS))
def test_a_real_tables_game_has_no_hand_limit_by_default(rules: str) -> None:
    option, _ = LIMITS[rules]
    flow = Game(rules, seed="defaults").rules
    assert isinstance(flow, (TaiwanRules, PihuRules, MingjiangRules))
    assert getattr(flow, option) == 0


@pytest.mark.parametrize("rules", sorted(LIMITS))
def test_simulate_caps_hands_for_random_players_only(rules: str) -> None:
    option, cap = LIMITS[rules]
    assert game_options(rules, "random") == {option: cap}
    assert game_options(rules, "normal") == {}
    assert getattr(Game(rules, game_options(rules, "random"), seed="cap").rules, option) == cap


@pytest.mark.parametrize("rules", ["riichi", "sanma", "sichuan"])
def test_rule_sets_without_a_cap_get_no_options(rules: str) -> None:
    assert game_options(rules, "random") == {}


def test_taiwan_random_players_play_past_the_old_sixteen_hand_limit_without_the_option() -> None:
    game = Game("taiwan", seed="long-1")
    players = [RandomPlayer(seat) for seat in range(4)]
    while not game.over and len(game.hands) <= 16:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    assert not game.over and len(game.hands) == 17
    assert all(h["round_wind"] == 0 for h in game.hands)  # still the one wind round of the game


def test_taiwan_max_hands_still_ends_the_game_when_given() -> None:
    game = Game("taiwan", {"max_hands": 2}, seed="long-1")
    players = [RandomPlayer(seat) for seat in range(4)]
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    assert len(game.hands) == 2 and game.final is not None
