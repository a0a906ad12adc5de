"""The ``strong`` level's riichi family (riichi, sanma, mingjiang): the rule set's strategy with
strong-only choices, each behind a class attribute that tests/bench/ab_ai.py switches to screen it.

* ``dealer_push_extra``: one tile from ready against a dealer's riichi, the hand pushes only with that
  much more value (dora + value sets) than against anyone else.  A dealer's win costs half as much
  again in riichi and sanma; in mingjiang the dealer pays and receives as anyone (0 there).  The branch
  check that led to it and its screen are in docs/AI.md (riichi family).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.defence import Threat
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy


class _StrongRiichiFamily(RiichiStrategy):
    dealer_push_extra: ClassVar[int] = 1

    def push_one_value(self, found: Sequence[Threat], value: int) -> int:
        if any(t.declared and t.dealer for t in found):
            return value + self.dealer_push_extra
        return value


class StrongRiichiStrategy(_StrongRiichiFamily):
    pass


class StrongSanmaStrategy(_StrongRiichiFamily, SanmaStrategy):
    pass


class StrongMingjiangStrategy(_StrongRiichiFamily, MingjiangStrategy):
    dealer_push_extra = 0  # the dealer pays and receives as anyone (docs/rules/mingjiang.md)
