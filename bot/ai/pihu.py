"""Strategy for ``pihu`` (屁糊/大糊): any complete hand wins x1, big hands multiply.  Aims: seven pairs
(x2, kept closed once five pairs are in) and the full flush (x2, off-suit tiles go first and only
in-suit pons are taken)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.defence import TenpaiCurve
from bot.ai.efficiency import HandShape
from bot.ai.hand_value import pihu_multiplier, read_tiles
from bot.ai.seatview import MeldView, SeatView
from bot.ai.strategy import Strategy
from bot.hand.shanten import Shapes
from bot.hand.tiles import NUM_KINDS

FLUSH_AT = 9  # tiles of one suit (hand and melds) from which the flush is aimed at


class PihuStrategy(Strategy):
    id = "pihu"
    shape = HandShape(Shapes(thirteen_orphans=False, four_as_two_pairs=True), 4, frozenset(range(NUM_KINDS)))
    call_freely = True
    # Fitted to normal self-play (share of seats ready by discards and open melds).
    tenpai_curve = TenpaiCurve(start=3.0, slope=0.037, per_meld=0.10, cap=0.8)
    # The discarder pays for all three (包糊) and a draw pays nothing, kans included: a slow hand
    # gives up early.
    fold_risk = (9.0, 0.9, 0.5, 0.3)
    flush_at: ClassVar[int] = FLUSH_AT

    def value_kinds(self, sv: SeatView) -> frozenset[int]:
        return frozenset()  # honours carry no value here

    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        """Shares of the base: each payer's share is doubled by the dealer and by a self-draw; a ron is
        paid by the discarder alone, two shares for itself and the other two (包糊)."""
        mult = pihu_multiplier(read_tiles(counts, sv.melds))
        if tsumo:
            return 10.0 * mult * 2 * (3 + (2 if sv.is_dealer else 1))
        return 10.0 * mult * (4 + (2 if sv.is_dealer else 0))

    def flush_aim(self, sv: SeatView) -> int | None:
        per_suit = [sum(sv.counts[9 * s : 9 * s + 9]) for s in range(3)]
        for m in sv.melds:
            if m.kinds[0] < 27:
                per_suit[m.kinds[0] // 9] += 3
        best = max(range(3), key=lambda s: per_suit[s])
        off_melds = any(m.kinds[0] // 9 != best for m in sv.melds)
        return best if per_suit[best] >= self.flush_at and not off_melds else None

    def want_closed(self, sv: SeatView) -> bool:
        return sv.is_closed and sum(c // 2 for c in sv.counts) >= 5

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        suit = self.flush_aim(sv)
        if suit is None:
            return 0.0
        return -3.0 if kind // 9 == suit and kind < 27 else 3.0

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        suit = self.flush_aim(sv)
        return suit is None or melds[-1].kinds[0] // 9 == suit

    def want_open_kan(self, sv: SeatView) -> bool:
        return True  # kans pay when the hand ends with a win
