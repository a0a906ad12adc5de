"""Hands played, wins and deal-ins per player of a bot-refereed game (pure).

Input: one outcome per hand of the game, seat numbers only.  A seat plays every hand of its game.  A
*win* is one win record: one per hand in most rule sets, but in a bloody battle (血战到底) several seats
win one hand, each once.  A *deal-in* is a tile another seat won on that this seat gave: a discard, a kan
tile robbed, or (where the rules say so) the seat paying as the discarder for a win on an open kan's
replacement tile.  Two seats winning on the same discard (a double ron) is one deal-in; two discards of
one hand won on (a bloody battle) are two.  A self-drawn win has no deal-in.  Draws and aborted hands
count as hands played with neither.

The engine's hand records (``Game.hands[i]["result"]``) carry this: ``wins[j]["seat"]`` is the winner,
``wins[j]["from"]`` the seat that gave the tile (None for a self-draw) and ``wins[j]["tile"]`` the tile.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

HandStats = tuple[int, int, int]  # hands played, wins, deal-ins (bot/league/season.py's shape)


@dataclass(frozen=True)
class HandOutcome:
    """One hand: the seat of each win, and the seat that gave each tile won on (both ascending)."""

    winners: tuple[int, ...] = ()
    dealt_in: tuple[int, ...] = ()


def hand_outcome(result: Mapping[str, Any]) -> HandOutcome:
    """The outcome of one engine hand result (``{"wins": [{"seat", "from", "tile", ...}], ...}``)."""
    winners: list[int] = []
    given: set[tuple[int, Any]] = set()  # (giver, tile): a double ron on one discard is one deal-in
    for win in result.get("wins") or ():
        seat = int(win["seat"])
        winners.append(seat)
        giver = win.get("from")
        if giver is not None and int(giver) != seat and win.get("context") != "tsumo":
            given.add((int(giver), win.get("tile")))
    return HandOutcome(tuple(sorted(winners)), tuple(sorted(g for g, _ in given)))


def seat_hand_stats(outcomes: Sequence[HandOutcome], seats: int) -> list[HandStats]:
    """(hands played, wins, deal-ins) per seat over one game's hands."""
    for outcome in outcomes:
        for seat in (*outcome.winners, *outcome.dealt_in):
            if not 0 <= seat < seats:
                raise ValueError(f"seat {seat} is not one of the game's {seats} seats")
    return [
        (
            len(outcomes),
            sum(o.winners.count(seat) for o in outcomes),
            sum(o.dealt_in.count(seat) for o in outcomes),
        )
        for seat in range(seats)
    ]


def player_hand_stats(
    outcomes: Sequence[HandOutcome], players: Sequence[Hashable]
) -> dict[Hashable, HandStats]:
    """The same keyed by the player sitting in each seat (``players[seat]``)."""
    return dict(zip(players, seat_hand_stats(outcomes, len(players)), strict=True))
