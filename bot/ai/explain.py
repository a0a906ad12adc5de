"""The computer player's own numbers behind one action, for a review: what the action leaves the hand.

A review (bot/service/review.py) sets a seat's actual decision beside the computer's and says why in
numbers.  These are the numbers the player itself decides by (:mod:`bot.ai.player`): the shanten and
the unseen accepted tiles of the hand the action leaves (:func:`~bot.ai.efficiency.discard_candidates`,
:func:`~bot.ai.efficiency.shanten_after_call`), the danger of a discard against the threats it reads
(:func:`~bot.ai.defence.danger_table`), the hand's value (dora and value sets, ``AIPlayer._value``) and
the :class:`~bot.ai.player.Tuning` weights that turn them into one number, so no second evaluator can
drift from the first.  Everything is read from the seat's own view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.ai.efficiency import discard_candidates, shanten_after_call, shanten_of
from bot.ai.player import AIPlayer, kuikae
from bot.ai.seatview import MeldView, SeatView, read_view
from bot.engine import actions as A
from bot.engine.actions import Action

__all__ = ["Numbers", "explain", "difference"]

#: A win passed costs at least this much (in the player's accepted-tile units): a hand ready to win
#: gives it up for another chance that may never come.
WIN_PASSED = 300.0


@dataclass(frozen=True)
class Numbers:
    """What ``action`` leaves the seat: ``shanten`` (-1 a win), ``accepted`` (unseen copies that bring
    the hand closer; None where the player does not count them), ``danger`` of the tile given away
    against the declared or open threats (None when nothing is given away), the hand's ``value``
    (dora and value sets held) and how many ``threats`` the player reads."""

    shanten: int | None
    accepted: int | None
    danger: float | None
    value: int
    threats: int

    def to_json(self) -> dict[str, Any]:
        return {
            "shanten": self.shanten,
            "accepted": self.accepted,
            "danger": None if self.danger is None else round(self.danger, 3),
            "value": self.value,
            "threats": self.threats,
        }


def explain(player: AIPlayer, view: Mapping[str, Any], action: Action) -> Numbers:
    """The numbers of ``action`` taken from ``view`` (the seat's own view), by ``player``'s judgement."""
    sv = read_view(view)
    strat = player.strategy_for(sv.rules)
    found = strat.threats(sv, player.reads_undeclared(strat)) if player.normal else []
    value = player._value(sv, strat)
    shape = strat.hand_shape(sv)
    melds = len(sv.melds)
    declared = len(found)
    kind = action.tile >> 2 if action.tile is not None and action.tile < 136 else None
    if action.kind in (A.TSUMO, A.RON):
        return Numbers(-1, None, None, value, declared)
    if action.kind in (A.DISCARD, *strat.riichi_kinds) and kind is not None and sv.counts[kind]:
        cands = discard_candidates(sv.counts, melds, sv.is_closed, shape, sv.unseen, {kind})
        danger = strat.danger(sv, found) if found else None
        return Numbers(
            cands[0].shanten, cands[0].unseen, None if danger is None else danger[kind], value, declared
        )
    if action.kind in (A.CHI, A.PON, A.KAN) and kind is not None:
        return Numbers(_after_call(sv, action, shape, melds), None, None, value, declared)
    if action.kind in (A.ANKAN, A.KAKAN):
        counts = list(sv.counts)
        used = [t >> 2 for t in action.using] if action.kind == A.ANKAN else [kind]
        for k in used:
            if k is not None and counts[k]:
                counts[k] -= 1
        added = 1 if action.kind == A.ANKAN else 0
        return Numbers(_safe_shanten(counts, melds + added, shape), None, None, value, declared)
    if sum(sv.counts) % 3 == 1:  # a pass (or another word) on a waiting hand: it stays as it is
        return Numbers(_safe_shanten(list(sv.counts), melds, shape), None, None, value, declared)
    return Numbers(None, None, None, value, declared)


def _after_call(sv: SeatView, action: Action, shape: Any, melds: int) -> int | None:
    assert action.tile is not None
    called = action.tile >> 2
    using = [t >> 2 for t in action.using]
    meld = MeldView(action.kind, tuple(sorted(using + [called])), action.tile)
    forbidden = frozenset() if action.kind == A.KAN else kuikae(meld, called)
    try:
        return shanten_after_call(sv.counts, using, melds, shape, forbidden)
    except ValueError:
        return None


def _safe_shanten(counts: list[int], melds: int, shape: Any) -> int | None:
    try:
        return shanten_of(counts, melds, shape)
    except (ValueError, KeyError, IndexError):  # a shape the tables do not cover (a rule set's own)
        return None


def difference(player: AIPlayer, actual: Numbers, suggested: Numbers) -> float:
    """How much worse ``actual`` is than ``suggested`` by the player's own weights (0: no worse):
    a shanten step weighs ``Tuning.shanten_weight`` accepted tiles, danger weighs by how far the hand is
    from ready (``push_*``), and a win passed weighs :data:`WIN_PASSED` plus the hand's value."""
    tune = player.tuning
    if suggested.shanten == -1 and actual.shanten != -1:
        return WIN_PASSED + 10.0 * suggested.value
    gap = 0.0
    if actual.shanten is not None and suggested.shanten is not None:
        gap += tune.shanten_weight * (actual.shanten - suggested.shanten)
    if actual.accepted is not None and suggested.accepted is not None:
        gap += suggested.accepted - actual.accepted
    if actual.danger is not None and suggested.danger is not None:
        shanten = suggested.shanten if suggested.shanten is not None else 2
        push = tune.push_ready if shanten <= 0 else tune.push_one if shanten == 1 else tune.push_far
        gap += push * (actual.danger - suggested.danger)
    return max(0.0, gap)
