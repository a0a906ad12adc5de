"""Embeds and text of the league: games, their history, standings pages, player pages and settings.

Pure presentation: league objects and a language in, ``discord.Embed`` and strings out.
"""

from __future__ import annotations

from decimal import Decimal

import discord

from bot.i18n import t
from bot.league.standings import Standing
from bot.service.league import LeagueService, PlayerPage, SeasonView
from bot.store import AuditEntry, League, LeagueGame, Player

COLOUR = discord.Colour(0x2B6CB0)
PAGE_SIZE = 10  # standings lines per page (embed and picture)
WINDS = "ESWN"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _mention(player: Player) -> str:
    return f"<@{player.discord_id}>" if player.discord_id is not None else player.display_name


def _points(value: Decimal) -> str:
    return f"{value:+.1f}"


def game_embed(league: League, game: LeagueGame, players: dict[int, Player], language: str) -> discord.Embed:
    embed = discord.Embed(
        title=t("league.game.title", language, league=league.name, game=game.id), colour=COLOUR
    )
    for row in sorted(game.players, key=lambda p: p.seat):
        mark = "✅" if row.confirmed_at is not None else "⏳"
        wind = t(f"wind.{WINDS[row.seat]}", language)
        chombo = "\n" + t("league.game.chombo", language, count=row.chombo) if row.chombo else ""
        value = f"{_mention(players[row.player_id])}\n{row.final_points}{chombo}"
        embed.add_field(name=f"{wind} {mark}", value=value)
    if game.leftover:
        embed.add_field(
            name="\u200b", value=t("league.game.leftover", language, count=game.leftover), inline=False
        )
    if game.status == "pending":
        waiting = ", ".join(_mention(players[p.player_id]) for p in game.players if p.confirmed_at is None)
        status = t("league.game.status.pending", language, names=waiting)
    else:
        status = t(f"league.game.status.{game.status}", language)
    embed.description = status
    if game.reporter_id is not None and game.reporter_id in players:
        embed.set_footer(
            text=t("league.game.reported_by", language, name=players[game.reporter_id].display_name)
        )
    return embed


def game_content(game: LeagueGame, players: dict[int, Player], language: str) -> str | None:
    """The players still to confirm, mentioned in the content so Discord notifies them (embeds do not)."""
    if game.status != "pending":
        return None
    waiting = [_mention(players[p.player_id]) for p in game.players if p.confirmed_at is None]
    return t("league.game.please_confirm", language, names=" ".join(waiting), game=game.id)


def history_line(entry: AuditEntry, names: dict[int, str], language: str) -> str:
    """One audited change: when, what, who, and the points (or player) it concerned."""
    after = entry.after if isinstance(entry.after, dict) else {}
    if "players" in after:
        detail = " ".join(str(p["points"]) for p in after["players"])
    elif "player_id" in after:
        detail = names.get(after["player_id"], str(after["player_id"]))
    else:
        detail = ""
    actor = names.get(entry.actor_id, "?") if entry.actor_id is not None else "bot"
    reason = f" ({entry.reason})" if entry.reason else ""
    action = t(f"league.history.{entry.action}", language)
    return f"`{entry.at[:16].replace('T', ' ')}` {action} · {actor} · {detail}{reason}".rstrip(" ·")


# Win and deal-in rates per hand of the bot-played games.  Kept here until bot/i18n/league_messages.py
# (not this module's file) has a "league.standings.rates" entry; same four languages as the catalogue.
HAND_RATES = {
    "en": "win {win} · deal-in {deal_in}",
    "zh-TW": "和牌率 {win} · 放槍率 {deal_in}",
    "zh-CN": "和牌率 {win} · 点炮率 {deal_in}",
    "ja": "和了率 {win} · 放銃率 {deal_in}",
}


def hand_rates(s: Standing, language: str) -> str | None:
    """Rates such as ``win 24.0% · deal-in 12.5%`` for a player with bot-played hands, else None."""
    if s.win_rate is None or s.deal_in_rate is None:
        return None
    template = HAND_RATES.get(language, HAND_RATES["en"])
    return template.format(win=f"{s.win_rate:.1%}", deal_in=f"{s.deal_in_rate:.1%}")


def standing_line(s: Standing, name: str, language: str) -> str:
    position = str(s.position) if s.position is not None else "–"
    line = t(
        "league.standings.line",
        language,
        position=position,
        name=name,
        total=_points(s.total),
        games=s.games,
        rank=f"{s.average_rank:.2f}",
    )
    rates = hand_rates(s, language)
    return line if rates is None else f"{line} · {rates}"


def page_count(view: SeasonView) -> int:
    return max(1, -(-len(view.standings) // PAGE_SIZE))


def standings_embed(view: SeasonView, page: int, language: str) -> discord.Embed:
    embed = discord.Embed(
        title=t("league.standings.title", language, name=view.league.name, number=view.season.number),
        colour=COLOUR,
    )
    rows = page_rows(view, page)
    lines = [standing_line(s, view.names.get(s.player, str(s.player)), language) for s in rows]
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
            total=_points(s.total),
            rank=f"{s.average_rank:.2f}",
            first=f"{s.first_rate:.0%}",
            last=f"{s.last_rate:.0%}",
        )
        + (f"\n{rates}" if (rates := hand_rates(s, language)) else ""),
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
            t("league.player.recent_line", language, game=g, points=pts, rank=rank, lp=_points(lp))
            for g, pts, rank, lp in page.recent
        )
        embed.add_field(name=t("league.player.recent", language), value=clip(recent, 1024), inline=False)
    return embed


def settings_embed(league: League, service: LeagueService, language: str) -> discord.Embed:
    settings = service.settings_of(league)
    embed = discord.Embed(title=t("league.settings.title", language, name=league.name), colour=COLOUR)
    role = f"<@&{league.admin_role_id}>" if league.admin_role_id else t("league.settings.none", language)
    embed.add_field(name=t("league.settings.admin_role", language), value=role, inline=False)
    shown = {
        "rules": league.rule_set,
        "start_points": settings.start_points,
        "return_points": settings.return_points,
        "uma": " ".join(str(u) for u in settings.uma),
        "oka": settings.oka,
        "chombo_penalty": settings.chombo_penalty,
        "min_games": settings.min_games,
    }
    embed.description = "\n".join(f"`{key}` {value}" for key, value in shown.items())
    return embed


def page_rows(view: SeasonView, page: int) -> list[Standing]:
    """The standings lines shown on page ``page`` (0-based)."""
    return view.standings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
