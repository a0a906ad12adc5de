"""A computer player that picks a random legal action (always taking a win when one is offered).

Used to fuzz the referee and to run ``mahjong-bot simulate``; a smarter player replaces it later.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.engine import actions as A
from bot.engine.actions import Action


class Table(Protocol):
    def legal_actions(self, seat: int) -> list[Action]: ...

    def view(self, seat: int | None) -> Mapping[str, Any]: ...


class RandomPlayer:
    def __init__(self, seed: int | str | None = None, call_rate: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.call_rate = call_rate  # how often an offered call is taken instead of passing

    def choose(self, table: Table, seat: int) -> Action:
        legal = table.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no decision to make")
        wins = [a for a in legal if a.kind in (A.TSUMO, A.RON)]
        if wins:
            return wins[0]
        calls = [a for a in legal if a.kind in (A.CHI, A.PON, A.KAN)]
        if calls:
            if self.rng.random() < self.call_rate:
                return self.rng.choice(calls)
            return next(a for a in legal if a.kind == A.PASS)
        return self.rng.choice(legal)


class GameLike(Table, Protocol):
    @property
    def over(self) -> bool: ...

    def waiting_for(self) -> list[int]: ...

    def apply(self, action: Action) -> Any: ...

    def check_invariants(self) -> list[str]: ...


class Chooser(Protocol):
    def choose(self, table: Any, seat: int) -> Action: ...


def play_out(game: GameLike, players: Sequence[Chooser], *, check: bool = True) -> tuple[int, list[str]]:
    """Play ``game`` to its end with computer players; returns (invariant checks, problems found).

    Invariants are checked after every action when ``check`` is set; the first problem stops the game.
    """
    checks = 0
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
        if check:
            checks += 1
            problems = game.check_invariants()
            if problems:
                return checks, problems
    return checks, []
