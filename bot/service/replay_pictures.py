"""The pictures of a hand's replay (bot/service/replay.py): the animated hand and one step's picture,
drawn by bot/render/animation.py in the replay's language.  Pillow work: front ends call these off the
event loop."""

from __future__ import annotations

from bot.render.animation import MAX_BYTES, HandFrames
from bot.service.replay import HandReplay


def animate(
    replay: HandReplay, fmt: str = "webp", *, frames: HandFrames | None = None, max_bytes: int = MAX_BYTES
) -> bytes:
    """The hand as an animated WebP or GIF, one frame per step, at most ``max_bytes``."""
    drawer = frames or HandFrames()
    return drawer.animation(
        [step.view for step in replay.steps],
        replay.names,
        [replay.caption(step) for step in replay.steps],
        language=replay.language,
        fmt=fmt,
        max_bytes=max_bytes,
    )


def step_picture(replay: HandReplay, number: int, *, frames: HandFrames | None = None) -> bytes:
    """Step ``number`` (0: the deal) as a PNG, with its caption."""
    step = replay.steps[number]
    drawer = frames or HandFrames()
    return drawer.png(step.view, replay.names, replay.caption(step), replay.language)
