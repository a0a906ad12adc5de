"""The player's rating chart (cogs/league/pictures.py ``rating_chart``) in the four languages: its title,
the panels' names and headings and the caption under them come from the catalogue in the language of the
player page, and no other word is drawn (the rest are the axes' numbers)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES
from bot.league.ratings import RatingHistory
from bot.service.league import PlayerPage
from bot.store import Player, Season
from cogs.league.pictures import rating_chart
from tests.render.drawn_text import Drawn, record_drawn_text

TENHOU = [1500.0, 1530.0, 1519.2, 1541.0, 1520.4, 1510.0, 1528.8, 1550.1, 1566.0, 1549.3]
SKILL = [0.0, 3.0, 1.5, 4.2, 2.9, 2.2, 3.9, 5.5, 6.8, 5.9]

# Written out here (not read from the catalogue) so a chart drawn in the wrong language fails.
CHART_WORDS = {
    "en": ["山田 · Ratings", "Tenhou R: 1549", "OpenSkill: 5.9", "Games played (0: the start of the season)"],
    "zh-TW": ["山田 · 評分", "天鳳R：1549", "OpenSkill：5.9", "已打局數（0：賽季開始）"],
    "zh-CN": ["山田 · 评分", "天凤R：1549", "OpenSkill：5.9", "已打局数（0：赛季开始）"],
    "ja": ["山田 · レーティング", "天鳳R：1549", "OpenSkill：5.9", "対局数（0：シーズン開始）"],
}
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def player_page() -> PlayerPage:
    return PlayerPage(
        player=Player(7, 1007, None, "山田"),
        season=Season(1, 1, 1, "2026-11-01", None),
        standing=None,
        skill=None,
        tenhou=None,
        rating_history=TENHOU,
        ratings=RatingHistory(TENHOU, SKILL),
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rating_chart_speaks_the_language_of_the_player_page(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[Drawn] = record_drawn_text(monkeypatch)

    assert rating_chart(player_page(), language) is not None

    words = [d.text for d in drawn if not NUMBER.fullmatch(d.text)]
    assert words == CHART_WORDS[language]
