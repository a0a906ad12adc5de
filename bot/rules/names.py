"""One place that knows every rule set's names table: a yaku/fan/tai line id -> its name in a language.

Win records (``Game.hands[i]["result"]["wins"][j]["yaku"]``) carry line ids in every rule set; pictures,
the terminal game and the score replies turn them into names here.  Each rule set's descriptor names its
table (``RuleSetDescriptor.names``); it is imported the first time a name is asked for.
"""

from __future__ import annotations

from bot.engine.registry import RULE_SETS

LANGUAGES: tuple[str, ...] = ("en", "ja", "zh-TW", "zh-CN")


def names_table(rules: str) -> dict[str, dict[str, str]]:
    """The rule set's line names: id -> language -> name.  A ValueError names an unknown rule set."""
    info = RULE_SETS.get(rules)
    if info is None:
        known = ", ".join(sorted(RULE_SETS))
        raise ValueError(f"unknown rule set {rules!r} (known: {known})")
    return info.names_table


def line_name(rules: str, line_id: str, language: str = "en") -> str:
    """The name of a line id in a language, English when that language lacks it.

    An id the table does not know (or an unknown rule set) comes back unchanged: older records kept
    display names, and showing them as written beats failing on them.
    """
    info = RULE_SETS.get(rules)
    names = info.names_table.get(line_id) if info is not None else None
    if names is None:
        return line_id
    return names.get(language) or names.get("en") or line_id
