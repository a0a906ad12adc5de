"""``/league record``, the Confirm button, ``undo``, ``correct``, ``restore`` and ``history``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_text
from bot.service.league import LeagueRefusal
from cogs.league.base import LeagueCogBase
from cogs.league.options import described, league_group, parse_counts, parse_points
from cogs.league.presenters import COLOUR, clip, game_content, game_embed, history_line
from cogs.league.views import game_view


class GameCommands(LeagueCogBase):
    # ---------------------------------------------------------------- /league record
    @league_group.command(name="record", description=command_text("cmd.league.record.description"))
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

    record.autocomplete("league")(LeagueCogBase.league_names)

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
    @league_group.command(name="undo", description=command_text("cmd.league.undo.description"))
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

    @league_group.command(name="correct", description=command_text("cmd.league.correct.description"))
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

    @league_group.command(name="restore", description=command_text("cmd.league.restore.description"))
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

    @league_group.command(name="history", description=command_text("cmd.league.history.description"))
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
                description=clip("\n".join(lines), 4096),
                colour=COLOUR,
            )
            await self.reply(interaction, embed=embed, ephemeral=True)

        await self.guarded(interaction, work)
