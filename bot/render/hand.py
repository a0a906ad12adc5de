"""A player's hand: concealed tiles sorted, the drawn tile set apart, melds, flowers, void suit."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.assets import TileImages, tile_images
from bot.render.layout import Row, add_meld, sorted_hand
from bot.render.palette import FELT, VOID_RED
from bot.render.scene import HandScene

MARGIN = 12
GROUP_GAP = 14  # between the hand, the drawn tile, each meld and the flowers


def void_marker(images: TileImages, suit: int) -> Image.Image:
    """The suit's 1 tile greyed and struck through in red: "this suit is void" without any text."""
    tile = images.picture(f"1{'mps'[suit]}", grey=True).copy()
    d = ImageDraw.Draw(tile)
    w, h = tile.width, images.size.face_height
    width = max(3, w // 9)
    d.ellipse((2, h / 2 - w / 2 + 2, w - 3, h / 2 + w / 2 - 3), outline=VOID_RED, width=width)
    d.line((w * 0.2, h / 2 + w * 0.3, w * 0.8, h / 2 - w * 0.3), fill=VOID_RED, width=width)
    return tile


def hand_units(hand: HandScene, images: TileImages, highlight: int | None = None) -> list[tuple[Row, int]]:
    """The hand's pieces in order, each with the gap before it: the void marker, each concealed tile,
    the drawn tile, each meld (never split), each flower.  A line may break before any piece."""
    red = hand.red_ids
    units: list[tuple[Row, int]] = []

    def single(img: Image.Image, gap: int) -> None:
        row = Row()
        row.add(img)
        units.append((row, gap))

    if hand.void_suit is not None:
        single(void_marker(images, hand.void_suit), 0)
    for i, t in enumerate(sorted_hand(hand.concealed)):
        single(images.tile(t, red), 1 if i else (GROUP_GAP if units else 0))
    if hand.drawn is not None:
        single(images.tile(hand.drawn, red, mark=highlight == hand.drawn), GROUP_GAP)
    for meld in hand.melds:
        row = Row()
        add_meld(row, meld, images, red, hand.style, 0)
        units.append((row, GROUP_GAP))
    for i, t in enumerate(list(hand.flowers) + list(hand.kita)):
        single(images.tile(t, red), GROUP_GAP if i == 0 else 1)
    return units


def _append(line: Row, unit: Row, gap: int) -> None:
    x = line.width + gap
    line.items.extend((img, x + ix, lift) for img, ix, lift in unit.items)
    line.width = x + unit.width


def hand_row(hand: HandScene, images: TileImages, highlight: int | None = None) -> Row:
    """The hand laid out on one row: used alone and inside result pictures."""
    return hand_lines(hand, images, highlight)[0]


def hand_lines(
    hand: HandScene, images: TileImages, highlight: int | None = None, max_width: int | None = None
) -> list[Row]:
    """The hand on as many rows as it takes to stay within ``max_width`` (one row when None), broken
    between pieces (:func:`hand_units`), never inside a meld."""
    lines = [Row()]
    for unit, gap in hand_units(hand, images, highlight):
        line = lines[-1]
        if max_width is not None and line.items and line.width + gap + unit.width > max_width:
            line = Row()
            lines.append(line)
            gap = 0
        _append(line, unit, gap)
    return lines


def render_hand(hand: HandScene, size: str = "large") -> Image.Image:
    """The picture sent to a player by DM: their hand on the table green."""
    row = hand_row(hand, tile_images(size))
    img = Image.new("RGBA", (row.width + 2 * MARGIN, row.height + 2 * MARGIN), FELT)
    row.paste_onto(img, MARGIN, img.height - MARGIN)
    return img
