"""The league cog's shared plumbing: the service, who acts, finding the league or game of a command."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.service.league import Actor, LeagueRefusal, LeagueService
from bot.store import League, LeagueGame, Player, StoreError
from cogs.league.interaction import LeagueInteractions
from cogs.league.presenters import game_content, game_embed
from cogs.league.views import game_view


class LeagueCogBase(LeagueInteractions):
    """What every group of league commands uses (they are mixins of :class:`cogs.league.cog.LeagueCog`)."""

    bot: commands.Bot

    def service(self) -> LeagueService:
        store = getattr(self.bot, "store", None)
        if store is None:
            raise LeagueRefusal("league.error.no_store")
        return LeagueService(store)

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

    async def players_of(self, service: LeagueService, game: LeagueGame) -> dict[int, Player]:
        ids = {p.player_id for p in game.players}
        if game.reporter_id is not None:
            ids.add(game.reporter_id)
        return {pid: await service.store.get_player(pid) for pid in ids}

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
