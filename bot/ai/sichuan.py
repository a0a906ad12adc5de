"""Strategy for ``sichuan`` (血战到底): the exchange of three, the void suit, and play on after wins.

The referee (bot/rules/sichuan/flow.py) asks for the exchange as three rounds of one ``exchange`` pick
each (the action's ``tile``; whole triples in ``using`` are understood too) and for the void as a
``void`` action naming the suit by its 1 tile in ``using``.  The view gives the seat's own ``void`` once
every seat has declared, the others' ``void`` and ``won`` (a winner is out of the hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.efficiency import HandShape
from bot.ai.hand_value import read_tiles, sichuan_fan
from bot.ai.seatview import MeldView, SeatView
from bot.ai.strategy import EXCHANGE_KINDS, VOID_KINDS, Strategy, suit_of_action
from bot.engine.actions import Action
from bot.hand.shanten import Shapes

SUIT_KINDS = frozenset(range(27))
# Tiles of one suit (hand and melds) from which the full flush is chased.  Measured against `easy` over
# the same walls (200 games each, placement normal - easy): from 7 tiles +0.20, from 9 -0.02, from 11
# -0.11, never -0.14: chasing early costs more speed than the flush's 2 fan bring back.
FLUSH_AT = 11


def suit_structure(counts: Sequence[int], suit: int) -> tuple[int, int]:
    """(tiles, connected pairs) of one suit: fewer of both makes a better void or exchange suit."""
    part = counts[9 * suit : 9 * suit + 9]
    links = sum(1 for n in range(9) if part[n] >= 2)
    links += sum(1 for n in range(8) if part[n] and part[n + 1])
    links += sum(1 for n in range(7) if part[n] and part[n + 2])
    return sum(part), links


def choose_void(counts: Sequence[int]) -> int:
    """The suit to declare void: the fewest tiles, then the least connected, then the lowest."""
    return min(range(3), key=lambda s: (suit_structure(counts, s), s))


def isolation(counts: Sequence[int], kind: int) -> int:
    """How lonely a tile is in its suit (higher = more useless): neighbours within two, and pairs."""
    n = kind % 9
    base = kind - n
    near = sum(counts[base + m] for m in range(max(0, n - 2), min(8, n + 2) + 1) if m != n)
    return 10 - 3 * (counts[kind] - 1) - 2 * near + (2 if n in (0, 8) else 0)


def exchange_picks(concealed: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Three tile ids to pass on: from the weakest suit holding at least three, loneliest first."""
    suits = [s for s in range(3) if suit_structure(counts, s)[0] >= 3]
    suit = min(suits, key=lambda s: (suit_structure(counts, s), s)) if suits else choose_void(counts)
    pool = [t for t in concealed if t < 108 and (t >> 2) // 9 == suit]
    if len(pool) < 3:
        pool += [t for t in concealed if t < 108 and t not in pool]
    pool.sort(key=lambda t: (-isolation(counts, t >> 2), t))
    return pool[:3]


class SichuanStrategy(Strategy):
    id = "sichuan"
    shape = HandShape(Shapes(thirteen_orphans=False, four_as_two_pairs=True), 4, SUIT_KINDS)
    call_freely = True
    # No curve for undeclared hands: blood battle is a race (a seat wins 0.7 hands a hand, and deals in
    # 0.45), and weighing every seat as a threat cost the strong level placement (A/B over the same
    # walls, 400 games: +0.22, t +2.5): a deal-in costs one hand's value, slowing down costs the wins.
    # The curve fitted to normal self-play, for the record: start 0, slope 0.055, per meld 0.12, cap 0.9.
    # For the same reason open hands are no threat either (A/B, 400 games: defending against them cost
    # normal +0.15 placement, t +1.8).
    tenpai_curve = None
    open_threat_factor = 0.0

    def value_kinds(self, sv: SeatView) -> frozenset[int]:
        return frozenset()

    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        void = self.void_suit(sv)
        if void is not None and any(counts[9 * void : 9 * void + 9]):
            return 0.0
        payers = 3 - sum(1 for o in sv.others.values() if o.out) if tsumo else 1
        return float(2 ** sichuan_fan(read_tiles(counts, sv.melds), tsumo) * max(1, payers))

    def void_suit(self, sv: SeatView) -> int | None:
        void = sv.my_field("void")
        return void if isinstance(void, int) and 0 <= void <= 2 else None

    def usable_kinds(self, sv: SeatView) -> frozenset[int]:
        void = self.void_suit(sv)
        if void is None:
            return self.shape.kinds
        return self.shape.kinds - frozenset(range(9 * void, 9 * void + 9))

    def must_discard_first(self, sv: SeatView) -> frozenset[int]:
        void = self.void_suit(sv)
        if void is None:
            return frozenset()
        return frozenset(k for k in range(9 * void, 9 * void + 9) if sv.counts[k])

    def flush_aim(self, sv: SeatView) -> int | None:
        """Full flush (2 fan): a kept suit holding :data:`FLUSH_AT` or more of the hand's tiles."""
        per_suit = [sum(sv.counts[9 * s : 9 * s + 9]) for s in range(3)]
        for m in sv.melds:
            per_suit[m.kinds[0] // 9] += len(m.kinds)
        best = max(range(3), key=lambda s: per_suit[s])
        other_melds = any(m.kinds[0] // 9 != best for m in sv.melds)
        return best if per_suit[best] >= FLUSH_AT and not other_melds else None

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        suit = self.flush_aim(sv)
        if suit is None:
            return 0.0
        return -2.0 if kind // 9 == suit else 2.0

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        suit = self.flush_aim(sv)
        return suit is None or melds[-1].kinds[0] // 9 == suit

    def want_open_kan(self, sv: SeatView) -> bool:
        return True  # kans are paid at once (刮风下雨)

    def void_choice(self, counts: Sequence[int]) -> int:
        """The suit to declare void (:func:`choose_void`)."""
        return choose_void(counts)

    def exchange_choice(self, concealed: Sequence[int], counts: Sequence[int]) -> list[int]:
        """The three tile ids to pass on (:func:`exchange_picks`)."""
        return exchange_picks(concealed, counts)

    def special_action(self, sv: SeatView, legal: Sequence[Action]) -> Action | None:
        voids = [a for a in legal if a.kind in VOID_KINDS]
        if voids:
            wanted = self.void_choice(sv.counts)
            return next((a for a in voids if suit_of_action(a) == wanted), voids[0])
        picks = [a for a in legal if a.kind in EXCHANGE_KINDS]
        if picks:
            return best_exchange_for(picks, sv, self.exchange_choice(sv.concealed, sv.counts))
        return super().special_action(sv, legal)


def best_exchange_for(picks: Sequence[Action], sv: SeatView, wanted: Sequence[int]) -> Action:
    """The offered exchange closest to the ``wanted`` tile ids (whole triples or single tiles)."""
    wanted_kinds = [t >> 2 for t in wanted]

    def closeness(a: Action) -> tuple[int, int, int]:
        tiles = list(a.using) or ([a.tile] if a.tile is not None else [])
        exact = sum(1 for t in tiles if t in wanted)
        same_kind = sum(1 for t in tiles if t >> 2 in wanted_kinds)
        lonely = sum(isolation(sv.counts, t >> 2) for t in tiles if t < 108)
        return exact, same_kind, lonely

    return max(picks, key=closeness)
