"""The installed package draws pictures on its own (issue 20): a wheel built with ``python -m build``,
installed in a fresh virtual environment outside the source tree, finds its tile pictures, its message
files and its fonts and draws a zh-TW result and names in many scripts with every glyph (no system font
folders searched).  The tile faces are the top-level tile_images/ of the repository, carried into the wheel
as a package of their own."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import PIL

from bot.i18n.catalog import MESSAGE_FILES, rule_set_message_files
from bot.render.geometry import SIZES, face_names
from tests.ci import require_module

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import json, sys
import bot.render.fonts as fonts
from bot.render.geometry import TILE_IMAGES_DIR
fonts.FONT_DIRS = ()  # no installed fonts at all: only what the package ships
from bot.render.engine_view import TablePictures
from bot.render.fonts import Fonts, system_fonts
text = Fonts(system_fonts).text(18)
word = "自摸 門前清 ロン 裏ドラ 1飜 嚦咕 髙橋𠮷 김민준 🀄🎲 Zoë Ёлка"
missing = [ch for font, chunk in text.runs(word) if font is None for ch in chunk]
hand = {"result": {"kind": "win", "deltas": [8000, -8000, 0, 0], "wins": [
    {"seat": 0, "from": 1, "tile": 60, "yaku": [["riichi", 1], ["tanyao", 1]], "han": 2, "fu": 30,
     "points": 2000, "concealed": [4, 8, 12, 40, 44, 48, 72, 76, 80, 88, 92, 96, 61], "melds": []}]}}
png = TablePictures().result(hand, ["東家", "南家", "西家", "北家"], "riichi", language="zh-TW")
print(json.dumps({"file": fonts.__file__, "tiles": str(TILE_IMAGES_DIR), "missing": missing,
                  "png": len(png or b"")}))
"""


def test_a_wheel_installed_elsewhere_draws_pictures_with_its_own_tiles_and_font(tmp_path: Path) -> None:
    require_module("build")
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = next(dist.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    from bot.render.fonts import PACKAGED_FILES

    shipped = {f"bot/render/data/fonts/{name}" for name in (*PACKAGED_FILES, "OFL.txt", "OFL-NotoEmoji.txt")}
    assert shipped <= set(names), sorted(shipped - set(names))  # every font of the chain, with its licence
    faces = {
        f"tile_images/{size}/{face}.png"
        for size in (*(s.name for s in SIZES), "emoji")
        for face in face_names()
    }
    assert faces <= set(names), sorted(faces - set(names))[:5]  # every face of every size, from tile_images/
    assert {f"bot/i18n/{name}" for name in MESSAGE_FILES} <= set(names)  # the texts the pictures draw
    assert set(rule_set_message_files()) <= set(names)  # each rule set's own texts

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    installed = subprocess.run([*pip, "--no-deps", str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    pillow = subprocess.run([*pip, f"Pillow=={PIL.__version__}"], capture_output=True, text=True, timeout=300)
    assert pillow.returncode == 0, pillow.stderr[-2000:]

    run = subprocess.run(
        [str(python), "-c", SCRIPT], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr[-3000:]
    import json

    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert str(env_dir) in report["file"]  # the installed copy, not the source tree
    assert report["tiles"].startswith(str(env_dir)) and report["tiles"].endswith("tile_images")
    assert report["missing"] == []
    assert report["png"] > 1000
