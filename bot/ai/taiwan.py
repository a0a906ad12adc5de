"""Strategy for ``taiwan`` (16-tile): five sets and a pair, flowers set aside at once, chi and pon
speed the hand up (no yaku needed), and ready declarations (天聽, MIGI, 地聽) lock the hand, so they are
made only on a wait with enough tiles left."""

from __future__ import annotations

from bot.ai.efficiency import HandShape
from bot.ai.seatview import SeatView
from bot.ai.strategy import READY_KINDS, Strategy
from bot.engine import actions as A
from bot.hand.shanten import REGULAR_ONLY
from bot.hand.tiles import NUM_KINDS

MIN_READY_WAIT = 3  # unseen winning tiles before a locked declaration is worth its tai


class TaiwanStrategy(Strategy):
    id = "taiwan"
    shape = HandShape(REGULAR_ONLY, 5, frozenset(range(NUM_KINDS)))
    riichi_kinds = frozenset({A.RIICHI}) | READY_KINDS
    call_freely = True

    def want_riichi(self, sv: SeatView, wait_unseen: int, value: int) -> bool:
        return wait_unseen >= MIN_READY_WAIT
