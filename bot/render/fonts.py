"""Text with any script: a chain of fonts, each character drawn with the first font that has it.

The package ships its own fonts (``data/fonts``, SIL Open Font License, made from Noto fonts by
tools/subset_fonts.py, which says what each holds): Noto Sans CJK TC in two files (the common characters,
then JIS X 0213, Big5, GB 2312, KS X 1001 and every Hangul syllable), Noto Sans (Latin, Greek, Cyrillic,
combining marks), Noto Sans Arabic, Hebrew and Thai, the monochrome Noto Emoji and Noto Sans Symbols 2
(the mahjong tiles Noto Emoji lacks, cards, dingbats); so a name in any of those scripts, and every text
of the catalogue, is drawn on a machine with no font installed (a wheel, a systemd install).

The chain is injectable.  ``system_fonts()``: the installed fonts first (``INSTALLED``: Noto Sans CJK,
Noto Sans, Noto Emoji whole, each found by fontconfig or at a known path inside ``FONT_DIRS``; a folder of
``MAHJONG_FONT_DIRS`` replaces them, a test points them at an empty folder), then the shipped ones
(``PACKAGED_FILES``), then DejaVu Sans where installed (``LAST_RESORT``), then Pillow's built-in font.
``builtin_fonts()``: Pillow's bundled font then the shipped ones, so golden-image tests give the same
pixels on every machine.  Characters with no picture of their own (a zero-width joiner, an emoji's
variation selector) are not drawn; a character no font has is drawn as a small empty box: never a crash,
never a missing name.
"""

from __future__ import annotations

import os
import subprocess
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
FontLoader = Callable[[int, bool], list[Font]]

PACKAGED_FONTS = Path(__file__).resolve().parent / "data" / "fonts"
PACKAGED_CJK = PACKAGED_FONTS / "NotoSansCJKtc-Subset.otf"  # the common characters (the web page's font)
#: The shipped fonts in the order they are tried (after the installed ones).
PACKAGED_FILES: tuple[str, ...] = (
    "NotoSansCJKtc-Subset.otf",
    "NotoSansCJKtc-Extra.otf",
    "NotoSans-Subset.ttf",
    "NotoSansArabic-Subset.ttf",
    "NotoSansHebrew-Subset.ttf",
    "NotoSansThai-Subset.ttf",
    "NotoEmoji-Subset.ttf",
    "NotoSansSymbols2-Subset.ttf",
)
#: Folders searched for installed fonts (``MAHJONG_FONT_DIRS``, separated by ``os.pathsep``, overrides).
FONT_DIRS = tuple(
    Path(p).expanduser()
    for p in os.environ.get(
        "MAHJONG_FONT_DIRS",
        os.pathsep.join(("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")),
    ).split(os.pathsep)
    if p
)


@dataclass(frozen=True)
class InstalledFont:
    """A font looked for on the machine: its fontconfig family, and where distributions put it."""

    family: str
    paths: tuple[str, ...]  # inside a font folder; {w} is the weight's part of the file name
    regular: str
    bold: str
    index: int = 0  # the face inside a collection (.ttc)


#: The installed fonts tried first, in this order: the families the package ships a part of, whole.
INSTALLED: tuple[InstalledFont, ...] = (
    InstalledFont(
        "Noto Sans CJK TC",
        (
            "opentype/noto/NotoSansCJK-{w}.ttc",
            "noto-cjk/NotoSansCJK-{w}.ttc",
            "google-noto-cjk/NotoSansCJK-{w}.ttc",
        ),
        "Regular",
        "Bold",
        index=3,
    ),
    InstalledFont(
        "Noto Sans",
        ("truetype/noto/NotoSans-{w}.ttf", "google-noto/NotoSans-{w}.ttf", "noto/NotoSans-{w}.ttf"),
        "Regular",
        "Bold",
    ),
    InstalledFont(
        "Noto Emoji",
        ("truetype/noto/NotoEmoji-{w}.ttf", "google-noto-emoji/NotoEmoji-{w}.ttf"),
        "Regular",
        "Bold",
    ),
)
#: Installed fonts tried after the shipped ones, for the scripts none of those has (Armenian, Georgian):
#: tried first, DejaVu's wide Latin would draw every name wider than the pictures were laid out for.
LAST_RESORT: tuple[InstalledFont, ...] = (
    InstalledFont(
        "DejaVu Sans", ("truetype/dejavu/DejaVuSans{w}.ttf", "dejavu/DejaVuSans{w}.ttf"), "", "-Bold"
    ),
)
NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font draws: gives the font's .notdef glyph


