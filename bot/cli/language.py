"""``--lang``: the language a command speaks to a person in (en, zh-TW, zh-CN, ja; bot/i18n's catalogue).

Every command that prints for a person takes it, as ``play`` and ``score`` do; JSON output keeps its
English keys whatever it says (it is for programs).
"""

from __future__ import annotations

import argparse

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES
from bot.present import rules_title


def add_language(parser: argparse.ArgumentParser, what: str = "the text's language") -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help=f"{what}: {', '.join(LANGUAGES)}"
    )


def rule_set_named(rules: str, language: str) -> str:
    """How a command's line names a rule set: in English by the id its reader types (``--rules riichi``,
    what English scripts and tests read), in another language by the rule set's own title there
    (台灣16張, リーチ麻雀)."""
    return rules if language == DEFAULT_LANGUAGE else rules_title(rules, language)
