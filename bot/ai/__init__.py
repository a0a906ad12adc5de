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


def decision_seed(game_seed: str, seat: int, number: int) -> str:
    """The seed of a player's tie-breaking generator for the game's decision ``number`` at ``seat``:
    by (game, seat, decision number) alone, so a resumed game (``simulate``) and a review that asks
    the same question at the same decision (bot/service/review.py) break ties the same way."""
    return f"{game_seed}:{seat}:{number}"


__all__ = ["LEVELS", "AIPlayer", "decision_seed", "make_player"]
