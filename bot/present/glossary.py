"""A rule set's own words, looked up by (rule set, language).

Each rule set's descriptor names, in its :class:`~bot.engine.descriptor.Glossary`, the message ids of the
ideas its players say their own way (today the unit of a hand's value, the points a win pays and the
dealer's repeat counter); the catalogue (bot/i18n) gives each id's text in the reader's language.  A rule
set the registry does not know speaks with the general words.
"""

from __future__ import annotations

from bot.engine.descriptor import Glossary
from bot.engine.registry import RULE_SETS
from bot.i18n import t

GENERAL = Glossary()


def glossary_of(rules: str) -> Glossary:
    """The rule set's glossary; the general words for a rule set no one registered."""
    info = RULE_SETS.get(rules)
    return info.glossary if info is not None else GENERAL


def say_value(rules: str, count: object, language: str) -> str:
    """A count in the rule set's unit of a hand's value, in ``language``: ``3 tai``, ``2 han``, ``×2``."""
    return t(glossary_of(rules).value, language, n=count)
