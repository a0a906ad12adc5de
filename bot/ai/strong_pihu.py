"""The ``strong`` level's pihu (屁糊/大糊): the full flush (x2) aimed at from 11 tiles of one suit (hand
and melds) instead of normal's 9, and open hands are no threat.

Aiming makes off-suit tiles go first and refuses pons outside the suit: from 9 tiles that costs more
speed than the doubled flush brings back, since the two-step measure (bot/ai/twostep.py) already values a
flush near ready by its completions.  Pons are everyday here (about half the hands call): weighing a
hand with two or three of them as likely ready made strong fold and defend where racing paid more (as
sichuan and taiwan found for normal).

Screens, seats rotated over the same walls with two easy players, 300 seed groups (1,200 games) each
(notes/s4-aiother.md): strong with 11 vs strong with 9, seed ao-p1: placement -0.158 (t -3.19), points
+22.0 (t +2.55); then, on top of that, strong with open hands as no threat vs with, seed ao-p2: placement
-0.131 (t -2.41), points +15.6 (t +1.67).  For normal the flush change measured -0.078 over 300 groups
(t about -1.5, notes/s3-ailadder.md): normal keeps 9 and its defence.
"""

from __future__ import annotations

from bot.ai.pihu import PihuStrategy


class StrongPihuStrategy(PihuStrategy):
    flush_at = 11
    open_threat_factor = 0.0
