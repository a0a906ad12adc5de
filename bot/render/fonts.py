"""Text with any script: a chain of fonts, each character drawn with the first font that has it.

The chain is injectable.  ``system_fonts()`` prefers Noto Sans CJK (names in Chinese or Japanese), then
DejaVu Sans, then Pillow's built-in font; ``builtin_fonts()`` uses only Pillow's bundled font, so
golden-image tests give the same pixels on every machine.  A character no font has (an emoji, say) is
drawn as a small empty box: never a crash, never a missing name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
FontLoader = Callable[[int, bool], list[Font]]

CJK_CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-{w}.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-{w}.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-{w}.ttc",
)
DEJAVU_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans{w}.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans{w}.ttf",
)
NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font draws: gives the font's .notdef glyph


def _builtin(size: int) -> Font:
    font = ImageFont.load_default(size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("Pillow has no FreeType support: cannot draw text")
    return font


def builtin_fonts(size: int, bold: bool = False) -> list[Font]:
    """Only Pillow's bundled font: identical pixels on every machine (used by the tests)."""
    return [_builtin(size)]


def system_fonts(size: int, bold: bool = False) -> list[Font]:
    """Noto Sans CJK when installed, DejaVu Sans, then Pillow's bundled font."""
    fonts: list[Font] = []
    for pattern in CJK_CANDIDATES:
        path = pattern.format(w="Bold" if bold else "Regular")
        if Path(path).exists():
            fonts.append(ImageFont.truetype(path, size, index=3, layout_engine=ImageFont.Layout.BASIC))
            break
    for pattern in DEJAVU_CANDIDATES:
        path = pattern.format(w="-Bold" if bold else "")
        if Path(path).exists():
            fonts.append(ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC))
            break
    fonts.append(_builtin(size))
    return fonts


@lru_cache(maxsize=4096)
def _notdef_mask(font: Font) -> bytes:
    return bytes(font.getmask(NOTDEF_PROBE))


@lru_cache(maxsize=65536)
def _has_glyph(font: Font, ch: str) -> bool:
    if ch.isspace():
        return True
    mask = font.getmask(ch)
    return bool(mask.getbbox()) and bytes(mask) != _notdef_mask(font)


@dataclass
class Text:
    """Draws and measures text at one size with a font chain."""

    fonts: list[Font]
    size: int
    _runs: dict[str, list[tuple[Font | None, str]]] = field(default_factory=dict)

    def runs(self, text: str) -> list[tuple[Font | None, str]]:
        """Consecutive characters grouped by the font that draws them (None: no font has it)."""
        cached = self._runs.get(text)
        if cached is not None:
            return cached
        out: list[tuple[Font | None, str]] = []
        for ch in text:
            font = next((f for f in self.fonts if _has_glyph(f, ch)), None)
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        if len(self._runs) < 2048:
            self._runs[text] = out
        return out

    def width(self, text: str) -> int:
        total = 0.0
        for font, chunk in self.runs(text):
            total += font.getlength(chunk) if font else self._box_width * len(chunk)
        return int(round(total))

    @property
    def _box_width(self) -> int:
        return max(4, self.size * 6 // 10)

    def draw(
        self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: tuple[int, ...]
    ) -> int:
        """Draw with the top-left of the line box at xy (baseline at xy + ascent); returns the width."""
        x, y = xy
        base = y + self.size * 0.8  # a common baseline whatever font draws a run
        for font, chunk in self.runs(text):
            if font is None:
                for _ in chunk:
                    w = self._box_width
                    draw.rectangle((x + 1, base - self.size * 0.7, x + w - 2, base), outline=fill)
                    x += w
                continue
            draw.text((x, base), chunk, font=font, fill=fill, anchor="ls")
            x += font.getlength(chunk)
        return int(round(x - xy[0]))

    def fit(self, text: str, max_width: int) -> str:
        """The text shortened with an ellipsis to fit max_width."""
        if self.width(text) <= max_width:
            return text
        while text and self.width(text + "…") > max_width:
            text = text[:-1]
        return text + "…"


@dataclass
class Fonts:
    """Text objects per (size, bold), built by an injectable loader."""

    loader: FontLoader = system_fonts
    _cache: dict[tuple[int, bool], Text] = field(default_factory=dict)

    def text(self, size: int, bold: bool = False) -> Text:
        key = (size, bold)
        if key not in self._cache:
            self._cache[key] = Text(self.loader(size, bold), size)
        return self._cache[key]


_default_fonts: Fonts | None = None


def default_fonts() -> Fonts:
    global _default_fonts
    if _default_fonts is None:
        _default_fonts = Fonts(system_fonts)
    return _default_fonts


def deterministic_fonts() -> Fonts:
    return Fonts(builtin_fonts)
