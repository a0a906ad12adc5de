"""The ``strong`` level's riichi family (riichi, sanma, mingjiang): the rule set's strategy with
strong-only choices, each behind a class attribute that tests/bench/ab_ai.py switches to screen it.

* ``dealer_push_extra``: one tile from ready against a dealer's riichi, the hand pushes only with that
  much more value (dora + value sets) than against anyone else.  A dealer's win costs half as much
  again in riichi and sanma; in mingjiang the dealer pays and receives as anyone (0 there).  The branch
  check that led to it and its screen are in docs/AI.md (riichi family).
* ``open_calls``: calls toward speed as strong humans make them (they call in 30-35 % of their hands,
  normal in about 21 %): a value-honour pon at the same shanten when the hand is two steps from ready or
  closer (the yaku and a set), and a closed hand opens for all simples, all triplets or a value pair to
  pon whenever the call makes it faster and leaves it one step from ready (two with a dora), for a (half)
  flush up to two steps out; in the game's last hand the leader calls anything that makes it faster.
  Off: normal's rule (open a closed hand only for a value pon, or to get ready, or one step away with
  value 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai import placement
from bot.ai.defence import Threat
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy
from bot.ai.seatview import MeldView, SeatView
from bot.ai.value import flush_suit
from bot.engine import actions as A
from bot.engine.actions import Action

VALUE_PON_SAME_STEPS = 2  # a closed hand pons a value pair at the same shanten from this close
FLUSH_STEPS = 2  # a closed hand opens toward a (half) flush from this many steps out


class _StrongRiichiFamily(RiichiStrategy):
    dealer_push_extra: ClassVar[int] = 1
    open_calls: ClassVar[bool] = True

    def push_one_value(self, found: Sequence[Threat], value: int) -> int:
        if any(t.declared and t.dealer for t in found):
            return value + self.dealer_push_extra
        return value

    def open_call(self, sv: SeatView, call: Action, before: int, after: int, value: int) -> bool | None:
        if not self.open_calls or call.tile is None:
            return None
        called = call.tile >> 2
        value_pon = call.kind == A.PON and called in self.value_kinds(sv)
        if value_pon and sv.is_closed and after == before <= VALUE_PON_SAME_STEPS:
            return True
        if after >= before:
            return False
        if not sv.is_closed or after == 0 or value_pon or placement.stance(sv) == placement.LEAD:
            return True
        using = [t >> 2 for t in call.using]
        rest = list(sv.counts)
        for k in using:
            rest[k] -= 1
        meld = MeldView(call.kind, tuple(sorted([*using, called])), call.tile)
        if flush_suit(rest, (*sv.melds, meld), slack=2) is not None:
            return after <= FLUSH_STEPS
        return after == 1 or value >= 1


class StrongRiichiStrategy(_StrongRiichiFamily):
    pass


class StrongSanmaStrategy(_StrongRiichiFamily, SanmaStrategy):
    pass


class StrongMingjiangStrategy(_StrongRiichiFamily, MingjiangStrategy):
    dealer_push_extra = 0  # the dealer pays and receives as anyone (docs/rules/mingjiang.md)
