"""The table seen from one seat (that seat at the bottom, its own hand large) or by spectators (seat 0
at the bottom, every hand face down).  Where each part goes: :mod:`bot.render.table_layout`.

Only the viewer's own concealed tiles are drawn face up; every other hand is drawn as standing backs
from its tile count alone, so a spectator picture cannot depend on what the hidden tiles are.  The one
exception is a finished hand's replay (``TableScene.open_hands``), which shows every hand.

The picture is composed from parts kept in memory (each seat's river, strip and name plate, the centre
box): after a move only the parts that changed are drawn again, the rest are pasted as they were.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from bot.hand.meld import Meld, MeldStyle
from bot.render.assets import TileImages, tile_images
from bot.render.fonts import Fonts, Text, default_fonts
from bot.render.hand import GROUP_GAP
from bot.render.layout import Row, add_meld, sorted_hand
from bot.render.palette import (
    BOX,
    BOX_LINE,
    DIM_TEXT,
    FELT,
    FELT_EDGE,
    RIICHI_RED,
    STICK_DOT,
    STICK_WHITE,
    TEXT,
    TURN_GLOW,
    VOID_RED,
    WHITE,
    WIN_GOLD,
)
from bot.render.png import to_png
from bot.render.scene import HIDDEN, RiverTile, SeatScene, TableScene
from bot.render.table_layout import (
    CENTRE,
    EDGE,
    PLATE,
    RIVER_COLUMNS,
    RIVER_ORIGIN,
    RIVER_ROWS,
    RIVER_SIZE,
    ROW_STEP,
    SEAT_FRAME,
    SIDE,
    SPECTATOR_FRAME,
    Frame,
    turned,
)

__all__ = ["SIDE", "TableRenderer", "render_table", "to_png"]

Piece = tuple[Image.Image, tuple[int, int]]  # a part as drawn (RGBA) and where it goes


@dataclass(frozen=True)
class _Part:
    """A part ready to paste: in the table's palette, blended onto the colour under it, with the mask of
    the pixels it covers.  Parts never overlap, so blending once here equals blending in the picture."""

    image: Image.Image
    mask: Image.Image
    xy: tuple[int, int]


_PALETTES: dict[object, Image.Image] = {}  # per font loader: every renderer of a process shares it


class TableRenderer:
    """Draws TableScene pictures; keeps tile pictures and recently drawn parts in memory."""

    def __init__(self, fonts: Fonts | None = None, cache_size: int = 128) -> None:
        self.fonts = fonts or default_fonts()
        self.tiles: TileImages = tile_images("small")
        self.large: TileImages = tile_images("large")
        self._parts: OrderedDict[Hashable, _Part] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._backgrounds: dict[Frame, Image.Image] = {}
        self._grounds: dict[Frame, Image.Image] = {}
        self._minis: dict[str, Image.Image] = {}

    # --- the whole picture ------------------------------------------------------------------

    def render(self, scene: TableScene) -> Image.Image:
        """The picture (RGB).  Thread-safe: the bot renders off the event loop, maybe from several threads."""
        return self.compose(scene).convert("RGB")

    def png(self, scene: TableScene) -> bytes:
        """The picture as sent: composed in the table's palette, then encoded."""
        return to_png(self.compose(scene))

    def compose(self, scene: TableScene) -> Image.Image:
        """The picture in the table's palette ("P"), from the parts kept in memory."""
        with self._lock:
            frame = SPECTATOR_FRAME if scene.viewer is None else SEAT_FRAME
            img = self._ground(frame).copy()
            bottom = scene.viewer if scene.viewer is not None else 0
            for seat_index in range(len(scene.seats)):
                for part in self._seat_parts(scene, seat_index, frame, (seat_index - bottom) % 4):
                    img.paste(part.image, part.xy, part.mask)
            turn = None if scene.turn is None else (scene.turn - bottom) % 4
            for part in self._centre(scene, frame, turn):
                img.paste(part.image, part.xy, part.mask)
            return img

    def _seat_parts(self, scene: TableScene, seat_index: int, frame: Frame, position: int) -> list[_Part]:
        """The seat's river, strip and name plate, each from the cache when it did not change."""
        seat = scene.seats[seat_index]
        last = scene.last_discard
        highlight = last[1] if last is not None and last[0] == seat_index else None
        strip = _strip_facts(seat, own=scene.viewer == seat_index or scene.open_hands)
        plate = _plate_facts(seat)
        is_turn = scene.turn == seat_index
        red = scene.red_ids
        return [
            self._part(
                ("river", seat.river, highlight, red, frame, position),
                lambda: self._river_piece(seat.river, highlight, red, frame, position),
            ),
            self._part(
                ("strip", strip, red, scene.style, frame, position),
                lambda: self._strip_piece(strip, red, scene.style, frame, position),
            ),
            self._part(
                ("plate", plate, is_turn, frame, position),
                lambda: self._plate_piece(plate, is_turn, frame, position),
            ),
        ]

    def _part(
        self, key: tuple[Hashable, ...], draw: Callable[[], Piece], ground: tuple[int, ...] = FELT
    ) -> _Part:
        """A part from the cache, or drawn by ``draw()``, mapped onto the palette and kept."""
        cached = self._parts.get(key)
        if cached is not None:
            self._parts.move_to_end(key)
            return cached
        img, xy = draw()
        flat = Image.new("RGBA", img.size, ground)
        flat.alpha_composite(img)
        image = flat.convert("RGB").quantize(palette=self.palette(), dither=Image.Dither.NONE)
        part = _Part(image, img.getchannel("A").point(lambda a: 255 if a else 0), xy)
        self._parts[key] = part
        if len(self._parts) > self._cache_size:
            self._parts.popitem(last=False)
        return part

    def _ground(self, frame: Frame) -> Image.Image:
        ground = self._grounds.get(frame)
        if ground is None:
            ground = self.background(frame).quantize(palette=self.palette(), dither=Image.Dither.NONE)
            self._grounds[frame] = ground
        return ground

    def palette(self) -> Image.Image:
        """The colours of every table picture (felt, box, text, every tile face and its variants), once
        per process and font chain."""
        palette = _PALETTES.get(self.fonts.loader)
        if palette is None:
            from bot.render.geometry import face_names
            from bot.render.png import palette_of

            samples = [self.background(SPECTATOR_FRAME)]
            for name in face_names():
                for sideways, grey, mark in (
                    (False, False, False),
                    (True, False, False),
                    (False, True, False),
                    (False, False, True),
                ):
                    samples.append(self.tiles.picture(name, sideways, grey, mark))
                samples.append(self.large.picture(name))
            for fill in (BOX, FELT):  # text of every colour, anti-aliased, on both grounds
                sample = Image.new("RGBA", (240, 60), fill)
                d = ImageDraw.Draw(sample)
                d.rectangle((2, 2, 40, 40), outline=TURN_GLOW, fill=RIICHI_RED)
                for i, colour in enumerate((TEXT, DIM_TEXT, WIN_GOLD, BOX_LINE)):
                    self.fonts.text(16).draw(d, (44 + 48 * i, 10), "Ab東8", colour)
                samples.append(sample)
            palette = _PALETTES[self.fonts.loader] = palette_of(samples)
        return palette

    def background(self, frame: Frame = SPECTATOR_FRAME) -> Image.Image:
        bg = self._backgrounds.get(frame)
        if bg is None:
            bg = Image.new("RGB", (SIDE, SIDE), FELT)
            d = ImageDraw.Draw(bg)
            d.rectangle((2, 2, SIDE - 3, SIDE - 3), outline=FELT_EDGE, width=3)
            lo_x, lo_y, hi_x, hi_y = frame.centre_box()
            d.rounded_rectangle((lo_x, lo_y, hi_x - 1, hi_y - 1), radius=10, fill=BOX, outline=BOX_LINE)
            self._backgrounds[frame] = bg
        return bg

    # --- the centre box ---------------------------------------------------------------------

    def _centre(self, scene: TableScene, frame: Frame, turn: int | None) -> list[_Part]:
        """Round, sticks and dora (cached while they stay), and the wall count (every move)."""
        rows = _CentreRows.of(scene)
        left, top, _, _ = frame.centre_box()
        key = (scene.round_label, scene.honba, scene.riichi_sticks, scene.dora_indicators, scene.dead_wall)
        box = self._part(
            ("centre", rows, *key, scene.red_ids, turn, frame),
            lambda: (self._centre_piece(scene, rows, turn), (left, top)),
            BOX,
        )
        wall = scene.wall_label or f"wall {scene.wall_count}"
        count = self._part(
            ("wall", wall, rows, frame),
            lambda: self._text_piece(wall, rows.wall_size, DIM_TEXT, (left + CENTRE // 2, top + rows.wall_y)),
            BOX,
        )
        return [box, count]

    def _text_piece(
        self, text: str, size: int, colour: tuple[int, ...], top_centre: tuple[int, int]
    ) -> Piece:
        font = self.fonts.text(size)
        width = font.width(text)
        img = Image.new("RGBA", (width + 4, size + 8), (0, 0, 0, 0))
        font.draw(ImageDraw.Draw(img), (2, 0), text, colour)
        return img, (top_centre[0] - width // 2 - 2, top_centre[1])

    def _centre_piece(self, scene: TableScene, rows: _CentreRows, turn: int | None) -> Image.Image:
        img = Image.new("RGBA", (CENTRE, CENTRE), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        if turn is not None:  # a bar on the side of the seat whose turn it is
            lo, hi, near, far = 48, CENTRE - 48, 5, CENTRE - 10
            bars = {0: (lo, far, hi, far + 5), 1: (far, lo, far + 5, hi), 2: (lo, near, hi, near + 5)}
            d.rounded_rectangle(bars.get(turn, (near, lo, near + 5, hi)), radius=2, fill=TURN_GLOW)
        title = self.fonts.text(rows.title_size, bold=True)
        text = title.fit(scene.round_label, CENTRE - 20)
        title.draw(d, ((CENTRE - title.width(text)) / 2, rows.title_y), text, TEXT)
        if rows.sticks_y is not None:  # only rule sets with sticks
            small = self.fonts.text(16)
            x, y = 22, rows.sticks_y
            self._stick(d, x, y, hundred=True)
            small.draw(d, (x + 40, y - 9), f"×{scene.honba}", TEXT)
            self._stick(d, x + 90, y, hundred=False)
            small.draw(d, (x + 130, y - 9), f"×{scene.riichi_sticks}", TEXT)
        indicators = scene.dora_indicators
        count = max(scene.dead_wall, len(indicators))
        if count:
            w = self.tiles.size.width
            x = (CENTRE - (count * w + count - 1)) // 2
            top = CENTRE - 16 - self.tiles.size.height
            for i in range(count):
                shown = i < len(indicators)
                tile = self.tiles.tile(indicators[i], scene.red_ids) if shown else self.tiles.back()
                img.alpha_composite(tile, (x + i * (w + 1), top))
        return img

    def _stick(self, d: ImageDraw.ImageDraw, x: float, y: float, hundred: bool) -> None:
        """A point stick: 100 (honba, eight small dots) or 1000 (riichi, one red dot)."""
        d.rounded_rectangle((x, y - 3, x + 34, y + 3), radius=3, fill=STICK_WHITE)
        if hundred:
            for i in range(4):
                d.ellipse((x + 5 + i * 7, y - 1.5, x + 8 + i * 7, y + 1.5), fill=STICK_DOT)
        else:
            d.ellipse((x + 14, y - 2.5, x + 19, y + 2.5), fill=RIICHI_RED)

    # --- a seat's name plate ----------------------------------------------------------------

    def _plate_piece(self, facts: _Plate, is_turn: bool, frame: Frame, position: int) -> Piece:
        """Wind (framed red for the dealer), riichi stick, void suit, win medal; score; name: upright."""
        name, wind, score, void_suit = facts.name, facts.wind, facts.score, facts.void_suit
        w, h = PLATE
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(
            (0, 0, w - 1, h - 1),
            radius=7,
            fill=BOX,
            outline=TURN_GLOW if is_turn else BOX_LINE,
            width=3 if is_turn else 1,
        )
        wind_tile = self._mini_tile(f"{wind % 4 + 1}z")
        img.alpha_composite(wind_tile, (6, 5))
        if facts.is_dealer:  # a red frame round the wind: the dealer (親/莊)
            d.rounded_rectangle(
                (4, 3, 8 + wind_tile.width, 7 + wind_tile.height), radius=3, outline=RIICHI_RED, width=2
            )
        x = 14 + wind_tile.width
        if facts.riichi:  # the riichi stick laid in front of the seat
            self._stick(d, x, 21, hundred=False)
        if void_suit is not None:
            badge = self._mini(f"void{void_suit}", lambda: _void_badge(self.tiles, void_suit), scale=0.8)
            img.alpha_composite(badge, (x, 4))
        if facts.winner:  # a gold medal with a check: this seat has won (the hand plays on)
            right = w - 8
            d.ellipse((right - 20, 10, right, 30), fill=WIN_GOLD)
            d.line((right - 15, 20, right - 11, 25, right - 5, 15), fill=BOX, width=3)
        score_font = self.fonts.text(18, bold=True)
        score_font.draw(d, (7, 45), f"{score}", WIN_GOLD if facts.winner else TEXT)
        name_font, lines = plate_name_lines(self.fonts, name, w - 12)
        top = 67 + (16 - name_font.size) // 2 if len(lines) == 1 else 63
        for row, line in enumerate(lines):
            name_font.draw(d, (7, top + row * (name_font.size + 1)), line, TEXT)
        cx, cy = frame.plate_centre(position)
        return img, (cx - w // 2, cy - h // 2)

    def _mini(self, key: str, make: Callable[[], Image.Image], scale: float = 2 / 3) -> Image.Image:
        """A smaller copy of a picture (two thirds by default): plates and standing backs."""
        img = self._minis.get(key)
        if img is None:
            full = make()
            size = (round(full.width * scale), round(full.height * scale))
            img = full.resize(size, Image.Resampling.LANCZOS)
            self._minis[key] = img
        return img

    def _mini_tile(self, name: str) -> Image.Image:
        return self._mini(name, lambda: self.tiles.picture(name))

    # --- a seat's river ---------------------------------------------------------------------

    def _river_piece(
        self,
        river: tuple[RiverTile, ...],
        highlight: int | None,
        red: frozenset[int],
        frame: Frame,
        position: int,
    ) -> Piece:
        """Rows of six; the last row keeps growing into the corner, closer together when it must."""
        tiles = self.tiles
        rows: list[Row] = [Row()]
        room = RIVER_SIZE[0]
        for i, entry in enumerate(river):
            if len(rows[-1].items) == RIVER_COLUMNS and len(rows) < RIVER_ROWS:
                rows.append(Row())
            pic = tiles.tile(entry.tile, red, sideways=entry.riichi, grey=entry.called, mark=highlight == i)
            rows[-1].add(pic, 1 if rows[-1].items else 0)
        img = Image.new("RGBA", RIVER_SIZE, (0, 0, 0, 0))
        for r, row in enumerate(rows):
            baseline = (r + 1) * ROW_STEP + 1
            if row.width > room:  # a very long river: the last row's tiles overlap a little
                squeeze = (room - row.items[-1][0].width) / max(1, row.items[-1][1])
                for img_, x, lift in row.items:
                    img.alpha_composite(img_, (int(x * squeeze), baseline - lift - img_.height))
            else:
                row.paste_onto(img, 0, baseline)
        return self._placed(img, RIVER_ORIGIN, frame, position)

    def _placed(self, img: Image.Image, origin: tuple[int, int], frame: Frame, position: int) -> Piece:
        """Only the drawn part, turned and moved to the seat's side of the river square."""
        box = img.getbbox() or (0, 0, 1, 1)
        piece = turned(img.crop(box), position)
        x, y = origin
        left, top, _, _ = frame.place((x + box[0], y + box[1], x + box[2], y + box[3]), position)
        return piece, (left, top)

    # --- a seat's strip: hand and melds along the table's edge ------------------------------

    def _strip_piece(
        self, facts: _Strip, red: frozenset[int], style: MeldStyle, frame: Frame, position: int
    ) -> Piece:
        length, depth = frame.strip_length(position), frame.depth(position)
        big = facts.own and position == 0 and frame.own_hand
        tiles = self.large if big else self.tiles
        hand = Row()
        if isinstance(facts.concealed, tuple):
            if facts.void_suit is not None and big:
                hand.add(_void_badge(tiles, facts.void_suit))
                hand.space(GROUP_GAP)
            for i, t in enumerate(sorted_hand(facts.concealed)):
                hand.add(tiles.tile(t, red), 1 if i else 0)
            if facts.drawn is not None:
                hand.add(tiles.tile(facts.drawn, red), GROUP_GAP)
        else:
            back = self._mini("back", self.tiles.back)
            for i in range(facts.concealed):
                hand.add(back, 1 if i else 0)
            if facts.drawn is not None:
                hand.add(back, GROUP_GAP // 2)
        if facts.win_tile is not None:
            hand.add(tiles.tile(facts.win_tile, red, mark=True), GROUP_GAP)
        laid = Row()
        # flowers and norths set aside lie with the melds, in front of their owner
        for i, t in enumerate(facts.laid_aside):
            laid.add(self.tiles.tile(t, red), 1 if i else 0)
        for meld in facts.melds:
            add_meld(laid, meld, self.tiles, red, style, GROUP_GAP if laid.items else 0)
        img = _strip_image(hand, laid, length, depth)
        piece = turned(img, position)
        left, top, _, _ = frame.strip_box(position)
        return piece, (left, top)

    # ----------------------------------------------------------------------------------------


def _void_badge(tiles: TileImages, suit: int) -> Image.Image:
    """The suit's 1 tile with a red "no" sign on its corner: the face stays clear enough to tell the
    suit at a phone's size."""
    tile = tiles.picture(f"1{'mps'[suit]}")
    sign = tile.width * 3 // 5
    img = Image.new("RGBA", (tile.width + sign // 3, tile.height + sign // 4), (0, 0, 0, 0))
    img.alpha_composite(tile, (0, 0))
    d = ImageDraw.Draw(img)
    x, y = img.width - sign - 1, img.height - sign - 1
    red = VOID_RED
    d.ellipse((x, y, x + sign, y + sign), fill=WHITE, outline=red, width=4)
    d.line((x + sign * 0.25, y + sign * 0.75, x + sign * 0.75, y + sign * 0.25), fill=red, width=4)
    return img


def _strip_image(hand: Row, laid: Row, length: int, depth: int) -> Image.Image:
    """The hand from the strip's left end, the melds to its right end, both standing on the edge; the
    whole strip made smaller when it holds more than fits (many melds and flowers)."""
    natural = hand.width + (GROUP_GAP + laid.width if laid.items else 0)
    height = max(hand.height, laid.height)
    room_w, room_h = length - 2 * EDGE, depth - 2 * EDGE
    if natural <= room_w and height <= room_h:
        img = Image.new("RGBA", (length, depth), (0, 0, 0, 0))
        hand.paste_onto(img, EDGE, depth - EDGE)
        laid.paste_onto(img, length - EDGE - laid.width, depth - EDGE)
        return img
    scale = min(room_w / natural, room_h / height)
    wide = Image.new("RGBA", (natural, height), (0, 0, 0, 0))
    hand.paste_onto(wide, 0, height)
    laid.paste_onto(wide, natural - laid.width, height)
    small = wide.resize((max(1, int(natural * scale)), max(1, int(height * scale))), Image.Resampling.LANCZOS)
    img = Image.new("RGBA", (length, depth), (0, 0, 0, 0))
    img.alpha_composite(small, (EDGE, depth - EDGE - small.height))
    return img


@dataclass(frozen=True)
class _CentreRows:
    """Where the centre box's lines go: a table without sticks or dora gets larger text, centred."""

    title_y: int
    title_size: int
    sticks_y: int | None
    wall_y: int
    wall_size: int

    @staticmethod
    def of(scene: TableScene) -> _CentreRows:
        sticks = bool(scene.dead_wall or scene.honba or scene.riichi_sticks)
        dora = bool(scene.dead_wall or scene.dora_indicators)
        if sticks or dora:
            return _CentreRows(18, 20, 60 if sticks else None, 78 if sticks else 56, 16)
        return _CentreRows(CENTRE // 2 - 40, 24, None, CENTRE // 2 + 8, 18)


@dataclass(frozen=True)
class _Strip:
    """What a seat's strip shows: a hidden hand is known by its count alone (and whether it drew)."""

    concealed: tuple[int, ...] | int
    drawn: int | None
    melds: tuple[Meld, ...]
    laid_aside: tuple[int, ...]  # flowers, then norths
    win_tile: int | None
    void_suit: int | None
    own: bool


def _strip_facts(seat: SeatScene, own: bool) -> _Strip:
    if own and isinstance(seat.concealed, tuple):
        concealed: tuple[int, ...] | int = seat.concealed
        drawn = seat.drawn
    else:
        concealed = seat.concealed if isinstance(seat.concealed, int) else len(seat.concealed)
        drawn = None if seat.drawn is None else HIDDEN
    return _Strip(concealed, drawn, seat.melds, seat.flowers + seat.kita, seat.win_tile, seat.void_suit, own)


@dataclass(frozen=True)
class _Plate:
    name: str
    wind: int
    score: int
    is_dealer: bool
    winner: bool
    void_suit: int | None
    riichi: bool


#: A name plate's text sizes, largest first: a name is drawn at the first size it fits on one line, else
#: in two lines of the smallest (cut with "…" only after that: 12 characters of any script fit).
PLATE_NAME_SIZES: Final = (16, 14, 12)


def plate_name_lines(fonts: Fonts, name: str, width: int) -> tuple[Text, list[str]]:
    """The font and the one or two lines a name plate shows of ``name`` within ``width`` pixels."""
    for size in PLATE_NAME_SIZES:
        font = fonts.text(size)
        if font.width(name) <= width:
            return font, [name]
    cut = 1
    while cut < len(name) and font.width(name[: cut + 1]) <= width:
        cut += 1
    rest = name[cut:].lstrip()
    return font, [name[:cut].rstrip(), font.fit(rest, width)] if rest else [name[:cut]]


def _plate_facts(seat: SeatScene) -> _Plate:
    return _Plate(seat.name, seat.wind, seat.score, seat.is_dealer, seat.winner, seat.void_suit, seat.riichi)


_default_renderer: TableRenderer | None = None


def render_table(scene: TableScene, renderer: TableRenderer | None = None) -> Image.Image:
    global _default_renderer
    if renderer is None:
        if _default_renderer is None:
            _default_renderer = TableRenderer()
        renderer = _default_renderer
    return renderer.render(scene)
