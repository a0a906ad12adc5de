"""The committed tile PNGs, loaded once and kept in memory with their derived variants.

Variants are built from the upright pictures on first use and cached: sideways (the face turned a
quarter to the left on a sideways body, for called tiles and the riichi tile), greyed (tiles called
away from a river) and highlighted (the last discard).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageEnhance

from bot.render.geometry import BACK_NAME, LARGE, SMALL, TILE_IMAGES_DIR, TileSize, face_name_of
from bot.render.palette import HIGHLIGHT

SIZE_BY_NAME = {LARGE.name: LARGE, SMALL.name: SMALL}


class TileImages:
    """Every picture of one size; ``tile(id, ...)`` returns a cached RGBA image."""

    def __init__(self, size: TileSize, folder: Path = TILE_IMAGES_DIR) -> None:
        self.size = size
        self.folder = folder / size.name
        self._upright: dict[str, Image.Image] = {}
        self._variants: dict[tuple[str, bool, bool, bool], Image.Image] = {}

    def upright(self, name: str) -> Image.Image:
        img = self._upright.get(name)
        if img is None:
            path = self.folder / f"{name}.png"
            try:
                with Image.open(path) as raw:
                    img = raw.convert("RGBA")
            except FileNotFoundError:
                raise FileNotFoundError(
                    f"tile picture {path} is missing: run `python -m bot.render.tiles`"
                ) from None
            self._upright[name] = img
        return img

    def picture(
        self, name: str, sideways: bool = False, grey: bool = False, mark: bool = False
    ) -> Image.Image:
        key = (name, sideways, grey, mark)
        img = self._variants.get(key)
        if img is None:
            img = self.upright(name)
            if sideways:
                img = self._sideways(img)
            if grey:
                img = _greyed(img)
            if mark:
                img = _highlighted(img)
            self._variants[key] = img
        return img

    def tile(
        self,
        tile_id: int,
        red_ids: frozenset[int],
        sideways: bool = False,
        grey: bool = False,
        mark: bool = False,
    ) -> Image.Image:
        name = BACK_NAME if tile_id < 0 else face_name_of(tile_id, red_ids)
        return self.picture(name, sideways, grey, mark)

    def back(self, sideways: bool = False) -> Image.Image:
        return self.picture(BACK_NAME, sideways)

    def _sideways(self, img: Image.Image) -> Image.Image:
        """Turn the face a quarter left and put it on a sideways body with the same front edge."""
        s = self.size
        face = img.crop((0, 0, s.width, s.face_height))
        # the face's bottom corners are hidden by the edge in the upright picture: round them like the top
        alpha = face.getchannel("A")
        face.putalpha(ImageChops.darker(alpha, alpha.transpose(Image.Transpose.FLIP_TOP_BOTTOM)))
        turned = face.transpose(Image.Transpose.ROTATE_90)
        edge = img.crop((0, s.face_height - 2, s.width, s.height)).resize(
            (s.face_height, s.depth + 2), Image.Resampling.BILINEAR
        )
        out = Image.new("RGBA", (s.face_height, s.width + s.depth), (0, 0, 0, 0))
        out.alpha_composite(edge, (0, s.width - 2))
        out.alpha_composite(turned, (0, 0))
        return out


def _greyed(img: Image.Image) -> Image.Image:
    rgb = ImageEnhance.Brightness(ImageEnhance.Color(img.convert("RGB")).enhance(0.15)).enhance(0.62)
    out = rgb.convert("RGBA")
    out.putalpha(img.getchannel("A"))
    return out


def _highlighted(img: Image.Image) -> Image.Image:
    out = img.copy()
    d = ImageDraw.Draw(out)
    d.rounded_rectangle((0, 0, out.width - 1, out.height - 1), radius=4, outline=HIGHLIGHT, width=3)
    return out


@lru_cache(maxsize=8)
def tile_images(size_name: str, folder: Path = TILE_IMAGES_DIR) -> TileImages:
    """The shared, lazily filled cache for one size ("large" or "small")."""
    return TileImages(SIZE_BY_NAME[size_name], folder)
