"""Text read from people (numbers they type, files they upload) and text cut to fit what shows it.

``str.isdigit`` says yes to "²" and to a run of 5,000 digits, and ``int`` then raises on both (Python
refuses more than 4,300 digits): a number read from outside is ASCII digits, and few of them.
"""

from __future__ import annotations


def whole_number(text: str, *, most_digits: int = 18) -> int | None:
    """The number ``text`` spells in ASCII digits (no sign, no spaces, at most ``most_digits``), else None."""
    if 0 < len(text) <= most_digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut (Discord's field limits, echoes)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
