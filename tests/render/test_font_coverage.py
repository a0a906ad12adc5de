"""Issue 39: the shipped fonts draw every character of the project's own texts (飜 and 嚦 among them), and
player names in many scripts (Latin with accents, Cyrillic, Greek, Arabic, Hebrew, Thai, rare kanji, Hangul,
emoji, combining marks) are drawn with no glyph as a font's .notdef box, with no font installed and with
the machine's own fonts first; a name plate shows at least 12 characters of each."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageFont

import bot.render.fonts as fonts_module
from bot.render.fonts import NOTDEF_PROBE, Font, Fonts, invisible, packaged_fonts, system_fonts
from bot.render.project_texts import project_characters
from bot.render.table import plate_name_lines
from bot.render.table_layout import PLATE

PLATE_WIDTH = PLATE[0] - 12  # what the plate gives the name

NAMES = {
    "latin accents": "Zoë Ångström-Dvořák",
    "vietnamese": "Nguyễn Thị Minh Khai",
    "polish": "Łukasz Żółć-Gęślą",
    "cyrillic": "Ёлка Александровна",
    "greek": "Σωκράτης Παπαδόπουλος",
    "arabic": "محمد عبدالله الأحمد",
    "hebrew": "דוד בן גוריון הראשון",
    "thai": "สมชาย ใจดีมากมาย",
    "rare kanji": "𠮷野彅髙橋𠮷子草彅剛",
    "jis x 0213": "㐂田 𩸽太郎 俱楽部",
    "hangul": "김민준이서연박지후똠방각하",
    "emoji": "🀄雀士🎲Lucky🀄️🎲🀅🀆",
    "emoji sequence": "👨‍👩‍👧 family 🇯🇵 ✌🏽",
    "combining marks": "Zoe\u0308 Cafe\u0301 A\u030aström",
    "big5": "鄭裕彧 堃 喆 犇 淼",
}


def without_installed_fonts(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Fonts:
    monkeypatch.setattr(fonts_module, "FONT_DIRS", (folder,))  # an empty folder: nothing installed
    return Fonts(system_fonts)


def notdef_box(font: Font, ch: str) -> bool:
    """Whether ``font`` draws ``ch`` as its missing-glyph picture (or not at all)."""
    mask = font.getmask(ch)
    return not mask.getbbox() or bytes(mask) == bytes(font.getmask(NOTDEF_PROBE))


def undrawn(fonts: Fonts, text: str, size: int = 18) -> list[str]:
    """The visible characters of ``text`` that the chain draws as a box: no font for them, or the font
    chosen gives its .notdef picture."""
    found = []
    for font, chunk in fonts.text(size).runs(text):
        for ch in chunk:
            if ch.isspace() or invisible(ch):
                continue
            if font is None or notdef_box(font, ch):
                found.append(ch)
    return found


def test_the_shipped_fonts_draw_every_character_of_the_projects_texts() -> None:
    chars = project_characters()
    assert {"飜", "嚦", "咕", "對", "対", "对", "…", "→"} <= chars and len(chars) > 1000
    shipped = packaged_fonts(18)
    missing = [ch for ch in sorted(chars) if all(notdef_box(font, ch) for font in shipped)]
    assert missing == []


@pytest.mark.parametrize("script", NAMES)
def test_a_name_is_drawn_without_boxes_with_no_font_installed(
    script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fonts = without_installed_fonts(monkeypatch, tmp_path)
    assert undrawn(fonts, NAMES[script]) == []
    assert undrawn(fonts, NAMES[script], size=13) == []


@pytest.mark.parametrize("script", NAMES)
def test_a_name_is_drawn_without_boxes_with_the_machines_fonts_first(script: str) -> None:
    assert undrawn(Fonts(system_fonts), NAMES[script]) == []


@pytest.mark.parametrize("script", NAMES)
def test_a_plate_shows_at_least_twelve_characters_of_a_name_in_any_script(
    script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fonts = without_installed_fonts(monkeypatch, tmp_path)
    name = NAMES[script]
    _, lines = plate_name_lines(fonts, name, PLATE_WIDTH)
    shown = "".join(lines).removesuffix("…").replace(" ", "")
    assert name.replace(" ", "").startswith(shown)
    assert len(shown) >= min(12, len(name.replace(" ", ""))), lines


def test_installed_fonts_come_before_the_shipped_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A font found in the font folders is tried first, the shipped ones then draw what it lacks; DejaVu
    Sans (wider than the layout expects) only after them."""
    shipped_latin = (fonts_module.PACKAGED_FONTS / "NotoSans-Subset.ttf").read_bytes()  # stands in for both
    noto = tmp_path / "truetype" / "noto" / "NotoSans-Regular.ttf"
    dejavu = tmp_path / "truetype" / "dejavu" / "DejaVuSans.ttf"
    for path in (noto, dejavu):
        path.parent.mkdir(parents=True)
        path.write_bytes(shipped_latin)
    monkeypatch.setattr(fonts_module, "FONT_DIRS", (tmp_path,))
    text = Fonts(system_fonts).text(18)
    paths = [Path(str(font.path)) for font in text.fonts]
    assert paths[0] == noto and paths[-2] == dejavu
    assert [p.name for p in paths[1:-2]] == list(fonts_module.PACKAGED_FILES)
    runs = text.runs("Zoë 髙橋")
    assert Path(str(runs[0][0].path)) == noto  # type: ignore[union-attr]
    assert Path(str(runs[-1][0].path)).name.startswith("NotoSansCJKtc")  # type: ignore[union-attr]


def test_a_character_the_first_font_lacks_is_drawn_by_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fonts = without_installed_fonts(monkeypatch, tmp_path)
    runs = fonts.text(18).runs("Ab髙한🀄ש")
    drawn_by = [Path(str(font.path)).name for font, _ in runs]  # type: ignore[union-attr]
    assert drawn_by == [
        "NotoSansCJKtc-Subset.otf",  # Latin: the common CJK file has it
        "NotoSansCJKtc-Extra.otf",  # 髙 and 한
        "NotoEmoji-Subset.ttf",
        "NotoSansHebrew-Subset.ttf",
    ]


def test_a_variation_selector_or_joiner_is_not_drawn_as_a_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = without_installed_fonts(monkeypatch, tmp_path).text(18)
    plain, dressed = "🀄🎲", "🀄\ufe0f\u200d🎲\ufe0f"
    assert text.width(dressed) == text.width(plain)
    assert "".join(chunk for _, chunk in text.runs(dressed)) == plain


def test_the_pillow_font_alone_draws_boxes_that_the_check_sees() -> None:
    """The check can fail: Pillow's own font has no kanji, Hangul or emoji."""
    latin_only = Fonts(lambda size, bold=False: [ImageFont.load_default(size)])  # type: ignore[list-item]
    assert undrawn(latin_only, "髙한🀄") == ["髙", "한", "🀄"]
