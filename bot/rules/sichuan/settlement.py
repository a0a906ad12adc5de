"""Sichuan payments as pure functions: wins, immediate kan payments (刮风下雨), transfer
(呼叫转移), flower pig (查花猪), the not-tenpai check (查大叫) and the return of kan income.

Seats are 0-3.  Every helper returns a list of :class:`Payment`; each payment moves points from one
seat to another, so any list keeps the table's total unchanged.  ``active`` always means the seats
that have not won yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.hand.meld import Meld, MeldType
from bot.rules.sichuan.score import capped
from bot.rules.sichuan.situation import FALSE_WIN_MULTIPLE, FLOWER_PIG_FAN


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str  # win, kan, transfer, flower_pig, not_tenpai, kan_return
    kan_id: int | None = None  # which kan a kan/transfer payment belongs to


def balances(payments: Iterable[Payment], seats: int = 4) -> list[int]:
    """Net change per seat."""
    out = [0] * seats
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def win_payments(
    winner: int,
    fan: int,
    base: int,
    tsumo: bool,
    active: Iterable[int],
    discarder: int | None = None,
    cap: int | None = None,
) -> list[Payment]:
    """Tsumo: every active player pays base x 2**fan.  Ron (and a robbed kan): the discarder alone."""
    amount = base * 2 ** capped(fan, cap)
    if tsumo:
        return [Payment(p, winner, amount, "win") for p in sorted(set(active)) if p != winner]
    if discarder is None or discarder == winner:
        raise ValueError("a ron needs the discarder's seat (not the winner's)")
    return [Payment(discarder, winner, amount, "win")]


# Immediate kan payments in multiples of the base: (who pays, how much each).
KAN_PAYMENT_MULTIPLE = {MeldType.KAN: 2, MeldType.KAKAN: 1, MeldType.ANKAN: 2}


def kan_payments(
    kanner: int,
    kan_type: MeldType,
    base: int,
    active: Iterable[int],
    discarder: int | None = None,
    kan_id: int | None = None,
    late_added: bool = False,
    late_added_kan_pays: bool = False,
) -> list[Payment]:
    """刮风下雨: open kan from a discard: the discarder pays 2x base; added kan: each active player
    pays 1x; closed kan: each active player pays 2x.  (A robbed added kan pays nothing: do not call
    this for it.)  With the option ``late_added_kan_pays`` on, an added kan made with a fourth tile
    kept in hand since an earlier turn (``late_added``) pays nothing."""
    if kan_type not in KAN_PAYMENT_MULTIPLE:
        raise ValueError(f"{kan_type.value} is not a kan")
    if kan_type is MeldType.KAKAN and late_added and late_added_kan_pays:
        return []
    amount = KAN_PAYMENT_MULTIPLE[kan_type] * base
    if kan_type is MeldType.KAN:
        if discarder is None or discarder == kanner:
            raise ValueError("an open kan needs the discarder's seat")
        return [Payment(discarder, kanner, amount, "kan", kan_id)]
    return [Payment(p, kanner, amount, "kan", kan_id) for p in sorted(set(active)) if p != kanner]


def transfer_payments(kan_income: Iterable[Payment], winner: int, multiple_ron: bool) -> list[Payment]:
    """呼叫转移: the kanner's first discard after the kan was ronned: the kanner's income from that kan
    goes to the winner.  Nothing moves on a multiple ron."""
    if multiple_ron:
        return []
    out = []
    for p in kan_income:
        if p.reason != "kan":
            raise ValueError("transfer takes the kan's own payments")
        out.append(Payment(p.payee, winner, p.amount, "transfer", p.kan_id))
    return out


def is_flower_pig(concealed: Iterable[int], melds: Iterable[Meld] = ()) -> bool:
    """花猪: the hand (concealed kinds and melds) still holds tiles of all three suits."""
    suits = {k // 9 for k in concealed} | {k // 9 for m in melds for k in m.kinds}
    return len(suits) == 3


def flower_pig_payments(
    pigs: Iterable[int], seats: Iterable[int], base: int, cap: int | None = None
) -> list[Payment]:
    """查花猪: a player still holding all three suits pays 16x base (capped) to every player who is not
    a flower pig, winners included."""
    pig_set = set(pigs)
    amount = base * 2 ** capped(FLOWER_PIG_FAN, cap)
    others = [s for s in sorted(set(seats)) if s not in pig_set]
    return [Payment(pig, s, amount, "flower_pig") for pig in sorted(pig_set) for s in others]


def not_tenpai_payments(
    best_fan: Mapping[int, int | None],
    base: int,
    pigs: Iterable[int] = (),
    cap: int | None = None,
    pig_pays_check: bool = False,
) -> list[Payment]:
    """查大叫 among the players who did not win: ``best_fan`` maps each of them to the most fan their
    waiting hand could score (None: not tenpai).  Each non-tenpai player pays each tenpai player
    base x 2**fan (capped).  Flower pigs pay only with ``pig_pays_check``."""
    pig_set = set(pigs)
    tenpai = {s: f for s, f in best_fan.items() if f is not None}
    payers = [s for s, f in sorted(best_fan.items()) if f is None and (pig_pays_check or s not in pig_set)]
    return [
        Payment(payer, seat, base * 2 ** capped(fan, cap), "not_tenpai")
        for payer in payers
        for seat, fan in sorted(tenpai.items())
    ]


def returned_kan_income(ledger: Iterable[Payment], seats: Iterable[int]) -> list[Payment]:
    """Non-tenpai players and flower pigs give back their kan income of the hand (transfer income
    too): each kan or transfer payment they received goes back to its payer, except the payments of
    a kan whose income was already transferred away."""
    returning = set(seats)
    entries = list(ledger)
    transferred = {(p.payer, p.kan_id) for p in entries if p.reason == "transfer"}
    out = []
    for p in entries:
        if p.payee not in returning or p.reason not in ("kan", "transfer"):
            continue
        if p.reason == "kan" and (p.payee, p.kan_id) in transferred:
            continue
        out.append(Payment(p.payee, p.payer, p.amount, "kan_return", p.kan_id))
    return out


def end_of_hand_payments(
    ledger: Iterable[Payment],
    seats: Iterable[int],
    winners: Iterable[int],
    pigs: Iterable[int],
    best_fan: Mapping[int, int | None],
    base: int,
    cap: int | None = None,
    pig_pays_check: bool = False,
) -> list[Payment]:
    """The end-of-hand checks in order: flower pig, not-tenpai (with kan income returned by the
    non-tenpai players), pigs' kan income returned.  ``best_fan`` covers the players who did not win."""
    winner_set = set(winners)
    pig_set = set(pigs)
    all_seats = sorted(set(seats))
    out = flower_pig_payments(pig_set, all_seats, base, cap)
    checked = {s: f for s, f in best_fan.items() if s not in winner_set}
    out += not_tenpai_payments(checked, base, pig_set, cap, pig_pays_check)
    returning = {s for s, f in checked.items() if f is None} | pig_set
    out += returned_kan_income(ledger, returning)
    return out


def false_win_payments(offender: int, active: Iterable[int], base: int) -> list[Payment]:
    """炸和 (results entered by hand only): the offender pays 64x base to each other player still in
    the hand; the caller voids the hand's other results."""
    amount = FALSE_WIN_MULTIPLE * base
    return [Payment(offender, s, amount, "false_win") for s in sorted(set(active)) if s != offender]


def next_dealer(dealer: int, first_winners: Iterable[int], first_discarder: int | None = None) -> int:
    """Draw with nobody winning: same dealer.  Otherwise the first winner deals next; when the first
    win was a multiple ron, the discarder of that tile deals next."""
    winners = list(dict.fromkeys(first_winners))
    if not winners:
        return dealer
    if len(winners) > 1:
        if first_discarder is None:
            raise ValueError("a multiple ron needs the discarder's seat")
        return first_discarder
    return winners[0]
