"""Table options offered when opening a table (``/mahjong new ... options:``), per rule set.

The options and their common values are each rule set's typed schema (``RuleSetDescriptor.options``);
the referee of each rule set checks the values (bot/rules/*/flow.py).
"""

from __future__ import annotations

from bot.engine.registry import RULE_SETS


def option_suggestions(rules: str | None, typed: str, limit: int = 25) -> list[str]:
    """Completions of the last word being typed, keeping the words before it."""
    info = RULE_SETS.get(rules or "")
    return info.options.suggestions(typed, limit) if info is not None else []
