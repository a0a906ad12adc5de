"""The picture of one reviewed decision (bot/service/review.py): the seat's hand as it was (drawn by
bot/render's own hand drawing), what the seat did and what the computer suggests, each with its tile.
Pillow work: front ends call it off the event loop."""

from __future__ import annotations

from typing import cast

from PIL import Image, ImageDraw

from bot.engine.views import TableView
from bot.i18n import t
from bot.render.assets import tile_images
from bot.render.engine_view import hand_scene
from bot.render.fonts import Fonts, default_fonts
from bot.render.hand import MARGIN, hand_row
from bot.render.palette import FELT, GAIN, GOLD, TEXT
from bot.render.png import to_png
from bot.service.replay import StepAction
from bot.service.review import ReviewedDecision
from bot.service.review_text import where_and_what

YOURS = GOLD  # what the player did
COMPUTERS = GAIN  # what the computer suggests
LINE = 30
MIN_WIDTH = 520


def difference_picture(decision: ReviewedDecision, language: str, fonts: Fonts | None = None) -> bytes:
    """A PNG: the caption, the hand, then "you" and "computer" each with the tile of their choice."""
    fonts = fonts or default_fonts()
    large, small = tile_images("large"), tile_images("small")
    hand = hand_scene(cast(TableView, decision.hand_view()), decision.actual.seat)
    row = hand_row(hand, large)
    red = frozenset(decision.red_fives)
    title = fonts.text(20, bold=True)
    body = fonts.text(18)
    width = max(MIN_WIDTH, row.width + 2 * MARGIN)
    choice_height = max(LINE, small.size.height + 6)
    height = MARGIN + LINE + row.height + 12 + 2 * choice_height + MARGIN
    img = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(img)
    caption = t("review.picture", language, **where_and_what(decision, language))
    title.draw(draw, (MARGIN, MARGIN), title.fit(caption, width - 2 * MARGIN), TEXT)
    y = MARGIN + LINE
    layer = Image.new("RGBA", (row.width, row.height), (0, 0, 0, 0))
    row.paste_onto(layer, 0, row.height)
    img.paste(layer, (MARGIN, y), layer)
    y += row.height + 12
    for action, key, colour in (
        (decision.actual, "review.you", YOURS),
        (decision.suggested, "review.computer", COMPUTERS),
    ):
        said = _said(action, key, language, red, decision.rules)
        x = MARGIN + body.draw(draw, (MARGIN, y + 4), said, colour) + 10
        for tile in _tiles(action):
            face = small.tile(tile, red)
            img.paste(face, (x, y), face if face.mode == "RGBA" else None)
            x += face.width + 2
        y += choice_height
    return to_png(img)


def _said(action: StepAction, key: str, language: str, red: frozenset[int], rules: str) -> str:
    return t(key, language, action=action.label(language, red, rules))


def _tiles(action: StepAction) -> list[int]:
    """The tiles the choice moves: the one discarded, called or won, then those it is called with."""
    tiles = [] if action.tile is None else [action.tile]
    return tiles + [tile for tile in action.using if tile != action.tile]
