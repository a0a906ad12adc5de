"""The ``strong`` level's sichuan (血战到底) choices before play: the void suit and the exchange of three,
judged by how far the hand kept would be from complete.

``normal`` declares void the suit with the fewest tiles (then the least connected) and passes the
loneliest tiles of the weakest suit holding three or more.  Fewest tiles is a proxy: three junk tiles in
one suit and a finished run of three in another tie on count, and a suit of four junk tiles loses to a
finished run of three.  Here each suit is tried as the void: the tiles of the other two suits are what the
hand keeps, and their least shanten (the tiles still needed, less one: :func:`least_shanten` counts the
empty places of a short hand as tiles to draw) says how far the hand is from complete.  The suit leaving
the nearest hand is declared, ties broken by normal's rule.  The exchange passes three tiles of the suit
that choice would void (loneliest first); with fewer than three there, all of them and the kept tiles
whose loss costs least.  (The void differs from normal's in about 1.4 % of random deals, the exchange in
about 36 %.)

Screen, strong with vs without this module, seats rotated over the same walls with two easy players, 300
seed groups (1,200 games), seed ao-s1: placement -0.184 (t -3.77), points +2.2 (t +2.01)
(notes/s4-aiother.md).

Pairs kept (:attr:`StrongSichuanStrategy.pairs_bonus`): once the melds (all pons or kans: there is no chi)
and the concealed pairs and triplets reach four, a single goes before a pair or triplet is broken, toward
all triplets (碰碰和 1 fan, 金钩钓 1 more) or seven pairs (2 fan), where accepted tiles alone break pairs
for runs: all triplets were 0.4 % of strong's self-play wins.  tests/bench/ab_ai.py, strong with vs
without (``--before pairs_bonus=0.0``): seed i37-pairs-s, 150 seed groups, -0.078 (t -1.02); fresh seed
i37-pairs-s2 fixed before it ran, 200 groups, -0.129 (s.e. 0.062, t -2.08), points +3.1 (t +2.38); the 350
groups together -0.107 (s.e. 0.048, t -2.22) (docs/AI.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.seatview import SeatView
from bot.ai.sichuan import SichuanStrategy, isolation, suit_structure
from bot.hand.shanten import REGULAR_ONLY, least_shanten

SETS = 4  # a sichuan hand: four sets and a pair, before any call


def short_shanten(counts: Sequence[int]) -> int:
    """Least shanten of a hand that may be short of tiles: regular shapes (whose tables count the missing
    tiles) or seven pairs counted here (a four of a kind is two pairs), since the seven-pairs formula of
    :func:`least_shanten` assumes a full hand."""
    regular = least_shanten(bytes(counts), SETS, True, REGULAR_ONLY)
    pairs = sum(n // 2 for n in counts)
    singles = sum(n % 2 for n in counts)
    missing = max(0, 7 - pairs)
    paired_up = min(singles, missing)
    return min(regular, paired_up + 2 * (missing - paired_up) - 1)


def kept_shanten(counts: Sequence[int], void: int) -> int:
    """Least shanten of the tiles outside suit ``void`` (a short hand counts its missing tiles)."""
    kept = bytearray(counts)
    kept[9 * void : 9 * void + 9] = bytes(9)
    return short_shanten(kept)


def strong_void(counts: Sequence[int]) -> int:
    """The suit to declare void: the one whose loss leaves the nearest hand, then normal's rule."""
    return min(range(3), key=lambda s: (kept_shanten(counts, s), suit_structure(counts, s), s))


def strong_exchange_picks(concealed: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Three tile ids to pass on: from the suit :func:`strong_void` would declare, loneliest first; with
    fewer than three there, the other tiles whose loss leaves the nearest hand fill the rest."""
    void = strong_void(counts)
    pool = [t for t in concealed if t < 108 and (t >> 2) // 9 == void]
    pool.sort(key=lambda t: (-isolation(counts, t >> 2), t))
    picks = pool[:3]
    if len(picks) == 3:
        return picks
    kept = bytearray(counts)
    kept[9 * void : 9 * void + 9] = bytes(9)
    while len(picks) < 3:
        rest = [t for t in concealed if t < 108 and t not in picks and (t >> 2) // 9 != void]

        def loss(t: int) -> tuple[int, int, int]:
            kept[t >> 2] -= 1
            after = short_shanten(kept)
            kept[t >> 2] += 1
            return after, -isolation(counts, t >> 2), t

        pick = min(rest, key=loss)
        kept[pick >> 2] -= 1
        picks.append(pick)
    return picks


def pair_sets(sv: SeatView) -> int:
    """Melds (sichuan has no chi: every meld is a pon or a kan) and concealed pairs or triplets."""
    return len(sv.melds) + sum(1 for n in sv.counts if n >= 2)


class StrongSichuanStrategy(SichuanStrategy):
    """Sichuan for the strong level: normal's play, with the void and exchange of this module, and pairs
    kept toward all triplets (碰碰和 1 fan) or seven pairs (2 fan) once the hand holds :attr:`pairs_from`
    melds and pairs.

    Tried and not kept: kans made even at a shanten step's cost, since a kan pays at once (刮风下雨):
    placement -0.057 (s.e. 0.068, t -0.84) over 150 seed groups (600 games), short of the t -2 fixed
    before the run (docs/AI.md)."""

    pairs_from: ClassVar[int] = 4
    pairs_bonus: ClassVar[float] = 4.0  # accepted-tile units: a single goes before a pair is broken

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        bonus = super().discard_bonus(sv, kind)
        if self.pairs_bonus and pair_sets(sv) >= self.pairs_from:
            bonus += self.pairs_bonus if sv.counts[kind] == 1 else -self.pairs_bonus
        return bonus

    def void_choice(self, counts: Sequence[int]) -> int:
        return strong_void(counts)

    def exchange_choice(self, concealed: Sequence[int], counts: Sequence[int]) -> list[int]:
        return strong_exchange_picks(concealed, counts)
