"""``/league night start|next|show|status|drop|end|settings``: league nights (bot/service/league/nights.py).

A round is posted publicly in the server's language, each table's line mentioning its players, and each
message pinging exactly the players seated in it (those sitting out are named, not pinged).  The whole
draw and the status answer the one who asked.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_texts
from bot.league.night import MAX_ROUNDS
from bot.service.league.nights import NightView, night_settings
from cogs.interaction import guarded, public_language, reply, user_language
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.game_presenters import Pinged
from cogs.league.night_presenters import posted_round, status, whole_draw
from cogs.league.options import described, league_group

night_group = app_commands.Group(**command_texts("cmd.league.night"), parent=league_group)


class NightCommands(LeagueCogBase):
    @night_group.command(**command_texts("cmd.league.night.start"))
    @described("players", "rounds", "guests", "league")
    async def night_start(
        self,
        interaction: discord.Interaction[Any],
        players: app_commands.Range[str, 1, 4000],
        rounds: app_commands.Range[int, 1, MAX_ROUNDS],
        guests: bool = False,
        league: str | None = None,
    ) -> None:
        """Draw every round for the players present and post round 1."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            actor = await self.actor(interaction, service, found)
            names = await self.mentioned(interaction, service, players)
            view = await service.start_night(
                actor,
                found,
                players,
                rounds,
                guests=guests,
                mention_names=names,
                channel_id=interaction.channel_id,
            )
            await self._post(interaction, view, started=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.next"))
    @described("league")
    async def night_next(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            view = await service.next_round(await self.actor(interaction, service, found), found)
            await self._post(interaction, view)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.show"))
    @described("league")
    async def night_show(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            view = await service.night_view(found)
            for text in whole_draw(view, await user_language(interaction)):
                await reply(interaction, text, ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.status"))
    @described("league")
    async def night_status(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            view = await service.night_view(found, results=True)
            for text in status(view, await user_language(interaction)):
                await reply(interaction, text, ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.drop"))
    @described("player", "league")
    async def night_drop(
        self,
        interaction: discord.Interaction[Any],
        player: app_commands.Range[str, 1, 100],
        league: str | None = None,
    ) -> None:
        """A player leaves: the rounds not yet posted are drawn again without them."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            actor = await self.actor(interaction, service, found)
            names = await self.mentioned(interaction, service, player)
            view, who = await service.drop_player(actor, found, player, mention_names=names)
            language = await public_language(self.bot, interaction.guild_id)
            text = t("league.night.dropped", language, name=who.display_name, number=view.night.number)
            await reply(interaction, text, ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.end"))
    @described("league")
    async def night_end(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            night = await service.end_night(await self.actor(interaction, service, found), found)
            language = await public_language(self.bot, interaction.guild_id)
            text = t("league.night.ended", language, number=night.number, league=found.name)
            await reply(interaction, text, ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @night_group.command(**command_texts("cmd.league.night.settings"))
    @described("members_start", "sanma_tables", "league")
    async def night_settings(
        self,
        interaction: discord.Interaction[Any],
        members_start: bool | None = None,
        sanma_tables: bool | None = None,
        league: str | None = None,
    ) -> None:
        """Shows the night settings; admins change them."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            if members_start is not None or sanma_tables is not None:
                actor = await self.actor(interaction, service, found)
                found = await service.set_night_settings(
                    actor, found, members_start=members_start, sanma_tables=sanma_tables
                )
            language = await user_language(interaction)
            settings = night_settings(found)
            text = t(
                "league.night.settings.shown",
                language,
                league=found.name,
                members_start=t(f"league.night.{'yes' if settings.members_start else 'no'}", language),
                sanma_tables=t(f"league.night.{'yes' if settings.sanma_tables else 'no'}", language),
            )
            await reply(interaction, text, ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    night_start.autocomplete("league")(LeagueCogBase.league_names)
    night_next.autocomplete("league")(LeagueCogBase.league_names)
    night_show.autocomplete("league")(LeagueCogBase.league_names)
    night_status.autocomplete("league")(LeagueCogBase.league_names)
    night_drop.autocomplete("league")(LeagueCogBase.league_names)
    night_end.autocomplete("league")(LeagueCogBase.league_names)
    night_settings.autocomplete("league")(LeagueCogBase.league_names)

    async def _post(
        self, interaction: discord.Interaction[Any], view: NightView, *, started: bool = False
    ) -> None:
        """The round's messages, in the server's language; each pings exactly the players it seats."""
        language = await public_language(self.bot, interaction.guild_id)
        messages: list[Pinged] = posted_round(view, language, started=started)
        for message in messages:
            await reply(interaction, message.text, ephemeral=False, ping=message.ping)
