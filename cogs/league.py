"""``/league ...``: thin Discord glue over bot/service/league.py.

Who may do what is decided by the service; this cog only says who acts (:class:`Actor`): a league
admin has the league's admin role or Manage Server.  Refusals come back as i18n keys and are answered
ephemerally in the user's language; public messages (games, standings) use the server's language.

Buttons are DynamicItems whose custom id carries everything they need (the league game id, or the
league, season and page of a standings page), so they keep working after the bot restarts.

The 3-second deadline: store calls usually take milliseconds; commands that settle a season, read an
attachment or draw a picture defer first (pictures are drawn with ``asyncio.to_thread``), and a
watchdog defers any other answer still in work after ``DEFER_AFTER`` seconds (a busy disk).

Pictures: :func:`leaderboard_picture` draws a standings page with bot/render's leaderboard;
:func:`rating_chart` draws the player's rating history with bot/render's chart (the player embed also
lists the recent R values as text).  A picture that fails is logged and left out: the embeds are complete.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import resolve_language, t
from bot.i18n.translator import command_text
from bot.league.standings import Standing
from bot.rules.registry import RULE_SETS
from bot.service.league import (
    Actor,
    LeagueRefusal,
    LeagueService,
    PlayerPage,
    SeasonView,
)
from bot.store import AuditEntry, League, LeagueGame, Player, StoreError

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0x2B6CB0)
PAGE_SIZE = 10
#: Defer an answer still being worked on after this long (Discord allows 3 s for the first answer).
DEFER_AFTER = 1.5
_LOCK = "league_response_lock"  # interaction.extras keys
_PLACEHOLDER = "league_placeholder"
MAX_RECORD_BYTES = 2_000_000
STANDINGS_PICTURE = "standings.png"
RATING_PICTURE = "rating.png"
WINDS = "ESWN"

RULE_CHOICES = [app_commands.Choice(name=command_text(f"rules.{rules}"), value=rules) for rules in RULE_SETS]


# ------------------------------------------------------------------------------------ picture hooks
def leaderboard_picture(view: SeasonView, page: int, language: str) -> bytes | None:
    """PNG of one standings page (bot/render's leaderboard: rank, name, games, points, Tenhou R).

    Unranked players (fewer games than the league's minimum) show rank 0.  Runs in a thread.
    """
    from bot.render.png import to_png
    from bot.render.ranking import render_leaderboard
    from bot.render.scene import LeaderboardRow

    shown = view.standings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    if not shown:
        return None
    rows = [
        LeaderboardRow(
            s.position or 0,
            view.names.get(s.player, str(s.player)),
            s.games,
            float(s.total),
            view.tenhou[s.player].rate if s.player in view.tenhou else 0.0,
        )
        for s in shown
    ]
    title = t("league.standings.title", language, name=view.league.name, number=view.season.number)
    return to_png(render_leaderboard(rows, title))


def rating_chart(page: PlayerPage, language: str) -> bytes | None:
    """PNG of the player's Tenhou R and OpenSkill ordinal after each game of the season (bot/render's
    chart: two panels, game 0 = the start), or None when they have no game.  Runs in a thread."""
    from bot.render.chart import rating_series, render_rating_chart
    from bot.render.png import to_png

    if page.ratings is None or len(page.ratings.tenhou) < 2:
        return None
    title = f"{page.player.display_name} · {t('league.player.ratings', language)}"
    series = rating_series(page.ratings.tenhou, page.ratings.skill)
    return to_png(render_rating_chart(title, series))


# ------------------------------------------------------------------------------------ embeds
def _clip(text: str, limit: int) -> str:
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


def game_view(game: LeagueGame, language: str) -> discord.ui.View | None:
    if game.status != "pending":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game.id, t("league.confirm.button", language)))
    return view


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
    rows = view.standings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    lines = [standing_line(s, view.names.get(s.player, str(s.player)), language) for s in rows]
    embed.description = _clip("\n".join(lines) or t("league.standings.empty", language), 4096)
    embed.set_footer(
        text=t(
            "league.standings.page", language, page=page + 1, pages=page_count(view), games=len(view.settled)
        )
    )
    return embed


def standings_view(view: SeasonView, page: int, language: str) -> discord.ui.View | None:
    pages = page_count(view)
    if pages <= 1:
        return None
    buttons = discord.ui.View(timeout=None)
    for target, key in ((page - 1, "league.standings.previous"), (page + 1, "league.standings.next")):
        button = StandingsPageButton(view.league.id, view.season.number, target, t(key, language))
        button.item.disabled = not 0 <= target < pages
        buttons.add_item(button)
    return buttons


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
        embed.add_field(name=t("league.player.history", language), value=_clip(history, 1024), inline=False)
    if page.recent:
        recent = "\n".join(
            t("league.player.recent_line", language, game=g, points=pts, rank=rank, lp=_points(lp))
            for g, pts, rank, lp in page.recent
        )
        embed.add_field(name=t("league.player.recent", language), value=_clip(recent, 1024), inline=False)
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


# ------------------------------------------------------------------------------------ buttons
class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"league:confirm:(?P<game>[0-9]{1,12})"
):
    """A player's confirmation of a league game; the game id is in the custom id (restart-proof)."""

    def __init__(self, game_id: int, label: str = "Confirm") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"league:confirm:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("LeagueCog")
        if isinstance(cog, LeagueCog):
            await cog.confirm_clicked(interaction, self.game_id)


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"league:standings:(?P<league>[0-9]{1,12}):(?P<season>[0-9]{1,6}):(?P<page>-?[0-9]{1,6})",
):
    def __init__(self, league_id: int, season: int, page: int, label: str = "Page") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"league:standings:{league_id}:{season}:{page}",
            )
        )
        self.league_id, self.season, self.page = league_id, season, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StandingsPageButton:
        return cls(int(match["league"]), int(match["season"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("LeagueCog")
        if isinstance(cog, LeagueCog):
            await cog.standings_page_clicked(interaction, self.league_id, self.season, self.page)


# ------------------------------------------------------------------------------------ the cog
def described(*names: str) -> Callable[[Any], Any]:
    """Localized descriptions of a command's options (``cmd.league.opt.<name>.description``)."""
    return app_commands.describe(
        **{name: command_text(f"cmd.league.opt.{name}.description") for name in names}
    )


def parse_numbers(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;/]+", text.strip()) if w]


def parse_points(text: str) -> list[int]:
    try:
        return [int(w.replace("_", "")) for w in parse_numbers(text)]
    except ValueError:
        raise LeagueRefusal("league.error.bad_points") from None


def parse_counts(text: str, seats: int) -> list[int]:
    try:
        return [int(w) for w in parse_numbers(text)]
    except ValueError:
        raise LeagueRefusal("league.error.bad_chombo", count=seats) from None


class LeagueCog(commands.Cog, name="LeagueCog"):
    league = app_commands.Group(
        name="league", description=command_text("cmd.league.description"), guild_only=True
    )
    season = app_commands.Group(
        name="season", description=command_text("cmd.league.season.description"), parent=league
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ---------------------------------------------------------------- plumbing
    def service(self) -> LeagueService:
        store = getattr(self.bot, "store", None)
        if store is None:
            raise LeagueRefusal("league.error.no_store")
        return LeagueService(store)

    async def server_language(self, guild_id: int | None) -> str:
        store = getattr(self.bot, "store", None)
        language = None
        if store is not None and guild_id is not None:
            try:
                language = await store.get_guild_language(guild_id)
            except StoreError:
                log.warning("could not read the language of guild %s", guild_id, exc_info=True)
        return resolve_language(None, language)

    async def user_language(self, interaction: discord.Interaction[Any]) -> str:
        store = getattr(self.bot, "store", None)
        server = None
        if store is not None and interaction.guild_id is not None:
            try:
                server = await store.get_guild_language(interaction.guild_id)
            except StoreError:
                server = None
        return resolve_language(interaction.locale.value, server)

    async def me(self, service: LeagueService, user: discord.abc.User) -> Player:
        return await service.player(user.display_name, discord_id=user.id)

    def is_admin(self, interaction: discord.Interaction[Any], league: League | None) -> bool:
        if interaction.permissions.manage_guild:
            return True
        roles = getattr(interaction.user, "roles", [])
        return (
            league is not None
            and league.admin_role_id is not None
            and any(role.id == league.admin_role_id for role in roles)
        )

    async def actor(
        self, interaction: discord.Interaction[Any], service: LeagueService, league: League | None
    ) -> Actor:
        player = await self.me(service, interaction.user)
        return Actor(player.id, self.is_admin(interaction, league))

    async def find_league(
        self, interaction: discord.Interaction[Any], service: LeagueService, name: str | None
    ) -> League:
        if interaction.guild_id is None:
            raise LeagueRefusal("league.error.guild_only")
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        return await service.resolve_league(
            interaction.guild_id, interaction.channel_id, name, parent_channel_id=parent
        )

    async def guarded(
        self,
        interaction: discord.Interaction[Any],
        work: Callable[[], Awaitable[None]],
        *,
        component: bool = False,
    ) -> None:
        """Run ``work``; answer a refusal or a store error politely and ephemerally.

        A watchdog defers the answer when ``work`` has not answered after ``DEFER_AFTER`` seconds (a
        busy disk makes commits slow), so the 3-second deadline holds whatever the database does.
        """
        interaction.extras[_LOCK] = asyncio.Lock()
        watchdog = asyncio.create_task(self._defer_if_slow(interaction, component))
        try:
            await work()
        except LeagueRefusal as refusal:
            language = await self.user_language(interaction)
            await self.reply(interaction, t(refusal.key, language, **refusal.values), ephemeral=True)
        except StoreError as exc:
            language = await self.user_language(interaction)
            await self.reply(interaction, t("league.error.store", language, reason=str(exc)), ephemeral=True)
        finally:
            watchdog.cancel()

    async def _defer_if_slow(self, interaction: discord.Interaction[Any], component: bool) -> None:
        await asyncio.sleep(DEFER_AFTER)
        try:
            if component:
                await self.defer_update(interaction)
            else:
                await self.defer(interaction, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not defer a slow interaction", exc_info=True)

    async def defer(self, interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
        """Defer a command's answer ("thinking"), unless it is already answered or deferred."""
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                interaction.extras[_PLACEHOLDER] = "private" if ephemeral else "public"

    async def defer_update(self, interaction: discord.Interaction[Any]) -> None:
        """Defer a button's answer: the message it is on will be edited."""
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                await interaction.response.defer()

    async def update_message(self, interaction: discord.Interaction[Any], **fields: Any) -> None:
        """Edit the message a button is on (as the answer, or after a deferred answer)."""
        async with interaction.extras[_LOCK]:
            if interaction.response.is_done():
                await interaction.edit_original_response(**fields)
            else:
                await interaction.response.edit_message(**fields)

    async def reply(
        self,
        interaction: discord.Interaction[Any],
        content: str | None = None,
        *,
        ephemeral: bool,
        **message: Any,
    ) -> None:
        """Answer (or follow up) with a message; after a private "thinking" placeholder, a public message
        is sent as a new message once the placeholder is filled, so other players can see and click it."""
        if content is not None:
            message["content"] = content
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                await interaction.response.send_message(ephemeral=ephemeral, **message)
                return
            placeholder = interaction.extras.pop(_PLACEHOLDER, None)
            if placeholder == "private" and not ephemeral:
                language = await self.user_language(interaction)
                await interaction.followup.send(t("league.done", language), ephemeral=True)
            await interaction.followup.send(ephemeral=ephemeral, **message)

    async def players_of(self, service: LeagueService, game: LeagueGame) -> dict[int, Player]:
        ids = {p.player_id for p in game.players}
        if game.reporter_id is not None:
            ids.add(game.reporter_id)
        return {pid: await service.store.get_player(pid) for pid in ids}

    async def announce_game(
        self,
        interaction: discord.Interaction[Any],
        service: LeagueService,
        league: League,
        game: LeagueGame,
        key: str,
    ) -> None:
        """Tell the channel (in the server's language) what happened to a game, with its embed."""
        language = await self.server_language(interaction.guild_id)
        players = await self.players_of(service, game)
        await self.reply(
            interaction,
            t(key, language, game=game.id),
            embed=game_embed(league, game, players, language),
            ephemeral=False,
        )

    async def game_in_guild(
        self, interaction: discord.Interaction[Any], service: LeagueService, game_id: int
    ) -> tuple[LeagueGame, League]:
        try:
            game = await service.store.get_league_game(game_id)
            season = await service.store.get_season(game.season_id)
            league = await service.store.get_league(season.league_id)
        except StoreError:
            raise LeagueRefusal("league.error.no_game", game=game_id) from None
        if league.guild_id != interaction.guild_id:
            raise LeagueRefusal("league.error.no_game", game=game_id)
        return game, league

    # ---------------------------------------------------------------- autocomplete
    async def league_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        store = getattr(self.bot, "store", None)
        if store is None or interaction.guild_id is None:
            return []
        typed = current.strip().casefold()
        leagues = await store.guild_leagues(interaction.guild_id)
        return [
            app_commands.Choice(name=lg.name[:100], value=lg.name[:100])
            for lg in leagues
            if typed in lg.name.casefold()
        ][:25]

    # ---------------------------------------------------------------- /league create
    @league.command(name="create", description=command_text("cmd.league.create.description"))
    @described("name", "rules", "admin_role")
    @app_commands.choices(rules=RULE_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        rules: str,
        admin_role: discord.Role | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            if interaction.guild_id is None:
                raise LeagueRefusal("league.error.guild_only")
            actor = await self.actor(interaction, service, None)
            league = await service.create_league(
                actor,
                interaction.guild_id,
                name,
                rules,
                channel_id=interaction.channel_id,
                admin_role_id=admin_role.id if admin_role else None,
            )
            language = await self.server_language(interaction.guild_id)
            text = t(
                "league.created",
                language,
                name=league.name,
                rules=t(f"rules.{rules}", language),
                channel=f"<#{interaction.channel_id}>",
            )
            await self.reply(interaction, text, ephemeral=False)

        await self.guarded(interaction, work)

    # ---------------------------------------------------------------- /league settings
    @league.command(name="settings", description=command_text("cmd.league.settings.description"))
    @described(
        "league",
        "admin_role",
        "uma",
        "oka",
        "start_points",
        "return_points",
        "min_games",
        "chombo_penalty",
        "bind_here",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        league: str | None = None,
        admin_role: discord.Role | None = None,
        uma: app_commands.Range[str, 1, 60] | None = None,
        oka: app_commands.Range[float, -1000, 1000] | None = None,
        start_points: app_commands.Range[int, 0, 1_000_000] | None = None,
        return_points: app_commands.Range[int, 0, 1_000_000] | None = None,
        min_games: app_commands.Range[int, 0, 1000] | None = None,
        chombo_penalty: app_commands.Range[float, 0, 1000] | None = None,
        bind_here: bool = False,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            changes: dict[str, Any] = {}
            if uma is not None:
                try:
                    changes["uma"] = [str(Decimal(u)) for u in parse_numbers(uma)]
                except ArithmeticError:
                    raise LeagueRefusal("league.error.bad_uma") from None
            if oka is not None:
                changes["oka"] = str(Decimal(str(oka)))
            if chombo_penalty is not None:
                changes["chombo_penalty"] = str(Decimal(str(chombo_penalty)))
            for key, value in (
                ("start_points", start_points),
                ("return_points", return_points),
                ("min_games", min_games),
            ):
                if value is not None:
                    changes[key] = value
            language = await self.user_language(interaction)
            wants_change = bool(changes) or admin_role is not None or bind_here
            if not wants_change:
                await self.reply(interaction, embed=settings_embed(found, service, language), ephemeral=True)
                return
            actor = await self.actor(interaction, service, found)
            if not actor.is_admin:
                raise LeagueRefusal("league.error.admins_only")
            if changes:
                found = await service.update_settings(actor, found, changes)
            if admin_role is not None:
                found = await service.set_admin_role(actor, found, admin_role.id)
            if bind_here and interaction.guild_id is not None and interaction.channel_id is not None:
                await service.bind_channel(actor, found, interaction.guild_id, interaction.channel_id)
            await self.reply(
                interaction,
                t("league.settings.saved", language, name=found.name),
                embed=settings_embed(found, service, language),
                ephemeral=True,
            )

        await self.guarded(interaction, work)

    settings.autocomplete("league")(league_names)

    # ---------------------------------------------------------------- /league season start|end
    @season.command(name="start", description=command_text("cmd.league.season.start.description"))
    @described("league")
    async def season_start(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        await self._change_season(interaction, league, starting=True)

    @season.command(name="end", description=command_text("cmd.league.season.end.description"))
    @described("league")
    async def season_end(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        await self._change_season(interaction, league, starting=False)

    async def _change_season(
        self, interaction: discord.Interaction[Any], league: str | None, *, starting: bool
    ) -> None:
        """Start or end the league's season and announce it in the channel."""

        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            change = service.start_season if starting else service.end_season
            season = await change(await self.actor(interaction, service, found), found)
            language = await self.server_language(interaction.guild_id)
            key = "league.season.started" if starting else "league.season.ended"
            await self.reply(
                interaction, t(key, language, name=found.name, number=season.number), ephemeral=False
            )

        await self.guarded(interaction, work)

    season_start.autocomplete("league")(league_names)
    season_end.autocomplete("league")(league_names)

    # ---------------------------------------------------------------- /league join
    @league.command(name="join", description=command_text("cmd.league.join.description"))
    @described("league")
    async def join(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            player = await self.me(service, interaction.user)
            language = await self.user_language(interaction)
            if await service.join(found, player):
                await self.reply(
                    interaction,
                    t("league.joined", language, name=found.name, player=player.display_name),
                    ephemeral=False,
                )
            else:
                await self.reply(
                    interaction, t("league.join.already", language, name=found.name), ephemeral=True
                )

        await self.guarded(interaction, work)

    join.autocomplete("league")(league_names)

    # ---------------------------------------------------------------- /league record
    @league.command(name="record", description=command_text("cmd.league.record.description"))
    @described(
        "east",
        "east_points",
        "south",
        "south_points",
        "west",
        "west_points",
        "north",
        "north_points",
        "sticks",
        "chombo",
        "league",
    )
    async def record(
        self,
        interaction: discord.Interaction[Any],
        east: discord.Member,
        east_points: int,
        south: discord.Member,
        south_points: int,
        west: discord.Member,
        west_points: int,
        north: discord.Member | None = None,
        north_points: int | None = None,
        sticks: app_commands.Range[int, 0, 100] = 0,
        chombo: app_commands.Range[str, 1, 40] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            seats: list[tuple[discord.abc.User, int]] = [
                (east, east_points),
                (south, south_points),
                (west, west_points),
            ]
            if north is not None or north_points is not None:
                if north is None or north_points is None:
                    raise LeagueRefusal(
                        "league.error.player_count", count=service.settings_of(found).players, given=3
                    )
                seats.append((north, north_points))
            results = [((await self.me(service, user)).id, points) for user, points in seats]
            actor = await self.actor(interaction, service, found)
            chombos = None if chombo is None else parse_counts(chombo, len(results))
            game = await service.record_game(actor, found, results, leftover=sticks, chombos=chombos)
            await self.post_game(interaction, service, found, game)

        await self.guarded(interaction, work)

    record.autocomplete("league")(league_names)

    async def post_game(
        self, interaction: discord.Interaction[Any], service: LeagueService, league: League, game: LeagueGame
    ) -> None:
        language = await self.server_language(interaction.guild_id)
        players = await self.players_of(service, game)
        view = game_view(game, language)
        message: dict[str, Any] = {"embed": game_embed(league, game, players, language)}
        if view is not None:
            message["view"] = view
        await self.reply(interaction, game_content(game, players, language), ephemeral=False, **message)

    async def confirm_clicked(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        async def work() -> None:
            service = self.service()
            _, league = await self.game_in_guild(interaction, service, game_id)
            actor = await self.actor(interaction, service, league)
            outcome = await service.confirm(actor, game_id)
            language = await self.server_language(interaction.guild_id)
            players = await self.players_of(service, outcome.game)
            embed = game_embed(league, outcome.game, players, language)
            content = game_content(outcome.game, players, language)
            view = game_view(outcome.game, language)
            await self.update_message(interaction, content=content, embed=embed, view=view)
            reader = await self.user_language(interaction)
            mine = any(p.player_id == actor.player_id for p in outcome.game.players)
            text = (
                t("league.confirm.thanks", reader, game=game_id)
                if mine
                else t("league.confirm.admin", reader, game=game_id, count=outcome.confirmed_rows)
            )
            await interaction.followup.send(text, ephemeral=True)

        await self.guarded(interaction, work, component=True)

    # ---------------------------------------------------------------- /league undo, /league correct
    @league.command(name="undo", description=command_text("cmd.league.undo.description"))
    @described("game", "reason")
    async def undo(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            _, league = await self.game_in_guild(interaction, service, game)
            voided = await service.undo(await self.actor(interaction, service, league), game, reason)
            language = await self.server_language(interaction.guild_id)
            await self.reply(interaction, t("league.undo.done", language, game=voided.id), ephemeral=False)

        await self.guarded(interaction, work)

    @league.command(name="correct", description=command_text("cmd.league.correct.description"))
    @described("game", "points", "reason", "sticks")
    async def correct(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        points: app_commands.Range[str, 1, 100],
        reason: app_commands.Range[str, 1, 200] | None = None,
        sticks: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            _, league = await self.game_in_guild(interaction, service, game)
            actor = await self.actor(interaction, service, league)
            fixed = await service.correct(actor, game, parse_points(points), reason=reason, leftover=sticks)
            await self.announce_game(interaction, service, league, fixed, "league.correct.done")

        await self.guarded(interaction, work)

    @league.command(name="restore", description=command_text("cmd.league.restore.description"))
    @described("game", "reason")
    async def restore(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            _, league = await self.game_in_guild(interaction, service, game)
            back = await service.restore(await self.actor(interaction, service, league), game, reason)
            await self.announce_game(interaction, service, league, back, "league.restore.done")

        await self.guarded(interaction, work)

    @league.command(name="history", description=command_text("cmd.league.history.description"))
    @described("game")
    async def history(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]) -> None:
        async def work() -> None:
            service = self.service()
            _, league = await self.game_in_guild(interaction, service, game)
            entries = await service.history(game)
            language = await self.user_language(interaction)
            names: dict[int, str] = {}
            for entry in entries:
                for pid in (entry.actor_id, (entry.after or {}).get("player_id")):
                    if isinstance(pid, int) and pid not in names:
                        names[pid] = (await service.store.get_player(pid)).display_name
            lines = [history_line(entry, names, language) for entry in entries]
            embed = discord.Embed(
                title=t("league.history.title", language, league=league.name, game=game),
                description=_clip("\n".join(lines), 4096),
                colour=COLOUR,
            )
            await self.reply(interaction, embed=embed, ephemeral=True)

        await self.guarded(interaction, work)

    # ---------------------------------------------------------------- /league standings
    @league.command(name="standings", description=command_text("cmd.league.standings.description"))
    @described("season", "league")
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            chosen = await service.season_of(found, season)  # refusals before deferring: they stay private
            await self.defer(interaction, ephemeral=False)  # a long season and the picture take time
            view = await service.season_view(found, chosen.number)
            language = await self.server_language(interaction.guild_id)
            message = await self.standings_message(view, 0, language)
            await self.reply(interaction, ephemeral=False, **message)

        await self.guarded(interaction, work)

    standings.autocomplete("league")(league_names)

    async def standings_message(self, view: SeasonView, page: int, language: str) -> dict[str, Any]:
        embed = standings_embed(view, page, language)
        message: dict[str, Any] = {"embed": embed}
        buttons = standings_view(view, page, language)
        if buttons is not None:
            message["view"] = buttons
        picture = await self.draw(leaderboard_picture, view, page, language)
        if picture is not None:
            embed.set_image(url=f"attachment://{STANDINGS_PICTURE}")
            message["file"] = discord.File(io.BytesIO(picture), STANDINGS_PICTURE)
        return message

    async def standings_page_clicked(
        self, interaction: discord.Interaction[Any], league_id: int, season: int, page: int
    ) -> None:
        async def work() -> None:
            service = self.service()
            league = await service.store.get_league(league_id)
            if league.guild_id != interaction.guild_id:
                raise LeagueRefusal("league.error.no_league")
            await self.defer_update(interaction)  # an update of the same message; a long season takes time
            view = await service.season_view(league, season)
            language = await self.server_language(interaction.guild_id)
            shown = min(max(page, 0), page_count(view) - 1)
            message = await self.standings_message(view, shown, language)
            file = message.pop("file", None)
            message.setdefault("view", None)
            await self.update_message(interaction, attachments=[file] if file else [], **message)

        await self.guarded(interaction, work, component=True)

    async def draw(self, painter: Callable[..., bytes | None], *args: Any) -> bytes | None:
        try:
            return await asyncio.to_thread(painter, *args)
        except Exception:  # no picture is better than no answer
            log.warning("could not draw %s", getattr(painter, "__name__", painter), exc_info=True)
            return None

    # ---------------------------------------------------------------- /league player
    @league.command(name="player", description=command_text("cmd.league.player.description"))
    @described("user", "season", "league")
    async def player(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member | None = None,
        season: app_commands.Range[int, 1] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            person = await self.me(service, user or interaction.user)
            chosen = await service.season_of(found, season)
            await self.defer(interaction, ephemeral=False)
            page = await service.player_page(found, person, chosen.number)
            language = await self.server_language(interaction.guild_id)
            embed = player_embed(found, page, language)
            chart = await self.draw(rating_chart, page, language)
            if chart is None:
                await self.reply(interaction, embed=embed, ephemeral=False)
                return
            embed.set_image(url=f"attachment://{RATING_PICTURE}")
            chart_file = discord.File(io.BytesIO(chart), RATING_PICTURE)
            await self.reply(interaction, embed=embed, file=chart_file, ephemeral=False)

        await self.guarded(interaction, work)

    player.autocomplete("league")(league_names)

    # ---------------------------------------------------------------- /league export
    @league.command(name="export", description=command_text("cmd.league.export.description"))
    @described("season", "league")
    async def export(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            chosen = await service.season_of(found, season)
            await self.defer(interaction, ephemeral=True)
            files = await service.export_csv(found, chosen.number)
            language = await self.user_language(interaction)
            attachments = [
                discord.File(io.BytesIO(text.encode("utf-8")), name) for name, text in files.items()
            ]
            text = t("league.export.done", language, name=found.name, number=chosen.number)
            await self.reply(interaction, text, files=attachments, ephemeral=True)

        await self.guarded(interaction, work)

    export.autocomplete("league")(league_names)

    # ---------------------------------------------------------------- /league import
    @league.command(name="import", description=command_text("cmd.league.import.description"))
    @described("file", "east", "south", "west", "north", "league")
    async def import_(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        east: discord.Member | None = None,
        south: discord.Member | None = None,
        west: discord.Member | None = None,
        north: discord.Member | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service = self.service()
            found = await self.find_league(interaction, service, league)
            if file.size > MAX_RECORD_BYTES:
                raise LeagueRefusal("league.error.file_too_big")
            await self.defer(interaction, ephemeral=True)  # reading the file may be slow
            data = await file.read()
            mapping = {
                seat: (await self.me(service, member)).id
                for seat, member in enumerate((east, south, west, north))
                if member is not None
            }
            actor = await self.actor(interaction, service, found)
            game, online = await service.import_record(actor, found, data, file.filename, mapping)
            reader = await self.user_language(interaction)
            names = ", ".join(online.names)
            done = t("league.import.done", reader, fmt=online.fmt, game=game.id, names=names)
            await self.reply(interaction, done, ephemeral=True)
            await self.post_game(interaction, service, found, game)

        await self.guarded(interaction, work)

    import_.autocomplete("league")(league_names)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ConfirmButton, StandingsPageButton)
    await bot.add_cog(LeagueCog(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(ConfirmButton, StandingsPageButton)
