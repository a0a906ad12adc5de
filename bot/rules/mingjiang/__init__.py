"""明將麻雀 (``mingjiang``): scoring of a single hand and its payments.

The rules are ``docs/rules/mingjiang.md``.  Decisions taken here where the house's rule text is silent:

* Loose suit yaku plus the seed's exclusions: 混一色 and 缺一門 are tested loosely (one number suit
  with or without honours; at most two number suits without honours) and the full flush hides them,
  which gives exactly the rules' meaning.
* Identical-sequence, outside-hand, three-suit and "four in ..." yaku read the four sets of a regular
  hand, called sets included; a seven-pairs or knitted reading never gives them.  Every reading of
  the hand (each decomposition and each place the winning tile can have gone) is valued and the best
  one is kept: a big limit, then a small limit, then the most fan before dora.
* A win on the replacement tile of an open kan called from a discard keeps its self-drawn fan
  (門摸斷平's 自摸, 槓上開花) and is paid as a ron by that discarder (:func:`settle_win`).
* A limit hand lists only the limit hands of its paying level (a 13-sided thirteen orphans does not
  also list the small thirteen orphans).  Liability (包牌) applies when one of those is 大三元, 大四喜,
  四槓, 四連刻 or 一色四同順; a big limit that is not liable (e.g. 字一色 with 大三元) is paid normally.
* ``--dealer-streak`` in a score request only checks that no more indicators are given than the
  streak turns (:func:`dora_indicator_count`); the dora are always the indicators given.
* 地和 follows this rule set's meaning: a non-dealer's ron on the dealer's first discard.
"""

from bot.rules.mingjiang.limits import LIABLE_LIMITS, Limit
from bot.rules.mingjiang.payments import (
    deposits_to_first_place,
    exhaustive_draw_payments,
    riichi_deposit,
    settle_win,
)
from bot.rules.mingjiang.points import base_points, dora_fan, dora_indicator_count
from bot.rules.mingjiang.score import InvalidWin, MingjiangScore, NotAWin, YakuLine, score_hand
from bot.rules.mingjiang.situation import MingjiangSituation

__all__ = [
    "LIABLE_LIMITS",
    "InvalidWin",
    "Limit",
    "MingjiangScore",
    "MingjiangSituation",
    "NotAWin",
    "YakuLine",
    "base_points",
    "deposits_to_first_place",
    "dora_fan",
    "dora_indicator_count",
    "exhaustive_draw_payments",
    "riichi_deposit",
    "score_hand",
    "settle_win",
]
