"""Embeds and text of league games: a game, its history, what waits for confirmation, the guests.

Pure presentation: league objects and a language in, ``discord.Embed`` and strings out.  A text that
mentions players comes with the Discord ids it means to ping (``Pinged``), so the message pings exactly
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

import discord

from bot.i18n import t
from bot.service.league.pending import PendingGames, waiting_for
from bot.store import AuditEntry, League, LeagueGame, LeagueMember, Player
from bot.text import clip

COLOUR = discord.Colour(0x2B6CB0)
WINDS = "ESWN"
PENDING_LINES = 10  # games listed per section of /league pending


class Pinged(NamedTuple):
    """A message text and the Discord users it pings."""

    text: str
    ping: tuple[int, ...]


def mention(player: Player) -> str:
    return f"<@{player.discord_id}>" if player.discord_id is not None else player.display_name


def pings(players: Sequence[Player]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(p.discord_id for p in players if p.discord_id is not None))


def signed(value: Decimal) -> str:
    return f"{value:+.1f}"


def day(moment: str) -> str:
    return moment[:10]


def game_embed(league: League, game: LeagueGame, players: dict[int, Player], language: str) -> discord.Embed:
    embed = discord.Embed(
        title=t("league.game.title", language, league=league.name, game=game.id), colour=COLOUR
    )
    for row in sorted(game.players, key=lambda p: p.seat):
        mark = "✅" if row.confirmed_at is not None else "⏳"
        wind = t(f"wind.{WINDS[row.seat]}", language)
        player = players[row.player_id]
        guest = f" ({t('league.game.guest', language)})" if player.discord_id is None else ""
        chombo = "\n" + t("league.game.chombo", language, count=row.chombo) if row.chombo else ""
        embed.add_field(name=f"{wind} {mark}", value=f"{mention(player)}{guest}\n{row.final_points}{chombo}")
    details = []
    if game.leftover:
        details.append(t("league.game.leftover", language, count=game.leftover))
    if game.final_dealer is not None:
        east = next(p for p in game.players if p.seat == game.final_dealer)
        details.append(t("league.game.final_east", language, name=players[east.player_id].display_name))
    if details:
        embed.add_field(name="\u200b", value="\n".join(details), inline=False)
    if game.status == "pending":
        waiting = ", ".join(mention(players[pid]) for pid in waiting_for(game))
        status = t("league.game.status.pending", language, names=waiting)
    else:
        status = t(f"league.game.status.{game.status}", language)
    embed.description = status
    footer = [t("league.game.played", language, date=day(game.played_at or game.created_at))]
    if game.table_label:
        footer.append(t("league.game.table", language, table=game.table_label))
    if game.reporter_id is not None and game.reporter_id in players:
        footer.append(t("league.game.reported_by", language, name=players[game.reporter_id].display_name))
    embed.set_footer(text=" · ".join(footer))
    return embed


def game_content(game: LeagueGame, players: dict[int, Player], language: str) -> Pinged:
    """The players still to confirm, mentioned in the content so Discord notifies them (embeds do not)."""
    if game.status != "pending":
        return Pinged("", ())
    waiting = [players[pid] for pid in waiting_for(game)]
    text = t(
        "league.game.please_confirm", language, names=" ".join(mention(p) for p in waiting), game=game.id
    )
    return Pinged(text, pings(waiting))


def reminder_text(league: League, game: LeagueGame, waiting: Sequence[Player], language: str) -> Pinged:
    names = " ".join(mention(p) for p in waiting)
    return Pinged(
        t("league.remind.text", language, names=names, game=game.id, league=league.name), pings(waiting)
    )


def history_line(entry: AuditEntry, names: dict[int, str], language: str) -> str:
    """One audited change: when, what, who (an admin's authority said), and what it concerned."""
    after = entry.after if isinstance(entry.after, dict) else {}
    if entry.action == "chombo":
        detail = " ".join(str(p["chombo"]) for p in after.get("players", []))
    elif "players" in after:
        detail = " ".join(str(p["points"]) for p in after["players"])
    elif "player_id" in after:
        detail = names.get(after["player_id"], str(after["player_id"]))
    else:
        detail = ""
    actor = names.get(entry.actor_id, "?") if entry.actor_id is not None else "bot"
    if after.get("authority") == "admin":
        actor = f"{actor} {t('league.history.admin', language)}"
    reason = f" ({entry.reason})" if entry.reason else ""
    action = t(f"league.history.{entry.action}", language)
    return f"`{entry.at[:16].replace('T', ' ')}` {action} · {actor} · {detail}{reason}".rstrip(" ·")


def pending_embed(pending: PendingGames, players: dict[int, Player], language: str) -> discord.Embed:
    """What waits for the user, what they wait for, and (admins) the stale games of the league."""
    embed = discord.Embed(
        title=t("league.pending.title", language, league=pending.league.name), colour=COLOUR
    )

    def lines(games: Sequence[LeagueGame]) -> str:
        shown = [
            t(
                "league.pending.line",
                language,
                game=g.id,
                date=day(g.played_at or g.created_at),
                names=", ".join(players[pid].display_name for pid in waiting_for(g)),
            )
            for g in games[:PENDING_LINES]
        ]
        if len(games) > PENDING_LINES:
            shown.append(t("league.csv.more", language, count=len(games) - PENDING_LINES))
        return clip("\n".join(shown), 1024)

    sections = [
        (t("league.pending.for_me", language), pending.for_me),
        (t("league.pending.for_others", language), pending.for_others),
    ]
    if pending.stale:
        hours = int(pending.stale_after.total_seconds() // 3600)
        sections.append((t("league.pending.stale", language, hours=hours), pending.stale))
    for name, games in sections:
        if games:
            embed.add_field(name=name, value=lines(games), inline=False)
    if not embed.fields:
        embed.description = t("league.pending.none", language)
    return embed


def guests_embed(
    league: League, roster: Sequence[LeagueMember], players: dict[int, Player], language: str
) -> discord.Embed:
    embed = discord.Embed(title=t("league.guest.title", language, league=league.name), colour=COLOUR)
    lines = []
    for member in roster:
        if not member.is_guest:
            continue
        if member.merged_into is not None and member.merged_into in players:
            target = players[member.merged_into].display_name
            lines.append(
                t("league.guest.linked_line", language, name=member.player.display_name, member=target)
            )
        else:
            lines.append(member.player.display_name)
    embed.description = clip("\n".join(lines) or t("league.guest.none", language), 4096)
    return embed
