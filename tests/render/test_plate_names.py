"""Issue 39: a name plate shows at least 12 characters of any name (smaller, then in two lines, before
cutting), so computer seats ("Computer 1", "Computer 2" ...) can be told apart on the picture."""

from __future__ import annotations

import pytest

from bot.render.fonts import default_fonts
from bot.render.table import plate_name_lines
from bot.render.table_layout import PLATE

WIDTH = PLATE[0] - 12  # what _plate_piece gives the name

TWELVE = [
    "Computer 12a",
    "WWWWWWWWWWWW",
    "山田太郎鈴木一郎佐藤花子",
    "麻雀が大好きな人です。",
    "雀神歸來了我要胡牌啦哈",
    "김민준이서연박지후최",
    "Ёлка-Палка-1",
]


@pytest.mark.parametrize("name", TWELVE)
def test_a_plate_shows_twelve_characters_of_any_name_uncut(name: str) -> None:
    font, lines = plate_name_lines(default_fonts(), name, WIDTH)
    assert "…" not in "".join(lines)
    assert "".join(lines).replace(" ", "") == name.replace(" ", "")
    assert all(font.width(line) <= WIDTH for line in lines) and len(lines) <= 2


def test_computer_seats_read_differently_on_their_plates() -> None:
    shown = [" ".join(plate_name_lines(default_fonts(), f"Computer {n}", WIDTH)[1]) for n in (1, 2, 3)]
    assert len(set(shown)) == 3 and not any("…" in s for s in shown)


def test_a_name_longer_than_two_lines_is_cut_with_an_ellipsis() -> None:
    _, lines = plate_name_lines(default_fonts(), "名" * 40, WIDTH)
    assert len(lines) == 2 and lines[1].endswith("…")
