"""Who sits where, who may press what, and the safe default a timed-out seat plays.  Pure functions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action

COMPUTER_KEY_PREFIX = "ai:"


@dataclass(frozen=True)
class Seat:
    """A seated player: a Discord user, or a computer (``user_id`` None) of ``level``."""

    name: str
    user_id: int | None = None
    player_id: int | None = None  # the store's player id, once the game is stored
    level: str = "normal"

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    def computer_key(self, index: int) -> str:
        """The store's local key of a computer player (one player row per level and chair)."""
        return f"{COMPUTER_KEY_PREFIX}{self.level}:{index}"


def computer_level(local_key: str) -> str:
    """The level in a computer player's local key (``ai:normal:2`` -> normal, ``ai:mjai:mortal:0`` ->
    mjai:mortal)."""
    body = local_key.removeprefix(COMPUTER_KEY_PREFIX)
    return body.rsplit(":", 1)[0] if ":" in body else body


def seat_order(seed: str, members: Sequence[Any]) -> list[Any]:
    """The members in seat order (East first), shuffled by the game seed, so seating is random yet
    reproducible from the revealed seed."""
    order = list(members)
    random.Random(f"seats:{seed}").shuffle(order)
    return order


def safe_default(legal: Sequence[Action], drawn: int | None) -> Action:
    """What the referee plays for a seat that did not answer in time: pass on a call, else discard the
    tile just drawn (or the last discard option after a call), else the first legal choice (phases
    such as an exchange or a declaration, whose first option is as good as any)."""
    if not legal:
        raise ValueError("no decision to make")
    for action in legal:
        if action.kind == A.PASS:
            return action
    discards = [a for a in legal if a.kind == A.DISCARD]
    for action in discards:
        if action.tile == drawn:
            return action
    if discards:
        return discards[-1]
    return legal[0]


def majority(votes: int, voters: int) -> bool:
    """More than half of the seated humans (at least one vote)."""
    return votes >= 1 and votes * 2 > voters
