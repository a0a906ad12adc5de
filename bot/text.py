"""Text read from people (numbers they type, files they upload) and text cut to fit what shows it.

``str.isdigit`` says yes to "²" and to a run of 5,000 digits, and ``int`` then raises on both (Python
refuses more than 4,300 digits): a number read from outside is ASCII digits, and few of them.
"""

from __future__ import annotations

import unicodedata

#: Hangul fillers: letters, not format characters, that draw nothing (the usual "invisible" Discord name).
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


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
    width spaces and joiners, the word joiner, a BOM, bidi controls) and the Hangul fillers."""
    return "".join(ch for ch in text if ch not in _FILLERS and unicodedata.category(ch) != "Cf")
