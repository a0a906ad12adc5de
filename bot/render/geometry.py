"""Sizes shared by the tile generator and the run-time composer, and where the PNGs live.

A tile picture is the face (``width`` x ``face_height``) with the tile's front edge (``depth`` pixels,
the ivory layer then the coloured back layer) below it, as seen on a table from slightly in front.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import tile_images
from bot.hand.tiles import SUIT_LETTERS


@dataclass(frozen=True)
class TileSize:
    name: str
    width: int
    face_height: int
    depth: int

    @property
    def height(self) -> int:
        return self.face_height + self.depth


LARGE: Final = TileSize("large", 48, 64, 7)  # hand and result pictures
SMALL: Final = TileSize("small", 33, 44, 5)  # the table: rivers, melds, other seats' hands
SIZES: Final = (LARGE, SMALL)
EMOJI_SIZE: Final = 128
EMOJI_TILE: Final = TileSize("emoji", 84, 112, 12)  # centred on a transparent 128x128 square

BACK_NAME: Final = "back"

# The top-level package tile_images/ (the repository's folder, or the installed wheel's copy of it);
# MAHJONG_TILE_IMAGES points elsewhere.
TILE_IMAGES_DIR: Final = Path(
    os.environ.get("MAHJONG_TILE_IMAGES") or Path(tile_images.__file__).resolve().parent
)


def face_names() -> list[str]:
    """Every file stem the tile set has: 34 kinds, three red fives, eight flowers and the back."""
    names = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    names += [f"{n}z" for n in range(1, 8)]
    names += ["0m", "0p", "0s"]
    names += [f"{n}f" for n in range(1, 9)]
    names.append(BACK_NAME)
    return names


def face_name_of(tile_id: int, red_ids: frozenset[int]) -> str:
    """The file stem for a physical tile: ``5p``, ``0p`` when it is a red five, ``3f``."""
    if tile_id >= 136:
        return f"{tile_id - 136 + 1}f"
    kind = tile_id >> 2
    if tile_id in red_ids:
        return f"0{SUIT_LETTERS[kind // 9]}"
    return f"{kind % 9 + 1}{SUIT_LETTERS[kind // 9]}"
