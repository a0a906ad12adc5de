"""Refusals of the league service: an i18n key of bot/i18n/league_messages.py and its values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.league.entry import EntryError


class LeagueRefusal(Exception):
    """A polite refusal: ``key`` names the message in bot/i18n (league.*), ``values`` fill it.

    ``line``: the line of an uploaded file it is about; ``details``: the refusals it is made of (one per
    bad line of a CSV import), shown under it.
    """

    def __init__(
        self,
        key: str,
        *,
        line: int | None = None,
        details: Sequence[LeagueRefusal] = (),
        **values: object,
    ) -> None:
        super().__init__(key)
        self.key = key
        self.values = values
        self.line = line
        self.details = tuple(details)

    @classmethod
    def of(cls, key: str, values: Mapping[str, object], *, line: int | None = None) -> LeagueRefusal:
        """A refusal from a key and its values as data (a problem found by the pure league code)."""
        refusal = cls(key, line=line)
        refusal.values = dict(values)
        return refusal

    @classmethod
    def from_entry(cls, error: EntryError, *, line: int | None = None) -> LeagueRefusal:
        """The refusal for text that does not read as a game (bot/league/entry.py)."""
        return cls.of(error.key, error.values, line=line)

    def __str__(self) -> str:
        from bot.i18n import t

        text = t(self.key, "en", **self.values)
        if self.line is not None:
            text = t("league.csv.at_line", "en", line=self.line, reason=text)
        return "\n".join([text, *(str(detail) for detail in self.details)])


class ImportNeedsMapping(LeagueRefusal):
    """Some names of an imported record match no member (or several): ask who sat in those seats."""

    def __init__(self, names: Sequence[str], unmatched: Sequence[int]) -> None:
        seats = ", ".join(f"{_SEAT_NAMES[s]}: {names[s]}" for s in unmatched)
        super().__init__("league.import.unmatched", seats=seats)
        self.names = tuple(names)
        self.unmatched = tuple(unmatched)


_SEAT_NAMES = ("east", "south", "west", "north")
