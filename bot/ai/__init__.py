"""Computer players.  They see only ``Game.legal_actions(seat)`` and ``Game.view(seat)``.

``make_player(level, seed)`` is the entry point for front ends (``play``, ``simulate``, AI seats at a
Discord table): the player's ``choose(table, seat)`` asks the table for exactly that seat's legal
actions and view, and ``decide(legal, view)`` decides from those two things alone.
"""

from __future__ import annotations

from bot.ai.player import LEVELS, AIPlayer


def make_player(level: str = "normal", seed: int | str | None = None) -> AIPlayer:
    """A computer player of ``level`` ("easy" or "normal"), deterministic for ``seed``."""
    return AIPlayer(level, seed)


__all__ = ["LEVELS", "AIPlayer", "make_player"]
