"""A hand's result: the winning hand with its winning tile, each yaku/fan/tai line, the total, and every
seat's score change; a draw: why, each ready seat's hand laid open, who was not ready, the payments."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from bot.render.assets import tile_images
from bot.render.fonts import Fonts, Text, default_fonts
from bot.render.hand import hand_row
from bot.render.layout import Row
from bot.render.palette import FELT, FELT_RULE, GAIN, GOLD, LOSS, SOFT_TEXT, TEXT
from bot.render.scene import DrawResultScene, HandResultScene

MARGIN = 18
MIN_WIDTH = 560


def score_changes(
    d: ImageDraw.ImageDraw, body: Text, changes: tuple[tuple[str, int], ...], y: int, width: int, line_h: int
) -> None:
    """Each seat's name and its change (gains green, losses red), one line each from ``y``."""
    for name, change in changes:
        body.draw(d, (MARGIN, y), body.fit(name, width - 2 * MARGIN - 110), TEXT)
        text = f"{change:+d}" if change else "0"
        colour = GAIN if change > 0 else LOSS if change < 0 else SOFT_TEXT
        body.draw(d, (width - MARGIN - body.width(text), y), text, colour)
        y += line_h


def _titled_felt(width: int, height: int, title: Text, text: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A result picture's felt with its title in gold along the top margin."""
    img = Image.new("RGB", (width, height), FELT)
    d = ImageDraw.Draw(img)
    title.draw(d, (MARGIN, MARGIN), title.fit(text, width - 2 * MARGIN), GOLD)
    return img, d


def _paste_row(img: Image.Image, row: Row, y: int) -> None:
    """A laid-out hand, from the left margin at height ``y``."""
    layer = Image.new("RGBA", (row.width, row.height), (0, 0, 0, 0))
    row.paste_onto(layer, 0, row.height)
    img.paste(layer, (MARGIN, y), layer)


def render_result(result: HandResultScene, fonts: Fonts | None = None) -> Image.Image:
    fonts = fonts or default_fonts()
    large, small = tile_images("large"), tile_images("small")
    row = hand_row(replace(result.hand, drawn=result.win_tile), large, highlight=result.win_tile)
    title = fonts.text(22, bold=True)
    body = fonts.text(18)
    total_font = fonts.text(20, bold=True)
    line_h = 26
    width = max(MIN_WIDTH, row.width + 2 * MARGIN)
    indicators = [
        (label, ids)
        for label, ids in (
            (result.dora_label, result.dora_indicators),
            (result.ura_label, result.ura_indicators),
        )
        if ids
    ]
    height = (
        MARGIN
        + 34  # title
        + row.height
        + 14
        + (small.size.height + 8 if indicators else 0)
        + line_h * len(result.lines)
        + 12
        + 34  # total
        + line_h * len(result.score_changes)
        + MARGIN
    )
    img, d = _titled_felt(width, height, title, result.title)
    y = MARGIN + 34
    _paste_row(img, row, y)
    y += row.height + 14
    if indicators:
        x = MARGIN
        for label, ids in indicators:
            x += body.draw(d, (x, y + (small.size.height - 20) // 2), label, SOFT_TEXT) + 8
            for t in ids:
                tile = small.tile(t, result.hand.red_ids)
                img.paste(tile, (x, y), tile)
                x += tile.width + 1
            x += 18
        y += small.size.height + 8
    for name, value in result.lines:
        body.draw(d, (MARGIN, y), body.fit(name, width - 2 * MARGIN - 80), TEXT)
        text = str(value)
        body.draw(d, (width - MARGIN - body.width(text), y), text, TEXT)
        y += line_h
    y += 4
    d.line((MARGIN, y, width - MARGIN, y), fill=FELT_RULE, width=2)
    y += 8
    total = total_font.fit(result.total, width - 2 * MARGIN)
    total_font.draw(d, (width - MARGIN - total_font.width(total), y), total, GOLD)
    y += 34
    score_changes(d, body, result.score_changes, y, width, line_h)
    return img


def render_draw(result: DrawResultScene, fonts: Fonts | None = None) -> Image.Image:
    fonts = fonts or default_fonts()
    small = tile_images("small")
    title = fonts.text(22, bold=True)
    body = fonts.text(18)
    line_h = 26
    rows = [(name, hand_row(hand, small)) for name, hand in result.ready]
    width = max([MIN_WIDTH, *(row.width + 2 * MARGIN for _, row in rows)])
    height = (
        MARGIN
        + 34
        + sum(line_h + row.height + 10 for _, row in rows)
        + (line_h if result.not_ready else 0)
        + line_h * len(result.notes)
        + 12
        + 30
        + line_h * len(result.score_changes)
        + MARGIN
    )
    img, d = _titled_felt(width, height, title, result.title)
    y = MARGIN + 34
    for name, row in rows:
        x = MARGIN + body.draw(d, (MARGIN, y), body.fit(name, width // 2), TEXT) + 10
        body.draw(d, (x, y), result.ready_label, GAIN)
        y += line_h
        _paste_row(img, row, y)
        y += row.height + 10
    if result.not_ready:
        text = f"{result.not_ready_label}: " + ", ".join(result.not_ready)
        body.draw(d, (MARGIN, y), body.fit(text, width - 2 * MARGIN), SOFT_TEXT)
        y += line_h
    for note in result.notes:
        body.draw(d, (MARGIN, y), body.fit(note, width - 2 * MARGIN), TEXT)
        y += line_h
    y += 4
    d.line((MARGIN, y, width - MARGIN, y), fill=FELT_RULE, width=2)
    y += 8
    body.draw(d, (MARGIN, y), result.payments_label, SOFT_TEXT)
    y += 30
    score_changes(d, body, result.score_changes, y, width, line_h)
    return img
