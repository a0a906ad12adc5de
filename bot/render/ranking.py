"""A game's final ranking and a league leaderboard: tables of any number of rows, titled and headed in the
language asked for (the catalogue's ``picture.*`` texts); a column widens to fit its header."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, t
from bot.render.fonts import Fonts, Text, default_fonts
from bot.render.palette import BRONZE, FELT, FELT_STRIPE, GAIN, GOLD, LOSS, SILVER, SOFT_TEXT, TEXT
from bot.render.scene import UNRANKED, LeaderboardRow, RankingRow

MARGIN = 18
ROW_H = 30
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}


@dataclass(frozen=True)
class Column:
    title: str
    width: int
    align: str = "left"  # "left" or "right"


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def render_rows(
    title: str,
    columns: Sequence[Column],
    rows: Sequence[tuple[int | None, Sequence[str]]],
    fonts: Fonts | None = None,
) -> Image.Image:
    """A titled table; each row is (rank, cells); the rank column gets a medal for the top three, and
    shows UNRANKED for a rank of None.

    A column is widened to hold its whole header (a translation may be longer than the English)."""
    fonts = fonts or default_fonts()
    head, body, title_font = fonts.text(15, bold=True), fonts.text(17), fonts.text(22, bold=True)
    columns = [replace(c, width=max(c.width, head.width(c.title) + 10)) for c in columns]
    width = 2 * MARGIN + 44 + sum(c.width for c in columns)
    height = MARGIN + 36 + ROW_H * (len(rows) + 1) + MARGIN
    img = Image.new("RGB", (width, height), FELT)
    d = ImageDraw.Draw(img)
    title_font.draw(d, (MARGIN, MARGIN), title_font.fit(title, width - 2 * MARGIN), TEXT)
    y = MARGIN + 36

    def cells(
        values: Sequence[str], font_y: int, font: Text, colours: Sequence[tuple[int, int, int]]
    ) -> None:
        x = MARGIN + 44
        for col, value, colour in zip(columns, values, colours, strict=True):
            text = font.fit(value, col.width - 10)
            tx = x + col.width - 10 - font.width(text) if col.align == "right" else x
            font.draw(d, (tx, font_y), text, colour)
            x += col.width

    head.draw(d, (MARGIN, y + 6), "#", SOFT_TEXT)
    cells([c.title for c in columns], y + 6, head, [SOFT_TEXT] * len(columns))
    y += ROW_H
    for i, (rank, values) in enumerate(rows):
        if i % 2 == 0:
            d.rectangle((MARGIN - 6, y, width - MARGIN + 6, y + ROW_H - 1), fill=FELT_STRIPE)
        medal = MEDALS.get(rank) if rank is not None else None
        shown = str(rank) if rank is not None else UNRANKED
        if medal:
            d.ellipse((MARGIN - 2, y + 4, MARGIN + 20, y + 26), fill=medal)
            body.draw(d, (MARGIN + 9 - body.width(shown) / 2, y + 5), shown, (30, 30, 30))
        else:
            body.draw(d, (MARGIN, y + 5), shown, TEXT)
        colours = [
            _colour_of(v) if c.align == "right" and v[:1] in "+-" else TEXT
            for c, v in zip(columns, values, strict=True)
        ]
        cells(values, y + 5, body, colours)
        y += ROW_H
    return img


def _colour_of(value: str) -> tuple[int, int, int]:
    return GAIN if value.startswith("+") and value.strip("+0.") else LOSS if value.startswith("-") else TEXT


def render_ranking(
    rows: Sequence[RankingRow],
    title: str | None = None,
    fonts: Fonts | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Image.Image:
    """A game's final ranking; ``title`` defaults to "Final ranking" in ``language``."""
    columns = (
        Column(t("picture.column.player", language), 260),
        Column(t("picture.column.score", language), 110, "right"),
        Column(t("picture.column.league_points", language), 120, "right"),
    )
    data = [(r.rank, (r.name, f"{r.points}", _signed(r.league_points))) for r in rows]
    return render_rows(title or t("picture.final_ranking", language), columns, data, fonts)


def render_leaderboard(
    rows: Sequence[LeaderboardRow],
    title: str | None = None,
    fonts: Fonts | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Image.Image:
    """A league's standings; ``title`` defaults to "Leaderboard" in ``language``."""
    columns = (
        Column(t("picture.column.player", language), 240),
        Column(t("picture.column.games", language), 80, "right"),
        Column(t("picture.column.total", language), 110, "right"),
        Column(t("picture.column.rating", language), 100, "right"),
    )
    data = [(r.rank, (r.name, str(r.games), _signed(r.points), f"{r.rating:.1f}")) for r in rows]
    return render_rows(title or t("picture.leaderboard", language), columns, data, fonts)
