"""The ``strong`` level's riichi family (riichi, sanma, mingjiang): the rule set's strategy with
strong-only choices, each behind a class attribute that tests/bench/ab_ai.py switches to screen it.
Screened and dropped (docs/AI.md, riichi family): pushing one step from ready against a dealer's riichi
only from value 2 (screen A: +0.007 place, t +0.13, 200 groups).

* ``open_pons``: pons toward speed as strong humans make them (they call in 30-35 % of their hands,
  normal in about 21 %): a value-honour pon at the same shanten when the hand is two steps from ready or
  closer (the yaku and a set), and a closed hand opens with a pon for all simples, all triplets or a
  value pair still to pon whenever the pon makes it faster and leaves it one step from ready (two with
  a dora); the game's last hand's leader pons anything that makes it faster.  Chis keep normal's rule:
  on the same walls a closed hand's chis toward speed did worse than passing (docs/AI.md, screen B).
  Off: normal's rule (open a closed hand only for a value pon, or to get ready, or one step away with
  value 2).
* ``dama_value``: a closed ready hand with a yaku on every wait (so it can win by ron without riichi)
  that is already worth 4 han without riichi (7,700 at 30 fu, or more) stays dama, as strong humans do:
  riichi adds little to it (mangan at most one tier up) and tells everyone to fold.  Off: riichi.
* ``wait_change``: a ready hand without a yaku on a bad wait (one kind, or fewer than 5 winning tiles)
  in its first turns (its river shorter than 6) does not declare yet when 8 or more unseen tiles
  would let it change to a good wait (two kinds or more, 5 tiles or more, not furiten): it stays dama
  (still winning by self-draw) until the wait improves or the early turns pass, then declares.  Off:
  riichi at once.  Narrower than the dama rules that lost on the same walls (late or bad waits kept
  without a change in view: docs/AI.md).
* ``open_fold``: an open hand counts one value less toward pushing against a threat (a riichi: a
  one-from-ready hand pushes from value 1, a ready hand on a thin wait from 2): its value pon is its
  yaku, not extra points, and it has no riichi or ura-dora, so a cheap open hand folds as strong humans
  fold it (the deal-in rate).  Off: normal's count.
* ``one_chance`` (:attr:`Strategy.one_chance`): while defending, a two-sided wait on a number tile that
  needs a kind with one unseen copy (three seen, the own hand included) counts half, as strong humans
  rank such tiles between a fresh tile and a wall (kabe).  Off: only suji and walls count.
* ``flush_calls``: a closed hand chis or pons toward a (half) flush when the call makes it faster,
  leaves it one step from ready or closer and at most one tile off the called suit (the discard after
  the call can throw it): the flush is the yaku and two han or more, where normal opens a closed hand
  one step out only with value 2 (dora, value sets).  Narrower than the chis toward speed that did worse
  than passing on the same walls (docs/AI.md, screen B).  Off: normal's rule for those calls.
"""

from __future__ import annotations

from typing import ClassVar

from bot.ai import placement
from bot.ai.efficiency import Candidate, needed_sets
from bot.ai.hand_value import mingjiang_fan, read_tiles, riichi_han
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy
from bot.ai.seatview import MeldView, SeatView
from bot.ai.value import flush_suit
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.shanten import draw_shanten, least_shanten

VALUE_PON_SAME_STEPS = 2  # a closed hand pons a value pair at the same shanten from this close
DAMA_FROM = 4  # han without riichi from which a ready hand with a yaku on every wait stays dama
GOOD_WAIT = 5  # unseen winning tiles, on two kinds or more, from which a wait is good
EARLY_DISCARDS = 6  # a river shorter than this is early enough to wait for a better wait
FLUSH_CALL_STEPS = 1  # a closed hand calls toward a (half) flush that the call leaves this close
CHANGE_LIKELY = 8  # unseen tiles that lead to a good wait from which a bad yakuless wait waits


