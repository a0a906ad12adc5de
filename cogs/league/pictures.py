"""Pictures of the league: a standings page and a player's rating chart (drawn in a thread by the cog).

A picture that fails is logged and left out by the caller: the embeds are complete without it.
"""

from __future__ import annotations

from bot.i18n import t
from bot.service.league import PlayerPage, SeasonView
from cogs.league import presenters


def leaderboard_picture(view: SeasonView, page: int, language: str) -> bytes | None:
    """PNG of one standings page (bot/render's leaderboard: rank, name, games, points, Tenhou R), its
    title and headers in ``language`` (the standings text's).

    Unranked players (fewer games than the league's minimum) get no rank and no medal: the mark the
    standings text shows them with (bot/render/scene.py's UNRANKED).  Runs in a thread.
    """
    from bot.render.png import to_png
    from bot.render.ranking import render_leaderboard
    from bot.render.scene import LeaderboardRow

    shown = presenters.page_rows(view, page)
    if not shown:
        return None
    rows = [
        LeaderboardRow(
            s.position,
            view.names.get(s.player, str(s.player)),
            s.games,
            float(s.total),
            view.tenhou[s.player].rate if s.player in view.tenhou else 0.0,
        )
        for s in shown
    ]
    return to_png(render_leaderboard(rows, presenters.standings_title(view, language), language=language))


def rating_chart(page: PlayerPage, language: str) -> bytes | None:
    """PNG of the player's Tenhou R and OpenSkill ordinal after each game of the season (bot/render's
    chart: two panels, game 0 = the start), every word in ``language`` (the player page's), or None
    when they have no game.  Runs in a thread."""
    from bot.render.chart import rating_series, render_rating_chart
    from bot.render.png import to_png

    if page.ratings is None or len(page.ratings.tenhou) < 2:
        return None
    title = t("picture.chart.title", language, player=page.player.display_name)
    series = rating_series(page.ratings.tenhou, page.ratings.skill, language)
    caption = t("picture.chart.games", language)
    return to_png(render_rating_chart(title, series, x_label=caption, language=language))
