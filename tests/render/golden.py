"""Golden-image comparison: a small per-pixel tolerance; REGENERATE_GOLDEN=1 rewrites the references."""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN_DIR = Path(__file__).parent / "golden"
PIXEL_TOLERANCE = 40  # a channel may differ this much (anti-aliasing, a different FreeType build)
MAX_DIFFERENT = 0.005  # and at most this share of the pixels may differ more


def regenerating() -> bool:
    return os.environ.get("REGENERATE_GOLDEN") == "1"


def assert_matches_golden(img: Image.Image, name: str) -> None:
    path = GOLDEN_DIR / f"{name}.png"
    rgb = img.convert("RGB")
    if regenerating():
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        rgb.save(path, optimize=True)
    assert_matches_file(rgb, path)


def assert_matches_file(img: Image.Image, path: Path) -> None:
    """``img`` looks as the reference picture ``path`` (within the tolerance above)."""
    name = path.stem
    rgb = img.convert("RGB")
    assert path.exists(), f"no reference picture {path}: run the tests once with REGENERATE_GOLDEN=1"
    with Image.open(path) as ref_file:
        ref = ref_file.convert("RGB")
    assert ref.size == rgb.size, f"{name}: size {rgb.size} differs from the reference {ref.size}"
    diff = ImageChops.difference(ref, rgb).convert("L").point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    different = diff.histogram()[255] / (rgb.width * rgb.height)
    if different > MAX_DIFFERENT:
        out = path.with_name(f"{name}.actual.png")
        rgb.save(out)
        raise AssertionError(f"{name}: {different:.2%} of the pixels differ from {path} (see {out})")
