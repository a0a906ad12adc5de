"""The strategy the ``strong`` level plays in each rule set: the rule set's own strategy, or a subclass
of it with strong-only choices (:mod:`bot.ai.strong_sichuan`).  ``normal`` and ``easy`` always play
:func:`bot.ai.rulesets.strategy_for`."""

from __future__ import annotations

from bot.ai.rulesets import strategy_for
from bot.ai.strategy import Strategy
from bot.ai.strong_pihu import StrongPihuStrategy
from bot.ai.strong_sichuan import StrongSichuanStrategy

STRONG_CLASSES: dict[str, type[Strategy]] = {"pihu": StrongPihuStrategy, "sichuan": StrongSichuanStrategy}
# The rule sets whose strong players use their STRONG_CLASSES entry (A/B screens switch it).
ENABLED = frozenset(STRONG_CLASSES)
_STRONG: dict[str, Strategy] = {}
# The farthest shanten the two-step measure (bot/ai/twostep.py) reaches, by rule set (default 2).
TWO_STEP_REACH: dict[str, int] = {}


def two_step_reach(rules: str) -> int:
    """Up to which shanten the strong level measures its fastest discards two draws ahead."""
    return TWO_STEP_REACH.get(rules, 2)


def strong_strategy_for(rules: str) -> Strategy:
    """The strong level's strategy for ``rules``: its strong subclass where one is enabled."""
    if rules not in ENABLED:
        return strategy_for(rules)
    found = _STRONG.get(rules)
    if found is None:
        found = _STRONG[rules] = STRONG_CLASSES[rules]()
    return found
