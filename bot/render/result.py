"""A hand's result: the winning hand with its winning tile, each yaku/fan/tai line, the total, and every
seat's score change; a draw: why, each ready seat's hand laid open, who was not ready, the payments.

Laid out narrow and tall (issue 39): Discord previews a picture 400 px wide, so a result is ``WIDTH``
pixels wide whatever the hand (a long hand goes on two rows of tiles), and its names and figures are drawn
large enough to read at 400 px (at least ``READABLE_AT_400`` px high, tests/render/test_result_layout.py)."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from bot.render.assets import tile_images
from bot.render.fonts import Fonts, Text, default_fonts
from bot.render.hand import hand_lines
from bot.render.layout import Row
from bot.render.palette import FELT, FELT_RULE, GAIN, GOLD, LOSS, SOFT_TEXT, TEXT
from bot.render.scene import DrawResultScene, HandResultScene

MARGIN = 18
WIDTH = 560  # every result picture: at 400 px wide it is shown at 71 %
INNER = WIDTH - 2 * MARGIN
TITLE_SIZE, BODY_SIZE, TOTAL_SIZE = 26, 23, 25
LINE_H = 31
ROW_GAP = 6  # between two rows of one hand's tiles
#: The height of a name's or a figure's digits and capitals, in pixels, once the picture is 400 px wide.
READABLE_AT_400 = 11


def score_changes(
    d: ImageDraw.ImageDraw, body: Text, changes: tuple[tuple[str, int], ...], y: int, width: int, line_h: int
) -> None:
    """Each seat's name and its change (gains green, losses red), one line each from ``y``."""
    for name, change in changes:
        body.draw(d, (MARGIN, y), body.fit(name, width - 2 * MARGIN - 120), TEXT)
        text = f"{change:+d}" if change else "0"
        colour = GAIN if change > 0 else LOSS if change < 0 else SOFT_TEXT
        body.draw(d, (width - MARGIN - body.width(text), y), text, colour)
        y += line_h


def title_lines(title: Text, text: str) -> list[str]:
    """The title on one line, or on two (cut at a space where one is near) when it is wider than the
    picture; a second line still too wide ends with "…"."""
    if title.width(text) <= INNER:
        return [text]
    cut = 1
    while cut < len(text) and title.width(text[: cut + 1]) <= INNER:
        cut += 1
    space = text.rfind(" ", 0, cut + 1)
    if space > cut * 2 // 3:
        cut = space
    return [text[:cut].rstrip(), title.fit(text[cut:].lstrip(), INNER)]


TITLE_LINE = 34


def _titled_felt(
    width: int, height: int, title: Text, lines: list[str]
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A result picture's felt with its title in gold along the top margin."""
    img = Image.new("RGB", (width, height), FELT)
    d = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        title.draw(d, (MARGIN, MARGIN + i * TITLE_LINE), line, GOLD)
    return img, d


def _paste_row(img: Image.Image, row: Row, y: int) -> None:
    """A laid-out hand, from the left margin at height ``y``."""
    layer = Image.new("RGBA", (max(1, row.width), max(1, row.height)), (0, 0, 0, 0))
    row.paste_onto(layer, 0, row.height)
    img.paste(layer, (MARGIN, y), layer)


def _rows_height(rows: list[Row]) -> int:
    return sum(row.height for row in rows) + ROW_GAP * (len(rows) - 1)


def _paste_rows(img: Image.Image, rows: list[Row], y: int) -> int:
    """Rows of one hand, one under the other from ``y``; returns the height used."""
    for row in rows:
        _paste_row(img, row, y)
        y += row.height + ROW_GAP
    return _rows_height(rows)


def render_result(result: HandResultScene, fonts: Fonts | None = None) -> Image.Image:
    fonts = fonts or default_fonts()
    large, small = tile_images("large"), tile_images("small")
    hand = replace(result.hand, drawn=result.win_tile)
    rows = hand_lines(hand, large, highlight=result.win_tile, max_width=INNER)
    title = fonts.text(TITLE_SIZE, bold=True)
    body = fonts.text(BODY_SIZE)
    total_font = fonts.text(TOTAL_SIZE, bold=True)
    line_h = LINE_H
    width = WIDTH
    indicators = [
        (label, ids)
        for label, ids in (
            (result.dora_label, result.dora_indicators),
            (result.ura_label, result.ura_indicators),
        )
        if ids
    ]
    # Dora and ura side by side when they fit, else one under the other.
    widths = [body.width(label) + 8 + len(ids) * (small.size.width + 1) for label, ids in indicators]
    side_by_side = sum(widths) + 18 * (len(widths) - 1) <= INNER
    indicator_lines = [indicators] if side_by_side else [[group] for group in indicators]
    heading = title_lines(title, result.title)
    top = 38 + TITLE_LINE * (len(heading) - 1)
    height = (
        MARGIN
        + top  # title
        + _rows_height(rows)
        + 14
        + (small.size.height + 8) * len(indicator_lines) * bool(indicators)
        + line_h * len(result.lines)
        + 12
        + 38  # total
        + line_h * len(result.score_changes)
        + MARGIN
    )
    img, d = _titled_felt(width, height, title, heading)
    y = MARGIN + top
    y += _paste_rows(img, rows, y) + 14
    for groups in indicator_lines if indicators else []:
        x = MARGIN
        for label, ids in groups:
            x += body.draw(d, (x, y + (small.size.height - BODY_SIZE) // 2), label, SOFT_TEXT) + 8
            for t in ids:
                tile = small.tile(t, result.hand.red_ids)
                img.paste(tile, (x, y), tile)
                x += tile.width + 1
            x += 18
        y += small.size.height + 8
    for name, value in result.lines:
        text = str(value)
        body.draw(d, (MARGIN, y), body.fit(name, width - 2 * MARGIN - 16 - body.width(text)), TEXT)
        body.draw(d, (width - MARGIN - body.width(text), y), text, TEXT)
        y += line_h
    y += 4
    d.line((MARGIN, y, width - MARGIN, y), fill=FELT_RULE, width=2)
    y += 8
    total = total_font.fit(result.total, width - 2 * MARGIN)
    total_font.draw(d, (width - MARGIN - total_font.width(total), y), total, GOLD)
    y += 38
    score_changes(d, body, result.score_changes, y, width, line_h)
    return img


def render_draw(result: DrawResultScene, fonts: Fonts | None = None) -> Image.Image:
    fonts = fonts or default_fonts()
    small = tile_images("small")
    title = fonts.text(TITLE_SIZE, bold=True)
    body = fonts.text(BODY_SIZE)
    line_h = LINE_H
    hands = [(name, hand_lines(hand, small, max_width=INNER)) for name, hand in result.ready]
    width = WIDTH
    heading = title_lines(title, result.title)
    top = 38 + TITLE_LINE * (len(heading) - 1)
    height = (
        MARGIN
        + top
        + sum(line_h + _rows_height(rows) + 10 for _, rows in hands)
        + (line_h if result.not_ready else 0)
        + line_h * len(result.notes)
        + 12
        + 34
        + line_h * len(result.score_changes)
        + MARGIN
    )
    img, d = _titled_felt(width, height, title, heading)
    y = MARGIN + top
    for name, rows in hands:
        label_width = body.width(result.ready_label)
        x = MARGIN + body.draw(d, (MARGIN, y), body.fit(name, INNER - label_width - 10), TEXT) + 10
        body.draw(d, (x, y), result.ready_label, GAIN)
        y += line_h
        y += _paste_rows(img, rows, y) + 10
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
    y += 34
    score_changes(d, body, result.score_changes, y, width, line_h)
    return img
