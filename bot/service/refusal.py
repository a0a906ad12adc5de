"""The one polite refusal every service raises and every front end answers.

``key`` names a message of the catalogue (bot/i18n), ``values`` fill it: the front end shows it in the
user's language (Discord: an ephemeral answer; the terminal: a line).  A refusal is never a traceback.
"""

from __future__ import annotations


class Refusal(Exception):
    """A polite refusal: ``key`` names a message of bot/i18n, ``values`` fill it."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, language: str) -> str:
        from bot.i18n import t

        return t(self.key, language, **self.values)

    def __str__(self) -> str:
        return self.text("en")
