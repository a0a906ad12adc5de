"""Encoding pictures for Discord."""

from __future__ import annotations

import io

from PIL import Image


def to_png(
    img: Image.Image, compress_level: int = 1, palette: bool = True, fixed: Image.Image | None = None
) -> bytes:
    """PNG bytes for Discord.

    A 256-colour palette then light compression is both the fastest and the smallest choice measured
    (tests/bench/bench_render.py): pictures made of a few tile faces on flat green lose nothing visible.
    ``fixed``: a palette image made once (:func:`palette_of`) that the picture is mapped onto, ten times
    faster than finding a palette for each picture (the table's colours are its tiles' and felt's).
    """
    buf = io.BytesIO()
    if img.mode == "P":  # already in its palette (the table: composed from parts mapped once)
        img.save(buf, format="PNG", compress_level=compress_level)
        return buf.getvalue()
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    if fixed is not None:
        out = rgb.quantize(palette=fixed, dither=Image.Dither.NONE)
    elif palette:
        out = rgb.quantize(256, method=Image.Quantize.FASTOCTREE)
    else:
        out = rgb
    out.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


def palette_of(samples: list[Image.Image]) -> Image.Image:
    """A 256-colour palette image covering the colours of ``samples`` (laid side by side)."""
    width = sum(s.width for s in samples)
    height = max(s.height for s in samples)
    sheet = Image.new("RGB", (width, height), samples[0].convert("RGB").getpixel((0, 0)))
    x = 0
    for sample in samples:  # transparent parts show the first sample's colour (the felt)
        sheet.paste(sample, (x, 0), sample if sample.mode == "RGBA" else None)
        x += sample.width
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)
