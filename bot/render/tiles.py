"""Draws every tile face with the project's own code and writes ``tile_images/``.

Run ``python -m bot.render.tiles`` to regenerate.  Needs a CJK font (Noto Serif CJK, from the Debian
package ``fonts-noto-cjk``) only here: at run time the bot composes pictures from the committed PNGs.

Each face is drawn once on a large 480x640 canvas (dots as concentric circles, bamboo sticks with
their joints, a bird on 1s, 萬 characters with the number in Chinese, honours as calligraphy) and
scaled down with a good filter, which gives clean anti-aliased edges at every size.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.geometry import (
    BACK_NAME,
    EMOJI_SIZE,
    EMOJI_TILE,
    SIZES,
    TILE_IMAGES_DIR,
    TileSize,
    face_names,
)
from bot.render.palette import (
    BACK_GREEN,
    BACK_GREEN_DARK,
    BACK_GREEN_LIGHT,
    INK_BLACK,
    INK_BLUE,
    INK_GREEN,
    INK_GREEN_DARK,
    INK_NAVY,
    INK_RED,
    IVORY,
    IVORY_EDGE,
    RGB,
    TILE_OUTLINE,
)

FACE_W, FACE_H = 480, 640  # master canvas for the artwork (3:4 like a real tile face)
SUPERSAMPLE = 8  # the tile body is drawn this many times larger, then reduced

CJK_FONT_CANDIDATES = (
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 3),  # index 3: traditional Chinese (TC)
    ("/usr/share/fonts/noto-cjk/NotoSerifCJK-Bold.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 3),
)

CHINESE_NUMERALS = "一二三四五六七八九"
HONOUR_CHARS = {
    1: ("東", INK_BLACK),
    2: ("南", INK_BLACK),
    3: ("西", INK_BLACK),
    4: ("北", INK_BLACK),
    6: ("發", INK_GREEN),
}
HONOUR_CHARS[7] = ("中", INK_RED)
FLOWER_CHARS = {
    1: ("春", (30, 130, 60)),
    2: ("夏", (200, 50, 40)),
    3: ("秋", (190, 110, 20)),
    4: ("冬", (40, 80, 170)),
    5: ("梅", (200, 40, 90)),
    6: ("蘭", (120, 60, 160)),
    7: ("竹", (30, 130, 60)),
    8: ("菊", (200, 140, 20)),
}


class MissingFont(RuntimeError):
    pass


def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    for path, index in CJK_FONT_CANDIDATES:
        if Path(path).exists():
            return ImageFont.truetype(path, size, index=index)
    raise MissingFont(
        "no CJK font found: install one with `apt-get install -y fonts-noto-cjk` (needed only to generate)"
    )


# --- artwork on the 480x640 master canvas -------------------------------------------------------


def _circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _dot(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, color: RGB) -> None:
    """A classic pin dot: coloured disc, ivory ring, coloured ring, ivory eye, coloured pupil."""
    _circle(d, cx, cy, r, color)
    _circle(d, cx, cy, r * 0.80, IVORY)
    _circle(d, cx, cy, r * 0.66, color)
    # eight ivory notches give the flower look of printed dots
    for i in range(8):
        a = i * math.pi / 4
        _circle(d, cx + math.cos(a) * r * 0.45, cy + math.sin(a) * r * 0.45, r * 0.09, IVORY)
    _circle(d, cx, cy, r * 0.26, IVORY)
    _circle(d, cx, cy, r * 0.14, color)


def _one_pin(d: ImageDraw.ImageDraw, red_centre: RGB = INK_RED) -> None:
    cx, cy = FACE_W / 2, FACE_H / 2
    _circle(d, cx, cy, 205, INK_GREEN_DARK)
    _circle(d, cx, cy, 192, IVORY)
    for i in range(16):  # ring of blue petals
        a = i * math.pi / 8
        _circle(d, cx + math.cos(a) * 160, cy + math.sin(a) * 160, 26, INK_BLUE)
    _circle(d, cx, cy, 124, INK_GREEN)
    _circle(d, cx, cy, 110, IVORY)
    for i in range(12):  # red flower around the centre
        a = i * math.pi / 6
        _circle(d, cx + math.cos(a) * 70, cy + math.sin(a) * 70, 24, red_centre)
    _circle(d, cx, cy, 46, red_centre)
    _circle(d, cx, cy, 22, IVORY)


# dot positions as (x, y, colour key) on the master canvas; B blue, G green, R red
PIN_LAYOUTS: dict[int, list[tuple[int, int, str]]] = {
    2: [(240, 190, "G"), (240, 450, "B")],
    3: [(130, 140, "B"), (240, 320, "R"), (350, 500, "G")],
    4: [(135, 185, "B"), (345, 185, "G"), (135, 455, "G"), (345, 455, "B")],
    5: [(130, 160, "B"), (350, 160, "G"), (240, 320, "R"), (130, 480, "G"), (350, 480, "B")],
    6: [(145, 130, "G"), (335, 130, "G"), (145, 350, "R"), (335, 350, "R"), (145, 520, "R"), (335, 520, "R")],
    7: [(110, 105, "G"), (240, 165, "G"), (370, 225, "G")]
    + [(145, 370, "R"), (335, 370, "R"), (145, 535, "R"), (335, 535, "R")],
    8: [(145, 95 + i * 150, "B") for i in range(4)] + [(335, 95 + i * 150, "B") for i in range(4)],
    9: [(100 + c * 140, 130 + r * 190, "BRG"[r]) for r in range(3) for c in range(3)],
}
PIN_RADIUS = {2: 105, 3: 88, 4: 92, 5: 82, 6: 80, 7: 68, 8: 66, 9: 62}
INK = {"B": INK_BLUE, "G": INK_GREEN, "R": INK_RED}


def draw_pin(d: ImageDraw.ImageDraw, n: int, red: bool) -> None:
    if n == 1:
        _one_pin(d)
        return
    for x, y, key in PIN_LAYOUTS[n]:
        _dot(d, x, y, PIN_RADIUS[n], INK_RED if red else INK[key])


def _stick(img: Image.Image, cx: float, cy: float, h: float, color: RGB, angle: float = 0.0) -> None:
    """A bamboo stick: rounded rod with a joint at each end and one in the middle."""
    w = 54
    dark = tuple(max(0, c - 60) for c in color)
    light = tuple(min(255, c + 90) for c in color)
    layer = Image.new("RGBA", (int(w + 40), int(h + 40)), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    x0, y0 = 20, 20
    ld.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=w / 2.2, fill=dark)
    ld.rounded_rectangle((x0 + 6, y0 + 6, x0 + w - 6, y0 + h - 6), radius=w / 3, fill=color)
    ld.line((x0 + w / 2, y0 + 16, x0 + w / 2, y0 + h - 16), fill=light, width=5)  # highlight groove
    for jy in (y0 + 12, y0 + h / 2, y0 + h - 12):  # joints
        ld.rounded_rectangle((x0 - 2, jy - 7, x0 + w + 2, jy + 7), radius=6, fill=dark)
    if angle:
        layer = layer.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    img.alpha_composite(layer, (int(cx - layer.width / 2), int(cy - layer.height / 2)))


SOU_LAYOUTS: dict[int, list[tuple[int, int, str, int]]] = {
    # (x, y, colour key, angle) with sticks of height STICK_H
    2: [(240, 185, "G", 0), (240, 455, "B", 0)],
    3: [(240, 185, "G", 0), (150, 455, "B", 0), (330, 455, "B", 0)],
    4: [(150, 185, "B", 0), (330, 185, "G", 0), (150, 455, "G", 0), (330, 455, "B", 0)],
    5: [(120, 185, "G", 0), (360, 185, "B", 0), (240, 320, "R", 0), (120, 455, "B", 0), (360, 455, "G", 0)],
    6: [(120 + c * 120, 185 + r * 270, "G" if r == 0 else "B", 0) for r in range(2) for c in range(3)],
    7: [(240, 120, "R", 0)] + [(120 + c * 120, 320 + r * 200, "G", 0) for r in range(2) for c in range(3)],
    8: [(90, 185, "G", 0), (190, 185, "G", -28), (290, 185, "G", 28), (390, 185, "G", 0)]
    + [(90, 455, "B", 0), (190, 455, "B", 28), (290, 455, "B", -28), (390, 455, "B", 0)],
    9: [
        (120 + c * 120, 120 + r * 200, "R" if c == 1 else ("G" if r != 1 else "B"), 0)
        for r in range(3)
        for c in range(3)
    ],
}
STICK_H = {2: 230, 3: 230, 4: 230, 5: 200, 6: 230, 7: 170, 8: 230, 9: 170}
SOU_INK = {"G": INK_GREEN, "B": (22, 96, 140), "R": INK_RED}


def _bird(img: Image.Image, d: ImageDraw.ImageDraw) -> None:
    """1s: a peacock-like bird on a perch, the traditional 一索."""
    # tail: a fan of eyed feathers rising behind the body
    for i, angle in enumerate(range(-60, 61, 20)):
        feather = Image.new("RGBA", (110, 250), (0, 0, 0, 0))
        fd = ImageDraw.Draw(feather)
        fd.ellipse((15, 0, 95, 250), fill=INK_GREEN_DARK)
        fd.ellipse((24, 8, 86, 242), fill=(INK_GREEN, INK_BLUE, INK_RED)[i % 3])
        fd.ellipse((38, 18, 72, 70), fill=IVORY)
        fd.ellipse((46, 28, 64, 60), fill=INK_BLUE)
        feather = feather.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        a = math.radians(angle)
        cx, cy = 290 + math.sin(a) * 120, 300 - math.cos(a) * 120
        img.alpha_composite(feather, (int(cx - feather.width / 2), int(cy - feather.height / 2)))
    # body and wing
    d.ellipse((110, 270, 330, 480), fill=INK_GREEN_DARK)
    d.ellipse((122, 282, 318, 468), fill=INK_GREEN)
    d.pieslice((170, 320, 330, 450), 200, 340, fill=INK_BLUE)
    # neck and head
    d.polygon([(150, 320), (110, 210), (160, 190), (200, 310)], fill=INK_GREEN)
    _circle(d, 130, 190, 48, INK_GREEN_DARK)
    _circle(d, 130, 190, 40, INK_GREEN)
    _circle(d, 118, 180, 12, IVORY)
    _circle(d, 118, 180, 6, INK_BLACK)
    d.polygon([(92, 188), (40, 210), (92, 208)], fill=(220, 150, 30))  # beak
    d.polygon([(120, 148), (105, 100), (135, 130), (150, 90), (152, 145)], fill=INK_RED)  # crest
    # legs and the perch
    d.line((200, 470, 185, 550), fill=INK_RED, width=12)
    d.line((250, 470, 265, 550), fill=INK_RED, width=12)
    d.rounded_rectangle((90, 545, 390, 575), radius=14, fill=(120, 80, 40))


def draw_sou(img: Image.Image, d: ImageDraw.ImageDraw, n: int, red: bool) -> None:
    if n == 1:
        _bird(img, d)
        return
    for x, y, key, angle in SOU_LAYOUTS[n]:
        _stick(img, x, y, STICK_H[n], INK_RED if red else SOU_INK[key], angle)


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB) -> None:
    d.text(xy, text, font=cjk_font(size), fill=fill, anchor="mm")


def draw_man(d: ImageDraw.ImageDraw, n: int, red: bool) -> None:
    _text(d, (240, 175), CHINESE_NUMERALS[n - 1], 250, INK_RED if red else INK_NAVY)
    _text(d, (240, 450), "萬", 270, INK_RED)


def draw_honour(d: ImageDraw.ImageDraw, n: int) -> None:
    if n == 5:  # 白: the blank dragon, a blue double frame
        d.rectangle((70, 80, 410, 560), outline=INK_BLUE, width=26)
        d.rectangle((112, 122, 368, 518), outline=INK_BLUE, width=8)
        return
    char, ink = HONOUR_CHARS[n]
    _text(d, (240, 330), char, 360, ink)


def draw_flower(d: ImageDraw.ImageDraw, n: int) -> None:
    char, ink = FLOWER_CHARS[n]
    _text(d, (255, 380), char, 300, ink)
    # the seat number in the corner, and a small blossom so the tile reads as a flower at a glance
    number = str(n if n <= 4 else n - 4)
    d.text((70, 100), number, font=cjk_font(130), fill=ink, anchor="mm")
    for i in range(5):
        a = i * 2 * math.pi / 5 - math.pi / 2
        _circle(d, 385 + math.cos(a) * 38, 105 + math.sin(a) * 38, 30, ink)
    _circle(d, 385, 105, 22, (230, 190, 40))


def face_artwork(name: str) -> Image.Image:
    """The printed face (no tile body) on an ivory 480x640 canvas."""
    img = Image.new("RGBA", (FACE_W, FACE_H), IVORY + (255,))
    d = ImageDraw.Draw(img)
    digit, suit = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    drawers: dict[str, Callable[[], None]] = {
        "m": lambda: draw_man(d, n, red),
        "p": lambda: draw_pin(d, n, red),
        "s": lambda: draw_sou(img, d, n, red),
        "z": lambda: draw_honour(d, n),
        "f": lambda: draw_flower(d, n),
    }
    drawers[suit]()
    return img


def back_artwork() -> Image.Image:
    """The back of a tile: the green layer with a faint inner panel."""
    img = Image.new("RGBA", (FACE_W, FACE_H), BACK_GREEN + (255,))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((40, 40, FACE_W - 40, FACE_H - 40), radius=40, outline=BACK_GREEN_LIGHT, width=14)
    return img


# --- the tile body ------------------------------------------------------------------------------


def compose_tile(artwork: Image.Image, size: TileSize, face_down: bool = False) -> Image.Image:
    """Face + front edge, drawn SUPERSAMPLE times larger and reduced for smooth rounded corners."""
    k = SUPERSAMPLE
    w, fh, depth = size.width * k, size.face_height * k, size.depth * k
    radius = max(3, size.width // 9) * k
    img = Image.new("RGBA", (w, fh + depth), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    top_layer, bottom_layer = (BACK_GREEN_DARK, IVORY_EDGE) if face_down else (IVORY_EDGE, BACK_GREEN_DARK)
    # the edge: the whole body in the bottom layer's colour, then the upper layer above it
    d.rounded_rectangle((0, 0, w - 1, fh + depth - 1), radius=radius, fill=bottom_layer)
    d.rounded_rectangle((0, 0, w - 1, fh + depth * 0.45), radius=radius, fill=top_layer)
    border = max(k, k * size.width // 40)
    d.rounded_rectangle((0, 0, w - 1, fh - 1), radius=radius, fill=TILE_OUTLINE)
    inner = (border, border, w - 1 - border, fh - 1 - border)
    mask = Image.new("L", (w, fh), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=radius - border, fill=255)
    art = artwork.resize((w, fh), Image.Resampling.LANCZOS)
    img.paste(art, (0, 0), mask)
    return img.resize((size.width, size.height), Image.Resampling.LANCZOS)


def _optimised(img: Image.Image) -> Image.Image:
    """A 256-colour palette keeps each PNG at a few kilobytes with no visible loss."""
    return img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def render_all(out_dir: Path = TILE_IMAGES_DIR) -> list[Path]:
    written: list[Path] = []
    for name in face_names():
        down = name == BACK_NAME
        art = back_artwork() if down else face_artwork(name)
        for size in SIZES:
            path = out_dir / size.name / f"{name}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            _optimised(compose_tile(art, size, face_down=down)).save(path, optimize=True)
            written.append(path)
        emoji = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
        tile = compose_tile(art, EMOJI_TILE, face_down=down)
        emoji.alpha_composite(tile, ((EMOJI_SIZE - tile.width) // 2, (EMOJI_SIZE - tile.height) // 2))
        path = out_dir / "emoji" / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        _optimised(emoji).save(path, optimize=True)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the tile pictures under tile_images/.")
    parser.add_argument("--out", type=Path, default=TILE_IMAGES_DIR, help="output folder")
    args = parser.parse_args(argv)
    try:
        written = render_all(args.out)
    except MissingFont as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} pictures ({total // 1024} KB) under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
