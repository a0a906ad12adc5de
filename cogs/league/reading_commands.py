"""``/league standings`` (pages with buttons), ``player`` and ``export``."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_texts
from bot.service.league import SeasonView
from bot.service.refusal import Refusal
from bot.web.links import standings_url
from cogs.interaction import (
    defer,
    defer_update,
    guarded,
    public_language,
    reply,
    update_message,
    user_language,
)
from cogs.league import pictures
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.options import described, league_group
from cogs.league.presenters import page_count, player_embed, seasons_embed, standings_embed
from cogs.league.views import standings_view

log = logging.getLogger(__name__)
STANDINGS_PICTURE = "standings.png"
RATING_PICTURE = "rating.png"


class ReadingCommands(LeagueCogBase):
    # ---------------------------------------------------------------- /league standings
    @league_group.command(**command_texts("cmd.league.standings"))
    @described("season", "page", "league")
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1] | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        league: str | None = None,
    ) -> None:
        """A season's standings (``season``: an archived one), ``PAGE_SIZE`` players a page."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            chosen = await service.season_of(found, season)  # refusals before deferring: they stay private
            await defer(interaction, ephemeral=False)  # a long season and the picture take time
            view = await service.season_view(found, chosen.number)
            language = await public_language(self.bot, interaction.guild_id)
            shown = min(page, page_count(view)) - 1
            message = await self.standings_message(view, shown, language)
            await reply(interaction, ephemeral=False, **message)

        await guarded(interaction, work, store_error=STORE_ERROR)

    standings.autocomplete("league")(LeagueCogBase.league_names)

    async def standings_message(self, view: SeasonView, page: int, language: str) -> dict[str, Any]:
        embed = standings_embed(view, page, language)
        public_url = self.bot.config.public_url
        if public_url:  # the title links to the season on the web page (bot/web)
            embed.url = standings_url(public_url, view.league.id, view.season.number, language)
        message: dict[str, Any] = {"embed": embed}
        buttons = standings_view(view, page, language)
        if buttons is not None:
            message["view"] = buttons
        picture = await self.draw(pictures.leaderboard_picture, view, page, language)
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
                raise Refusal("league.error.no_league")
            await defer_update(interaction)  # an update of the same message; a long season takes time
            view = await service.season_view(league, season)
            language = await public_language(self.bot, interaction.guild_id)
            shown = min(max(page, 0), page_count(view) - 1)
            message = await self.standings_message(view, shown, language)
            file = message.pop("file", None)
            message.setdefault("view", None)
            await update_message(interaction, attachments=[file] if file else [], **message)

        await guarded(interaction, work, component=True, store_error=STORE_ERROR)

    async def draw(self, painter: Callable[..., bytes | None], *args: Any) -> bytes | None:
        try:
            return await asyncio.to_thread(painter, *args)
        except Exception:  # no picture is better than no answer
            log.warning("could not draw %s", getattr(painter, "__name__", painter), exc_info=True)
            return None

    # ---------------------------------------------------------------- /league player
    @league_group.command(**command_texts("cmd.league.player"))
    @described("user", "season", "league")
    async def player(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member | None = None,
        season: app_commands.Range[int, 1] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            person = await self.me(service, user or interaction.user)
            chosen = await service.season_of(found, season)
            await defer(interaction, ephemeral=False)
            page = await service.player_page(found, person, chosen.number)
            language = await public_language(self.bot, interaction.guild_id)
            embed = player_embed(found, page, language)
            chart = await self.draw(pictures.rating_chart, page, language)
            if chart is None:
                await reply(interaction, embed=embed, ephemeral=False)
                return
            embed.set_image(url=f"attachment://{RATING_PICTURE}")
            chart_file = discord.File(io.BytesIO(chart), RATING_PICTURE)
            await reply(interaction, embed=embed, file=chart_file, ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    player.autocomplete("league")(LeagueCogBase.league_names)

    # ---------------------------------------------------------------- /league seasons
    @league_group.command(**command_texts("cmd.league.seasons"))
    @described("league")
    async def seasons(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        """The season archive: every season's dates, games and who leads or won."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            await defer(interaction, ephemeral=False)  # settles every season
            summaries = await service.season_summaries(found)
            language = await public_language(self.bot, interaction.guild_id)
            await reply(interaction, embed=seasons_embed(found, summaries, language), ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    seasons.autocomplete("league")(LeagueCogBase.league_names)

    # ---------------------------------------------------------------- /league export
    @league_group.command(**command_texts("cmd.league.export"))
    @described("season", "league")
    async def export(
        self,
        interaction: discord.Interaction[Any],
        season: app_commands.Range[int, 1] | None = None,
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            chosen = await service.season_of(found, season)
            await defer(interaction, ephemeral=True)
            files = await service.export_csv(found, chosen.number)
            language = await user_language(interaction)
            attachments = [
                discord.File(io.BytesIO(text.encode("utf-8")), name) for name, text in files.items()
            ]
            text = t("league.export.done", language, name=found.name, number=chosen.number)
            await reply(interaction, text, files=attachments, ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    export.autocomplete("league")(LeagueCogBase.league_names)
