"""Two draws ahead, enumerated exactly: the ``strong`` level's measure of a discard near ready.

One-step efficiency (``easy``, ``normal``) counts the unseen tiles that lower the shanten.  Here each
such draw is followed by the best discard after it, and what that hand is worth is counted too:

* a ready hand (shanten 0) is worth ``sum over waits of unseen(w) x value(hand + w)``: wide waits and
  valuable completions both count (the rule set's value estimate, :mod:`bot.ai.hand_value`);
* a hand one step from ready is worth ``sum over draws t that make it ready of unseen(t) x the best
  ready hand's worth after t`` (the draw is kept, the best discard let go);
* two steps from ready: the same over draws, each worth the best one-step hand's accepted tiles, times
  (with ``value_far``) the value its tiles already show (the rule set's value read from the 13 tiles:
  a flush on the way, roots, dora), so a flush two steps out is told from a plain hand.

Every state is memoised by its packed counts for the decision, so candidates that share hands after a
draw share the work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.ai.efficiency import HandShape, needed_sets
from bot.hand.shanten import draw_shanten, least_shanten

# The rule sets whose strong players weigh the two-step leaves by value (``value_far``).  Screens, strong
# with vs without, 400 games each unless said (notes/s3-aistrong.md): taiwan -0.225 (t -2.55) then, on
# fresh seeds, -0.007 (600 games, t -0.09), together about -0.09 (t about -1.7); sichuan -0.03, pihu
# +0.08, riichi and sanma: see the notes.  Taiwan's 16-tile hands spend longest two steps out, where a
# flush (4 or 12 tai) is decided.
VALUE_FAR_RULES = frozenset({"taiwan"})


@dataclass
class TwoStep:
    melds: int
    closed: bool
    shape: HandShape
    unseen: Sequence[int]
    value: Callable[[bytes], float]  # a completed hand's worth (ron)
    value_far: bool = False  # weigh the two-step leaves by the value their tiles show
    reach: int = 2  # the farthest shanten measured; a state farther out is worth 0
    _shanten: dict[bytes, int] = field(default_factory=dict)
    _after: dict[bytes, list[int]] = field(default_factory=dict)
    _worth: dict[bytes, float] = field(default_factory=dict)
    _shown: dict[bytes, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.needed = needed_sets(self.shape, self.melds)
        self.kinds = sorted(self.shape.kinds)

    def shanten(self, state: bytes) -> int:
        found = self._shanten.get(state)
        if found is None:
            found = self._shanten[state] = least_shanten(state, self.needed, self.closed, self.shape.shapes)
        return found

    def after(self, state: bytes) -> list[int]:
        found = self._after.get(state)
        if found is None:
            found = self._after[state] = draw_shanten(state, self.needed, self.closed, self.shape.shapes)
        return found

    def shown_value(self, state: bytes) -> float:
        """The value a hand not yet complete already shows (the value estimate read from its tiles)."""
        found = self._shown.get(state)
        if found is None:
            found = self._shown[state] = self.value(state)
        return found

    def worth(self, state: bytes) -> float:
        """The measure of a 13-tile (3k+1) state (see the module notes); 0 beyond :attr:`reach`."""
        found = self._worth.get(state)
        if found is not None:
            return found
        sh = self.shanten(state)
        after = self.after(state)
        work = bytearray(state)
        total = 0.0
        if sh == 0:
            for w in self.kinds:
                if after[w] < 0 and self.unseen[w]:
                    work[w] += 1
                    total += self.unseen[w] * self.value(bytes(work))
                    work[w] -= 1
        elif sh <= self.reach:
            for t in self.kinds:
                if after[t] < sh and self.unseen[t]:
                    work[t] += 1
                    total += self.unseen[t] * self._best_after_draw(work, sh - 1)
                    work[t] -= 1
        self._worth[state] = total
        return total

    def _best_after_draw(self, full: bytearray, target: int) -> float:
        """The best measure among the discards of a 14-tile hand that keep shanten ``target``."""
        best = 0.0
        for d in range(len(full)):
            if not full[d]:
                continue
            full[d] -= 1
            state = bytes(full)
            full[d] += 1
            if self.shanten(state) != target:
                continue
            if target == 0:
                score = self.worth(state)
            else:  # two steps out: the one-step hand's accepted tiles
                after = self.after(state)
                score = float(sum(self.unseen[k] for k in self.kinds if after[k] < target))
                if self.value_far and score:
                    score *= self.shown_value(state)
            best = max(best, score)
        return best
