"""The toy rule set's referee hooks (see the package docstring for its rules)."""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import HandResult, HandState
from bot.hand.shanten import is_complete
from bot.hand.tiles import counts_of, kind_of
from tests.rules.toy.descriptor import TOY

SETS = 2
BASE = 100  # what one payer pays, unless the table's ``base`` option says otherwise


def wins(tiles: list[int]) -> bool:
    return is_complete(counts_of(tiles), sets=SETS)


class ToyRules(RuleSet):
    id = "toy"
    players = 3
    hand_size = 7
    dead_size = 0
    replacement_slots = 0
    start_points = 1000
    has_chi = False
    kan_dora = False
    max_ron = 1
    extra_rons_abort = False
    stick_points = 0

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        values = TOY.options.parse(self.options)
        self.hands = int(values.get("hands", 3))
        self.base = int(values.get("base", BASE))

    def tile_ids(self) -> list[int]:
        return list(range(72))

    def indicators_at_start(self, hand: HandState) -> int:
        return 0

    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        return [Action(A.DISCARD, seat, t) for t in hand.seats[seat].concealed]

    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        drawn = hand.drawn
        if drawn is not None and (only in (None, A.TSUMO)) and wins(hand.seats[seat].concealed):
            return [Action(A.TSUMO, seat, drawn)]
        return []

    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        s = hand.seats[seat]
        found = [Action(A.RON, seat, tile)] if context == "discard" and wins(s.concealed + [tile]) else []
        same = [t for t in s.concealed if kind_of(t) == kind_of(tile)]
        if context == "discard" and len(same) >= 2 and hand.wall.live_left > 0:
            found.append(Action(A.PON, seat, tile, tuple(same[:2])))
        return found

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult:
        winner, tile, giver, _ = wins[0]
        deltas = [0] * hand.players
        for payer in range(hand.players):
            if payer != winner and (giver is None or payer == giver):
                amount = self.base if giver is None else 2 * self.base
                deltas[payer] -= amount
                deltas[winner] += amount
        record = {
            "seat": winner,
            "from": giver,
            "tile": tile,
            "yaku": [["toy_win", 1]],
            "multiplier": 1 if giver is None else 2,
            "points": deltas[winner],
        }
        return HandResult("win", deltas, [record])

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        return HandResult("draw", [0] * hand.players, reason="exhaustive")

    def settle_abort(self, hand: HandState, reason: str) -> HandResult:
        return HandResult("abort", [0] * hand.players, reason=reason)

    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        if hands_played >= self.hands:
            return None
        return NextHand(0, (hand.dealer + 1) % self.players, 0)

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = sorted(range(self.players), key=lambda seat: (-points[seat], seat))
        return [
            {
                "seat": s,
                "rank": order.index(s) + 1,
                "points": points[s],
                "score": points[s] - self.start_points,
            }
            for s in range(self.players)
        ]
