"""The strategy the ``strong`` level plays in each rule set: the rule set's own strategy, or a subclass
of it with strong-only choices (:mod:`bot.ai.strong_sichuan`, :mod:`bot.ai.strong_riichi`).  ``normal``
and ``easy`` always play :func:`bot.ai.rulesets.strategy_for`."""

from __future__ import annotations

from bot.ai.rulesets import strategy_for
from bot.ai.strategy import Strategy
from bot.ai.strong_pihu import StrongPihuStrategy
from bot.ai.strong_riichi import StrongMingjiangStrategy, StrongRiichiStrategy, StrongSanmaStrategy
from bot.ai.strong_sichuan import StrongSichuanStrategy

STRONG_CLASSES: dict[str, type[Strategy]] = {
    "pihu": StrongPihuStrategy,
    "sichuan": StrongSichuanStrategy,
    "riichi": StrongRiichiStrategy,
    "sanma": StrongSanmaStrategy,
    "mingjiang": StrongMingjiangStrategy,
}
# The rule sets whose strong players use their STRONG_CLASSES entry (A/B screens switch it).
ENABLED = frozenset(STRONG_CLASSES)
_STRONG: dict[str, Strategy] = {}
# The farthest shanten the two-step measure (bot/ai/twostep.py) reaches, by rule set (default 2).
# taiwan 3: 16-tile hands spend long three steps out.  Screens, strong with 3 vs with 2, seats rotated
# with two easy players, 300 seed groups (1,200 games) each: -0.081 (t -1.61, ao-t2), -0.048 (t -0.97,
# ao-t2b), -0.087 (t -1.75, ao5-t2c); pooled 900 groups -0.072 (t -2.50, the line fixed before the
# third screen: notes/s5-aiother.md).  It changes about 4 % of strong's decisions.
TWO_STEP_REACH: dict[str, int] = {"taiwan": 3}


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
