"""Hands played, wins and deal-ins per player of a bot-refereed game (pure).

Input: one outcome per hand of the game, seat numbers only.  A seat plays every hand of its game; it
*wins* a hand when it is among the winners (in Sichuan's bloody hands several seats may win one hand,
each counted once); it *deals in* when another seat won on a tile it gave: a discard, a kan tile robbed,
or (mingjiang) the seat that pays as the discarder for a win on an open kan's replacement tile.  A
self-drawn win has no deal-in.  Draws and aborted hands count as hands played with neither.

The engine's hand records (``Game.hands[i]["result"]``) carry this: ``wins[j]["seat"]`` is a winner and
``wins[j]["from"]`` the seat that gave the tile (None for a self-draw).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

HandStats = tuple[int, int, int]  # hands played, wins, deal-ins (bot/league/season.py's shape)


@dataclass(frozen=True)
class HandOutcome:
    """Who won one hand and who dealt in (seat numbers, each listed once, ascending)."""

    winners: tuple[int, ...] = ()
    dealt_in: tuple[int, ...] = ()


def hand_outcome(result: Mapping[str, Any]) -> HandOutcome:
    """The outcome of one engine hand result (``{"wins": [{"seat", "from", ...}], ...}``)."""
    winners: set[int] = set()
    dealt_in: set[int] = set()
    for win in result.get("wins") or ():
        seat = int(win["seat"])
        winners.add(seat)
        giver = win.get("from")
        if giver is not None and int(giver) != seat and win.get("context") != "tsumo":
            dealt_in.add(int(giver))
    return HandOutcome(tuple(sorted(winners)), tuple(sorted(dealt_in)))


def seat_hand_stats(outcomes: Sequence[HandOutcome], seats: int) -> list[HandStats]:
    """(hands played, wins, deal-ins) per seat over one game's hands."""
    for outcome in outcomes:
        for seat in (*outcome.winners, *outcome.dealt_in):
            if not 0 <= seat < seats:
                raise ValueError(f"seat {seat} is not one of the game's {seats} seats")
    return [
        (
            len(outcomes),
            sum(seat in o.winners for o in outcomes),
            sum(seat in o.dealt_in for o in outcomes),
        )
        for seat in range(seats)
    ]


def player_hand_stats(
    outcomes: Sequence[HandOutcome], players: Sequence[Hashable]
) -> dict[Hashable, HandStats]:
    """The same keyed by the player sitting in each seat (``players[seat]``)."""
    return dict(zip(players, seat_hand_stats(outcomes, len(players)), strict=True))
