"""``--lang``: the language a command speaks to a person in (en, zh-TW, zh-CN, ja; bot/i18n's catalogue).

Every command that prints for a person takes it, as ``play`` and ``score`` do; JSON output keeps its
English keys whatever it says (it is for programs).
"""

from __future__ import annotations

import argparse

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES


def add_language(parser: argparse.ArgumentParser, what: str = "the text's language") -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help=f"{what}: {', '.join(LANGUAGES)}"
    )
