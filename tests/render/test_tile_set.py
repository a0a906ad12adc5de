"""The committed tile set: every file in every size, and pictures for every physical tile."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from bot.hand.tiles import RED_FIVE_IDS
from bot.render.assets import TileImages, tile_images
from bot.render.geometry import EMOJI_SIZE, SIZES, TILE_IMAGES_DIR, face_name_of, face_names


def test_face_names_cover_34_kinds_three_red_fives_eight_flowers_and_the_back() -> None:
    names = face_names()
    assert len(names) == len(set(names)) == 34 + 3 + 8 + 1
    assert {"1m", "9p", "7z", "0m", "0p", "0s", "1f", "8f", "back"} <= set(names)


@pytest.mark.parametrize("folder", [s.name for s in SIZES] + ["emoji"])
def test_every_tile_picture_exists_with_its_size(folder: str) -> None:
    sizes = {s.name: (s.width, s.height) for s in SIZES} | {"emoji": (EMOJI_SIZE, EMOJI_SIZE)}
    for name in face_names():
        path = TILE_IMAGES_DIR / folder / f"{name}.png"
        assert path.exists(), f"missing {path}: run python -m bot.render.tiles"
        with Image.open(path) as img:
            assert img.size == sizes[folder], path
        assert path.stat().st_size < 8000, f"{path} is not optimised"


def test_red_fives_use_their_own_picture_only_when_the_rule_set_has_red_fives() -> None:
    assert face_name_of(16, RED_FIVE_IDS) == "0m"
    assert face_name_of(16, frozenset()) == "5m"
    assert face_name_of(52, RED_FIVE_IDS) == "0p"
    assert face_name_of(53, RED_FIVE_IDS) == "5p"
    assert face_name_of(136, RED_FIVE_IDS) == "1f"
    assert face_name_of(143, RED_FIVE_IDS) == "8f"


def test_red_five_picture_differs_from_the_plain_five() -> None:
    images = tile_images("large")
    for red, plain in ((16, 17), (52, 53), (88, 89)):
        assert images.tile(red, RED_FIVE_IDS).tobytes() != images.tile(plain, RED_FIVE_IDS).tobytes()


def test_every_physical_tile_has_a_picture_upright_and_sideways() -> None:
    images = tile_images("small")
    size = images.size
    for tile_id in range(144):
        assert images.tile(tile_id, RED_FIVE_IDS).size == (size.width, size.height)
        assert images.tile(tile_id, RED_FIVE_IDS, sideways=True).size == (
            size.face_height,
            size.width + size.depth,
        )


def test_pictures_are_loaded_once_and_reused() -> None:
    images = tile_images("small")
    assert images.tile(0, RED_FIVE_IDS) is images.tile(1, RED_FIVE_IDS)  # two copies of 1m: one picture


def test_a_missing_tile_folder_says_how_to_regenerate(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="python -m bot.render.tiles"):
        TileImages(SIZES[0], tmp_path).tile(0, RED_FIVE_IDS)
