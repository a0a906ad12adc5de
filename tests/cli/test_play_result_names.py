"""``mahjong-bot play`` result lines: the recorded line ids are shown by their English names."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cli.play import Painter, result_lines

VIEW: dict[str, Any] = {"dealer": 0, "seats": [{}, {}, {}, {}]}
NAMES = ["You", "Ann", "Ben", "Cat"]


def _win(yaku: list[list[Any]]) -> dict[str, Any]:
    return {"kind": "win", "wins": [{"seat": 1, "from": None, "tile": 0, "yaku": yaku, "points": 1000}]}


@pytest.mark.parametrize(
    ("rules", "line", "name"),
    [
        ("riichi", "aka_dora", "Red fives"),
        ("sichuan", "self_drawn", "Self-drawn"),
        ("taiwan", "dealer", "Dealer"),
        ("pihu", "basic", "Basic win"),
    ],
)
def test_play_shows_each_recorded_line_by_its_english_name(rules: str, line: str, name: str) -> None:
    lines = result_lines(_win([[line, 1]]), {**VIEW, "rules": rules}, NAMES, Painter(frozenset(), True), {})
    assert f"  {name:<22} 1" in lines
    assert not any(line in text for text in lines)  # the raw id is never printed
