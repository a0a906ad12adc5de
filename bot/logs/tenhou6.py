"""tenhou.net/6 JSON -> :class:`RecordedGame` (not written yet)."""

from __future__ import annotations

from bot.logs.mjlog import RecordError
from bot.logs.record import RecordedGame


def read_tenhou6_text(text: str, source: str = "") -> RecordedGame:
    raise RecordError(f"{source}: tenhou.net/6 JSON is not supported yet")
