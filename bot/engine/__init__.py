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

The names above are imported when first used (PEP 562): a module that needs only a part of the package
(``mahjong-bot score`` reads ``bot.engine.registry``) does not pay for the game's modules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.engine.actions import Action, Event, IllegalAction
    from bot.engine.game import Game
    from bot.engine.registry import load_rules
    from bot.engine.ruleset import RuleSet

__all__ = ["Action", "Event", "Game", "IllegalAction", "RuleSet", "load_rules"]

_WHERE = {
    "Action": "bot.engine.actions",
    "Event": "bot.engine.actions",
    "IllegalAction": "bot.engine.actions",
    "Game": "bot.engine.game",
    "load_rules": "bot.engine.registry",
    "RuleSet": "bot.engine.ruleset",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked once: later look-ups find it without this function
    return value
