"""Issue 39: result pictures read at Discord's 400 px preview.  Discord shows a picture 400 px wide; a
result 970 px wide (a taiwan hand on one row) shrank its names and payments to 6 px.

The measure: the height of the digits (what the payments are written in, and as tall as a name's capitals)
in the font and size each name or payment figure is drawn with, times 400 / the picture's width.  Each rule
set's busiest hand of its reference game (most tiles, melds and flowers shown, most lines), with long
names, must give at least READABLE_AT_400 px, and every name must show its first 12 characters."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.engine.registry import RULE_SETS
from bot.render.engine_view import draw_scene, result_scene
from bot.render.fonts import Fonts, Text, deterministic_fonts
from bot.render.result import READABLE_AT_400, render_draw, render_result
from tests.render.test_reference_set import reference_game

NAMES = [
    "Alexandra Konstantinopoulou",
    "山田太郎左衛門之助丸",
    "Computer 3 (strong)",
    "김민준이서연박지후최",
]
FONTS = deterministic_fonts()


def digits_height(text: Text) -> int:
    box = text.fonts[0].getmask("0123456789").getbbox()
    assert box is not None
    return box[3] - box[1]


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text drawn from now on, with its size."""
    seen: list[tuple[str, int]] = []
    lock = threading.Lock()
    draw = Text.draw

    def recording(
        self: Text, d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: tuple[int, ...]
    ) -> int:
        with lock:
            seen.append((text, self.size))
        return draw(self, d, xy, text, fill)

    monkeypatch.setattr(Text, "draw", recording)
    return seen


def busiest(rules: str, kind: str) -> dict[str, Any] | None:
    """The reference game's hand of ``kind`` (win or draw) that shows the most."""
    game = reference_game(rules)
    if kind == "win":
        wins = [h for h in game.hands if h["result"]["wins"]]

        def shown(hand: dict[str, Any]) -> int:
            win = hand["result"]["wins"][0]
            return len(win["concealed"]) + 4 * len(win["melds"]) + len(win.get("flowers", [])) * 2

        return max(wins, key=shown, default=None)
    draws = [h for h in game.hands if not h["result"]["wins"]]
    return max(draws, key=lambda h: len(h["result"].get("ready_hands", [])), default=None)


def render(rules: str, kind: str) -> Image.Image | None:
    hand = busiest(rules, kind)
    if hand is None:
        return None
    names = NAMES[: RULE_SETS[rules].players]
    if kind == "win":
        scene = result_scene(hand, names, rules)
        return None if scene is None else render_result(scene, FONTS)
    return render_draw(draw_scene(hand, names, rules), FONTS)


@pytest.mark.parametrize("kind", ["win", "draw"])
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_names_and_payments_read_at_400_px(rules: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_texts(monkeypatch)
    img = render(rules, kind)
    if img is None:
        pytest.skip(f"the reference {rules} game has no {kind}")
    names = NAMES[: RULE_SETS[rules].players]
    scale = 400 / img.width
    figures = [(text, size) for text, size in seen if text.lstrip("+-").isdigit()]
    shown_names = [(text, size) for text, size in seen if any(text.startswith(n[:12]) for n in names)]
    assert figures and len(shown_names) >= len(names), seen
    for text, size in figures + shown_names:
        assert digits_height(FONTS.text(size)) * scale >= READABLE_AT_400, (text, size, img.size)


def test_the_measure_finds_the_old_wide_picture_unreadable() -> None:
    """A picture 970 px wide with 18 px text (the old taiwan result) fails the measure."""
    assert digits_height(Fonts(deterministic_fonts().loader).text(18)) * 400 / 970 < READABLE_AT_400
