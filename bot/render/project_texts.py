"""Every character the project's own texts can put on a picture: the message catalogue (bot/i18n/*.toml,
each rule set's messages.toml), each rule set's line names (yaku, fan, tai) in every language, and the
words of imported game records that a replayed hand shows as written (Tenhou's yaku, draws and limits:
``1飜``).

tools/subset_fonts.py puts each of them into the shipped fonts; tests/render/test_font_coverage.py checks
that the shipped fonts draw them all.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.registry import RULE_SETS
from bot.i18n.catalog import MESSAGES
from bot.logs.tenhou6 import DRAW_RESULTS, PLAIN_DRAWS, YAKU_IDS
from bot.logs.tenhou6_writer import LIMITS
from bot.rules.names import names_table

#: Tenhou's units in a hand's summary line ('30符4飜7700点').
RECORD_UNITS = "符飜点"
#: Other spellings of the project's terms that players write and the code names (嚦咕嚦咕: seven pairs and
#: a triplet, written 哩咕哩咕 in the names table of the rule set that has it).
OTHER_SPELLINGS = ("嚦咕嚦咕",)


def project_texts() -> Iterable[str]:
    for texts in MESSAGES.values():
        yield from texts.values()
    for rules in RULE_SETS:
        for names in names_table(rules).values():
            yield from names.values()
    yield from YAKU_IDS
    yield from DRAW_RESULTS
    yield from PLAIN_DRAWS
    yield from (name for _, name, _ in LIMITS)
    yield RECORD_UNITS
    yield from OTHER_SPELLINGS


def project_characters() -> set[str]:
    """The characters of every text in every language, spaces and line breaks left out."""
    return {ch for text in project_texts() for ch in text if not ch.isspace()}
