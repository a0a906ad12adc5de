"""bot/render/animation.py: a replay's frames show every hand open; the animated picture has one frame
per step, in its format, within its byte limit."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from bot.engine.game import Game
from bot.engine.views import TableView
from bot.render.animation import (
    CAPTION_HEIGHT,
    AnimationTooLarge,
    HandFrames,
    encode_animation,
    replay_scene,
)
from bot.render.fonts import deterministic_fonts
from bot.render.table import TableRenderer
from bot.service.replay import open_view

NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def frames() -> HandFrames:
    return HandFrames(TableRenderer(deterministic_fonts()))


def _views(moves: int) -> list[TableView]:
    game = Game("riichi", {}, "anim-seed")
    views = [open_view(game)]
    for _ in range(moves):
        seat = game.waiting_for()[0]
        game.apply(game.legal_actions(seat)[0])
        views.append(open_view(game))
    return views


def test_an_open_scene_shows_the_concealed_tiles_a_spectator_scene_hides(frames: HandFrames) -> None:
    view = _views(0)[0]
    opened = replay_scene(view, NAMES)
    assert opened.open_hands and all(isinstance(s.concealed, tuple) and s.concealed for s in opened.seats)
    # Other tiles in the same hands: the closed picture cannot tell, the open one shows them.
    seats = tuple(replace(s, concealed=(0,) * len(s.concealed)) for s in opened.seats)  # type: ignore[arg-type]
    swapped = replace(opened, seats=seats)
    render = frames.renderer.render
    closed, closed_swapped = replace(opened, open_hands=False), replace(swapped, open_hands=False)
    assert render(closed).tobytes() == render(closed_swapped).tobytes()
    assert render(opened).tobytes() != render(swapped).tobytes()


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_one_frame_per_step_in_the_format_asked(frames: HandFrames, fmt: str) -> None:
    views = _views(5)
    captions = [f"step {i}" for i in range(len(views))]
    data = frames.animation(views, NAMES, captions, fmt=fmt)
    picture = Image.open(io.BytesIO(data))
    assert picture.format == fmt.upper() and getattr(picture, "is_animated", False)
    assert getattr(picture, "n_frames", 1) == len(views)
    table = frames.renderer.compose(replay_scene(views[0], NAMES))
    assert picture.size == (table.width, table.height + CAPTION_HEIGHT)


def test_a_picture_over_its_byte_limit_is_drawn_smaller_until_it_fits(frames: HandFrames) -> None:
    views = _views(3)
    drawn = [frames.frame(v, NAMES, "x") for v in views]
    full = encode_animation(drawn, "gif")
    limit = len(full) * 3 // 4
    smaller = encode_animation(drawn, "gif", max_bytes=limit)
    assert len(smaller) <= limit
    picture = Image.open(io.BytesIO(smaller))
    assert picture.width < drawn[0].width and getattr(picture, "n_frames", 1) == len(drawn)
    with pytest.raises(AnimationTooLarge):
        encode_animation(drawn, "gif", max_bytes=100)
    with pytest.raises(ValueError, match="unknown picture format"):
        encode_animation(drawn, "png")