def _builtin(size: int) -> Font:
    font = ImageFont.load_default(size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("Pillow has no FreeType support: cannot draw text")
    return font


def packaged_cjk(size: int) -> Font:
    """The common CJK font shipped inside the package (present in every install, wheel included)."""
    return ImageFont.truetype(str(PACKAGED_CJK), size, layout_engine=ImageFont.Layout.BASIC)


def packaged_fonts(size: int) -> list[Font]:
    """Every font shipped inside the package, in chain order."""
    return [
        ImageFont.truetype(str(PACKAGED_FONTS / name), size, layout_engine=ImageFont.Layout.BASIC)
        for name in PACKAGED_FILES
    ]


def builtin_fonts(size: int, bold: bool = False) -> list[Font]:
    """Only fonts shipped with Pillow and the package: identical pixels on every machine (tests)."""
    return [_builtin(size), *packaged_fonts(size)]


def _inside(path: Path, dirs: tuple[Path, ...]) -> bool:
    return any(path.is_relative_to(folder) for folder in dirs)


@lru_cache(maxsize=64)
def _fontconfig(family: str, bold: bool) -> tuple[Path, int] | None:
    """Where fontconfig has ``family`` in that weight (None: it has not, or fontconfig is not installed)."""
    pattern = f"{family}:weight={'bold' if bold else 'regular'}"
    try:
        found = subprocess.run(
            ["fc-match", "--format=%{file}\t%{index}\t%{family}", pattern],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    parts = found.stdout.split("\t")
    # fc-match always answers with its best match: only the family asked for will do.
    if found.returncode != 0 or len(parts) != 3 or family not in parts[2].split(","):
        return None
    return Path(parts[0]), int(parts[1] or 0)


def installed(
    wanted: InstalledFont, bold: bool = False, dirs: tuple[Path, ...] | None = None
) -> tuple[Path, int] | None:
    """An installed font file of ``wanted`` (and its face index) inside the font folders, or None:
    fontconfig's answer where it has one, else the first of the known paths that exists."""
    dirs = FONT_DIRS if dirs is None else dirs
    found = _fontconfig(wanted.family, bold)
    if found is not None and _inside(found[0], dirs) and found[0].is_file():
        return found
    for folder in dirs:
        for pattern in wanted.paths:
            path = folder / pattern.format(w=wanted.bold if bold else wanted.regular)
            if path.is_file():
                return path, wanted.index
    return None


def system_fonts(size: int, bold: bool = False) -> list[Font]:
    """The installed fonts of ``INSTALLED`` (those found), the shipped ones, those of ``LAST_RESORT``, then
    Pillow's bundled font."""
    return [
        *_installed_fonts(INSTALLED, size, bold),
        *packaged_fonts(size),
        *_installed_fonts(LAST_RESORT, size, bold),
        _builtin(size),
    ]


def _installed_fonts(wanted: tuple[InstalledFont, ...], size: int, bold: bool) -> list[Font]:
    fonts: list[Font] = []
    for font in wanted:
        found = installed(font, bold)
        if found is not None:
            path, index = found
            fonts.append(
                ImageFont.truetype(str(path), size, index=index, layout_engine=ImageFont.Layout.BASIC)
            )
    return fonts


def invisible(ch: str) -> bool:
    """A character with no picture of its own: a format control (zero-width joiner, direction marks, an
    emoji tag), a variation selector (the emoji one after 🀄), a control character."""
    cp = ord(ch)
    return unicodedata.category(ch) in ("Cf", "Cc") or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


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
            if invisible(ch):
                continue
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
