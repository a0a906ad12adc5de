"""``/league record`` (one line, or seat by seat), ``confirm`` and the game buttons, ``undo``,
``correct``, ``restore``, ``chombo`` and ``history``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_texts
from bot.league.entry import MAX_CHOMBO
from bot.service.league import Actor, LeagueService
from bot.service.refusal import Refusal
from bot.store import LeagueGame
from bot.text import clip
from cogs.interaction import guarded, public_language, reply, update_message, user_language
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.game_presenters import COLOUR, game_content, game_embed, history_line
from cogs.league.options import described, league_group, parse_points
from cogs.league.views import game_view

#: A change to one game: the service call, given the service and who acts.
GameChange = Callable[[LeagueService, Actor], Awaitable[LeagueGame]]


class GameCommands(LeagueCogBase):
    # ---------------------------------------------------------------- /league record
    @league_group.command(**command_texts("cmd.league.record"))
    @described(
        "scores",
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
        "date",
        "table",
        "final_east",
        "guests",
        "league",
    )
    async def record(
        self,
        interaction: discord.Interaction[Any],
        scores: app_commands.Range[str, 1, 400] | None = None,
        east: discord.Member | None = None,
        east_points: int | None = None,
        south: discord.Member | None = None,
        south_points: int | None = None,
        west: discord.Member | None = None,
        west_points: int | None = None,
        north: discord.Member | None = None,
        north_points: int | None = None,
        sticks: app_commands.Range[int, 0, 100] = 0,
        chombo: app_commands.Range[str, 1, 200] | None = None,
        date: app_commands.Range[str, 1, 40] | None = None,
        table: app_commands.Range[str, 1, 40] | None = None,
        final_east: app_commands.Range[str, 1, 100] | None = None,
        guests: bool = False,
        league: str | None = None,
    ) -> None:
        """One line (``scores``), or the seat options: both become the same typed line."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            picked = [
                (member, points)
                for member, points in ((east, east_points), (south, south_points), (west, west_points))
                + ((north, north_points),)
                if member is not None or points is not None
            ]
            if (scores is None) == (not picked):
                raise Refusal("league.error.record_how")
            seats = [(m, p) for m, p in picked if m is not None and p is not None]
            if scores is None and len(seats) != len(picked):
                players = service.settings_of(found).players
                raise Refusal("league.error.player_count", count=players, given=len(seats))
            line = scores or " ".join(f"{member.mention} {points}" for member, points in seats)
            names = await self.mentioned(interaction, service, line, chombo, final_east)
            names.update({m.id: (await self.me(service, m)).display_name for m, _ in seats})
            game = await service.record_scores(
                await self.actor(interaction, service, found),
                found,
                line,
                chombo=chombo,
                final_east=final_east,
                guests=guests,
                leftover=sticks,
                played_at=self.played_at(date),
                table_label=table,
                mention_names=names,
            )
            await self.post_game(interaction, service, found, game)

        await guarded(interaction, work, store_error=STORE_ERROR)

    record.autocomplete("league")(LeagueCogBase.league_names)

    # ---------------------------------------------------------------- confirming
    @league_group.command(**command_texts("cmd.league.confirm"))
    @described("game")
    async def confirm(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]) -> None:
        await guarded(
            interaction, lambda: self._confirm(interaction, game, on_message=False), store_error=STORE_ERROR
        )

    async def _confirm(
        self, interaction: discord.Interaction[Any], game_id: int, *, on_message: bool
    ) -> None:
        service, _, league = await self.game_here(interaction, game_id)
        actor = await self.actor(interaction, service, league)
        outcome = await service.confirm(actor, game_id)
        if on_message:  # the game's own message: update it as the answer
            language = await public_language(self.bot, interaction.guild_id)
            players = await self.players_of(service, outcome.game)
            content = game_content(outcome.game, players, language)
            await update_message(
                interaction,
                content=content.text or None,
                embed=game_embed(league, outcome.game, players, language),
                view=game_view(outcome.game, language),
                ping=content.ping,
            )
        else:
            await self.refresh_game_message(service, league, outcome.game)
        reader = await user_language(interaction)
        mine = any(p.player_id == actor.player_id for p in outcome.game.players)
        text = (
            t("league.confirm.thanks", reader, game=game_id, league=league.name)
            if mine
            else t(
                "league.confirm.admin", reader, game=game_id, count=outcome.confirmed_rows, league=league.name
            )
        )
        await reply(interaction, text, ephemeral=True)

    # ---------------------------------------------------------------- changing a game
    async def change_game(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        change: GameChange,
        key: str | Callable[[Actor], str],
    ) -> None:
        """Apply a change to a game and announce it (the game's message is updated too)."""

        async def work() -> None:
            service, _, league = await self.game_here(interaction, game_id)
            actor = await self.actor(interaction, service, league)
            changed = await change(service, actor)
            said = key if isinstance(key, str) else key(actor)
            await self.announce_game(interaction, service, league, changed, said)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @league_group.command(**command_texts("cmd.league.undo"))
    @described("game", "reason")
    async def undo(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await self.change_game(
            interaction, game, lambda service, actor: service.undo(actor, game, reason), "league.undo.done"
        )

    @league_group.command(**command_texts("cmd.league.restore"))
    @described("game", "reason")
    async def restore(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await self.change_game(
            interaction,
            game,
            lambda service, actor: service.restore(actor, game, reason),
            "league.restore.done",
        )

    @league_group.command(**command_texts("cmd.league.correct"))
    @described("game", "points", "reason", "sticks")
    async def correct(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        points: app_commands.Range[str, 1, 100],
        reason: app_commands.Range[str, 1, 200] | None = None,
        sticks: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        """An admin's correction keeps the confirmations; a reporter's sends the game back to waiting."""

        async def fix(service: LeagueService, actor: Actor) -> LeagueGame:
            return await service.correct(actor, game, parse_points(points), reason=reason, leftover=sticks)

        def said(actor: Actor) -> str:
            return "league.correct.done" if actor.is_admin else "league.correct.done_pending"

        await self.change_game(interaction, game, fix, said)

    @league_group.command(**command_texts("cmd.league.chombo"))
    @described("game", "player", "count", "reason")
    async def chombo(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        player: app_commands.Range[str, 1, 100],
        count: app_commands.Range[int, 0, MAX_CHOMBO] = 1,
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        """An admin adds (or removes) a chombo after the game was recorded; audited."""

        async def work() -> None:
            service, _, league = await self.game_here(interaction, game)
            actor = await self.actor(interaction, service, league)
            names = await self.mentioned(interaction, service, player)
            changed, who = await service.set_chombo_by_name(actor, league, game, player, count, reason, names)
            language = await public_language(self.bot, interaction.guild_id)
            players = await self.players_of(service, changed)
            text = t(
                "league.chombo.done",
                language,
                league=league.name,
                game=game,
                name=who.display_name,
                count=count,
            )
            await reply(
                interaction, text, embed=game_embed(league, changed, players, language), ephemeral=False
            )
            await self.refresh_game_message(service, league, changed)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @league_group.command(**command_texts("cmd.league.history"))
    @described("game")
    async def history(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]) -> None:
        async def work() -> None:
            service, _, league = await self.game_here(interaction, game)
            entries = await service.history(game)
            language = await user_language(interaction)
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
            await reply(interaction, embed=embed, ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)
