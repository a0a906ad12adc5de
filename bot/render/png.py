"""Encoding pictures for Discord."""

from __future__ import annotations

import io

from PIL import Image


def to_png(img: Image.Image, compress_level: int = 1, palette: bool = True) -> bytes:
    """PNG bytes for Discord.

    A 256-colour palette (fast octree) then light compression is both the fastest and the smallest
    choice measured (tests/bench/bench_render.py): pictures made of a few tile faces on flat green
    lose nothing visible.
    """
    buf = io.BytesIO()
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    out = rgb.quantize(256, method=Image.Quantize.FASTOCTREE) if palette else rgb
    out.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()
