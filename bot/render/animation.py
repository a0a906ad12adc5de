"""A finished hand as an animated picture: one frame per step (the deal, then each decision), each the
spectators' table with every hand open and a caption saying what was done (``/mahjong replay``,
``mahjong-bot animate``).

Frames are composed by the table renderer in its fixed palette (:class:`~bot.render.table.TableRenderer`),
so every frame shares one palette: a GIF is written as it is composed, and a WebP's encoder sees
only the small part of the table that changed from one frame to the next.  The caption is drawn in the
same palette below the table.  Encoding measured in tests/bench/bench_animate.py: lossless WebP at
libwebp's fastest method, its frames encoded as differences from the previous one (no key frame after
the first), is both smaller and quick enough; a GIF is quicker still and larger.

A picture over ``max_bytes`` (Discord's upload limit for a bot without boosts, 8 MiB) is drawn again
at a smaller scale until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from bot.engine.views import TableView
from bot.render.engine_view import table_scene
from bot.render.palette import BOX, TEXT
from bot.render.scene import TableScene
from bot.render.table import TableRenderer

__all__ = [
    "FORMATS",
    "MAX_BYTES",
    "AnimationTooLarge",
    "HandFrames",
    "encode_animation",
    "replay_scene",
]

MAX_BYTES = 8 * 1024 * 1024
FORMATS = ("webp", "gif")
STEP_MS = 700  # each decision
FIRST_MS = 1500  # the deal: time to see the hands
LAST_MS = 4000  # the hand as it ended, before the picture starts again
CAPTION_HEIGHT = 34
CAPTION_SIZE = 18
SCALES = (1.0, 0.8, 0.64, 0.5)  # tried in turn until the picture fits its byte limit


class AnimationTooLarge(ValueError):
    """Even the smallest scale is over the byte limit (a hand far longer than any real one)."""


def replay_scene(view: TableView, names: Sequence[str], language: str = "en") -> TableScene:
    """The spectators' table of a finished hand's step, every hand face up (the view holds each seat's
    ``concealed``: bot/service/replay.py's open view)."""
    return replace(table_scene(view, names, language), open_hands=True)


def durations(count: int) -> list[int]:
    """Milliseconds each frame is shown: the deal and the end longer than the decisions between."""
    if count == 1:
        return [LAST_MS]
    return [FIRST_MS] + [STEP_MS] * (count - 2) + [LAST_MS]


class HandFrames:
    """Draws a replay's frames; keeps a table renderer (its parts cache serves consecutive frames)."""

    def __init__(self, renderer: TableRenderer | None = None) -> None:
        self.renderer = renderer or TableRenderer()

    def frame(self, view: TableView, names: Sequence[str], caption: str, language: str = "en") -> Image.Image:
        """One step's picture in the table's palette ("P"): the table, then the caption below it."""
        table = self.renderer.compose(replay_scene(view, names, language))
        canvas = Image.new("P", (table.width, table.height + CAPTION_HEIGHT))
        canvas.putpalette(table.getpalette() or [])
        canvas.paste(table, (0, 0))
        canvas.paste(self._caption(caption, table.width), (0, table.height))
        return canvas

    def _caption(self, caption: str, width: int) -> Image.Image:
        band = Image.new("RGB", (width, CAPTION_HEIGHT), BOX[:3])
        font = self.renderer.fonts.text(CAPTION_SIZE)
        text = font.fit(caption, width - 16)
        font.draw(ImageDraw.Draw(band), (8, (CAPTION_HEIGHT - CAPTION_SIZE) // 2 - 2), text, TEXT)
        return band.quantize(palette=self.renderer.palette(), dither=Image.Dither.NONE)

    def png(self, view: TableView, names: Sequence[str], caption: str, language: str = "en") -> bytes:
        """One step as a PNG (the replay panel's picture)."""
        buf = io.BytesIO()
        self.frame(view, names, caption, language).save(buf, format="PNG", compress_level=1)
        return buf.getvalue()

    def animation(
        self,
        views: Sequence[TableView],
        names: Sequence[str],
        captions: Sequence[str],
        *,
        language: str = "en",
        fmt: str = "webp",
        max_bytes: int = MAX_BYTES,
    ) -> bytes:
        """The animated picture of the steps ``views`` (one frame each, ``captions`` under them)."""
        if len(views) != len(captions) or not views:
            raise ValueError("one caption per step, and at least one step")
        frames = [self.frame(v, names, c, language) for v, c in zip(views, captions, strict=True)]
        return encode_animation(frames, fmt, max_bytes=max_bytes)


def encode_animation(frames: Sequence[Image.Image], fmt: str, *, max_bytes: int = MAX_BYTES) -> bytes:
    """``frames`` (palette images) as an animated WebP or GIF of at most ``max_bytes``, scaled down
    when the full size is over (:data:`SCALES`); :class:`AnimationTooLarge` when even the smallest is."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown picture format {fmt!r} (known: {', '.join(FORMATS)})")
    times = durations(len(frames))
    size = 0
    for scale in SCALES:
        shown = frames if scale == 1.0 else [_scaled(f, scale) for f in frames]
        data = _encode(shown, fmt, times)
        if len(data) <= max_bytes:
            return data
        size = len(data)
    raise AnimationTooLarge(f"the animated picture is {size} bytes even at its smallest, over {max_bytes}")


def _scaled(frame: Image.Image, scale: float) -> Image.Image:
    size = (max(1, round(frame.width * scale)), max(1, round(frame.height * scale)))
    palette = frame.copy()
    smaller = frame.convert("RGB").resize(size, Image.Resampling.BILINEAR)
    return smaller.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(frames: Sequence[Image.Image], fmt: str, times: list[int]) -> bytes:
    buf = io.BytesIO()
    first, rest = frames[0], list(frames[1:])  # one palette for all: no per-frame palette search
    if fmt == "gif":
        first.save(
            buf, format="GIF", save_all=True, append_images=rest, duration=times, loop=0, optimize=False
        )
        return buf.getvalue()
    rgb = [f.convert("RGB") for f in frames]
    rgb[0].save(
        buf,
        format="WEBP",
        save_all=True,
        append_images=rgb[1:],
        duration=times,
        loop=0,
        lossless=True,
        quality=0,  # lossless: the least effort (the tiles' flat colours compress well all the same)
        method=0,
        # Every frame after the first as a difference from the one before: a decision changes a small
        # part of the table, and libwebp skips trying each frame as a key frame (half its time).
        kmin=len(frames) + 1,
        kmax=len(frames) + 2,
        allow_mixed=False,
        minimize_size=False,
    )
    return buf.getvalue()
