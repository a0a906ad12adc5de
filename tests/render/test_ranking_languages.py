"""The league standings and a game's final ranking pictures in the four languages: every header and the
default title come from the catalogue, drawn whole (never cut short by their column) and clear of the next
column, whatever the length of the translation."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from bot.i18n.catalog import MESSAGES
from bot.render.fonts import deterministic_fonts
from bot.render.ranking import render_leaderboard, render_ranking
from tests.render.drawn_text import Drawn, record_drawn_text
from tests.render.scenes import sample_leaderboard, sample_ranking

FONTS = deterministic_fonts()

# Written out here (not read from the catalogue) so a picture drawn in the wrong language fails.
STANDINGS_HEADERS = {
    "en": ["Player", "Games", "Points", "Rating"],
    "zh-TW": ["玩家", "局數", "總分", "R值"],
    "zh-CN": ["玩家", "局数", "总分", "R值"],
    "ja": ["プレイヤー", "対局数", "ポイント", "レート"],
}
RANKING_HEADERS = {
    "en": ["Player", "Points", "League pts"],
    "zh-TW": ["玩家", "得點", "聯賽分"],
    "zh-CN": ["玩家", "得点", "联赛分"],
    "ja": ["プレイヤー", "得点", "ポイント"],
}
DEFAULT_TITLES = {
    "en": ("Leaderboard", "Final ranking"),
    "zh-TW": ("排行榜", "最終排名"),
    "zh-CN": ("排行榜", "最终排名"),
    "ja": ("順位表", "最終順位"),
}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    return record_drawn_text(monkeypatch)


def header_row(drawn: list[Drawn]) -> list[Drawn]:
    """The header cells, left to right: the texts drawn on the line of the "#" header."""
    rank = next(d for d in drawn if d.text == "#")
    return sorted((d for d in drawn if d.y == rank.y and d is not rank), key=lambda d: d.x)


def assert_clear_of_each_other(row: list[Drawn], picture: Image.Image) -> None:
    for left, right in zip(row, row[1:], strict=False):
        assert left.x + left.width < right.x, f"{left.text!r} runs into {right.text!r}"
    assert row[-1].x + row[-1].width <= picture.width, f"{row[-1].text!r} leaves the picture"


def draw_picture(kind: str, language: str) -> Image.Image:
    if kind == "standings":
        return render_leaderboard(sample_leaderboard(), fonts=FONTS, language=language)
    return render_ranking(sample_ranking(), fonts=FONTS, language=language)


@pytest.mark.parametrize("kind", ["standings", "final ranking"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_speaks_the_language(kind: str, language: str, drawn: list[Drawn]) -> None:
    picture = draw_picture(kind, language)

    standings = kind == "standings"
    assert drawn[0].text == DEFAULT_TITLES[language][0 if standings else 1]
    row = header_row(drawn)
    assert [d.text for d in row] == (STANDINGS_HEADERS if standings else RANKING_HEADERS)[language]
    assert_clear_of_each_other(row, picture)


def test_a_given_title_wins_over_the_default_one(drawn: list[Drawn]) -> None:
    render_leaderboard(sample_leaderboard(2), "Club：第 3 賽季排名", fonts=FONTS, language="zh-TW")

    assert drawn[0].text == "Club：第 3 賽季排名"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_header_longer_than_its_column_widens_the_column_instead_of_being_cut(
    language: str, drawn: list[Drawn], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator's longer word must not be shortened to "…" or run over the next header."""
    normal = render_leaderboard(sample_leaderboard(), fonts=FONTS, language=language)
    games: dict[str, Any] = dict(MESSAGES["picture.column.games"])
    games[language] = "Number of games played" if language == "en" else "これまでに打った対局の数"
    monkeypatch.setitem(MESSAGES, "picture.column.games", games)
    drawn.clear()

    wider = render_leaderboard(sample_leaderboard(), fonts=FONTS, language=language)

    row = header_row(drawn)
    assert row[1].text == games[language]
    assert_clear_of_each_other(row, wider)
    assert wider.width > normal.width
