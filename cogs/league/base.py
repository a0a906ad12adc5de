"""The league cog's shared plumbing: the service, who acts, finding the league or game of a command,
posting a game and keeping its channel message up to date."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import discord
from discord import app_commands

from bot.client import MahjongBot
from bot.i18n import t
from bot.league.entry import MENTION, EntryError, parse_played_at
from bot.service.league import Actor, LeagueService
from bot.service.refusal import Refusal
from bot.store import League, LeagueGame, NotFound, Player
from cogs.interaction import pinging, public_language, reply
from cogs.league.game_presenters import game_content, game_embed
from cogs.league.views import game_view

log = logging.getLogger(__name__)

#: What a league command says when the store fails (``guarded``'s ``store_error``): it names the database.
STORE_ERROR = "league.error.store"


class LeagueCogBase:
    """What every group of league commands uses (they are mixins of :class:`cogs.league.cog.LeagueCog`)."""

    bot: MahjongBot

    def service(self) -> LeagueService:
        store = self.bot.store
        if store is None:
            raise Refusal("league.error.no_store")
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

    async def league_here(
        self, interaction: discord.Interaction[Any], name: str | None
    ) -> tuple[LeagueService, League]:
        """How a command about a league begins: the service, and the league ``name``d (or, without a
        name, the league of this channel or of the thread's channel)."""
        service = self.service()
        if interaction.guild_id is None:
            raise Refusal("league.error.guild_only")
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        league = await service.resolve_league(
            interaction.guild_id, interaction.channel_id, name, parent_channel_id=parent
        )
        return service, league

    async def mentioned(
        self, interaction: discord.Interaction[Any], service: LeagueService, *texts: str | None
    ) -> dict[int, str]:
        """Server members mentioned in typed text, by Discord id -> name (their player is made or renamed)."""
        guild = interaction.guild
        names: dict[int, str] = {}
        for text in texts:
            for found in MENTION.finditer(text or ""):
                user_id = int(found.group(1))
                if guild is None or user_id in names:
                    continue
                member = guild.get_member(user_id)
                if member is None:
                    try:
                        member = await guild.fetch_member(user_id)
                    except discord.HTTPException:
                        continue  # not on this server: the service says so by name
                names[user_id] = (await self.me(service, member)).display_name
        return names

    @staticmethod
    def played_at(date: str | None) -> datetime | None:
        if date is None:
            return None
        try:
            return parse_played_at(date)
        except EntryError as exc:
            raise Refusal.of(exc.key, exc.values) from None

    async def players_of(self, service: LeagueService, game: LeagueGame) -> dict[int, Player]:
        ids = {p.player_id for p in game.players}
        if game.reporter_id is not None:
            ids.add(game.reporter_id)
        return {pid: await service.store.get_player(pid) for pid in ids}

    async def post_game(
        self, interaction: discord.Interaction[Any], service: LeagueService, league: League, game: LeagueGame
    ) -> None:
        """The game's public message (embed, Confirm button, the players it waits for pinged); its id is
        kept so reminders reply to it and confirmations from elsewhere update it."""
        language = await public_language(self.bot, interaction.guild_id)
        players = await self.players_of(service, game)
        view = game_view(game, language)
        message: dict[str, Any] = {"embed": game_embed(league, game, players, language)}
        if view is not None:
            message["view"] = view
        content = game_content(game, players, language)
        sent = await reply(interaction, content.text or None, ephemeral=False, ping=content.ping, **message)
        if sent is not None:
            await service.store.set_announcement(game.id, sent.channel.id, sent.id)

    async def refresh_game_message(self, service: LeagueService, league: League, game: LeagueGame) -> None:
        """Edit the game's public message to show its state (after a change made from elsewhere)."""
        if game.channel_id is None or game.message_id is None:
            return
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        language = await public_language(self.bot, league.guild_id)
        players = await self.players_of(service, game)
        content = game_content(game, players, language)
        try:
            await channel.get_partial_message(game.message_id).edit(
                content=content.text or None,
                embed=game_embed(league, game, players, language),
                view=game_view(game, language),
                allowed_mentions=pinging(content.ping),
            )
        except discord.HTTPException:
            log.warning("could not update the message of league game %s", game.id, exc_info=True)

    async def announce_game(
        self,
        interaction: discord.Interaction[Any],
        service: LeagueService,
        league: League,
        game: LeagueGame,
        key: str,
    ) -> None:
        """Tell the channel (in the server's language) what happened to a game, with its embed."""
        language = await public_language(self.bot, interaction.guild_id)
        players = await self.players_of(service, game)
        await reply(
            interaction,
            t(key, language, game=game.id, league=league.name),
            embed=game_embed(league, game, players, language),
            ephemeral=False,
        )
        await self.refresh_game_message(service, league, game)

    async def game_here(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> tuple[LeagueService, LeagueGame, League]:
        """How a command about one league game begins: the service, the game and its league (a game of
        another server is refused as unknown)."""
        service = self.service()
        try:
            game = await service.store.get_league_game(game_id)
            season = await service.store.get_season(game.season_id)
            league = await service.store.get_league(season.league_id)
        except NotFound:
            raise Refusal("league.error.no_game", game=game_id) from None
        if league.guild_id != interaction.guild_id:
            raise Refusal("league.error.no_game", game=game_id)
        return service, game, league

    # ---------------------------------------------------------------- autocomplete
    async def league_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        store = self.bot.store
        if store is None or interaction.guild_id is None:
            return []
        typed = current.strip().casefold()
        leagues = await store.guild_leagues(interaction.guild_id)
        return [
            app_commands.Choice(name=lg.name[:100], value=lg.name[:100])
            for lg in leagues
            if typed in lg.name.casefold()
        ][:25]
