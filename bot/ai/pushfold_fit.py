"""Push or fold against a declared riichi by expected points, from tables fitted to logged games (``strong``,
riichi family).

The tables below are data, fitted by ``tests/bench/calibrate_pushfold.py --rules R --games 480 --seed
cal-s4`` (mixed tables strong/normal/easy/easy, three-player strong/normal/easy, seats rotated; every
discard made while another seat had declared riichi was logged with the danger units
:func:`bot.ai.defence.kind_danger` gives it, summed over the declared seats, and what followed):

* ``deal_in``: the share of discards in each danger bin (:func:`danger_bin`) that dealt in;
* ``loss``: the mean points lost by such a deal-in, to a non-dealer and to the dealer;
* ``win``: the share of hands won by a normal or strong seat that kept pushing, by shanten after the
  discard (1 and 2) and live wall left (:func:`live_bin`); a ready hand's chance is read from its wait
  (``ready_rate`` x sqrt(unseen winning tiles), a fit of the same log by wait size);
* ``gain``: the mean points of such a win, by shanten;
* ``future_push`` / ``future_fold``: the share that dealt in LATER in the same hand, for a pushing seat
  (by shanten and live bin) and for a seat that folded (shanten 2 and more: normal folds those every time).

``calibrate_pushfold.py --rules R --log FILE --refit`` prints the tables again from a kept log; the
numbers below are those, rounded.  Hands two or more from ready that still pushed are few (under 70 rows
per bin: normal folds them), so their ``win`` and ``future_push`` entries are set by hand near the
folding rows' figures, small either way.

Push when ``P(win) x gain - (P(deal-in now) + future_push) x loss`` beats
``-(P(deal-in of the safest tile) + future_fold) x loss``.  Only public facts go in: the seat's own hand,
the rivers, the live wall count.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai.defence import Threat, kind_danger
from bot.ai.efficiency import Candidate
from bot.ai.seatview import SeatView

DANGER_EDGES = (0.0, 1.5, 3.0, 4.5, 6.0, 8.0, 10.0, 13.0)  # bins: == 0, (0, 1.5], ..., > 13
LIVE_EDGES = (30, 15)  # live wall left: > 30, > 15, the rest


def danger_bin(units: float) -> int:
    if units <= 0:
        return 0
    for i, edge in enumerate(DANGER_EDGES[1:], start=1):
        if units <= edge:
            return i
    return len(DANGER_EDGES)


def live_bin(live: int) -> int:
    for i, edge in enumerate(LIVE_EDGES):
        if live > edge:
            return i
    return len(LIVE_EDGES)


@dataclass(frozen=True, slots=True)
class Fit:
    deal_in: tuple[float, ...]  # per danger bin
    loss: float
    loss_dealer: float
    ready_rate: tuple[float, float, float]  # P(win) of a ready hand / sqrt(wait), by live bin
    win: tuple[tuple[float, float, float], tuple[float, float, float]]  # shanten 1, 2+ by live bin
    gain: tuple[float, float, float]  # by shanten 0, 1, 2+
    future_push: tuple[tuple[float, float, float], ...]  # shanten 0, 1, 2+ by live bin
    future_fold: tuple[float, float, float]  # by live bin
    dealer_gain: float = 1.5  # a dealer's win is worth this much more (mingjiang: no dealer bonus)

    def win_chance(self, shanten: int, wait: float, live: int) -> float:
        lb = live_bin(live)
        if shanten <= 0:
            return min(0.65, self.ready_rate[lb] * math.sqrt(max(0.0, wait)))
        return self.win[min(shanten, 2) - 1][lb]


# riichi: 58,119 logged discards in 480 games (seed cal-s4).
RIICHI = Fit(
    deal_in=(0.001, 0.0092, 0.0366, 0.0348, 0.0616, 0.0778, 0.103, 0.1155, 0.184),
    loss=5587.0,
    loss_dealer=7554.0,
    ready_rate=(0.21, 0.19, 0.12),
    win=((0.10, 0.073, 0.01), (0.027, 0.0, 0.0)),
    gain=(8275.0, 10215.0, 10412.0),
    future_push=((0.10, 0.089, 0.042), (0.12, 0.095, 0.053), (0.054, 0.044, 0.013)),
    future_fold=(0.039, 0.020, 0.009),
)

# sanma: 37,078 logged discards in 480 games (seed cal-s4).
SANMA = Fit(
    deal_in=(0.0009, 0.0159, 0.0467, 0.0328, 0.0679, 0.1125, 0.1508, 0.1544, 0.2302),
    loss=8150.0,
    loss_dealer=11961.0,
    ready_rate=(0.198, 0.184, 0.115),
    win=((0.137, 0.102, 0.036), (0.05, 0.029, 0.002)),
    gain=(10737.0, 11797.0, 11856.0),
    future_push=((0.149, 0.127, 0.069), (0.192, 0.144, 0.054), (0.12, 0.08, 0.03)),
    future_fold=(0.096, 0.057, 0.021),
)

# mingjiang: 69,878 logged discards in 480 games (seed cal-s4); points in the rule set's own units.
MINGJIANG = Fit(
    deal_in=(0.0016, 0.0136, 0.0393, 0.0374, 0.0604, 0.077, 0.1075, 0.1126, 0.1979),
    loss=56.0,
    loss_dealer=56.0,
    ready_rate=(0.193, 0.17, 0.101),
    win=((0.119, 0.065, 0.019), (0.03, 0.0, 0.0)),
    gain=(84.0, 98.0, 98.0),
    future_push=((0.113, 0.101, 0.039), (0.135, 0.126, 0.055), (0.11, 0.06, 0.02)),
    future_fold=(0.037, 0.022, 0.002),
    dealer_gain=1.0,
)

FITS: dict[str, Fit] = {"riichi": RIICHI, "sanma": SANMA, "mingjiang": MINGJIANG}


def value_factor(value: int) -> float:
    """A win grows with the hand's dora and value sets: the fitted gain is the mean over won hands, about
    two such units; sanma's log (cal-s4) by units 0..4+: 7,483 8,970 10,778 12,226 15,721 points."""
    return min(1.6, 0.72 + 0.16 * value)


