"""Refusals of the league service: an i18n key of bot/i18n/league_messages.py and its values."""

from __future__ import annotations

from collections.abc import Sequence


class LeagueRefusal(Exception):
    """A polite refusal: ``key`` names the message in bot/i18n (league.*), ``values`` fill it."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        from bot.i18n import t

        return t(self.key, "en", **self.values)


class ImportNeedsMapping(LeagueRefusal):
    """Some names of an imported record match no member (or several): ask who sat in those seats."""

    def __init__(self, names: Sequence[str], unmatched: Sequence[int]) -> None:
        seats = ", ".join(f"{_SEAT_NAMES[s]}: {names[s]}" for s in unmatched)
        super().__init__("league.import.unmatched", seats=seats)
        self.names = tuple(names)
        self.unmatched = tuple(unmatched)


_SEAT_NAMES = ("east", "south", "west", "north")
