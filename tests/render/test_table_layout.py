"""The table picture laid out for a phone (issue 20): seen at Discord's preview width (~400 px), river
tiles stay readable, every seat's name is upright, the viewer's own hand is large across the bottom,
little felt is left empty, the sichuan void suit is marked for every seat, flowers lie with their owner's
melds.  Each check looks at the pixels a change of the scene changes, not at the renderer's constants."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageFilter

from bot.render.fonts import deterministic_fonts
from bot.render.geometry import LARGE, SMALL
from bot.render.palette import FELT
from bot.render.scene import RiverTile, TableScene
from bot.render.table import TableRenderer
from bot.render.table_layout import SIDE, STRIP
from tests.render.scenes import TABLES, Tiles, riichi_table, sichuan_table, taiwan_table

FONTS = deterministic_fonts()
PREVIEW_WIDTH = 400  # what Discord shows of a picture on a phone before it is opened
VIEWERS = [0, None]  # a player's own picture and the channel's


def changed_box(a: TableScene, b: TableScene) -> tuple[int, int, int, int]:
    """The rectangle of pixels that differ between the two scenes' pictures."""
    renderer = TableRenderer(FONTS)
    box = ImageChops.difference(renderer.render(a), renderer.render(b)).getbbox()
    assert box is not None, "the change drew nothing"
    return box


def with_seat(scene: TableScene, index: int, **changes: object) -> TableScene:
    seats = list(scene.seats)
    seats[index] = replace(seats[index], **changes)  # type: ignore[arg-type]
    return replace(scene, seats=tuple(seats))


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_river_tile_is_at_least_19_px_wide_at_discords_preview_width(viewer: int | None) -> None:
    scene = replace(riichi_table(), viewer=viewer)
    t = Tiles("riichi")
    for seat in range(4):
        river = scene.seats[seat].river
        one = with_seat(scene, seat, river=river + t.river("1m"))
        other = with_seat(scene, seat, river=river + t.river("9s"))
        left, top, right, bottom = changed_box(one, other)
        drawn = min(right - left, bottom - top)  # across the tile, whichever way it is turned
        width = TableRenderer(FONTS).render(scene).width
        assert drawn * PREVIEW_WIDTH / width >= 19, (seat, drawn, width)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_every_seats_name_is_drawn_upright(viewer: int | None) -> None:
    scene = replace(riichi_table(), viewer=viewer)
    for seat in range(4):
        box = changed_box(with_seat(scene, seat, name="i"), with_seat(scene, seat, name="WWWWWWW"))
        width, height = box[2] - box[0], box[3] - box[1]
        assert width > 3 * height, (seat, box)  # a line of text lying flat, whichever side the seat is on


def test_the_viewers_own_hand_is_drawn_large_across_the_bottom() -> None:
    scene = riichi_table(viewer=0)
    t = Tiles("riichi")
    one = with_seat(scene, 0, concealed=t.ids("1234567m"))
    other = with_seat(scene, 0, concealed=t.ids("2345678p"))
    picture = TableRenderer(FONTS).render(one)
    left, top, right, bottom = changed_box(one, other)
    assert bottom - top >= LARGE.face_height - 2 > SMALL.height  # large tiles, taller than the rivers'
    assert top > picture.height * 3 // 4 and right - left > picture.width // 3


def empty_felt_share(img: Image.Image, reach: int = 24) -> float:
    """The share of the picture that is felt farther than ``reach`` px from anything drawn."""
    felt = Image.new("RGB", img.size, FELT)
    drawn = ImageChops.difference(img, felt).convert("L").point(lambda v: 255 if v > 12 else 0)
    small = drawn.resize((img.width // 4, img.height // 4), Image.Resampling.BOX).point(
        lambda v: 255 if v else 0
    )
    near = small.filter(ImageFilter.MaxFilter(2 * (reach // 4) + 1))
    return near.histogram()[0] / (small.width * small.height)


@pytest.mark.parametrize("rules", ["riichi", "mingjiang", "sichuan", "taiwan", "pihu"])
@pytest.mark.parametrize("viewer", VIEWERS)
def test_little_of_a_four_seat_table_is_empty_felt(rules: str, viewer: int | None) -> None:
    img = TableRenderer(FONTS).render(replace(TABLES[rules](), viewer=viewer))
    assert empty_felt_share(img) < 0.40  # it was over half of the 886 px picture of round 1


@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_void_suit_is_marked_for_every_seat(viewer: int | None) -> None:
    scene = replace(sichuan_table(), viewer=viewer)
    renderer = TableRenderer(FONTS)
    for seat in range(4):
        pin = renderer.render(with_seat(scene, seat, void_suit=1))
        sou = renderer.render(with_seat(scene, seat, void_suit=2))
        assert ImageChops.difference(pin, sou).getbbox() is not None, seat


@pytest.mark.parametrize("viewer", VIEWERS)
def test_flowers_lie_beside_their_owners_melds(viewer: int | None) -> None:
    scene = replace(taiwan_table(), viewer=viewer)
    t = Tiles("taiwan")
    for seat, pon in zip(range(1, 4), ("pon:22=2z", "pon:33=3z", "pon:44=4z"), strict=True):
        plain = with_seat(scene, seat, flowers=(), melds=t.melds(pon))
        flower = changed_box(plain, with_seat(plain, seat, flowers=t.ids(f"{seat}f")))
        meld = changed_box(with_seat(scene, seat, flowers=()), plain)
        gap_x = max(flower[0], meld[0]) - min(flower[2], meld[2])
        gap_y = max(flower[1], meld[1]) - min(flower[3], meld[3])
        assert gap_x <= 40 and gap_y <= 40, (seat, flower, meld)  # side by side on the owner's edge


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_crowded_strip_shrinks_to_its_edge_and_a_long_river_stays_clear_of_it(viewer: int | None) -> None:
    t = Tiles("taiwan")
    scene = replace(taiwan_table(), viewer=viewer)
    kans = t.melds("kan:111+1m", "kan:222+2p", "kan:333+3s", "kan:444+4z")
    crowded = with_seat(scene, 1, concealed=1, melds=kans, flowers=t.ids("1f2f3f4f5f6f7f8f"))
    left, top, right, bottom = changed_box(scene, crowded)
    assert left >= SIDE - STRIP and top >= 0 and bottom <= SIDE  # the right seat's edge, nothing cut off
    river = scene.seats[0].river + tuple(RiverTile(4 * (k % 34)) for k in range(27))  # a blood battle's
    left, top, right, bottom = changed_box(crowded, with_seat(crowded, 0, river=river))
    assert right <= SIDE - STRIP  # the last row squeezes before the next seat's strip
