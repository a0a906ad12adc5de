"""Presenters: what a view or a result *says*, in one language, for every front end.

Pure functions from the engine's views and results to text (and to the renderer's scenes): the Discord
cog and the terminal game both call them, so a result reads the same everywhere.  No Discord, no I/O.
"""

from bot.i18n import t  # noqa: E402
from bot.i18n.catalog import MESSAGES  # noqa: E402


def rules_title(rules: str, language: str) -> str:
    """A rule set's name in ``language``; a rule set the catalogue does not know (a new package, a
    test-only one) by its descriptor's title."""
    if f"rules.{rules}" in MESSAGES:
        return t(f"rules.{rules}", language)
    from bot.engine.registry import RULE_SETS

    return RULE_SETS[rules].title if rules in RULE_SETS else rules
