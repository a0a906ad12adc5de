"""Strategy for ``taiwan`` (16-tile): five sets and a pair, flowers set aside at once, chi and pon
speed the hand up (no yaku needed), and ready declarations (天聽, MIGI, 地聽) lock the hand, so they are
made only on a wait with enough tiles left.

The referee (bot/rules/taiwan/flow.py) offers a declaration as a RIICHI action with the discard that
declares it (天聽, MIGI or 地聽, whichever the moment allows), handled like riichi; a bare yes/no
action without a tile is understood too.  Both are decided by :data:`MIN_READY_WAIT`.  Flower wins
(七搶一 as a RON on the robbed flower, 八仙過海 as a TSUMO naming a flower) are always taken.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.efficiency import HandShape, accepted, discard_candidates
from bot.ai.hand_value import read_tiles, taiwan_tai, value_sets
from bot.ai.seatview import MeldView, SeatView
from bot.ai.strategy import READY_KINDS, Strategy
from bot.ai.value import flush_suit
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.shanten import REGULAR_ONLY
from bot.hand.tiles import NUM_KINDS

MIN_READY_WAIT = 3  # unseen winning tiles before a locked declaration is worth its tai
# 混一色 is 4 tai and 清一色 12 on a base of 50 + 20 a tai: a flush pays two to six times a plain hand.
# It is chased while at most FLUSH_SLACK concealed tiles lie outside the suit (and honours) and every
# meld is in it; off-suit tiles then go first (FLUSH_BONUS accepted-tile units) and only calls in the
# suit or of honours are made.
FLUSH_SLACK = 3
FLUSH_BONUS = 8.0


class TaiwanStrategy(Strategy):
    id = "taiwan"
    shape = HandShape(REGULAR_ONLY, 5, frozenset(range(NUM_KINDS)))
    riichi_kinds = frozenset({A.RIICHI}) | READY_KINDS
    call_freely = True
    # Chi and pon are everyday here (a call in 85% of hands): an open hand alone is no sign of danger,
    # and defending against them cost normal +0.14 placement (A/B over the same walls, 400 games,
    # t +1.5; -61 points, t -2.4).  Weighing every hand by its discards and calls (fitted to self-play:
    # start 4, slope 0.038 a discard, 0.08 a meld) made no difference to the strong level (-0.007,
    # t -0.1, 400 games), so there is no curve either.
    open_threat_factor = 0.0

    def want_riichi(self, sv: SeatView, wait_unseen: int, value: int) -> bool:
        return wait_unseen >= MIN_READY_WAIT

    def flush_aim(self, sv: SeatView) -> int | None:
        if FLUSH_SLACK < 0:
            return None
        return flush_suit(sv.counts, sv.melds, slack=FLUSH_SLACK)

    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        bonus = super().discard_bonus(sv, kind)
        suit = self.flush_aim(sv)
        if suit is None:
            return bonus
        return bonus + (FLUSH_BONUS if kind < 27 and kind // 9 != suit else 0.0)

    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        suit = self.flush_aim(sv)
        called = melds[-1].kinds[0]
        return suit is None or called >= 27 or called // 9 == suit

    def own_flowers(self, sv: SeatView) -> int:
        """Flowers of this seat's own number (1 東 ...), each worth a tai."""
        wind = (sv.seat - sv.dealer) % sv.players
        return sum(1 for f in sv.flowers if (f - 136) % 4 == wind)

    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        tiles = read_tiles(counts, sv.melds)
        winds = list(sv.value_winds)
        sets = value_sets(tiles, [31, 32, 33, *winds])
        tai = taiwan_tai(tiles, sets, self.own_flowers(sv), sv.is_dealer, tsumo)
        return (50.0 + 20.0 * tai) * (3 if tsumo else 1)

    def ready_wait(self, sv: SeatView) -> int:
        """Unseen winning tiles of the best ready hand this seat can hold now (0: not ready)."""
        melds = len(sv.melds)
        tiles = sum(sv.counts)
        needed = self.shape.sets - melds
        if tiles == 3 * needed + 1:
            shanten, _kinds, unseen = accepted(sv.counts, melds, self.shape, sv.unseen, melds == 0)
            return unseen if shanten == 0 else 0
        if tiles == 3 * needed + 2:
            choices = [k for k in range(NUM_KINDS) if sv.counts[k]]
            cands = discard_candidates(sv.counts, melds, melds == 0, self.shape, sv.unseen, choices)
            return max((c.unseen for c in cands if c.shanten == 0), default=0)
        return 0

    def special_action(self, sv: SeatView, legal: Sequence[Action]) -> Action | None:
        found = super().special_action(sv, legal)
        if found is not None:
            return found
        bare = [a for a in legal if a.kind in READY_KINDS and a.tile is None]
        if bare and self.ready_wait(sv) >= MIN_READY_WAIT:
            return bare[0]
        return None
