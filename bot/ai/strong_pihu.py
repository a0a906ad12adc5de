"""The ``strong`` level's pihu (屁糊/大糊): the full flush (x2) aimed at from 11 tiles of one suit (hand
and melds) instead of normal's 9.

Aiming makes off-suit tiles go first and refuses pons outside the suit: from 9 tiles that costs more
speed than the doubled flush brings back, since the two-step measure (bot/ai/twostep.py) already values a
flush near ready by its completions.  Screen, strong with 11 vs strong with 9, seats rotated over the same
walls with two easy players, 300 seed groups (1,200 games), seed ao-p1: placement -0.158 (t -3.19),
points +22.0 (t +2.55) (notes/s4-aiother.md).  For normal the same change measured -0.078 over 300 groups
(t about -1.5, notes/s3-ailadder.md): normal keeps 9.
"""

from __future__ import annotations

from bot.ai.pihu import PihuStrategy


class StrongPihuStrategy(PihuStrategy):
    flush_at = 11
