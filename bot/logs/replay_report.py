"""What a replay found: the report of a replayed record and the first difference that stopped it.

Its own module so that bot/logs/replay.py (which plays the hands) and bot/logs/final_check.py (which
checks the game's end) both fill one report without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine.game import Game


class Note(str):
    """A note of the replay: its English text (what ``notes`` in the JSON report holds), and the message
    (``key``: ``cli.replay.note.*`` in bot/i18n/cli_messages.toml, with ``values``) that says it in the
    reader's language, as a refusal of the readers carries its id (the readers stay free of the
    catalogue)."""

    key: str
    values: dict[str, object]

    def __new__(cls, text: str, key: str, **values: object) -> Note:
        note = super().__new__(cls, text)
        note.key = key
        note.values = values
        return note


def what_of(text: str, name: str) -> Note:
    """What a mismatch compares: its English text and its message ``cli.replay.what.<name>``."""
    return Note(text, f"cli.replay.what.{name}")


@dataclass
class Mismatch:
    """The first difference: ``what``, and ``expected``/``got`` where they are words rather than the
    record's data, are Notes carrying their message (the JSON report holds their English text)."""

    hand: str
    turn: int
    what: str
    expected: Any
    got: Any

    def __str__(self) -> str:
        return f"hand {self.hand}, step {self.turn}: {self.what}: expected {self.expected}, got {self.got}"


@dataclass
class ReplayReport:
    source: str
    hands: int = 0
    actions: int = 0
    mismatch: Mismatch | None = None
    truncated: bool = False  # the record stops before the game ends
    excerpt: bool = False  # some hands were replayed from the record's own start, not the game's flow
    empty: bool = False  # the record holds no hand at all
    notes: list[str] = field(default_factory=list)
    game: Game | None = None  # the last game replayed (the whole game unless the record is an excerpt)

    @property
    def ok(self) -> bool:
        return self.mismatch is None and not self.empty

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "ok": self.ok,
            "hands": self.hands,
            "actions": self.actions,
            "truncated": self.truncated,
            "excerpt": self.excerpt,
            "mismatch": None if self.mismatch is None else vars(self.mismatch),
            "notes": self.notes,
        }


class ReplayStop(Exception):
    """The first difference found: it ends the replay of the record."""

    def __init__(self, mismatch: Mismatch) -> None:
        self.mismatch = mismatch
