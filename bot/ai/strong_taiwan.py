"""The ``strong`` level's taiwan (台灣16張): a closed hand (門清) is not opened by a chi that leaves it two
or more steps from ready.

門清 is 1 tai on a ron and 門清自摸 3 tai (instead of 自摸's 1) paid by all three others: on a base of 50
and 20 a tai a closed hand collects 20-40 % more than the same hand opened.  Normal takes every chi that
speeds its hand up (a call in 87 % of its hands, tests/bench/bench_ai.py); strong players open a 16-tile
hand by a chi only when it brings the hand near ready.  Pons (of value honours above all) and kans are
not limited.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.efficiency import shanten_of
from bot.ai.seatview import MeldView, SeatView
from bot.ai.taiwan import TaiwanStrategy
from bot.engine import actions as A


class StrongTaiwanStrategy(TaiwanStrategy):
    # A chi opening a closed hand is taken only if it leaves the hand fewer steps from ready than this.
    closed_chi_until: ClassVar[int] = 2

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        if not super().call_keeps_value(sv, counts, melds):
            return False
        if not sv.is_closed or melds[-1].type != A.CHI:
            return True
        return shanten_of(counts, len(melds), self.shape) < self.closed_chi_until
