"""One place that knows every rule set's names table: a yaku/fan/tai line id -> its name in a language.

Win records (``Game.hands[i]["result"]["wins"][j]["yaku"]``) carry line ids in every rule set; pictures,
the terminal game and the score replies turn them into names here, so no caller needs to know that riichi
keeps ``YAKU_NAMES`` and the others ``NAMES``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.rules.mingjiang.names import NAMES as MINGJIANG_NAMES
from bot.rules.pihu.names import NAMES as PIHU_NAMES
from bot.rules.riichi.names import YAKU_NAMES as RIICHI_NAMES
from bot.rules.sichuan.names import NAMES as SICHUAN_NAMES
from bot.rules.taiwan.names import NAMES as TAIWAN_NAMES

LANGUAGES: tuple[str, ...] = ("en", "ja", "zh-TW", "zh-CN")

# Sanma scores with riichi's yaku, so it shares riichi's table.
_TABLES: Mapping[str, dict[str, dict[str, str]]] = {
    "riichi": RIICHI_NAMES,
    "sanma": RIICHI_NAMES,
    "mingjiang": MINGJIANG_NAMES,
    "sichuan": SICHUAN_NAMES,
    "taiwan": TAIWAN_NAMES,
    "pihu": PIHU_NAMES,
}


def names_table(rules: str) -> dict[str, dict[str, str]]:
    """The rule set's line names: id -> language -> name.  A ValueError names an unknown rule set."""
    try:
        return _TABLES[rules]
    except KeyError:
        known = ", ".join(sorted(_TABLES))
        raise ValueError(f"unknown rule set {rules!r} (known: {known})") from None


def line_name(rules: str, line_id: str, language: str = "en") -> str:
    """The name of a line id in a language, English when that language lacks it.

    An id the table does not know (or an unknown rule set) comes back unchanged: older records kept
    display names, and showing them as written beats failing on them.
    """
    names = _TABLES.get(rules, {}).get(line_id)
    if names is None:
        return line_id
    return names.get(language) or names.get("en") or line_id
