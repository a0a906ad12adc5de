"""The ``strong`` level's taiwan (台灣16張): a ready declaration (天聽, MIGI, 地聽) made on any wait with a
winning tile still unseen, instead of normal's three.

A declaration is worth 8 tai (MIGI, 地聽) or 16 (天聽) on a hand that is otherwise worth about 3: on a
base of 50 and 20 a tai it triples what the hand collects.  It locks the hand (no call, no better wait),
and normal waits for three unseen winning tiles before it gives that up.
"""

from __future__ import annotations

from bot.ai.taiwan import TaiwanStrategy


class StrongTaiwanStrategy(TaiwanStrategy):
    ready_wait_min = 1
