"""Messages name commands and options as their readers see them.

Discord shows a zh-TW, zh-CN or ja user the localized names of commands and options (``/聯賽 加入``,
``綁定頻道:False``); a message in that language that says ``/league join`` or ``bind:False`` names
something the reader cannot find.  Every command and option name comes from the catalogue itself.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n.catalog import MESSAGES

TOP_LEVEL_NAMES = [texts for key, texts in MESSAGES.items() if re.fullmatch(r"cmd\.[a-z]+\.name", key)]
OPTION_NAMES = [texts for key, texts in MESSAGES.items() if key.startswith("cmd.optname.")]
MESSAGE_KEYS = sorted(key for key in MESSAGES if not key.startswith("cmd."))


def english_mentions(text: str, language: str) -> list[str]:
    """English command (``/league``) and option (``bind:``, `` `seat` ``, ``（final_east）``) names in
    ``text`` where ``language`` has a name of its own."""
    found = []
    for names in TOP_LEVEL_NAMES:
        en = names["en"]
        if names[language] != en and re.search(rf"(?<![\w.])/{en}(?![\w-])", text):
            found.append("/" + en)
    for names in OPTION_NAMES:
        en = names["en"]
        pattern = rf"(?<![\w\-/.{{]){en}:|`{en}`|[（(]{en}[）)]"
        if names[language] != en and re.search(pattern, text):
            found.append(en)
    return found


def test_english_names_are_found_where_a_reader_sees_another() -> None:
    found = english_mentions("可用 /league join 加入；請加上 guests:True（final_east）`seat`", "zh-TW")
    assert sorted(found) == ["/league", "final_east", "guests", "seat"]
    assert english_mentions("可用 `/聯賽 加入` 加入；`新增來賓:True`，牌 pon:777z，{name}：", "zh-TW") == []


@pytest.mark.parametrize("language", ["zh-TW", "zh-CN", "ja"])
def test_messages_name_commands_and_options_as_their_readers_see_them(language: str) -> None:
    wrong = {
        key: found for key in MESSAGE_KEYS if (found := english_mentions(MESSAGES[key][language], language))
    }
    assert wrong == {}
