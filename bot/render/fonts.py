"""Text with any script: a chain of fonts, each character drawn with the first font that has it.

The package ships its own CJK font (``data/fonts``: a Noto Sans CJK TC subset, SIL Open Font License,
made by tools/subset_font.py: GB2312, Big5 and JIS level-1 characters, kana, CJK punctuation and every
text of the catalogue), so Chinese and Japanese text is drawn on a machine with no CJK font installed.

The chain is injectable.  ``system_fonts()``: the packaged font, then an installed Noto Sans CJK (for
characters the subset lacks), then DejaVu Sans, then Pillow's built-in font; the folders searched for
installed fonts are ``FONT_DIRS`` (``MAHJONG_FONT_DIRS`` overrides them, a test points them at an empty
folder).  ``builtin_fonts()``: Pillow's bundled font then the packaged CJK font, both shipped, so
golden-image tests give the same pixels on every machine.  A character no font has (an emoji, say) is
drawn as a small empty box: never a crash, never a missing name.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
FontLoader = Callable[[int, bool], list[Font]]

PACKAGED_FONTS = Path(__file__).resolve().parent / "data" / "fonts"
PACKAGED_CJK = PACKAGED_FONTS / "NotoSansCJKtc-Subset.otf"
#: Folders searched for installed fonts (``MAHJONG_FONT_DIRS``, separated by ``os.pathsep``, overrides).
FONT_DIRS = tuple(
    Path(p) for p in os.environ.get("MAHJONG_FONT_DIRS", "/usr/share/fonts").split(os.pathsep) if p
)
CJK_CANDIDATES = (
    "opentype/noto/NotoSansCJK-{w}.ttc",
    "noto-cjk/NotoSansCJK-{w}.ttc",
    "google-noto-cjk/NotoSansCJK-{w}.ttc",
)
DEJAVU_CANDIDATES = (
    "truetype/dejavu/DejaVuSans{w}.ttf",
    "dejavu/DejaVuSans{w}.ttf",
)
NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font draws: gives the font's .notdef glyph


def _builtin(size: int) -> Font:
    font = ImageFont.load_default(size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("Pillow has no FreeType support: cannot draw text")
    return font


def packaged_cjk(size: int) -> Font:
    """The CJK font shipped inside the package (present in every install, wheel included)."""
    return ImageFont.truetype(str(PACKAGED_CJK), size, layout_engine=ImageFont.Layout.BASIC)


def builtin_fonts(size: int, bold: bool = False) -> list[Font]:
    """Only fonts shipped with Pillow and the package: identical pixels on every machine (tests)."""
    return [_builtin(size), packaged_cjk(size)]


def installed(candidates: tuple[str, ...], weight: str, dirs: tuple[Path, ...] | None = None) -> Path | None:
    """The first installed font file among ``candidates`` (relative to the font folders)."""
    for folder in FONT_DIRS if dirs is None else dirs:
        for pattern in candidates:
            path = folder / pattern.format(w=weight)
            if path.exists():
                return path
    return None


def system_fonts(size: int, bold: bool = False) -> list[Font]:
    """The packaged CJK font, an installed Noto Sans CJK, DejaVu Sans, then Pillow's bundled font."""
    basic = ImageFont.Layout.BASIC
    fonts: list[Font] = [packaged_cjk(size)]
    cjk = installed(CJK_CANDIDATES, "Bold" if bold else "Regular")
    if cjk is not None:
        fonts.append(ImageFont.truetype(str(cjk), size, index=3, layout_engine=basic))
    dejavu = installed(DEJAVU_CANDIDATES, "-Bold" if bold else "")
    if dejavu is not None:
        fonts.append(ImageFont.truetype(str(dejavu), size, layout_engine=basic))
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
        """The text shortened with an ellipsis to fit max_width: its longest prefix that fits with "…"
        after it, or "…" alone when no character does.

        Found by bisection (about log2(len) measurements, not one per character cut: a 2,000-character
        text was measured 2,000 times), which relies on a longer prefix never being narrower: each
        character adds its advance, zero or more; only a font's kerning takes width away, a fraction of
        a pixel, and tests/render/test_text_fit.py checks the answers against the old cutting."""
        if self.width(text) <= max_width:
            return text
        fits, too_wide = 0, len(text) + 1  # lengths of prefixes: 0 stands for "…" alone
        while too_wide - fits > 1:
            middle = (fits + too_wide) // 2
            if self.width(text[:middle] + "…") <= max_width:
                fits = middle
            else:
                too_wide = middle
        return text[:fits] + "…"


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