class _StrongRiichiFamily(RiichiStrategy):
    open_pons: ClassVar[bool] = True
    dama_value: ClassVar[bool] = True
    wait_change: ClassVar[bool] = True
    dama_from: ClassVar[int] = DAMA_FROM
    open_fold: ClassVar[bool] = True
    one_chance: ClassVar[bool] = True
    flush_calls: ClassVar[bool] = True

    def push_value(self, sv: SeatView, value: int) -> int:
        return value - 1 if self.open_fold and not sv.is_closed else value

    def dama_han(self, sv: SeatView, complete: bytes) -> int:
        """Han of the complete hand ``complete`` won by ron without riichi, dora included; 0 when it
        has no yaku (it cannot win by ron as it stands)."""
        tiles = read_tiles(complete, sv.melds)
        han = riichi_han(tiles, self.value_list(sv), self.dora_count(sv, tiles.kinds), False, riichi=False)
        return int(han + 0.5)

    def want_declare(self, sv: SeatView, choice: Candidate, value: int) -> bool:
        if not super().want_declare(sv, choice, value):
            return False
        if not (self.dama_value or self.wait_change):
            return True
        waits = [w for w in choice.accepts if sv.unseen(w)]
        work = bytearray(sv.counts)
        work[choice.kind] -= 1
        least = 99
        for w in waits:
            work[w] += 1
            least = min(least, self.dama_han(sv, bytes(work)))
            work[w] -= 1
        if waits and least > 0:
            return not (self.dama_value and least >= self.dama_from)
        bad = choice.unseen < GOOD_WAIT or len(waits) < 2
        early = len(sv.my_field("discards", ())) < EARLY_DISCARDS
        if self.wait_change and bad and early:
            return self.good_wait_draws(sv, bytes(work), frozenset(choice.accepts)) < CHANGE_LIKELY
        return True

    def good_wait_draws(self, sv: SeatView, ready: bytes, waits: frozenset[int]) -> int:
        """Unseen tiles that, drawn to the ready hand ``ready``, let it discard to a good wait (two
        kinds or more, :data:`GOOD_WAIT` unseen tiles or more) that is not furiten."""
        shapes = self.hand_shape(sv)
        needed = needed_sets(shapes, len(sv.melds))
        closed = sv.is_closed
        work = bytearray(ready)
        total = 0
        for draw in sorted(shapes.kinds):
            left = sv.unseen(draw)
            if not left or draw in waits:
                continue
            work[draw] += 1
            if self._changes_to_good_wait(sv, work, draw, needed, closed):
                total += left
            work[draw] -= 1
        return total

    def _changes_to_good_wait(
        self, sv: SeatView, work: bytearray, draw: int, needed: int, closed: bool
    ) -> bool:
        shapes = self.hand_shape(sv)
        for discard in range(len(work)):
            if not work[discard] or discard == draw:
                continue
            work[discard] -= 1
            packed = bytes(work)
            good = False
            if least_shanten(packed, needed, closed, shapes.shapes) == 0:
                after = draw_shanten(packed, needed, closed, shapes.shapes)
                new = [k for k in shapes.kinds if after[k] < 0]
                unseen = sum(sv.unseen(k) - (k == draw) for k in new)
                good = len(new) >= 2 and unseen >= GOOD_WAIT and not self.furiten(sv, discard, new)
            work[discard] += 1
            if good:
                return True
        return False

    def open_call(self, sv: SeatView, call: Action, before: int, after: int, value: int) -> bool | None:
        if (
            self.flush_calls
            and sv.is_closed
            and before > after <= FLUSH_CALL_STEPS
            and self._to_flush(sv, call)
        ):
            return True
        if not self.open_pons or call.kind != A.PON or call.tile is None:
            return None
        value_pon = call.tile >> 2 in self.value_kinds(sv)
        if value_pon and sv.is_closed and after == before <= VALUE_PON_SAME_STEPS:
            return True
        if after >= before:
            return False
        if not sv.is_closed or after == 0 or value_pon or placement.stance(sv) == placement.LEAD:
            return True
        return after == 1 or value >= 1

    @staticmethod
    def _to_flush(sv: SeatView, call: Action) -> bool:
        """Whether a chi or pon of a number tile leaves a (half) flush in its suit with at most one
        concealed tile of the other two suits."""
        if call.kind not in (A.CHI, A.PON) or call.tile is None or call.tile >> 2 >= 27:
            return False
        using = [t >> 2 for t in call.using]
        rest = list(sv.counts)
        for k in using:
            rest[k] -= 1
        meld = MeldView(call.kind, tuple(sorted(using + [call.tile >> 2])), call.tile)
        return flush_suit(rest, sv.melds + (meld,), slack=1) == (call.tile >> 2) // 9


class StrongRiichiStrategy(_StrongRiichiFamily):
    pass


class StrongSanmaStrategy(_StrongRiichiFamily, SanmaStrategy):
    pass


class StrongMingjiangStrategy(_StrongRiichiFamily, MingjiangStrategy):
    def dama_han(self, sv: SeatView, complete: bytes) -> int:
        """Fan without riichi (0 below the one-fan minimum), dora fan included."""
        tiles = read_tiles(complete, sv.melds)
        hits = sum(1 for d in self.dora(sv) if tiles.kinds[d])
        return mingjiang_fan(tiles, self.value_list(sv), hits, False, riichi=False)
