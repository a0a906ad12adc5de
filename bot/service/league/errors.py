"""The league's one refusal that carries data: an imported record whose names need players."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.service.refusal import Refusal


class ImportNeedsMapping(Refusal):
    """Some names of an imported record match no member (or several): ask who sat in those seats.

    The seats are named as the reader's Discord names the command's seat options (``cmd.optname.*``).
    """

    def __init__(self, names: Sequence[str], unmatched: Sequence[int]) -> None:
        self.names = tuple(names)
        self.unmatched = tuple(unmatched)
        super().__init__("league.import.unmatched", seats=self.seats("en"))

    def seats(self, language: str) -> str:
        return ", ".join(
            f"{t(f'cmd.optname.{_SEAT_OPTIONS[s]}', language)}: {self.names[s]}" for s in self.unmatched
        )

    def _lines(self, language: str) -> list[str]:
        return [t(self.key, language, seats=self.seats(language))]


_SEAT_OPTIONS = ("east", "south", "west", "north")
