"""Who pays whom: wins (with 包牌 liability and riichi deposits) and the exhaustive draw (摸和).

Seats are 0-3 in turn order.  Every function returns the change of each seat's points; the sum of
the changes is what came off the table (the deposits), so seats + table stays constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.rules.mingjiang.points import RIICHI_DEPOSIT, RON_FACTOR
from bot.rules.mingjiang.score import MingjiangScore

SEATS: Final = 4
DRAW_PAYMENTS: Final = {  # tenpai players -> (each noten pays, each tenpai receives); 30 points in all
    0: (0, 0),
    1: (10, 30),
    2: (15, 15),
    3: (30, 10),
    4: (0, 0),
}


def _check_seat(name: str, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < SEATS:
        raise ValueError(f"{name} must be a seat 0-3, not {seat}")


def settle_win(
    score: MingjiangScore,
    *,
    winner: int,
    discarder: int | None = None,
    liable: int | None = None,
    deposits: int = 0,
) -> list[int]:
    """Point changes per seat for one win.

    Tsumo (``discarder`` None): each other player pays the base.  Ron: the discarder pays 3 x base.
    A win on the replacement tile of an open kan called from a discard is paid as a ron by that
    discarder: pass the tsumo score with ``discarder`` = the player who gave the kan tile.
    ``liable`` (包牌, only for the liable limit hands): on a tsumo they pay all three shares; on a ron
    by someone else's discard they and the discarder pay half each.  ``deposits``: riichi sticks on
    the table (10 points each), all taken by the winner.
    """
    for name, seat in (("winner", winner), ("discarder", discarder), ("liable", liable)):
        _check_seat(name, seat)
    if deposits < 0:
        raise ValueError(f"deposits cannot be negative ({deposits})")
    if discarder == winner:
        raise ValueError("the winner cannot have dealt in their own win")
    if discarder is None and not score.tsumo:
        raise ValueError("a ron is paid by its discarder: give the discarder's seat")
    if discarder is not None and score.tsumo and not score.after_kan:
        raise ValueError("a self-drawn win has no discarder (except after an open kan from a discard)")
    if liable is not None and (liable == winner or not score.liability_applies):
        raise ValueError("liability (包牌) applies only to another player feeding a liable limit hand")

    total = RON_FACTOR * score.base
    deltas = [0] * SEATS
    if discarder is None:
        if liable is not None:
            deltas[liable] -= total
        else:
            for seat in range(SEATS):
                if seat != winner:
                    deltas[seat] -= score.base
    elif liable is not None and liable != discarder:
        deltas[discarder] -= total // 2
        deltas[liable] -= total - total // 2
    else:
        deltas[discarder] -= total
    deltas[winner] += total + RIICHI_DEPOSIT * deposits
    return deltas


def exhaustive_draw_payments(tenpai: Sequence[bool]) -> list[int]:
    """摸和: 30 points from the noten players to the tenpai ones (nothing with 0 or 4 tenpai).

    1 tenpai: each noten pays 10 to them; 2: each noten pays 15, each tenpai receives 15;
    3: the noten pays 10 to each.
    """
    if len(tenpai) != SEATS:
        raise ValueError(f"give the tenpai state of all {SEATS} seats")
    pays, receives = DRAW_PAYMENTS[sum(map(bool, tenpai))]
    return [receives if ready else -pays for ready in tenpai]


def riichi_deposit(seat: int) -> list[int]:
    """A riichi declaration: the seat puts 10 points on the table."""
    _check_seat("seat", seat)
    return [-RIICHI_DEPOSIT if s == seat else 0 for s in range(SEATS)]


def deposits_to_first_place(first_place: int, deposits: int) -> list[int]:
    """At game end the sticks still on the table go to first place."""
    _check_seat("first_place", first_place)
    return [RIICHI_DEPOSIT * deposits if s == first_place else 0 for s in range(SEATS)]
