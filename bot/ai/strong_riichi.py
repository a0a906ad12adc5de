"""The ``strong`` level's riichi family (riichi, sanma, mingjiang): the rule set's strategy with
strong-only choices, each behind a class attribute that tests/bench/ab_ai.py switches to screen it.

* ``dealer_push_extra``: one tile from ready against a dealer's riichi, the hand pushes only with that
  much more value (dora + value sets) than against anyone else.  A dealer's win costs half as much
  again in riichi and sanma; in mingjiang the dealer pays and receives as anyone (0 there).  The branch
  check that led to it and its screen are in docs/AI.md (riichi family).
* ``open_pons``: pons toward speed as strong humans make them (they call in 30-35 % of their hands,
  normal in about 21 %): a value-honour pon at the same shanten when the hand is two steps from ready or
  closer (the yaku and a set), and a closed hand opens with a pon for all simples, all triplets or a
  value pair still to pon whenever the pon makes it faster and leaves it one step from ready (two with
  a dora); the game's last hand's leader pons anything that makes it faster.  Chis keep normal's rule:
  on the same walls a closed hand's chis toward speed did worse than passing (docs/AI.md, screen B).
  Off: normal's rule (open a closed hand only for a value pon, or to get ready, or one step away with
  value 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai import placement
from bot.ai.defence import Threat
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy
from bot.ai.seatview import SeatView
from bot.engine import actions as A
from bot.engine.actions import Action

VALUE_PON_SAME_STEPS = 2  # a closed hand pons a value pair at the same shanten from this close


class _StrongRiichiFamily(RiichiStrategy):
    dealer_push_extra: ClassVar[int] = 1
    open_pons: ClassVar[bool] = True

    def push_one_value(self, found: Sequence[Threat], value: int) -> int:
        if any(t.declared and t.dealer for t in found):
            return value + self.dealer_push_extra
        return value

    def open_call(self, sv: SeatView, call: Action, before: int, after: int, value: int) -> bool | None:
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


class StrongRiichiStrategy(_StrongRiichiFamily):
    pass


class StrongSanmaStrategy(_StrongRiichiFamily, SanmaStrategy):
    pass


class StrongMingjiangStrategy(_StrongRiichiFamily, MingjiangStrategy):
    dealer_push_extra = 0  # the dealer pays and receives as anyone (docs/rules/mingjiang.md)
