"""Pictures in the table's language with the package's own CJK font (issue 20): with no installed font
at all (the font search pointed at an empty folder) every CJK glyph of the zh-TW, zh-CN and ja picture
texts is drawn, not the missing-glyph box; result, draw and table pictures against golden images in
four languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import bot.render.fonts as fonts_module
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import MESSAGES
from bot.render.engine_view import draw_scene, result_scene, table_scene
from bot.render.fonts import Fonts, deterministic_fonts, system_fonts
from bot.render.result import render_draw, render_result
from bot.render.table import TableRenderer
from bot.rules.names import names_table
from tests.render.golden import assert_matches_golden

NAMES = ["山田", "Bob", "陳小明", "さくら"]


def is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def picture_texts(language: str) -> set[str]:
    """Everything the pictures draw in ``language``: their labels and every rule set's line names."""
    texts = {v.get(language, "") for k, v in MESSAGES.items() if k.startswith(("picture.", "result."))}
    for rules in ("riichi", "sanma", "mingjiang", "sichuan", "taiwan", "pihu"):
        texts |= {names.get(language, "") for names in names_table(rules).values()}
    return texts


@pytest.mark.parametrize("language", ["zh-TW", "zh-CN", "ja"])
def test_every_cjk_glyph_is_drawn_with_no_font_installed(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts_module, "FONT_DIRS", (tmp_path,))  # an empty folder: nothing installed
    text = Fonts(system_fonts).text(18)
    # Nothing found in the folder: the shipped fonts (the common CJK one first) and Pillow's own.
    assert [Path(str(f.path)).name for f in text.fonts[:-1]] == list(fonts_module.PACKAGED_FILES)
    assert len(text.fonts) == len(fonts_module.PACKAGED_FILES) + 1
    chars = sorted({ch for s in picture_texts(language) for ch in s if is_cjk(ch)})
    assert len(chars) > 150
    missing = [ch for ch in chars if all(font is None for font, _ in text.runs(ch))]
    assert missing == []
    # Drawn, a character differs from the missing-glyph box (a font's .notdef picture).
    font = text.fonts[0]
    box = font.getmask(fonts_module.NOTDEF_PROBE)
    for ch in chars[:: max(1, len(chars) // 60)]:
        mask = font.getmask(ch)
        assert mask.getbbox() and bytes(mask) != bytes(box), ch


def test_a_zh_tw_result_drawn_without_installed_fonts_has_no_boxes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts_module, "FONT_DIRS", (tmp_path,))
    packaged = Fonts(system_fonts)
    latin_only = Fonts(lambda size, bold=False: [fonts_module.builtin_fonts(size)[0]])
    scene = result_scene(riichi_win(), NAMES, "riichi", language="zh-TW")
    assert scene is not None and "放銃" in scene.title  # riichi's own word for the discarder (issue 42)
    with_font = render_result(scene, packaged)
    with_boxes = render_result(scene, latin_only)
    assert ImageChops.difference(with_font, with_boxes).getbbox() is not None
    title = packaged.text(22, bold=True)
    assert all(f is not None for f, _ in title.runs(scene.title))


def riichi_win() -> dict[str, Any]:
    concealed = [4, 8, 12, 40, 44, 48, 72, 76, 80, 88, 92, 96, 60]
    return {
        "result": {
            "kind": "win",
            "deltas": [2000, -2000, 0, 0],
            "wins": [
                {
                    "seat": 0,
                    "from": 1,
                    "tile": 61,
                    "yaku": [["riichi", 1], ["tanyao", 1], ["dora", 1]],
                    "han": 3,
                    "fu": 30,
                    "points": 3900,
                    "concealed": concealed,
                    "melds": [],
                    "dora": [56],
                    "ura": [100],
                }
            ],
        }
    }


def exhaustive_draw() -> dict[str, Any]:
    return {
        "result": {
            "kind": "draw",
            "deltas": [1500, -1500, 1500, -1500],
            "wins": [],
            "reason": "exhaustive",
            "tenpai": [0, 2],
            "ready_hands": [
                {"seat": 0, "concealed": [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 112, 113], "melds": []},
                {
                    "seat": 2,
                    "concealed": [16, 20, 24, 52, 56, 60, 88, 92, 96, 124],
                    "melds": [{"type": "pon", "tiles": [128, 129, 130], "called": 130, "source": 1}],
                },
            ],
        }
    }


def table_view() -> dict[str, Any]:
    seats = []
    for seat in range(4):
        seats.append(
            {
                "points": 25000 - 1000 * seat,
                "melds": [],
                "discards": [[4 * (seat + k), False, False, False] for k in range(5)],
                "kita": [],
                "flowers": [],
                "riichi": seat == 1,
                "concealed_count": 13,
            }
        )
    return {
        "rules": "riichi",
        "seat": None,
        "hand_index": 0,
        "round_wind": 0,
        "dealer": 0,
        "honba": 1,
        "sticks": 1,
        "dora_indicators": [56],
        "live_left": 52,
        "current": 2,
        "seats": seats,
        "red_fives": [16, 52, 88],
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_pictures_in_each_language_look_as_the_reference(language: str) -> None:
    fonts = deterministic_fonts()
    win = result_scene(riichi_win(), NAMES, "riichi", language=language)
    draw = draw_scene(exhaustive_draw(), NAMES, "riichi", language=language)
    assert win is not None and draw is not None
    assert win.dora_label == t("picture.dora", language) and draw.title.startswith(
        t("picture.draw_title", language, reason="")[:2]
    )
    assert_matches_golden(render_result(win, fonts), f"result_{language}")
    assert_matches_golden(render_draw(draw, fonts), f"draw_{language}")
    table = TableRenderer(fonts).render(table_scene(table_view(), NAMES, language))
    assert_matches_golden(table, f"table_{language}")


def test_the_deterministic_fonts_are_shipped_ones() -> None:
    text = deterministic_fonts().text(16)
    assert Path(text.fonts[1].path).resolve() == fonts_module.PACKAGED_CJK.resolve()  # type: ignore[arg-type]
    assert isinstance(Image.new("RGB", (1, 1)), Image.Image)
