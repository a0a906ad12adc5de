"""The ``strong`` level's judgement: the expected value of each discard over sampled draws.

For each candidate discard the same ``samples`` sequences of future draws are played out (common
random numbers, so candidates differ by their own merit, not by their luck).  A sequence is taken
from the tiles this seat cannot see, as many as the seat still has turns (at most ``horizon``).  The
playout keeps a drawn tile only when it lowers the shanten, then lets go of the loneliest tile that
keeps the lower shanten (the cheap part of good efficiency).  While ready, the other seats' discards
can be ronned: each go-around adds the chance that one of their ``ron_draws`` tiles is a wait.  Every
go-around the hand may also end by another seat's win (``hazard``).  A win is worth the rule set's
value of the completed hand (:meth:`bot.ai.strategy.Strategy.hand_value`); the expected value of a
discard is the sum over the playouts of P(still playing) x P(win now) x value.

Everything is memoised per decision by the hand's packed counts: the shanten and the draw table of
a 13-tile state, the best discard of a 14-tile state and the value of a completed hand, so the many
playouts visit few distinct states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.ai.efficiency import HandShape, needed_sets
from bot.hand.shanten import draw_shanten, least_shanten


@dataclass
class Lookahead:
    """Playouts of one decision (see the module notes)."""

    melds: int
    closed: bool
    shape: HandShape
    unseen: Sequence[int]  # 34 unseen copies
    turns: int  # own draws left (about)
    value: Callable[[bytes, bool], float]  # (14 concealed counts, self-drawn) -> points
    rng: random.Random
    samples: int = 24
    horizon: int = 12
    hazard: float = 0.05  # another seat wins in one go-around
    ron_draws: float = 1.0  # others' discards per go-around that could be ronned (furiten: 0)
    _shanten: dict[bytes, int] = field(default_factory=dict)
    _waits: dict[bytes, list[int]] = field(default_factory=dict)
    _keep: dict[bytes, bytes] = field(default_factory=dict)
    _values: dict[tuple[bytes, bool], float] = field(default_factory=dict)
    _draws: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.needed = needed_sets(self.shape, self.melds)
        pool = [k for k in sorted(self.shape.kinds) for _ in range(self.unseen[k])]
        pool += [
            k for k in range(len(self.unseen)) if k not in self.shape.kinds for _ in range(self.unseen[k])
        ]
        self.pool_size = max(1, len(pool))
        depth = max(1, min(self.horizon, self.turns, len(pool)))
        self._draws = [self.rng.sample(pool, depth) for _ in range(self.samples)] if pool else []

    # ------------------------------------------------------------------ memoised facts
    def shanten(self, state: bytes) -> int:
        found = self._shanten.get(state)
        if found is None:
            found = self._shanten[state] = least_shanten(state, self.needed, self.closed, self.shape.shapes)
        return found

    def waits(self, state: bytes) -> list[int]:
        """The kinds that complete a ready 13-tile state."""
        found = self._waits.get(state)
        if found is None:
            after = draw_shanten(state, self.needed, self.closed, self.shape.shapes)
            found = self._waits[state] = [k for k in range(len(after)) if after[k] < 0]
        return found

    def keep(self, full: bytes, target: int) -> bytes:
        """The 13-tile state left by the best discard of the 14-tile ``full`` whose shanten is
        ``target``: the loneliest tile (honours and terminals before connected middle tiles) whose
        discard keeps ``target``."""
        found = self._keep.get(full)
        if found is not None:
            return found
        kinds = self.shape.kinds
        order = sorted(
            (k for k in range(len(full)) if full[k]),
            key=lambda k: (_connection(full, k) if k in kinds else -9, k),
        )
        work = bytearray(full)
        chosen = order[0]
        for k in order:
            work[k] -= 1
            if self.shanten(bytes(work)) <= target:
                work[k] += 1
                chosen = k
                break
            work[k] += 1
        work[chosen] -= 1
        found = self._keep[full] = bytes(work)
        return found

    def worth(self, state: bytes, tsumo: bool) -> float:
        key = (state, tsumo)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self.value(state, tsumo)
        return found

    # ------------------------------------------------------------------ playouts
    def expected(self, start: bytes) -> tuple[float, float]:
        """(P(win), expected value) of the 13-tile state ``start`` over the sampled draws."""
        if not self._draws:
            return 0.0, 0.0
        total_p = total_v = 0.0
        for draws in self._draws:
            p, v = self._playout(start, draws)
            total_p += p
            total_v += v
        n = len(self._draws)
        return total_p / n, total_v / n

    def _playout(self, state: bytes, draws: Sequence[int]) -> tuple[float, float]:
        alive = 1.0
        won = value = 0.0
        sh = self.shanten(state)
        for tile in draws:
            if sh == 0 and self.ron_draws > 0:
                waits = self.waits(state)
                hit = sum(self.unseen[k] for k in waits) / self.pool_size
                if hit > 0:
                    p = 1.0 - (1.0 - min(hit, 1.0)) ** self.ron_draws
                    work = bytearray(state)
                    work[max(waits, key=lambda k: self.unseen[k])] += 1
                    won += alive * p
                    value += alive * p * self.worth(bytes(work), False)
                    alive *= 1.0 - p
            alive *= 1.0 - self.hazard
            work = bytearray(state)
            work[tile] += 1
            full = bytes(work)
            after = self.shanten(full)
            if after < sh:
                if after < 0:
                    return won + alive, value + alive * self.worth(full, True)
                state = self.keep(full, after)
                sh = after
        return won, value


def _connection(state: bytes, kind: int) -> int:
    """How much a tile is worth keeping by its neighbours: copies and tiles within two in its suit."""
    held = state[kind] - 1
    score = 3 * held
    if kind < 27:
        n = kind % 9
        for d in (-2, -1, 1, 2):
            if 0 <= n + d <= 8 and state[kind + d]:
                score += 2 if abs(d) == 1 else 1
        if n in (0, 8):
            score -= 1
    return score
