"""The referee: a pure, deterministic, event-sourced state machine per hand and per game.

Public API (everything a front end, computer player or log replay needs)::

    game = Game("riichi", options, seed)         # or Game.from_json(saved)
    game.waiting_for() -> [seat, ...]            # whose decision the table waits for
    game.legal_actions(seat) -> [Action, ...]    # exactly what that seat may do now
    game.apply(action) -> [Event, ...]           # IllegalAction (a ValueError) says why it is refused
    game.view(seat) / game.view(None)            # what a seat / a spectator may see
    game.to_json()                               # rules, options, seed (+ injected walls), decisions
    game.hands, game.final, game.over            # finished hands' results, final ranking

Rule sets plug in through :class:`bot.engine.ruleset.RuleSet` (see that module for the hooks).
"""

from bot.engine.actions import Action, Event, IllegalAction
from bot.engine.game import Game
from bot.engine.registry import load_rules
from bot.engine.ruleset import RuleSet

__all__ = ["Action", "Event", "Game", "IllegalAction", "RuleSet", "load_rules"]
