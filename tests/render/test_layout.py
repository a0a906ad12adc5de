"""Where each meld puts its called tile, and how hands are laid out."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.engine.registry import rule_set
from bot.hand.meld import MeldStyle
from bot.hand.notation import parse_meld, parse_tiles
from bot.render.assets import tile_images
from bot.render.hand import render_hand
from bot.render.layout import Row, add_meld
from bot.render.scene import HandScene

LARGE = tile_images("large")
RED = frozenset({16, 52, 88})


STANDARD = MeldStyle()


def _meld_row(token: str, style: MeldStyle = STANDARD) -> Row:
    row = Row()
    add_meld(row, parse_meld(token), LARGE, RED, style, 0)
    return row


def _is_sideways(img: Image.Image) -> bool:
    return img.width > img.height


@pytest.mark.parametrize(
    ("token", "sideways_index"),
    [
        ("chi:3-45s", 0),  # from the previous player: the left tile
        ("pon:7-77z", 0),
        ("pon:77=7z", 1),  # from opposite: the middle tile
        ("pon:777+z", 2),  # from the next player: the right tile
        ("kan:6666=p", 1),
        ("kan:1111+s", 3),
    ],
)
def test_called_tile_lies_sideways_toward_its_giver(token: str, sideways_index: int) -> None:
    row = _meld_row(token)
    flags = [_is_sideways(img) for img, _, _ in row.items]
    assert flags.index(True) == sideways_index
    assert flags.count(True) == 1


def test_added_kan_stacks_two_sideways_tiles() -> None:
    row = _meld_row("kakan:666-6z")
    sideways = [(x, lift) for img, x, lift in row.items if _is_sideways(img)]
    assert len(row.items) == 4 and len(sideways) == 2
    (x1, lift1), (x2, lift2) = sideways
    assert x1 == x2 and lift1 != lift2  # same place, one on top of the other


def test_closed_kan_shows_its_two_outer_tiles_face_down() -> None:
    row = _meld_row("ankan:1111p")
    back = LARGE.back()
    assert [img is back for img, _, _ in row.items] == [True, False, False, True]


def test_sichuan_closed_kan_shows_one_tile_face_up() -> None:
    row = _meld_row("ankan:1111p", style=rule_set("sichuan").render.meld_style)
    back = LARGE.back()
    assert [img is back for img, _, _ in row.items] == [True, False, True, True]


@pytest.mark.parametrize(("token", "down_index"), [("pon:5-55z", 0), ("pon:2=22m", 1), ("pon:888+s", 2)])
def test_pihu_pon_lays_the_given_tile_face_down_on_the_givers_side(token: str, down_index: int) -> None:
    row = _meld_row(token, style=rule_set("pihu").render.meld_style)
    back = LARGE.back()
    assert [img is back for img, _, _ in row.items].index(True) == down_index
    assert not any(_is_sideways(img) for img, _, _ in row.items)


def test_concealed_tiles_are_drawn_sorted_whatever_the_order_given() -> None:
    tiles = tuple(parse_tiles("9s1m5p7z3m"))
    shuffled = render_hand(HandScene(tiles))
    ordered = render_hand(HandScene(tuple(sorted(tiles))))
    assert shuffled.tobytes() == ordered.tobytes()


def test_drawn_tile_is_set_apart_from_the_hand() -> None:
    tiles = tuple(parse_tiles("123m456p"))
    drawn = parse_tiles("9s")[0]
    with_drawn = render_hand(HandScene(tiles, drawn=drawn))
    in_hand = render_hand(HandScene(tiles + (drawn,)))
    assert with_drawn.width > in_hand.width  # the gap before the drawn tile


def test_void_suit_marker_and_flowers_widen_the_hand() -> None:
    tiles = tuple(parse_tiles("123m456p"))
    plain = render_hand(HandScene(tiles))
    assert render_hand(HandScene(tiles, void_suit=2)).width > plain.width
    assert render_hand(HandScene(tiles, flowers=(136, 140))).width > plain.width
