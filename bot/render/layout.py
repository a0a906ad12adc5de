"""A row of tile pictures standing on one baseline, and how each kind of meld is laid out.

Melds are laid out as at a real table, seen by their owner: the tile taken from another seat lies
sideways on the giver's side (left: previous player, middle: opposite, right: next player); an added
kan puts the fourth tile sideways on top of the sideways one; a closed kan shows its two outer tiles
face down (a rule set's :class:`~bot.hand.meld.MeldStyle` may show fewer of its tiles face up).  Where
the style says so, the tile given for a pon lies face down on the giver's side instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from bot.hand.meld import NEXT_PLAYER, OPPOSITE, PREVIOUS_PLAYER, Meld, MeldStyle, MeldType
from bot.hand.tiles import kind_of
from bot.render.assets import TileImages

FACE_DOWN = -1


@dataclass
class Row:
    """Pictures placed left to right, bottoms on a common baseline (``lift`` raises one)."""

    items: list[tuple[Image.Image, int, int]] = field(default_factory=list)  # image, x, lift
    width: int = 0

    def add(self, img: Image.Image, gap: int = 0, lift: int = 0, advance: bool = True) -> int:
        x = self.width + gap
        self.items.append((img, x, lift))
        if advance:
            self.width = x + img.width
        return x

    def space(self, gap: int) -> None:
        self.width += gap

    @property
    def height(self) -> int:
        return max((img.height + lift for img, _, lift in self.items), default=0)

    def paste_onto(self, canvas: Image.Image, x: int, baseline: int) -> None:
        for img, ix, lift in self.items:
            canvas.alpha_composite(img, (x + ix, baseline - lift - img.height))

    def render(self) -> Image.Image:
        canvas = Image.new("RGBA", (max(1, self.width), max(1, self.height)), (0, 0, 0, 0))
        self.paste_onto(canvas, 0, canvas.height)
        return canvas


def sorted_hand(tiles: tuple[int, ...] | list[int]) -> list[int]:
    """Suit order m p s z, numbers ascending; a red five sorts among the fives."""
    return sorted(tiles, key=lambda t: (kind_of(t), t))


def _called_position(meld: Meld, size: int) -> int | None:
    """Index of the sideways tile in a meld of ``size`` tiles, from the giver's seat."""
    if meld.source == PREVIOUS_PLAYER:
        return 0
    if meld.source == OPPOSITE:
        return 1
    if meld.source == NEXT_PLAYER:
        return size - 1
    return None


def add_meld(
    row: Row, meld: Meld, images: TileImages, red_ids: frozenset[int], style: MeldStyle, gap: int
) -> None:
    """Append one meld to the row, ``gap`` pixels after what is there."""
    tile = images.tile
    if meld.type is MeldType.ANKAN:
        face_up = range(1, 1 + style.closed_kan_face_up)  # the middle tiles, from the left
        for i, t in enumerate(sorted_hand(meld.tiles)):
            row.add(tile(t, red_ids) if i in face_up else images.back(), gap if i == 0 else 0)
        return
    called = meld.called
    added = meld.added if meld.type is MeldType.KAKAN else None
    rest = sorted_hand([t for t in meld.tiles if t != called and t != added])
    given_down = style.pon_given_face_down and meld.type in (MeldType.PON, MeldType.KAKAN)
    base_size = 3 if meld.type in (MeldType.CHI, MeldType.PON, MeldType.KAKAN) else 4
    pos = _called_position(meld, base_size) if called is not None else None
    order: list[int | None] = list(rest)
    if pos is not None:
        order.insert(pos, None)  # None marks the called tile's slot
    elif called is not None:
        order.append(called)
    first = True
    for item in order:
        g = gap if first else 0
        first = False
        if item is not None:
            row.add(tile(item, red_ids), g)
            continue
        assert called is not None
        if given_down:
            row.add(images.back(), g)
            if added is not None:
                row.add(tile(added, red_ids))
            continue
        side = tile(called, red_ids, sideways=True)
        row.add(side, g)
        if added is not None:  # the added tile lies on top of the sideways one
            x = row.width - side.width
            row.items.append((tile(added, red_ids, sideways=True), x, side.height - images.size.depth))
    if pos is None and added is not None and not given_down:
        row.add(tile(added, red_ids))
