"""Taiwanese 16-tile (台灣16張): tai counting, flowers, dealer tai and payments.

Rules: ``docs/rules/taiwan.md``.  Decisions taken where the rules file is silent:

* Seats are table seats; the dealer sits East for the hand, so a seat wind (門風, and the seat
  flowers) is counted from the dealer.  The winning tile is the last concealed tile unless named.
* 獨聽: the hand's waits by shape; a kind the hand already holds four of is not a wait.
* The 24台制: 天胡/地胡/人胡 replace every other hand tai (ready declarations included); flower,
  dealer and streak tai still add.  Option ``stack_heavenly`` adds them instead.
* 字一色 shows as its 16 plus a separate ``all_honours_deduction`` line of -4.
* 全求 needs five open melds (a closed kan is not called) and a ron.
* 七搶一 / 八仙過海 are scored alone (8 tai, plus dealer and streak tai): no hand, no flower tai and
  no self-drawn tai; 八仙過海 is paid by all three, 七搶一 by the player who drew the eighth flower.
* Optional patterns: see :mod:`bot.rules.taiwan.extras`.
"""

from bot.rules.taiwan.dealer import next_dealer
from bot.rules.taiwan.flowers import flower_lines
from bot.rules.taiwan.score import NotAWin, TaiwanScore, payments, score_flower_win, score_hand, score_kinds
from bot.rules.taiwan.shape import waits
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation

__all__ = [
    "NotAWin",
    "TaiwanOptions",
    "TaiwanScore",
    "TaiwanSituation",
    "flower_lines",
    "next_dealer",
    "payments",
    "score_flower_win",
    "score_hand",
    "score_kinds",
    "waits",
]
