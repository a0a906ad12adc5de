"""The league standings picture (cogs/league/pictures.py ``leaderboard_picture``) shows a player with too
few games to be ranked as the standings text does (the same mark, not a rank "0"), and gives them no
medal, whether they follow ranked players or nobody is ranked yet."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Hashable, Sequence
from itertools import groupby

import pytest
from PIL import Image

from bot.i18n import t
from bot.league.settlement import default_settings
from bot.league.standings import settle_rows, standings
from bot.render.ranking import MARGIN, MEDALS
from bot.service.league import SeasonView
from bot.store import League, Season
from cogs.league.pictures import leaderboard_picture
from cogs.league.presenters import standings_embed
from tests.render.drawn_text import Drawn, record_drawn_text

SETTINGS = default_settings("riichi")
FOUR_GAMES = [  # alice, bob and carol play four games; dave and erin one each
    [("alice", 40000), ("bob", 30000), ("carol", 20000), ("dave", 10000)],
    [("bob", 35000), ("alice", 30000), ("carol", 20000), ("erin", 15000)],
    [("carol", 45000), ("alice", 25000), ("bob", 20000), ("dave", 10000)],
    [("alice", 32000), ("carol", 28000), ("bob", 25000), ("erin", 15000)],
]


def season_view(games: Sequence[Sequence[tuple[Hashable, int]]], min_games: int) -> SeasonView:
    table = standings([settle_rows(rows, SETTINGS) for rows in games], min_games=min_games)
    league = League(1, 10, "Club", "riichi", {}, None, "2026-11-01")
    season = Season(1, 1, 1, "2026-11-01", None)
    names: dict[Hashable, str] = {s.player: str(s.player).title() for s in table}
    return SeasonView(league, season, SETTINGS, [], table, names, {}, {})


def rank_cells(drawn: list[Drawn]) -> list[Drawn]:
    """The rank cell of each standings row, top to bottom: the leftmost text of each line below the
    header (the line of "#")."""
    header = next(d for d in drawn if d.text == "#")
    below = sorted((d for d in drawn if d.y > header.y), key=lambda d: (d.y, d.x))
    return [next(line) for _, line in groupby(below, key=lambda d: d.y)]


@pytest.mark.parametrize(
    ("games", "min_games", "ranked"),
    [(FOUR_GAMES, 3, 3), (FOUR_GAMES[:1], 3, 0)],
    ids=["two unranked after three ranked", "nobody ranked yet"],
)
def test_unranked_players_show_the_standings_texts_mark_and_no_medal(
    games: list[list[tuple[Hashable, int]]], min_games: int, ranked: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = season_view(games, min_games)
    lines = (standings_embed(view, 0, "en").description or "").split("\n")
    drawn = record_drawn_text(monkeypatch)

    png = leaderboard_picture(view, 0, "en")

    assert png is not None
    cells = rank_cells(drawn)
    assert [c.text for c in cells] == [line.split(". ", 1)[0] for line in lines]
    assert sum(c.text.isdigit() for c in cells) == ranked and len(cells) > ranked  # both kinds shown
    with Image.open(io.BytesIO(png)) as picture:
        rgb = picture.convert("RGB")
        # Inside a medal's disc, left of the number drawn on it.
        beside = [rgb.getpixel((MARGIN + 1, round(c.y) + 10)) for c in cells]
    medals = [medal_of(colour) for colour in beside]
    assert medals[:ranked] == [1, 2, 3][:ranked]
    assert medals[ranked:] == [None] * (len(cells) - ranked)


def medal_of(colour: object) -> int | None:
    """The medal of that colour (within the PNG palette's rounding), if any."""
    assert isinstance(colour, tuple)
    near = [rank for rank, medal in MEDALS.items() if distance(colour, medal) <= 6]
    return near[0] if near else None


def distance(colour: tuple[int, ...], other: tuple[int, ...]) -> int:
    return max(abs(a - b) for a, b in zip(colour, other, strict=True))


def test_an_ended_seasons_picture_is_titled_its_final_standings_as_its_embed_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = season_view(FOUR_GAMES, 3)
    ended = dataclasses.replace(view, season=Season(1, 1, 1, "2026-11-01", "2026-11-20"))
    drawn = record_drawn_text(monkeypatch)

    assert leaderboard_picture(ended, 0, "ja") is not None
    title = standings_embed(ended, 0, "ja").title
    assert title == t("league.standings.title_final", "ja", name="Club", number=1)
    assert title in [d.text for d in drawn]
