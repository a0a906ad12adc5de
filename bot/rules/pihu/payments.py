"""Pihu payments: shares with dealer and self-draw doubling, the discarder paying for all (包糊),
multiple ron, and the fixed kan payments (settled only when the hand ends with a win).

Seats are 0-3 in turn order; every function returns the point change of each seat (sum 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.rules.pihu.score import PihuScore

SEATS: Final = 4
DEFAULT_BASE: Final = 10  # 底金
DEALER_FACTOR: Final = 2
SELF_DRAW_FACTOR: Final = 2
DEAL_IN_FACTOR: Final = 2  # 点炮: the discarder's own share counts double


def _check_seat(name: str, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < SEATS:
        raise ValueError(f"{name} must be a seat 0-3, not {seat}")


def share(score: PihuScore, *, payer: int, winner: int, dealer: int, base: int = DEFAULT_BASE) -> int:
    """One player's share: base x multiplier x2 if the payer or the winner is the dealer x2 if self-drawn."""
    amount = base * score.multiplier
    if dealer in (payer, winner):
        amount *= DEALER_FACTOR
    if score.self_drawn:
        amount *= SELF_DRAW_FACTOR
    return amount


def settle_win(
    score: PihuScore, *, winner: int, dealer: int, discarder: int | None = None, base: int = DEFAULT_BASE
) -> list[int]:
    """Point changes for one win.  Self-drawn (and any win on a kan replacement): each other player
    pays their share.  Ron (a robbed added kan: the kanner is the discarder): the discarder pays their
    own share twice plus the shares of the two others."""
    for name, seat in (("winner", winner), ("dealer", dealer), ("discarder", discarder)):
        _check_seat(name, seat)
    if base <= 0:
        raise ValueError(f"the base must be positive, not {base}")
    if discarder == winner:
        raise ValueError("the winner cannot have dealt in their own win")
    if discarder is None and not score.self_drawn:
        raise ValueError("a ron is paid by its discarder: give the discarder's seat")
    deltas = [0] * SEATS
    others = [seat for seat in range(SEATS) if seat != winner]
    for payer in others:
        amount = share(score, payer=payer, winner=winner, dealer=dealer, base=base)
        if score.self_drawn:
            deltas[payer] -= amount
        else:
            assert discarder is not None
            deltas[discarder] -= amount * (DEAL_IN_FACTOR if payer == discarder else 1)
    deltas[winner] = -sum(deltas)
    return deltas


def settle_multiple_ron(
    wins: Sequence[tuple[int, PihuScore]], *, discarder: int, dealer: int, base: int = DEFAULT_BASE
) -> list[int]:
    """一炮多响: each (winner, score) is paid in full by the discarder, separately."""
    winners = [w for w, _ in wins]
    if len(set(winners)) != len(winners) or not wins:
        raise ValueError("a multiple ron needs distinct winners")
    total = [0] * SEATS
    for winner, score in wins:
        if score.self_drawn:
            raise ValueError("a multiple ron is made of rons, not self-draws")
        deltas = settle_win(score, winner=winner, dealer=dealer, discarder=discarder, base=base)
        total = [a + b for a, b in zip(total, deltas, strict=True)]
    return total


class KanKind(StrEnum):
    OPEN = "open"  # 直杠: called from a discard
    ADDED = "added"  # 碰杠: a drawn fourth tile added to a pon
    CLOSED = "closed"  # 暗杠


@dataclass(frozen=True, slots=True)
class KanAmounts:
    """Table options; defaults from the seed."""

    open: int = 15  # paid by the discarder
    added: int = 15  # paid by the player who gave the pon tile
    closed_each: int = 10  # paid by each other player


@dataclass(frozen=True, slots=True)
class KanRecord:
    kanner: int
    kind: KanKind
    giver: int | None = None  # the discarder (open kan) or the pon's giver (added kan)
    robbed: bool = False  # an added kan robbed by a ron pays nothing


def kan_payment(kan: KanRecord, amounts: KanAmounts = KanAmounts()) -> list[int]:
    """The payment of one kan, as if the hand ended with a win."""
    _check_seat("kanner", kan.kanner)
    _check_seat("giver", kan.giver)
    deltas = [0] * SEATS
    if kan.robbed:
        if kan.kind is not KanKind.ADDED:
            raise ValueError("only an added kan can be robbed")
        return deltas
    if kan.kind is KanKind.CLOSED:
        for seat in range(SEATS):
            if seat != kan.kanner:
                deltas[seat] -= amounts.closed_each
    else:
        if kan.giver is None or kan.giver == kan.kanner:
            raise ValueError(
                f"an {kan.kind.value} kan is paid by the player who gave its tile: give that seat"
            )
        deltas[kan.giver] -= amounts.open if kan.kind is KanKind.OPEN else amounts.added
    deltas[kan.kanner] = -sum(deltas)
    return deltas


def settle_kans(
    kans: Sequence[KanRecord], *, hand_won: bool, amounts: KanAmounts = KanAmounts()
) -> list[int]:
    """All kan payments of a hand: present when the hand ended with a win, void after an exhaustive draw."""
    total = [0] * SEATS
    for kan in kans:
        deltas = kan_payment(kan, amounts)
        if hand_won:
            total = [a + b for a, b in zip(total, deltas, strict=True)]
    return total
