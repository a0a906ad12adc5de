"""The league's one refusal that carries data: an imported record whose names need players."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.refusal import Refusal


class ImportNeedsMapping(Refusal):
    """Some names of an imported record match no member (or several): ask who sat in those seats."""

    def __init__(self, names: Sequence[str], unmatched: Sequence[int]) -> None:
        seats = ", ".join(f"{_SEAT_NAMES[s]}: {names[s]}" for s in unmatched)
        super().__init__("league.import.unmatched", seats=seats)
        self.names = tuple(names)
        self.unmatched = tuple(unmatched)


_SEAT_NAMES = ("east", "south", "west", "north")