def push(
    fit: Fit,
    *,
    shanten: int,
    wait: float,
    live: int,
    danger_push: float,
    danger_fold: float,
    threat_dealer: bool,
    dealer: bool,
    value: int,
) -> bool:
    """Whether pushing (the fastest discard, ``danger_push`` units) is worth more in expected points than
    folding (the safest kind held, ``danger_fold`` units)."""
    lb = live_bin(live)
    loss = fit.loss_dealer if threat_dealer else fit.loss
    gain = fit.gain[min(max(shanten, 0), 2)] * value_factor(value) * (fit.dealer_gain if dealer else 1.0)
    s = min(max(shanten, 0), 2)
    pushing = (
        fit.win_chance(shanten, wait, live) * gain
        - (fit.deal_in[danger_bin(danger_push)] + fit.future_push[s][lb]) * loss
    )
    folding = -(fit.deal_in[danger_bin(danger_fold)] + fit.future_fold[lb]) * loss
    return pushing > folding


def decide(
    fit: Fit,
    sv: SeatView,
    found: Sequence[Threat],
    dora: frozenset[int],
    top: Candidate,
    value: int,
    furiten: bool,
    furiten_share: float,
) -> bool:
    """Whether to push ``top`` (the fastest discard) against the declared threats in ``found``."""
    declared = [t for t in found if t.declared]

    def units(kind: int) -> float:
        return sum(kind_danger(sv, kind, t, dora) for t in declared)

    held = [k for k in range(len(sv.counts)) if sv.counts[k]]
    wait = top.unseen * (furiten_share if furiten else 1.0)
    return push(
        fit,
        shanten=top.shanten,
        wait=wait,
        live=sv.live_left,
        danger_push=units(top.kind),
        danger_fold=min(units(k) for k in held),
        threat_dealer=any(t.seat == sv.dealer for t in declared),
        dealer=sv.is_dealer,
        value=value,
    )
