"""A rating history chart: one panel per rating system, the value after each game of a season.

Pure Pillow (no plotting library): each panel has a frame, a few "nice" labelled ticks on both axes
(steps of 1, 2 or 5 x 10^k), faint grid lines and a polyline with a dot per game.  The background is
opaque and dark with light text, so the picture reads the same on Discord's dark and light themes.
Names and titles go through bot/render/fonts.py, so any script is drawn; the words (the panels' names,
their headings) come from the catalogue (``picture.chart.*``) in the language asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, t
from bot.render.fonts import Fonts, Text, default_fonts
from bot.render.palette import (
    CHART_AXIS,
    CHART_GRID,
    CHART_GROUND,
    CHART_MUTED,
    CHART_PANEL,
    CHART_TEXT,
    RGB,
    SKILL_COLOUR,
    TENHOU_COLOUR,
)

WIDTH = 640
MARGIN = 16
TITLE_H = 34
PANEL_H = 170
PANEL_GAP = 14
LEFT_AXIS = 58  # room for the value labels
BOTTOM_AXIS = 22  # room for the game-number labels
TARGET_TICKS = 4


@dataclass(frozen=True)
class Series:
    """One panel: its name, the values in order (the first one is the start, before any game)."""

    label: str
    values: Sequence[float]
    colour: RGB
    decimals: int = 0  # digits after the point in the latest-value label


def nice_step(span: float, target: int = TARGET_TICKS) -> float:
    """A round tick step (1, 2 or 5 x 10^k) giving about ``target`` intervals over ``span``."""
    if span <= 0 or not math.isfinite(span):
        return 1.0
    power = 10 ** math.floor(math.log10(span / target))
    steps = [factor * power for factor in (1, 2, 5, 10)]
    return float(min(steps, key=lambda step: abs(span / step - target)))  # closest to ``target`` ticks


def nice_ticks(low: float, high: float, target: int = TARGET_TICKS) -> tuple[float, float, list[float]]:
    """(axis low, axis high, ticks): the data range widened to whole steps, never empty."""
    if high - low < 1e-9:  # a flat line: give it some room
        pad = max(1.0, abs(high) * 0.01)
        low, high = low - pad, high + pad
    step = nice_step(high - low, target)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    count = int(round((last - first) / step))
    return first, last, [first + i * step for i in range(count + 1)]


def _tick_label(value: float, step: float) -> str:
    decimals = 0 if step >= 1 else min(3, -math.floor(math.log10(step)))
    text = f"{value:.{decimals}f}"
    return "0" if text.strip("-0.") == "" else text


def _game_ticks(games: int) -> list[int]:
    """Game numbers to label on the x axis: 0 (the start) to ``games`` in round steps."""
    step = max(1, int(nice_step(games, 5)))
    ticks = list(range(0, games + 1, step))
    if ticks[-1] != games and games - ticks[-1] >= step / 2:
        ticks.append(games)
    return ticks


def _panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    series: Series,
    label_font: Text,
    tick_font: Text,
    language: str,
) -> None:
    left, top, right, bottom = box
    draw.rectangle(box, fill=CHART_PANEL)
    latest = f"{series.values[-1]:.{series.decimals}f}"
    heading = t("picture.chart.heading", language, label=series.label, value=latest)
    label_font.draw(draw, (left + 8, top + 6), label_font.fit(heading, right - left - 16), series.colour)
    plot_left, plot_top = left + LEFT_AXIS, top + 32
    plot_right, plot_bottom = right - 14, bottom - BOTTOM_AXIS
    low, high, ticks = nice_ticks(min(series.values), max(series.values))
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    games = len(series.values) - 1

    def x_of(index: int) -> float:
        return plot_left + (plot_right - plot_left) * (index / games if games else 0.5)

    def y_of(value: float) -> float:
        return plot_bottom - (plot_bottom - plot_top) * (value - low) / (high - low)

    for tick in ticks:
        y = round(y_of(tick))
        draw.line((plot_left, y, plot_right, y), fill=CHART_GRID)
        text = _tick_label(tick, step)
        tick_font.draw(
            draw, (plot_left - 6 - tick_font.width(text), y - tick_font.size // 2 - 1), text, CHART_MUTED
        )
    for game in _game_ticks(games) if games else [0]:
        x = round(x_of(game))
        draw.line((x, plot_bottom, x, plot_bottom + 4), fill=CHART_AXIS)
        text = str(game)
        tick_font.draw(draw, (x - tick_font.width(text) / 2, plot_bottom + 5), text, CHART_MUTED)
    draw.line((plot_left, plot_top, plot_left, plot_bottom), fill=CHART_AXIS)
    draw.line((plot_left, plot_bottom, plot_right, plot_bottom), fill=CHART_AXIS)
    points = [(x_of(i), y_of(v)) for i, v in enumerate(series.values)]
    if len(points) > 1:
        draw.line(points, fill=series.colour, width=2, joint="curve")
    dot = 3 if len(points) <= 60 else 0  # dots only while they stay apart
    for px, py in points if dot else points[-1:]:  # the latest value always gets its dot
        r = dot or 3
        draw.ellipse((px - r, py - r, px + r, py + r), fill=series.colour)


def render_rating_chart(
    title: str,
    series: Sequence[Series],
    *,
    x_label: str = "",
    fonts: Fonts | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Image.Image:
    """Stacked panels, one per series, sharing the x axis (games played, 0 = the start); ``x_label``
    is an optional caption under the panels; the panels' headings are written in ``language``."""
    if not series or any(not s.values for s in series):
        raise ValueError("a rating chart needs at least one series with at least one value")
    fonts = fonts or default_fonts()
    title_font, label_font, tick_font = fonts.text(20, bold=True), fonts.text(15, bold=True), fonts.text(12)
    caption_h = 18 if x_label else 0
    height = MARGIN + TITLE_H + len(series) * (PANEL_H + PANEL_GAP) - PANEL_GAP + caption_h + MARGIN
    img = Image.new("RGB", (WIDTH, height), CHART_GROUND)
    draw = ImageDraw.Draw(img)
    title_font.draw(draw, (MARGIN, MARGIN), title_font.fit(title, WIDTH - 2 * MARGIN), CHART_TEXT)
    top = MARGIN + TITLE_H
    for s in series:
        _panel(draw, (MARGIN, top, WIDTH - MARGIN, top + PANEL_H), s, label_font, tick_font, language)
        top += PANEL_H + PANEL_GAP
    if x_label:
        caption = tick_font.fit(x_label, WIDTH - 2 * MARGIN)
        tick_font.draw(
            draw, ((WIDTH - tick_font.width(caption)) / 2, top - PANEL_GAP + 4), caption, CHART_MUTED
        )
    return img


def rating_series(
    tenhou: Sequence[float],
    skill: Sequence[float],
    language: str = DEFAULT_LANGUAGE,
) -> list[Series]:
    """The two panels of a league player page (each history starts with the value before game 1),
    named in ``language``."""
    return [
        Series(t("picture.chart.tenhou", language), list(tenhou), TENHOU_COLOUR, 0),
        Series(t("picture.chart.skill", language), list(skill), SKILL_COLOUR, 1),
    ]
