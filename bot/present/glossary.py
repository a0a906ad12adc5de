"""A rule set's own words, looked up by (rule set, language).

Each rule set's descriptor names, in its :class:`~bot.engine.descriptor.Glossary`, where its own words
are (``Glossary.own``: the messages ``glossary.<rules>.<term>`` of its messages.toml, whichever of them a
translator wrote) for the ideas its players say their own way (a win, a self-draw, a win on a discard
and its discarder, ready, the wall running out, the calls, the unit of a hand's value, the round's
name...); the catalogue (bot/i18n) gives each id's text in the reader's language.  A language the rule
set's message leaves out is said with the general word of that language, and a rule set the registry does
not know speaks with the general words.
"""

from __future__ import annotations

from functools import cache

from bot.engine.descriptor import Glossary
from bot.engine.registry import RULE_SETS
from bot.i18n import t
from bot.i18n.catalog import MESSAGES

GENERAL = Glossary()
TERMS: tuple[str, ...] = tuple(GENERAL.terms())
#: The actions a table names in its own words, by action kind: their glossary terms (碰, 上 at a Hong Kong
#: table, 胡, 食糊), for the buttons and the terminal game alike.
ACTION_TERMS: dict[str, str] = {
    "tsumo": "self_draw",
    "ron": "ron",
    "chi": "chi",
    "pon": "pon",
    "kan": "kan",
    "riichi": "riichi",
}


def glossary_of(rules: str) -> Glossary:
    """The rule set's glossary, each term a message the catalogue has: the rule set's own where its
    messages.toml says it (``glossary.<rules>.<term>``), else the general word; the general words for a
    rule set no one registered."""
    info = RULE_SETS.get(rules)
    return _resolved(info.glossary) if info is not None else GENERAL


@cache
def _resolved(declared: Glossary) -> Glossary:
    return declared.resolved(MESSAGES)


def term_id(rules: str, term: str, language: str) -> str:
    """The message id that says ``term`` at a ``rules`` table in ``language``: the rule set's own, or the
    general one where the rule set's leaves that language out."""
    own: str = getattr(glossary_of(rules), term)
    if language in MESSAGES.get(own, {}):
        return own
    general: str = getattr(GENERAL, term)
    return general


def say(rules: str, term: str, language: str, /, **values: object) -> str:
    """``term`` (a :class:`Glossary` field) as a ``rules`` table says it in ``language``."""
    return t(term_id(rules, term, language), language, **values)


def say_value(rules: str, count: object, language: str) -> str:
    """A count in the rule set's unit of a hand's value, in ``language``: ``3 tai``, ``2 han``, ``×2``."""
    return say(rules, "value", language, n=count)
