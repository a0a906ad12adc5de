"""Strategies for the riichi family: ``riichi``, ``sanma`` (kita) and ``mingjiang`` (limit awareness)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.efficiency import HandShape
from bot.ai.hand_value import MINGJIANG_BASE, mingjiang_fan, read_tiles, riichi_han, riichi_points
from bot.ai.seatview import MeldView, SeatView
from bot.ai.strategy import Strategy
from bot.ai.value import (
    flush_suit,
    held_kinds,
    tanyao_possible,
    toitoi_possible,
    value_honour_sets,
    value_pair_waiting,
)
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.shanten import RIICHI_SHAPES, Shapes, least_shanten, shanten_knitted, shanten_thirteen_orphans
from bot.hand.tiles import NUM_KINDS, RED_FIVE_IDS, TERMINALS_AND_HONORS, dora_from_indicator

SANMA_KINDS = frozenset(k for k in range(NUM_KINDS) if not 1 <= k <= 7)
_NOT_KNITTED = Shapes(four_as_two_pairs=True)  # 明將's shapes but 十四不搭
YAKU_KEEPING = 160.0  # an open hand drops what breaks its only yaku, even at a shanten step
# ... but late, where a ready shape is paid at an exhaustive draw, not at a step (a shanten step is 150)
YAKU_KEEPING_LATE = 100.0


class RiichiStrategy(Strategy):
    id = "riichi"
    shape = HandShape(RIICHI_SHAPES, 4, frozenset(range(NUM_KINDS)))
    needs_yaku = True
    red_ids = RED_FIVE_IDS
    call_freely = False
    river_furiten = True
    # No curve for undeclared hands at the normal level: a ready closed hand mostly declares riichi, and
    # weighing every hand by a curve fitted to normal's games cost placement (A/B over the same walls:
    # riichi +0.04 in 400 games, sanma +0.11 in 390, t +1.5).  The strong level reads them by curves
    # fitted to its own games (bot/ai/strong_riichi.py).
    sanma: ClassVar[bool] = False

    def dora(self, sv: SeatView) -> tuple[int, ...]:
        return tuple(dora_from_indicator(t >> 2, self.sanma) for t in sv.dora_indicators)

    def value_list(self, sv: SeatView) -> list[int]:
        """Value honours, a double wind listed twice."""
        double = sv.value_winds.count(sv.seat_wind) == 2
        return sorted(self.value_kinds(sv)) + ([sv.seat_wind] if double else [])

    def dora_count(self, sv: SeatView, kinds: Sequence[int]) -> int:
        dora = self.dora(sv)
        red = sum(1 for t in sv.concealed if t in self.red_ids)
        red += sum(1 for m in sv.melds if m.called in self.red_ids)
        return sum(kinds[d] for d in dora) + red + sv.kita

    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        tiles = read_tiles(counts, sv.melds)
        han = riichi_han(tiles, self.value_list(sv), self.dora_count(sv, tiles.kinds), tsumo)
        return riichi_points(han, sv.is_dealer)

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        """An open hand needs a yaku: a value set (made, or a pair still ponnable), all simples,
        a (half) flush or all triplets."""
        value = self.value_kinds(sv)
        return (
            value_honour_sets(counts, melds, value) > 0
            or value_pair_waiting(sv, counts, value)
            or tanyao_possible(counts, melds)
            or flush_suit(counts, melds) is not None
            or toitoi_possible(counts, melds)
        )

    def furiten(self, sv: SeatView, discard: int, waits: Sequence[int]) -> bool:
        """Tenhou: any wait among your own discards (the one about to go included) bars every ron."""
        river = sv.own_discards | {discard}
        return any(w in river for w in waits)

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        """On top of dora and value honours: an open hand without a made value set must keep its yaku,
        so the tiles that break all simples or the (half) flush it is built on go first."""
        bonus = super().discard_bonus(sv, kind)
        if sv.is_closed or value_honour_sets(sv.counts, sv.melds, self.value_kinds(sv)):
            return bonus
        keeping = YAKU_KEEPING_LATE if self.plays_for_draw_tenpai(sv) else YAKU_KEEPING
        if tanyao_possible(sv.counts, sv.melds, slack=3):
            return bonus + (keeping if kind in TERMINALS_AND_HONORS else 0.0)
        suit = flush_suit(sv.counts, sv.melds, slack=4)
        if suit is not None:
            return bonus + (keeping if kind < 27 and kind // 9 != suit else 0.0)
        return bonus

    def want_closed(self, sv: SeatView) -> bool:
        # Seven pairs on the way (five pairs or more): a call would throw it away.
        return sv.is_closed and sum(1 for c in sv.counts if c >= 2) >= 5

    def special_action(self, sv: SeatView, legal: Sequence[Action]) -> Action | None:
        found = super().special_action(sv, legal)
        if found is not None:
            return found
        for a in legal:
            # Abort unless thirteen orphans is within reach.
            if a.kind == A.NINE_TERMINALS and shanten_thirteen_orphans(sv.counts) > 2:
                return a
        return None


class SanmaStrategy(RiichiStrategy):
    """Three-player: no 2m-8m, north set aside as kita (always: a dora and a free replacement draw)."""

    id = "sanma"
    shape = HandShape(Shapes(three_player=True), 4, SANMA_KINDS)
    red_ids = frozenset({52, 88})
    sanma = True


class MingjiangStrategy(RiichiStrategy):
    """明將: the indicator itself is dora, one fan minimum, fan capped at 10 and limit hands that do not
    add up.  Limit awareness: keep a hand closed on the way to four concealed triplets or seven pairs,
    and skip riichi once the hand is worth the cap without it (riichi would only lock it)."""

    id = "mingjiang"
    shape = HandShape(Shapes(four_as_two_pairs=True, knitted=True), 4, frozenset(range(NUM_KINDS)))
    red_ids = frozenset()
    fan_cap: ClassVar[int] = 10
    # Dora by presence, as 明將 pays them (one fan per indicator whose kind is in the hand, however many
    # copies): a second copy adds nothing to the hand's value and may go.  Off: by copies, as riichi.
    dora_by_presence: ClassVar[bool] = False
    # A hand's fan counts the shape yaku its tiles show (hand_value.mingjiang_shape_fan).  Off: not.
    shape_fan: ClassVar[bool] = False

    def dora(self, sv: SeatView) -> tuple[int, ...]:
        return tuple(t >> 2 for t in sv.dora_indicators)

    def dora_value(self, sv: SeatView) -> int:
        return self.dora_fan(sv) if self.dora_by_presence else super().dora_value(sv)

    def dora_fan(self, sv: SeatView) -> int:
        """Fan the dora give the hand as it stands: one per indicator whose kind it holds."""
        held = set(held_kinds(sv))
        return sum(1 for d in self.dora(sv) if d in held)

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        """As riichi's, but with :attr:`dora_by_presence` a dora kind is worth keeping only as its last
        copy in the hand (a meld of it keeps the fan too)."""
        bonus = super().discard_bonus(sv, kind)
        dora = self.dora(sv)
        if self.dora_by_presence and kind in dora:
            copies = sv.counts[kind] + sum(m.kinds.count(kind) for m in sv.melds)
            if copies >= 2:
                bonus += 2.5 * dora.count(kind)  # the fan stays with the copy kept
        return bonus

    def hand_shape(self, sv: SeatView) -> HandShape:
        """十四不搭 (knitted) is counted only while it is within a step of the other shapes: it is rare,
        and counting its accepted tiles is the slow part of a decision."""
        if sv.is_closed and sum(sv.counts) in (13, 14):
            knitted = shanten_knitted(sv.counts)
            others = least_shanten(bytes(sv.counts), 4, True, _NOT_KNITTED)
            if knitted <= others + 1:
                return self.shape
        return HandShape(_NOT_KNITTED, 4, self.shape.kinds)

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        """Open fan: value sets, flushes, two suits without honours (缺一門) or all triplets."""
        value = self.value_kinds(sv)
        return (
            value_honour_sets(counts, melds, value) > 0
            or value_pair_waiting(sv, counts, value)
            or flush_suit(counts, melds) is not None
            or _two_suits_possible(counts, melds)
            or toitoi_possible(counts, melds)
        )

    def furiten(self, sv: SeatView, discard: int, waits: Sequence[int]) -> bool:
        """明將: only the winning tile itself in your own river bars a ron, so a hand is furiten
        here when every wait is in it."""
        river = sv.own_discards | {discard}
        return bool(waits) and all(w in river for w in waits)

    def want_closed(self, sv: SeatView) -> bool:
        concealed_sets = sum(1 for c in sv.counts if c >= 3)
        return super().want_closed(sv) or (sv.is_closed and concealed_sets >= 3)

    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        return 3.0 * MINGJIANG_BASE[self.fan_of(sv, counts, tsumo)]

    def fan_of(self, sv: SeatView, counts: bytes, tsumo: bool, riichi: bool = True) -> int:
        """Fan of the complete hand of these concealed ``counts`` and the seat's melds, its dora by
        presence (the shape yaku too with :attr:`shape_fan`); 0 below the one-fan minimum."""
        tiles = read_tiles(counts, sv.melds)
        hits = sum(1 for d in self.dora(sv) if tiles.kinds[d])
        shapes = counts if self.shape_fan else None
        return mingjiang_fan(tiles, self.value_list(sv), hits, tsumo, riichi=riichi, concealed=shapes)

    def estimated_fan(self, sv: SeatView) -> int:
        fan = self.dora_fan(sv) + value_honour_sets(sv.counts, sv.melds, self.value_kinds(sv))
        suit = flush_suit(sv.counts, sv.melds, slack=0)
        if suit is not None:
            fan += 5 if not any(sv.counts[27:]) else 2
        return fan

    def want_riichi(self, sv: SeatView, wait_unseen: int, value: int) -> bool:
        if wait_unseen == 0:
            return False
        if sum(1 for c in sv.counts if c >= 3) >= 3:
            return False  # a concealed-triplets limit is near: the limit does not add riichi
        return self.estimated_fan(sv) < self.fan_cap - 1


def _two_suits_possible(counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
    if any(k >= 27 for m in melds for k in m.kinds) or sum(counts[27:34]) > 1:
        return False
    suits = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    for m in melds:
        suits[m.kinds[0] // 9] += 3
    return min(suits) <= 1
