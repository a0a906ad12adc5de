"""``/league import``: an online game from a Tenhou record."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.i18n.translator import command_texts
from bot.service.league import LeagueService
from bot.service.refusal import Refusal
from bot.store import League
from cogs.interaction import defer, guarded, public_language, reply, user_language
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.options import described, league_group

MAX_RECORD_BYTES = 2_000_000


class ImportCommands(LeagueCogBase):
    # ---------------------------------------------------------------- /league import
    @league_group.command(**command_texts("cmd.league.import"))
    @described("file", "east", "south", "west", "north", "guests", "repeats", "league")
    async def import_(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        east: discord.Member | None = None,
        south: discord.Member | None = None,
        west: discord.Member | None = None,
        north: discord.Member | None = None,
        guests: bool = False,
        repeats: bool = False,
        league: str | None = None,
    ) -> None:
        """A CSV file of past games (admins; all or nothing), or one online game from a Tenhou record."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            if file.size > MAX_RECORD_BYTES:
                raise Refusal("league.error.file_too_big")
            await defer(interaction, ephemeral=True)  # reading the file may be slow
            data = await file.read()
            if is_csv(file):
                await self.import_csv(interaction, service, found, data, file.filename, guests, repeats)
                return
            mapping = {
                seat: (await self.me(service, member)).id
                for seat, member in enumerate((east, south, west, north))
                if member is not None
            }
            actor = await self.actor(interaction, service, found)
            game, online = await service.import_record(actor, found, data, file.filename, mapping)
            reader = await user_language(interaction)
            names = ", ".join(online.names)
            done = t(
                "league.import.done", reader, fmt=online.fmt, game=game.id, names=names, league=found.name
            )
            await reply(interaction, done, ephemeral=True)
            await self.post_game(interaction, service, found, game)

        await guarded(interaction, work, store_error=STORE_ERROR)

    import_.autocomplete("league")(LeagueCogBase.league_names)

    async def import_csv(
        self,
        interaction: discord.Interaction[Any],
        service: LeagueService,
        league: League,
        data: bytes,
        filename: str,
        guests: bool,
        repeats: bool = False,
    ) -> None:
        actor = await self.actor(interaction, service, league)
        if not actor.is_admin:
            raise Refusal("league.csv.admins_only")
        games = await service.import_csv(actor, league, data, filename, guests=guests, repeats=repeats)
        season = await service.season_of(league)
        language = await public_language(self.bot, interaction.guild_id)
        text = t(
            "league.csv.done",
            language,
            league=league.name,
            count=len(games),
            file=filename,
            number=season.number,
        )
        await reply(interaction, text, ephemeral=False)


def is_csv(file: discord.Attachment) -> bool:
    return file.filename.lower().endswith((".csv", ".tsv", ".txt")) or (file.content_type or "").startswith(
        "text/csv"
    )
