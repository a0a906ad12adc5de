"""The rating history chart (bot/render/chart.py): reference picture, tick choice, what the lines show."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.render.chart import (
    MARGIN,
    TITLE_H,
    Series,
    nice_step,
    nice_ticks,
    rating_series,
    render_rating_chart,
)
from bot.render.fonts import deterministic_fonts
from bot.render.palette import CHART_GROUND, SKILL_COLOUR, TENHOU_COLOUR
from tests.render.golden import assert_matches_golden

FONTS = deterministic_fonts()
TENHOU = [1500.0, 1530.0, 1519.2, 1541.0, 1520.4, 1510.0, 1528.8, 1550.1, 1566.0, 1549.3]
SKILL = [0.0, 3.0, 1.5, 4.2, 2.9, 2.2, 3.9, 5.5, 6.8, 5.9]


def test_rating_chart_looks_as_the_reference() -> None:
    img = render_rating_chart("Player ratings", rating_series(TENHOU, SKILL), fonts=FONTS)
    assert_matches_golden(img, "rating_chart")


@pytest.mark.parametrize(
    ("span", "step"), [(66.0, 20.0), (6.8, 2.0), (0.9, 0.2), (1000.0, 200.0), (3.0, 1.0), (0.0, 1.0)]
)
def test_tick_steps_are_one_two_or_five_times_a_power_of_ten(span: float, step: float) -> None:
    assert nice_step(span) == pytest.approx(step)


def test_ticks_cover_the_data_in_whole_steps() -> None:
    low, high, ticks = nice_ticks(1500.0, 1566.0)
    assert (low, high) == (1500.0, 1580.0) and ticks == [1500.0, 1520.0, 1540.0, 1560.0, 1580.0]
    low, high, ticks = nice_ticks(1500.0, 1500.0)  # a flat line still gets an axis
    assert low < 1500.0 < high and len(ticks) >= 2


def _colour_rows(img: Image.Image, colour: tuple[int, int, int], top: int, bottom: int) -> list[int]:
    rgb = img.convert("RGB")
    return [y for y in range(top, bottom) for x in range(rgb.width) if rgb.getpixel((x, y)) == colour]


def test_each_series_is_drawn_in_its_own_panel_and_a_rise_goes_up() -> None:
    rising = [1500.0, 1510.0, 1520.0, 1530.0, 1540.0]
    img = render_rating_chart("", rating_series(rising, [0.0, 1.0, 2.0, 3.0, 4.0]), fonts=FONTS)
    half = img.height // 2
    amber = _colour_rows(img, TENHOU_COLOUR, 0, img.height)
    blue = _colour_rows(img, SKILL_COLOUR, 0, img.height)
    assert amber and max(amber) < half <= min(blue)  # Tenhou R on top, OpenSkill below
    # The line's left end (the start) is lower on the picture than its right end (the latest game).
    rgb = img.convert("RGB")
    plot = range(MARGIN + TITLE_H + 32, half)  # below the panel's heading, drawn in the same colour
    columns = [x for x in range(rgb.width) for y in plot if rgb.getpixel((x, y)) == TENHOU_COLOUR]
    left, right = min(columns), max(columns)
    left_y = min(y for y in plot if rgb.getpixel((left, y)) == TENHOU_COLOUR)
    right_y = min(y for y in plot if rgb.getpixel((right, y)) == TENHOU_COLOUR)
    assert right_y < left_y


def test_background_is_opaque_for_both_discord_themes() -> None:
    img = render_rating_chart("x", [Series("R", [1500.0, 1510.0], TENHOU_COLOUR)], fonts=FONTS)
    assert img.mode == "RGB" and img.getpixel((1, 1)) == CHART_GROUND


def test_names_in_any_script_are_drawn() -> None:
    series = [Series("R", [1500.0, 1520.0], TENHOU_COLOUR)]
    plain = render_rating_chart("", series, fonts=FONTS)
    named = render_rating_chart("麻雀 プレイヤー", series, fonts=FONTS)
    assert plain.tobytes() != named.tobytes()


def test_a_chart_without_values_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="at least one value"):
        render_rating_chart("x", [Series("R", [], TENHOU_COLOUR)], fonts=FONTS)
