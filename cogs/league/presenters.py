"""Embeds and text of a league's seasons: standings pages, player pages, the season archive, settings.

Pure presentation: league objects and a language in, ``discord.Embed`` and strings out.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.league.standings import Standing
from bot.present.glossary import say
from bot.render.scene import UNRANKED
from bot.service.league import LeagueService, PlayerPage, SeasonView
from bot.service.league.model import SeasonSummary
from bot.store import League, Season
from bot.text import clip
from cogs.league.game_presenters import COLOUR, day, signed

PAGE_SIZE = 10  # standings lines per page (embed and picture)


def hand_rates(s: Standing, language: str, rules: str = "") -> str | None:
    """Rates such as ``win 24.0% · deal-in 12.5%`` in the words of the league's rule set (胡牌率/放槍率,
    和了率/放銃率: its glossary's ``rates``) for a player with bot-played hands, else None."""
    if s.win_rate is None or s.deal_in_rate is None:
        return None
    return say(rules, "rates", language, win=f"{s.win_rate:.1%}", deal_in=f"{s.deal_in_rate:.1%}")


def standing_line(s: Standing, name: str, language: str, rules: str = "") -> str:
    position = str(s.position) if s.position is not None else UNRANKED
    line = t(
        "league.standings.line",
        language,
        position=position,
        name=name,
        total=signed(s.total),
        games=s.games,
        rank=f"{s.average_rank:.2f}",
    )
    rates = hand_rates(s, language, rules)
    return line if rates is None else f"{line} · {rates}"


def page_count(view: SeasonView) -> int:
    return max(1, -(-len(view.standings) // PAGE_SIZE))


def standings_title(view: SeasonView, language: str) -> str:
    """The season's standings title; an ended (archived) season's are its final standings."""
    key = "league.standings.title_final" if view.season.ended_at else "league.standings.title"
    return t(key, language, name=view.league.name, number=view.season.number)


def standings_embed(view: SeasonView, page: int, language: str) -> discord.Embed:
    embed = discord.Embed(title=standings_title(view, language), colour=COLOUR)
    rows = page_rows(view, page)
    rules = view.league.rule_set
    lines = [standing_line(s, view.names.get(s.player, str(s.player)), language, rules) for s in rows]
    embed.description = clip("\n".join(lines) or t("league.standings.empty", language), 4096)
    embed.set_footer(
        text=t(
            "league.standings.page", language, page=page + 1, pages=page_count(view), games=len(view.settled)
        )
    )
    return embed


def player_embed(league: League, page: PlayerPage, language: str) -> discord.Embed:
    embed = discord.Embed(
        title=t(
            "league.player.title",
            language,
            player=page.player.display_name,
            name=league.name,
            number=page.season.number,
        ),
        colour=COLOUR,
    )
    s = page.standing
    if s is None:
        embed.description = t("league.player.no_games", language)
        return embed
    position = str(s.position) if s.position is not None else t("league.player.unranked", language)
    embed.add_field(
        name=t("league.player.stats", language),
        value=t(
            "league.player.stats_line",
            language,
            position=position,
            games=s.games,
            total=signed(s.total),
            rank=f"{s.average_rank:.2f}",
            first=f"{s.first_rate:.0%}",
            last=f"{s.last_rate:.0%}",
        )
        + (f"\n{rates}" if (rates := hand_rates(s, language, league.rule_set)) else ""),
        inline=False,
    )
    if page.tenhou is not None and page.skill is not None:
        embed.add_field(
            name=t("league.player.ratings", language),
            value=t(
                "league.player.ratings_line",
                language,
                rate=f"{page.tenhou.rate:.0f}",
                skill=f"{page.skill.ordinal:.1f}",
            ),
            inline=False,
        )
    if page.rating_history:
        history = " → ".join(f"{r:.0f}" for r in page.rating_history[-15:])
        embed.add_field(name=t("league.player.history", language), value=clip(history, 1024), inline=False)
    if page.recent:
        recent = "\n".join(
            t("league.player.recent_line", language, game=g, points=pts, rank=rank, lp=signed(lp))
            for g, pts, rank, lp in page.recent
        )
        embed.add_field(name=t("league.player.recent", language), value=clip(recent, 1024), inline=False)
    if page.seasons:
        seasons = "\n".join(
            t(
                "league.player.season_line",
                language,
                number=season.number,
                position=s.position if s.position is not None else t("league.player.unranked", language),
                games=s.games,
                total=signed(s.total),
                rank=f"{s.average_rank:.2f}",
            )
            for season, s in page.seasons
        )
        embed.add_field(name=t("league.player.seasons", language), value=clip(seasons, 1024), inline=False)
    return embed


def settings_embed(league: League, service: LeagueService, language: str) -> discord.Embed:
    settings = service.settings_of(league)
    embed = discord.Embed(title=t("league.settings.title", language, name=league.name), colour=COLOUR)
    role = f"<@&{league.admin_role_id}>" if league.admin_role_id else t("league.settings.none", language)
    embed.add_field(name=t("league.settings.admin_role", language), value=role, inline=False)
    shown = {
        "rules": league.rule_set,
        "scoring": settings.scoring,
        "start_points": settings.start_points,
        "return_points": settings.return_points,
        "uma": " ".join(str(u) for u in settings.uma),
        "oka": settings.oka,
        "tie_rule": settings.tie_rule,
        "multiplier": settings.multiplier,
        "chombo_penalty": settings.chombo_penalty,
        "min_games": settings.min_games,
        "reminder_hours": settings.reminder_hours or "off",
    }
    embed.description = "\n".join(f"`{key}` {value}" for key, value in shown.items())
    return embed


def page_rows(view: SeasonView, page: int) -> list[Standing]:
    """The standings lines shown on page ``page`` (0-based)."""
    return view.standings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]


def seasons_embed(league: League, summaries: list[SeasonSummary], language: str) -> discord.Embed:
    """The season archive: each season's dates, games, players and who leads (or won)."""
    embed = discord.Embed(title=t("league.seasons.title", language, name=league.name), colour=COLOUR)
    lines = [
        t(
            "league.seasons.line",
            language,
            number=s.season.number,
            start=day(s.dates[0]),
            end=day(end) if (end := s.dates[1]) else t("league.seasons.open", language),
            games=s.games,
            players=s.players,
            leader=s.leader or "–",
            total=signed(s.leader_total) if s.leader_total is not None else "",
        ).rstrip()
        for s in summaries
    ]
    embed.description = clip("\n".join(lines) or t("league.seasons.none", language), 4096)
    return embed


def season_label(season: Season) -> str:
    return f"{season.number}"
