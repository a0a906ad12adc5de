"""``/score table``: a rule set's points table in the reader's language.

The rows come from each rule set's own sheet function (``RuleSetDescriptor.quick_reference``, in its
package: bot/rules/<id>/quick_reference.py), computed with the scorer's own point functions; this
module only lends them the language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.engine.descriptor import load_reference
from bot.engine.registry import RULE_SETS
from bot.i18n import t
from bot.i18n.catalog import MESSAGES
from bot.present import rules_title


class InputError(ValueError):
    """An option that cannot become a request; ``message`` is already localized."""


@dataclass(frozen=True)
class TableSection:
    heading: str
    rows: tuple[str, ...]


@dataclass(frozen=True)
class QuickReference:
    """``/score table``: sections of short rows (each section fits one embed field)."""

    rules: str
    language: str
    title: str
    sections: tuple[TableSection, ...]
    note: str = ""


#: Limits a scorer names in words of its own, by their message ids (others: ``score.limit.<limit>``).
_LIMIT_MESSAGES = {"kazoe yakuman": "score.limit.kazoe"}


def limit_label(limit: str | None, language: str) -> str | None:
    """The localized name of a limit as a scorer writes it (``mangan``, ``2x yakuman``, ``big`` ...); a
    limit no message names comes back as written."""
    if limit is None:
        return None
    key = _LIMIT_MESSAGES.get(limit, f"score.limit.{limit}")
    if key in MESSAGES:
        return t(key, language)
    multiple = re.fullmatch(r"(\d+)x yakuman", limit)
    if multiple:
        return t("score.limit.multi_yakuman", language, n=int(multiple[1]))
    return limit


def quick_reference(rules: str, language: str = "en") -> QuickReference:
    """The rule set's points table, computed with its scorer's own functions."""
    info = RULE_SETS.get(rules)
    if info is None:
        raise InputError(t("score.unknown_rules", language, rules=rules))

    def say(key: str, **values: Any) -> str:
        return t(key, language, **values)

    sheets = load_reference(info.quick_reference)
    sections, note = sheets(say, lambda limit: limit_label(limit, language))
    title = t("qr.title", language, rules=rules_title(rules, language))
    return QuickReference(rules, language, title, tuple(TableSection(h, tuple(r)) for h, r in sections), note)
