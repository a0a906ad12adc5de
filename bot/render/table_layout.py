"""Where each part of the table picture goes: sizes chosen for Discord's preview on a phone (~400 px).

The picture is a square of ``SIDE`` pixels.  In its middle, the *river square*: the centre box (round,
sticks, wall, dora), each seat's river on its side of the box (rows of six, three rows, the last row
growing into the corner on the seat's right, as at a real table), and in the corner on each seat's left
its name plate (wind, score, name, marks), drawn upright whoever's seat it is, as Tenhou and Mahjong
Soul keep names readable.  Round the river square, along the table's edge, each seat's *strip*: its
concealed tiles (backs, unless it is the viewer's own hand), then the melds with the flowers or norths
set aside beside them.  The strips form a pinwheel: each runs from the corner on its seat's left to
where the next seat's strip starts.

A seat-view picture (the one sent to a player) keeps the viewer's own hand large across the whole
bottom (``OWN_BAND`` deep): the river square moves up to make room, so both views share one size.

Everything of a seat is laid out as if it sat at the bottom, then turned a quarter left per position
round the table (position 1 is the next player, on the right).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image

from bot.render.geometry import SMALL

STEP: Final = SMALL.width + 1  # river tiles side by side
ROW_STEP: Final = SMALL.height - 1  # one river row below the other
RIVER_COLUMNS: Final = 6
RIVER_ROWS: Final = 3  # the third row keeps growing, as at a real table
CENTRE: Final = RIVER_COLUMNS * STEP + 2  # the centre box: as wide as six river tiles
RIVER_GAP: Final = 4  # between the centre box and the first river row
DEPTH: Final = RIVER_GAP + RIVER_ROWS * ROW_STEP + 2  # the river band on each side of the box
RIVERS: Final = CENTRE + 2 * DEPTH  # the river square: the box, the four rivers, the corners
STRIP: Final = 80  # a seat's strip along the edge: standing backs, melds (an added kan stands higher)
SIDE: Final = RIVERS + 2 * STRIP  # the picture
OWN_BAND: Final = 94  # the viewer's own hand, large, across the bottom of a seat view
EDGE: Final = 6  # between the picture's edge and the tiles

#: The first river tile's top-left corner, for the seat at the bottom, inside the river square.
RIVER_ORIGIN: Final = (DEPTH + 1, DEPTH + CENTRE + RIVER_GAP)
RIVER_SIZE: Final = (RIVERS - RIVER_ORIGIN[0], RIVER_ROWS * ROW_STEP + 2)

#: The centre of the bottom seat's name plate inside the river square: the corner on its left, clear of
#: the left seat's growing third row (along the corner's outer edge) and of a sideways riichi tile
#: in the left seat's first rows (along the corner's top).
PLATE: Final = (94, 90)
_PLATE_LEFT = (
    RIVERS - RIVER_ORIGIN[1] - (RIVER_ROWS - 1) * ROW_STEP + 2
)  # the left river's third row ends here
_PLATE_TOP = DEPTH + CENTRE + 16  # a sideways tile sticks out of a row of six this far
PLATE_CENTRE: Final = ((_PLATE_LEFT + DEPTH) // 2, (_PLATE_TOP + RIVERS) // 2)

ROTATIONS: Final = (
    None,
    Image.Transpose.ROTATE_90,
    Image.Transpose.ROTATE_180,
    Image.Transpose.ROTATE_270,
)

Box = tuple[int, int, int, int]  # left, top, right, bottom


@dataclass(frozen=True)
class Frame:
    """The geometry of one kind of picture: the spectators' (every side alike) or a seat's (its own hand
    large at the bottom)."""

    own_hand: bool

    @property
    def origin(self) -> tuple[int, int]:
        """The river square's top-left corner in the picture."""
        top = SIDE - RIVERS - OWN_BAND if self.own_hand else STRIP
        return STRIP, top

    def depth(self, position: int) -> int:
        """How deep the strip of the seat at ``position`` is."""
        if position == 0:
            return OWN_BAND if self.own_hand else STRIP
        if position == 2:
            return self.origin[1]
        return STRIP

    def strip_box(self, position: int) -> Box:
        """The picture's rectangle holding the strip of the seat at ``position``."""
        bottom = self.depth(0)
        top = self.depth(2)
        if position == 0:
            return (0, SIDE - bottom, SIDE if self.own_hand else SIDE - STRIP, SIDE)
        if position == 1:
            return (SIDE - STRIP, top, SIDE, SIDE - bottom if self.own_hand else SIDE)
        if position == 2:
            return (STRIP, 0, SIDE, top)
        return (0, 0, STRIP, SIDE - bottom)

    def strip_length(self, position: int) -> int:
        left, top, right, bottom = self.strip_box(position)
        return right - left if position % 2 == 0 else bottom - top

    def place(self, box: Box, position: int) -> Box:
        """A rectangle given for the bottom seat inside the river square, turned for ``position`` and
        moved into the picture."""
        x0, y0, x1, y1 = box
        for _ in range(position):  # a quarter left: (x, y) -> (y, RIVERS - x)
            x0, y0, x1, y1 = y0, RIVERS - x1, y1, RIVERS - x0
        ox, oy = self.origin
        return x0 + ox, y0 + oy, x1 + ox, y1 + oy

    def plate_centre(self, position: int) -> tuple[int, int]:
        x, y = PLATE_CENTRE
        left, top, _, _ = self.place((x, y, x, y), position)
        return left, top

    def centre_box(self) -> Box:
        ox, oy = self.origin
        return ox + DEPTH, oy + DEPTH, ox + DEPTH + CENTRE, oy + DEPTH + CENTRE


SPECTATOR_FRAME: Final = Frame(own_hand=False)
SEAT_FRAME: Final = Frame(own_hand=True)


def turned(piece: Image.Image, position: int) -> Image.Image:
    """A piece drawn for the bottom seat, turned a quarter left per position round the table."""
    rotation = ROTATIONS[position % 4]
    return piece if rotation is None else piece.transpose(rotation)
