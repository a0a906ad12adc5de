"""The table picture: privacy of hidden tiles, caching, names in any script."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.render.fonts import Fonts, deterministic_fonts, system_fonts
from bot.render.ranking import render_leaderboard
from bot.render.result import render_result
from bot.render.scene import HIDDEN, SeatScene, TableScene
from bot.render.table import SIDE, TableRenderer, to_png
from tests.render.drawn_text import record_drawn_text
from tests.render.scenes import TABLES, Tiles, riichi_table, sample_leaderboard, sample_result

FONTS = deterministic_fonts()


def _with_hidden_tiles(scene: TableScene, hands: list[str], drawn: list[str]) -> TableScene:
    """The same scene with other concealed tiles (same counts) and other drawn tiles in every seat."""
    seats = []
    for seat, hand, draw in zip(scene.seats, hands, drawn, strict=True):
        count = seat.concealed if isinstance(seat.concealed, int) else len(seat.concealed)
        ids = Tiles("riichi").ids(hand)[:count]
        new_drawn = Tiles("riichi").one(draw) if seat.drawn is not None else None
        seats.append(replace(seat, concealed=ids, drawn=new_drawn))
    return replace(scene, seats=tuple(seats))


HANDS_A = (
    ["1112345678999m", "1112345678999p", "1112345678999s", "11223344556677z"],
    ["5z", "6z", "7z", "4z"],
)
HANDS_B = (
    ["2223456788m99p1s", "2223456788s5m9m8p", "1122334455p99m", "1122334455s9m"],
    ["1z", "2z", "3z", "4p"],
)


def test_spectator_picture_is_identical_whatever_the_hidden_tiles() -> None:
    scene = replace(riichi_table(), viewer=None)
    a = _with_hidden_tiles(scene, *HANDS_A)
    b = _with_hidden_tiles(scene, *HANDS_B)
    assert a != b
    assert to_png(TableRenderer(FONTS).render(a)) == to_png(TableRenderer(FONTS).render(b))


def test_seat_picture_hides_the_other_seats_tiles_but_shows_its_own() -> None:
    scene = riichi_table(viewer=0)
    a = _with_hidden_tiles(scene, *HANDS_A)
    b = _with_hidden_tiles(scene, *HANDS_B)
    other_seats_only = replace(b, seats=(a.seats[0],) + b.seats[1:])
    renderer = TableRenderer(FONTS)
    assert renderer.render(a).tobytes() == renderer.render(other_seats_only).tobytes()
    assert renderer.render(a).tobytes() != renderer.render(b).tobytes()  # the viewer's own hand shows


def test_cached_seat_parts_give_the_same_picture_as_a_fresh_renderer() -> None:
    cached = TableRenderer(FONTS)
    first = riichi_table()
    cached.render(first)
    moved = replace(first, turn=1, last_discard=(0, 6))
    seats = list(first.seats)
    river = seats[0].river + Tiles("riichi").river("9p")  # the drawn tile went to the river
    seats[0] = replace(seats[0], river=river, drawn=None)
    moved = replace(moved, seats=tuple(seats))
    assert cached.render(moved).tobytes() == TableRenderer(FONTS).render(moved).tobytes()


@pytest.mark.parametrize("rules", sorted(TABLES))
def test_table_is_a_fixed_size_opaque_picture_under_200_kb(rules: str) -> None:
    img = TableRenderer(FONTS).render(TABLES[rules]())
    assert img.size == (SIDE, SIDE) and img.mode == "RGB"
    assert len(to_png(img)) < 200_000


NAMES = ["山田太郎", "😀🀄🎉", "مرحبا", "Ω≈ç√∫", "\u0000\u200b", "", "x" * 200, "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"]


@pytest.mark.parametrize("fonts", [deterministic_fonts(), Fonts(system_fonts)], ids=["builtin", "system"])
def test_names_in_any_script_are_drawn_and_never_crash(fonts: Fonts, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    seats = tuple(
        SeatScene(name, i % 4, 25000, concealed=13, drawn=HIDDEN) for i, name in enumerate(NAMES[:4])
    )
    TableRenderer(fonts).render(TableScene(seats, round_label=NAMES[4]))
    texts = [d.text for d in drawn]
    assert all(name in texts for name in NAMES[:4]), texts  # every script as given, none dropped
    assert NAMES[4] in texts  # the round label, control characters and all
    del drawn[:]
    seats = tuple(SeatScene(name, i % 4, 25000, concealed=13) for i, name in enumerate(NAMES[4:]))
    TableRenderer(fonts).render(TableScene(seats, round_label="East 1"))
    texts = [d.text for d in drawn]
    for name in NAMES[4:]:
        if name:  # a long name may be shortened, never replaced
            assert any(t == name or (t.endswith("…") and name.startswith(t[:-1])) for t in texts), (
                name,
                texts,
            )
    del drawn[:]
    result = sample_result()
    render_result(replace(result, score_changes=tuple((n, 0) for n in NAMES)), fonts)
    texts = [d.text for d in drawn]
    for name in NAMES:
        if name.strip("\u0000\u200b"):
            assert _shows(name, texts), (name, texts)


def _shows(name: str, texts: list[str]) -> bool:
    """A text drawn is the name, or the name shortened with an ellipsis (a long name)."""
    return any(t == name or (len(t) > 1 and t.endswith("…") and name.startswith(t[:-1])) for t in texts)


def test_text_uses_a_fallback_font_for_characters_the_first_lacks() -> None:
    fonts = Fonts(system_fonts).text(16)
    if len(fonts.fonts) < 3:
        pytest.skip("no CJK font installed")
    runs = fonts.runs("Alice 山田")
    assert all(font is not None for font, _ in runs)  # the CJK font draws the Chinese name


def test_leaderboard_grows_with_its_rows() -> None:
    small = render_leaderboard(sample_leaderboard(3), fonts=FONTS)
    big = render_leaderboard(sample_leaderboard(40), fonts=FONTS)
    empty = render_leaderboard([], fonts=FONTS)
    assert empty.height < small.height < big.height and small.width == big.width
