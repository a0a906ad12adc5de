"""Which strategy plays which rule set: the rule set's descriptor names it (``RuleSetDescriptor.strategy``);
an unknown rule set gets the plain :class:`Strategy`."""

from __future__ import annotations

from bot.ai.strategy import Strategy
from bot.engine.registry import RULE_SETS

_PLAIN = Strategy()
_STRATEGIES: dict[str, Strategy] = {}


def strategy_for(rules: str) -> Strategy:
    found = _STRATEGIES.get(rules)
    if found is None:
        info = RULE_SETS.get(rules)
        found = info.strategy_class()() if info is not None else _PLAIN
        _STRATEGIES[rules] = found
    return found
