"""Errors of the store layer: every failure leaves here as a StoreError with a message for people."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot do what was asked (bad file, newer schema, missing row, broken rule).

    ``message_id`` and ``values``: where given, the message (``refusal.<id>``, bot/i18n) that says it in
    a reader's language (bot/service/refusal.py localized_reason); the English text is the exception's."""

    def __init__(self, message: str = "", message_id: str = "", **values: object) -> None:
        super().__init__(message)
        self.message_id = message_id
        self.values = values


class DecisionConflict(StoreError):
    """A decision with this (game, seq) is already stored with different content."""


class NotFound(StoreError):
    """A row the caller named (game, league, season, league game, player) does not exist."""


class DuplicateKey(StoreError):
    """A row with this key already exists (a unique constraint refused the write).

    Both backends raise it, so a writer that lost a race (two processes appending decision ``seq`` of
    one game) can tell "someone was first" from any other refusal and re-read.
    """


class SettingError(StoreError):
    """The database setting itself is wrong (an unknown scheme, a URL that does not parse): nothing was
    opened or created: bad input, exit code 2 from every command."""
