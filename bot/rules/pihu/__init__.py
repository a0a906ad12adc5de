"""屁糊/大糊 (``pihu``): multipliers of a single hand, payments, kan payments.

The rules are ``docs/rules/pihu.md``.  Decisions taken here where the room's rule card is silent:

* 清一色 and 一條龍 together are reported as one line, 清一色龍 x4 (the seed's name for the pair).
* 豪華七對 is x4 with one four of a kind; each further four of a kind is a separate line x2 (超豪華),
  so two fours make x8 and three x16.  Seven pairs combine with 清一色 (multipliers multiply).
* 杠上開 is x2 *and* settled as a self-draw (x2 on every share), whether the kan was open, added or
  closed.
* The kan payments are fixed amounts, not multiplied by the base, the dealer or the hand.
* In a score request with a ron and no ``--discarder``, the winner's previous player dealt in.
"""

from bot.rules.pihu.payments import (
    KanAmounts,
    KanKind,
    KanRecord,
    kan_payment,
    settle_kans,
    settle_multiple_ron,
    settle_win,
    share,
)
from bot.rules.pihu.score import HandLine, InvalidWin, NotAWin, PihuScore, PihuSituation, score_hand

__all__ = [
    "HandLine",
    "InvalidWin",
    "KanAmounts",
    "KanKind",
    "KanRecord",
    "NotAWin",
    "PihuScore",
    "PihuSituation",
    "kan_payment",
    "score_hand",
    "settle_kans",
    "settle_multiple_ron",
    "settle_win",
    "share",
]
