"""Placement in the game's last hand: the ``strong`` level plays for its final place, not for points.

In the last hand a deal-in can only cost the leader places, and the last place has nothing left to lose
by one (its place cannot get worse): so the leader folds against a threat unless its hand is ready, and
the last place never folds.  Everything read here is public: the points on the table, the round wind,
the dealer and the hand's number, and the game's length from the table's options in the view.

Mingjiang's South 4 is not a last hand: the decider (決勝局) always follows it, and a decider hand can
end the game (a win that leaves its winner strictly first with 300 or more), so its decider hands are
the last hands here (the view's ``decider``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.ai.seatview import SeatView
from bot.engine.registry import load_rules

LEAD = "lead"
CHASE = "chase"


def _rules(sv: SeatView) -> Any:
    """The seat's rule set as its table's options set it up (None when they cannot be read): only its
    pure methods are asked, so one object per option set serves every player."""
    options = sv.raw.get("options")
    written = json.dumps(dict(options) if isinstance(options, Mapping) else {}, sort_keys=True)
    return _rules_of(sv.rules, written)


@lru_cache(maxsize=256)  # a few option sets per server in practice
def _rules_of(rules: str, options: str) -> Any:
    try:
        return load_rules(rules, json.loads(options))
    except Exception:
        return None


def _length(sv: SeatView) -> tuple[str, int] | None:
    """How the game's end is counted: ("position", last dealer position), ("hands", hands) or
    ("decider", 0): hands after the last round, each of which may be the last."""
    table = _rules(sv)
    if table is None:
        return None
    if table.has_decider:  # mingjiang: the game ends in its decider hands
        return "decider", 0
    last = getattr(table, "last_hand", None)
    if isinstance(last, int):  # the riichi family: dealer positions, East 1 = 0
        return "position", last
    rounds = getattr(table, "rounds", None)
    if isinstance(rounds, int) and rounds > 0:  # taiwan: whole rounds of dealers
        return "position", rounds * table.players - 1
    deals = getattr(table, "session_deals", None)
    if isinstance(deals, int) and deals > 0 and not getattr(table, "hands", 0):  # pihu
        return "position", deals - 1
    hands = getattr(getattr(table, "table", None), "hands", None)
    if isinstance(hands, int) and hands > 0:  # sichuan: a fixed number of hands
        return "hands", hands
    return None


def last_hand(sv: SeatView) -> bool:
    """Whether this is (by the table's length) the game's last hand or later."""
    length = _length(sv)
    if length is None:
        return False
    how, last = length
    if how == "decider":
        return bool(sv.raw.get("decider"))
    if how == "hands":
        return int(sv.raw.get("hand_index", 0)) >= last - 1
    return _position(sv) >= last


def _position(sv: SeatView) -> int:
    """The hand's dealer position in the game, East 1 = 0 (a repeated deal keeps it)."""
    return sv.round_wind * sv.players + sv.dealer


def win_ends_game_in_last_place(sv: SeatView, deltas: Sequence[int]) -> bool:
    """Whether a win by ``sv``'s seat with these score changes ends a riichi-family game, as its
    referee decides (``game_ends_after``), and leaves the seat last, ties going to the seat that was
    East in East 1."""
    rules = _rules(sv)
    if not callable(getattr(rules, "game_ends_after", None)):
        return False  # not a riichi-family game: its end is not counted this way
    from bot.rules.riichi.flow import ranking

    points = [int(seat.get("points", 0)) + d for seat, d in zip(sv.raw["seats"], deltas, strict=True)]
    if ranking(points)[-1] != sv.seat:
        return False
    keeps = sv.seat == sv.dealer  # a win keeps the deal for its dealer
    return bool(rules.game_ends_after(_position(sv), points, sv.dealer, dealer_keeps=keeps, stop=True))


def stance(sv: SeatView) -> str | None:
    """``LEAD`` (first in the last hand), ``CHASE`` (last in it) or None."""
    if not last_hand(sv):
        return None
    mine = int(sv.raw["seats"][sv.seat].get("points", 0))
    ahead = sum(1 for o in sv.others.values() if o.points > mine)
    behind = sum(1 for o in sv.others.values() if o.points < mine)
    if ahead == 0 and behind == len(sv.others):
        return LEAD
    if behind == 0 and ahead == len(sv.others):
        return CHASE
    return None
