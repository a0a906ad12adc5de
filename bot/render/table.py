"""The table seen from one seat (that seat at the bottom) or by spectators (seat 0 at the bottom).

Layout, as at a real table: a centre box with the round, the sticks, the wall count and the dora row;
on each of its sides the seat's wind, name and score facing that seat (the seat across keeps its name
upright).  Beyond each side the seat's river (rows of six, the riichi tile sideways, tiles called away
greyed), and along the table's edge its hand, then its flowers or norths set aside beside its melds.
Each seat's part is drawn upright as if it sat at the bottom, then turned a quarter per seat (the next
player to the right).

Only the viewer's own concealed tiles are drawn face up; every other hand is drawn as backs from its
tile count alone, so a spectator picture cannot depend on what the hidden tiles are.  A seat's part
is cached: after a move, only the seats that changed are drawn again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.assets import TileImages, tile_images
from bot.render.fonts import Fonts, default_fonts
from bot.render.hand import GROUP_GAP, TABLE_GREEN, void_marker
from bot.render.layout import Row, add_meld, sorted_hand
from bot.render.png import to_png
from bot.render.scene import HIDDEN, SeatScene, TableScene

__all__ = ["TableRenderer", "render_table", "to_png"]

CENTRE = 270  # side of the centre box
STRIP = 46  # depth of a seat's strip inside the centre box
RIVER_ROWS = 4  # rows of six before the last row just grows
RIVER_GAP = 10  # between the centre box and the river
HAND_DEPTH = 80  # room for the hand row (stacked sideways tiles of an added kan included)
EDGE = 8
SIDE = 2 * (CENTRE // 2 + RIVER_GAP + RIVER_ROWS * 49 + 14 + HAND_DEPTH + EDGE)  # table square
PANEL_H = SIDE // 2 - CENTRE // 2 - RIVER_GAP

BOX = (12, 60, 38, 255)
BOX_LINE = (70, 140, 100, 255)
TURN_GLOW = (255, 210, 70, 255)
TEXT = (240, 240, 230, 255)
DIM_TEXT = (180, 205, 190, 255)
WIN_GOLD = (250, 196, 40, 255)
RIICHI_RED = (220, 40, 40, 255)
ROTATIONS = (None, Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270)


@dataclass(frozen=True)
class _PanelKey:
    seat: SeatScene
    visible: bool
    highlight: int | None
    red_ids: frozenset[int]
    style: str


class TableRenderer:
    """Draws TableScene pictures; keeps tile pictures and recent seat panels in memory."""

    def __init__(self, fonts: Fonts | None = None, cache_size: int = 64) -> None:
        self.fonts = fonts or default_fonts()
        self.tiles: TileImages = tile_images("small")
        self._panels: OrderedDict[tuple[_PanelKey, int], list[tuple[Image.Image, tuple[int, int]]]] = (
            OrderedDict()
        )
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._background: Image.Image | None = None
        self._strips: dict[tuple[object, ...], Image.Image] = {}
        self._minis: dict[str, Image.Image] = {}
        self._palette: Image.Image | None = None

    # --- the whole picture ------------------------------------------------------------------

    def render(self, scene: TableScene) -> Image.Image:
        """Thread-safe: the bot renders off the event loop, possibly from several worker threads."""
        with self._lock:
            return self._render(scene)

    def _render(self, scene: TableScene) -> Image.Image:
        img = self.background().copy()
        bottom = scene.viewer if scene.viewer is not None else 0
        lo, hi = SIDE // 2 - CENTRE // 2, SIDE // 2 + CENTRE // 2
        for seat_index, seat in enumerate(scene.seats):
            position = (seat_index - bottom) % 4
            last = scene.last_discard
            highlight = last[1] if last is not None and last[0] == seat_index else None
            visible = scene.viewer == seat_index
            key = _PanelKey(seat, visible, highlight, scene.red_ids, scene.style)
            for piece, xy in self.panel(key, position):
                img.paste(piece, xy, piece)
            strip = self.strip(seat, is_turn=scene.turn == seat_index)
            piece, xy = _turned(strip, (lo + STRIP, hi - STRIP), position)
            if position == 2:  # the seat across: its name stays upright for the reader
                piece = strip
            img.paste(piece, xy, piece)
        self._centre(img, scene)
        return img

    def palette(self) -> Image.Image:
        """The colours of every table picture (felt, box, text, every tile face and its variants), once."""
        if self._palette is None:
            from bot.render.geometry import face_names
            from bot.render.png import palette_of

            samples = [self.background()]
            for name in face_names():
                for sideways, grey, mark in (
                    (False, False, False),
                    (True, False, False),
                    (False, True, False),
                    (False, False, True),
                ):
                    samples.append(self.tiles.picture(name, sideways, grey, mark))
            for fill in (BOX, TABLE_GREEN):  # text of every colour, anti-aliased, on both grounds
                sample = Image.new("RGBA", (240, 60), fill)
                d = ImageDraw.Draw(sample)
                d.rectangle((2, 2, 40, 40), outline=TURN_GLOW, fill=RIICHI_RED)
                for i, colour in enumerate((TEXT, DIM_TEXT, WIN_GOLD, BOX_LINE)):
                    self.fonts.text(14).draw(d, (44 + 48 * i, 10), "Ab東8", colour)
                samples.append(sample)
            self._palette = palette_of(samples)
        return self._palette

    def png(self, scene: TableScene) -> bytes:
        """The picture as sent: composed, then mapped onto the table's own palette and encoded."""
        img = self.render(scene)
        return to_png(img, fixed=self.palette())

    def background(self) -> Image.Image:
        if self._background is None:
            bg = Image.new("RGB", (SIDE, SIDE), TABLE_GREEN[:3])
            d = ImageDraw.Draw(bg)
            d.rectangle((3, 3, SIDE - 4, SIDE - 4), outline=(16, 74, 46), width=4)
            lo, hi = SIDE // 2 - CENTRE // 2, SIDE // 2 + CENTRE // 2
            d.rounded_rectangle((lo, lo, hi, hi), radius=10, fill=BOX[:3], outline=BOX_LINE[:3], width=2)
            self._background = bg
        return self._background

    # --- the centre box ---------------------------------------------------------------------

    def _centre(self, img: Image.Image, scene: TableScene) -> None:
        d = ImageDraw.Draw(img)
        c = SIDE // 2
        title = self.fonts.text(18, bold=True)
        label = title.fit(scene.round_label, CENTRE - 2 * STRIP - 8)
        title.draw(d, (c - title.width(label) / 2, c - 82), label, TEXT)
        small = self.fonts.text(14)
        y = c - 56
        x = c - 80
        if scene.dead_wall or scene.honba or scene.riichi_sticks:  # only rule sets with sticks
            self._stick(d, x, y + 6, hundred=True)
            small.draw(d, (x + 40, y - 2), f"x{scene.honba}", TEXT)
            self._stick(d, x + 84, y + 6, hundred=False)
            small.draw(d, (x + 124, y - 2), f"x{scene.riichi_sticks}", TEXT)
        wall = scene.wall_label or f"wall {scene.wall_count}"
        small.draw(d, (c - small.width(wall) / 2, c - 34), wall, DIM_TEXT)
        self._dora_row(img, scene, c, c - 10)

    def _stick(self, d: ImageDraw.ImageDraw, x: float, y: float, hundred: bool) -> None:
        """A point stick: 100 (honba, eight small dots) or 1000 (riichi, one red dot)."""
        d.rounded_rectangle((x, y - 3, x + 34, y + 3), radius=3, fill=(245, 245, 240, 255))
        if hundred:
            for i in range(4):
                d.ellipse((x + 5 + i * 7, y - 1.5, x + 8 + i * 7, y + 1.5), fill=(30, 30, 30, 255))
        else:
            d.ellipse((x + 14, y - 2.5, x + 19, y + 2.5), fill=RIICHI_RED)

    def _dora_row(self, img: Image.Image, scene: TableScene, cx: int, top: int) -> None:
        count = max(scene.dead_wall, len(scene.dora_indicators))
        if not count:
            return
        w = self.tiles.size.width
        x = cx - (count * w + count - 1) // 2
        for i in range(count):
            tile = (
                self.tiles.tile(scene.dora_indicators[i], scene.red_ids)
                if i < len(scene.dora_indicators)
                else self.tiles.back()
            )
            img.paste(tile, (x + i * (w + 1), top), tile)

    def strip(self, seat: SeatScene, is_turn: bool) -> Image.Image:
        """The seat's side of the centre box: wind tile, name, score, dealer/riichi/turn/win marks."""
        key = (
            seat.name,
            seat.wind,
            seat.score,
            seat.is_dealer,
            seat.winner,
            seat.void_suit,
            seat.riichi,
            is_turn,
        )
        img = self._strips.get(key)
        if img is None:
            if len(self._strips) > 256:
                self._strips.clear()
            img = self._strips[key] = self._draw_strip(seat, is_turn)
        return img

    def _draw_strip(self, seat: SeatScene, is_turn: bool) -> Image.Image:
        w, h = CENTRE - 2 * STRIP, STRIP
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        if is_turn:
            d.rounded_rectangle((1, 1, w - 2, h - 2), radius=6, outline=TURN_GLOW, width=2)
        wind = self._mini_tile(f"{seat.wind % 4 + 1}z")
        img.alpha_composite(wind, (5, (h - wind.height) // 2))
        if seat.is_dealer:  # a red frame round the wind: the dealer (親/莊)
            d.rounded_rectangle(
                (3, (h - wind.height) // 2 - 2, 6 + wind.width, (h + wind.height) // 2 + 1),
                radius=3,
                outline=RIICHI_RED,
                width=2,
            )
        name_font = self.fonts.text(13)
        score_font = self.fonts.text(14, bold=True)
        tx = 12 + wind.width
        name_font.draw(d, (tx, 4), name_font.fit(seat.name, w - tx - 30), TEXT)
        score_width = score_font.draw(d, (tx, 23), f"{seat.score}", WIN_GOLD if seat.winner else TEXT)
        right = w - 6
        if seat.winner:  # a gold medal with a check: this seat has won (sichuan plays on)
            d.ellipse((right - 20, 4, right, 24), fill=WIN_GOLD)
            d.line((right - 15, 14, right - 11, 19, right - 5, 9), fill=BOX, width=3)
            right -= 24
        if seat.void_suit is not None:
            marker = self._mini(f"void{seat.void_suit}", lambda: void_marker(self.tiles, seat.void_suit or 0))
            img.alpha_composite(marker, (right - marker.width, h - marker.height - 3))
            right -= marker.width + 4
        if seat.riichi:  # the riichi stick laid in front of the seat
            self._stick(d, tx + max(54, score_width + 10), 31, hundred=False)
        return img

    def _mini(self, key: str, make: Callable[[], Image.Image]) -> Image.Image:
        """A two-thirds size copy of a picture, for the strips."""
        img = self._minis.get(key)
        if img is None:
            full = make()
            img = full.resize((full.width * 2 // 3, full.height * 2 // 3), Image.Resampling.LANCZOS)
            self._minis[key] = img
        return img

    def _mini_tile(self, name: str) -> Image.Image:
        return self._mini(name, lambda: self.tiles.picture(name))

    # --- a seat's river and hand ------------------------------------------------------------

    def panel(self, key: _PanelKey, position: int) -> list[tuple[Image.Image, tuple[int, int]]]:
        """The seat's river and hand as pictures already turned and placed for its side of the table."""
        cache_key = (key, position)
        cached = self._panels.get(cache_key)
        if cached is not None:
            self._panels.move_to_end(cache_key)
            return cached
        full = self._draw_panel(key)
        pieces = []
        split = PANEL_H - HAND_DEPTH - EDGE
        # only the drawn parts are kept, so pasting touches few pixels
        for top, bottom in ((0, split), (split, PANEL_H)):
            part = full.crop((0, top, SIDE, bottom))
            box = part.getbbox()
            if box is None:
                continue
            piece = part.crop(box)
            pieces.append(_turned(piece, (box[0], SIDE - PANEL_H + top + box[1]), position))
        self._panels[cache_key] = pieces
        if len(self._panels) > self._cache_size:
            self._panels.popitem(last=False)
        return pieces

    def _draw_panel(self, key: _PanelKey) -> Image.Image:
        seat, tiles, red = key.seat, self.tiles, key.red_ids
        img = Image.new("RGBA", (SIDE, PANEL_H), (0, 0, 0, 0))
        # river: rows of six under the centre box, the last row keeps growing
        size = tiles.size
        row_step = size.height - 1
        x0 = SIDE // 2 - CENTRE // 2 + STRIP - 10
        rows: list[Row] = [Row()]
        for i, entry in enumerate(seat.river):
            if len(rows[-1].items) == 6 and len(rows) < RIVER_ROWS:
                rows.append(Row())
            pic = tiles.tile(
                entry.tile, red, sideways=entry.riichi, grey=entry.called, mark=key.highlight == i
            )
            rows[-1].add(pic, 1 if rows[-1].items else 0)
        for r, row in enumerate(rows):
            row.paste_onto(img, x0, (r + 1) * row_step)
        self._hand(img, key)
        return img

    def _hand(self, img: Image.Image, key: _PanelKey) -> None:
        seat, tiles, red = key.seat, self.tiles, key.red_ids
        row = Row()
        shown = key.visible and isinstance(seat.concealed, tuple)
        if shown:
            assert isinstance(seat.concealed, tuple)
            for i, t in enumerate(sorted_hand(seat.concealed)):
                row.add(tiles.tile(t, red), 1 if i else 0)
        else:
            count = seat.concealed if isinstance(seat.concealed, int) else len(seat.concealed)
            for i in range(count):
                row.add(tiles.back(), 1 if i else 0)
        if seat.drawn is not None:
            drawn = seat.drawn if shown and seat.drawn != HIDDEN else HIDDEN
            row.add(tiles.tile(drawn, red) if drawn != HIDDEN else tiles.back(), GROUP_GAP)
        if seat.win_tile is not None:
            row.add(tiles.tile(seat.win_tile, red, mark=True), GROUP_GAP)
        melds = Row()
        # flowers and norths set aside lie with the melds, in front of their owner
        for i, t in enumerate(list(seat.flowers) + list(seat.kita)):
            melds.add(tiles.tile(t, red), 1 if i else 0)
        for meld in seat.melds:
            add_meld(melds, meld, tiles, red, key.style, GROUP_GAP if melds.items else 0)
        baseline = PANEL_H - EDGE
        start = HAND_DEPTH + EDGE
        row.paste_onto(img, start, baseline)
        meld_x = max(start + row.width + GROUP_GAP, SIDE - EDGE - melds.width)
        melds.paste_onto(img, meld_x, baseline)


def _turned(piece: Image.Image, xy: tuple[int, int], position: int) -> tuple[Image.Image, tuple[int, int]]:
    """A piece placed at xy for the bottom seat, turned a quarter left per position round the table."""
    x, y = xy
    w, h = piece.size
    if position == 0:
        return piece, (x, y)
    rotation = ROTATIONS[position]
    assert rotation is not None
    turned = piece.transpose(rotation)
    if position == 1:
        return turned, (y, SIDE - x - w)
    if position == 2:
        return turned, (SIDE - x - w, SIDE - y - h)
    return turned, (SIDE - y - h, x)


_default_renderer: TableRenderer | None = None


def render_table(scene: TableScene, renderer: TableRenderer | None = None) -> Image.Image:
    global _default_renderer
    if renderer is None:
        if _default_renderer is None:
            _default_renderer = TableRenderer()
        renderer = _default_renderer
    return renderer.render(scene)
