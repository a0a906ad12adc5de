"""Which texts a picture draws, where and how wide: for tests of the words on a picture (their language,
whether one runs into another) without comparing pixels."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest
from PIL import ImageDraw

from bot.render.fonts import Text


@dataclass(frozen=True)
class Drawn:
    text: str
    x: float
    y: float
    width: int


def record_drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """From now on (in any thread: the bot draws off its loop), every text drawn is appended to the list
    returned; the drawing itself still happens."""
    seen: list[Drawn] = []
    lock = threading.Lock()
    draw_text = Text.draw

    def recording(
        self: Text, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: tuple[int, ...]
    ) -> int:
        width = draw_text(self, draw, xy, text, fill)
        with lock:
            seen.append(Drawn(text, xy[0], xy[1], width))
        return width

    monkeypatch.setattr(Text, "draw", recording)
    return seen
