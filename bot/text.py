"""Text read from people (numbers they type, files they upload) and text cut to fit what shows it.

``str.isdigit`` says yes to "²" and to a run of 5,000 digits, and ``int`` then raises on both (Python
refuses more than 4,300 digits): a number read from outside is ASCII digits, and few of them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

#: Hangul fillers: letters, not format characters, that draw nothing (the usual "invisible" Discord name).
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Zero-width non-joiner and joiner: format characters that change how their neighbours are drawn.
JOINERS = frozenset("\u200c\u200d")
_TAGS = range(0xE0020, 0xE0080)  # emoji tag characters (tag space to cancel tag)
_BLACK_FLAG = "\U0001f3f4"


def whole_number(text: str, *, most_digits: int = 18) -> int | None:
    """The number ``text`` spells in ASCII digits (no sign, no spaces, at most ``most_digits``), else None."""
    if 0 < len(text) <= most_digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut (Discord's field limits, echoes)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def without_invisible(text: str) -> str:
    """``text`` without the characters that draw nothing: Unicode format characters (category Cf: zero
    width spaces, the word joiner, a BOM, bidi controls) and the Hangul fillers.  Kept where they shape
    what they sit in: a zero-width joiner or non-joiner between two characters that draw (👨\u200d👩\u200d👧
    is one family, not three people; Persian and Indic words spell with the non-joiner) and the tags of
    a flag (🏴 and its tag characters are the flag of Scotland)."""
    kept: list[str] = []
    for at, ch in enumerate(text):
        if ch in _FILLERS:
            continue
        if unicodedata.category(ch) != "Cf":
            kept.append(ch)
        elif ch in JOINERS:
            if kept and _draws(kept[-1]) and at + 1 < len(text) and _draws(text[at + 1]):
                kept.append(ch)
        elif ord(ch) in _TAGS and kept and (kept[-1] == _BLACK_FLAG or ord(kept[-1]) in _TAGS):
            kept.append(ch)
    return "".join(kept)


def _draws(ch: str) -> bool:
    return not ch.isspace() and ch not in _FILLERS and unicodedata.category(ch) != "Cf"


def escaped_controls(text: str, keep: str = "") -> str:
    """``text`` with every control character (C0, DEL, C1) and lone surrogate written as its escape
    (``\\x1b``, ``\\ud800``), those in ``keep`` left as they are: what a terminal may be shown of
    text that came from people (ESC would clear the screen; a lone surrogate cannot be encoded)."""
    return "".join(
        ch
        if ch in keep or unicodedata.category(ch) not in ("Cc", "Cs")
        else ch.encode("unicode_escape").decode()
        for ch in text
    )


#: What json.dumps(ensure_ascii=False) leaves raw that a terminal acts on (DEL, C1) or cannot encode.
_RAW_IN_JSON = re.compile("[\x7f-\x9f\ud800-\udfff]")


def json_line(document: object, **options: Any) -> str:
    """``document`` as one JSON text fit for a terminal: readable letters kept (``ensure_ascii`` off),
    every control character and lone surrogate escaped (json itself escapes only C0 controls)."""
    text = json.dumps(document, ensure_ascii=False, **options)
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
