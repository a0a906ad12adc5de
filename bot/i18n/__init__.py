"""User-facing text in the four languages of these rule sets' players.

Every message has English, Traditional Chinese, Simplified Chinese and Japanese (a test fails on a
missing one).  The language of a reply is the user's Discord locale when it is one of ours, else the
server's default (``/mahjong language``), else English.
"""

from __future__ import annotations

from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "zh-TW", "zh-CN", "ja")
LANGUAGE_NAMES = {"en": "English", "zh-TW": "繁體中文", "zh-CN": "简体中文", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"

# Discord locale codes that map onto one of ours (Cantonese speakers use zh-TW on Discord).
_DISCORD_LOCALES = {"en-US": "en", "en-GB": "en", "zh-TW": "zh-TW", "zh-CN": "zh-CN", "ja": "ja"}


class MissingMessage(KeyError):
    pass


_catalogue: dict[str, dict[str, str]] | None = None


def _messages() -> dict[str, dict[str, str]]:
    """The catalogue, read on the first message asked for: a command that says nothing in words (``mahjong-bot
    score`` without ``--lang``) never reads the message files."""
    global _catalogue
    if _catalogue is None:
        from bot.i18n.catalog import MESSAGES

        _catalogue = MESSAGES
    return _catalogue


def __getattr__(name: str) -> Any:
    if name == "MESSAGES":  # the catalogue, as this module offered it before it was read lazily
        return _messages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def language_of(discord_locale: str | None) -> str | None:
    """Our language for a Discord locale code, or None when we have no translation for it."""
    if discord_locale is None:
        return None
    return _DISCORD_LOCALES.get(str(discord_locale))


def resolve_language(user_locale: str | None, server_default: str | None = None) -> str:
    """The user's own locale first, then the server's default, then English."""
    return (
        language_of(user_locale)
        or (server_default if server_default in LANGUAGES else None)
        or DEFAULT_LANGUAGE
    )


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **values: object) -> str:
    """The message ``key`` in ``language``, formatted with ``values``."""
    try:
        entry = _messages()[key]
    except KeyError:
        raise MissingMessage(key) from None
    text = entry.get(language) or entry[DEFAULT_LANGUAGE]
    return text.format(**values) if values else text
