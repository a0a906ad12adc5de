"""Refusals a user can read in their language.

A :class:`Refusal` is a ValueError whose text is the English sentence, plus a ``message_id`` and the
``values`` it names, so a front end can say the same thing in the reader's language (the translations
of every id, as ``refusal.<id>``: bot/i18n/refusal_messages.toml and bot/rules/<id>/messages.toml).  The
hand notation, the score requests and the scorers raise subclasses of it (NotationError, RequestError,
NotAWin).
"""

from __future__ import annotations


class Refusal(ValueError):
    def __init__(self, message: str, message_id: str = "", **values: object) -> None:
        super().__init__(message)
        self.message_id = message_id
        self.values = values
        self.prefix = ""  # a flag named in front of a wrapped refusal ("--dora: ...")

    @classmethod
    def wrap(cls, exc: ValueError, prefix: str = "") -> Refusal:
        """``exc`` (a refusal of a lower layer) as this class, keeping its message id."""
        new = cls(
            f"{prefix}: {exc}" if prefix else str(exc),
            getattr(exc, "message_id", ""),
            **getattr(exc, "values", {}),
        )
        new.prefix = prefix
        return new


class NotAWin(Refusal):
    """The tiles (or the situation) do not make a scoring win in a rule set; the message says why."""
