"""``/league create``, ``settings``, ``season start|end`` and ``join``."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_text, command_texts
from bot.league.settlement import MAX_REMINDER_HOURS, SCORINGS, TIE_RULES, UMA_PRESETS
from bot.present import rules_title
from bot.service.refusal import Refusal
from bot.store import StoreError
from cogs.interaction import guarded, public_language, reply, user_language
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.options import described, league_group, parse_numbers, season_group
from cogs.league.presenters import settings_embed


class AdminCommands(LeagueCogBase):
    # ---------------------------------------------------------------- /league create
    async def create_league(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        rules: str,
        admin_role: discord.Role | None,
        bind: bool,
    ) -> None:
        """``/league create`` (:func:`create_command`): a new league, bound to this channel unless ``bind``
        is off; a channel that already belongs to a league is not taken over (refused, naming that
        league)."""

        async def work() -> None:
            service = self.service()
            if interaction.guild_id is None:
                raise Refusal("league.error.guild_only")
            actor = await self.actor(interaction, service, None)
            league = await service.create_league(
                actor,
                interaction.guild_id,
                name,
                rules,
                channel_id=interaction.channel_id if bind else None,
                admin_role_id=admin_role.id if admin_role else None,
            )
            language = await public_language(self.bot, interaction.guild_id)
            text = t(
                "league.created" if bind else "league.created_unbound",
                language,
                name=league.name,
                rules=rules_title(rules, language),
                channel=f"<#{interaction.channel_id}>",
            )
            await reply(interaction, text, ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    # ---------------------------------------------------------------- /league settings
    @league_group.command(**command_texts("cmd.league.settings"))
    @described(
        "league",
        "admin_role",
        "uma",
        "oka",
        "oka_off",
        "start_points",
        "return_points",
        "tie_rule",
        "scoring",
        "multiplier",
        "min_games",
        "chombo_penalty",
        "reminder_hours",
        "bind_here",
    )
    @app_commands.choices(
        tie_rule=[
            app_commands.Choice(name=command_text(f"cmd.choice.tie_rule.{r}"), value=r) for r in TIE_RULES
        ],
        scoring=[
            app_commands.Choice(name=command_text(f"cmd.choice.scoring.{s}"), value=s) for s in SCORINGS
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        league: str | None = None,
        admin_role: discord.Role | None = None,
        uma: app_commands.Range[str, 1, 60] | None = None,
        oka: app_commands.Range[float, -1000, 1000] | None = None,
        oka_off: bool = False,
        start_points: app_commands.Range[int, 0, 1_000_000] | None = None,
        return_points: app_commands.Range[int, 0, 1_000_000] | None = None,
        tie_rule: str | None = None,
        scoring: str | None = None,
        multiplier: app_commands.Range[float, 0.001, 1000.0] | None = None,
        min_games: app_commands.Range[int, 0, 1000] | None = None,
        chombo_penalty: app_commands.Range[float, 0, 1000] | None = None,
        reminder_hours: app_commands.Range[int, 0, MAX_REMINDER_HOURS] | None = None,
        bind_here: bool = False,
    ) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            changes: dict[str, Any] = {
                key: value
                for key, value in (
                    ("start_points", start_points),
                    ("return_points", return_points),
                    ("min_games", min_games),
                    ("reminder_hours", reminder_hours),
                    ("tie_rule", tie_rule),
                    ("scoring", scoring),
                )
                if value is not None
            }
            for key, number in (("oka", oka), ("chombo_penalty", chombo_penalty), ("multiplier", multiplier)):
                if number is not None:
                    changes[key] = str(Decimal(str(number)))
            if uma is not None:
                try:
                    changes["uma"] = [str(Decimal(u)) for u in parse_numbers(uma)]
                except ArithmeticError:
                    raise Refusal("league.error.bad_uma") from None
            if oka_off:  # no oka: nothing is returned to first place
                changes["oka"] = "0"
                changes["return_points"] = changes.get(
                    "start_points", service.settings_of(found).start_points
                )
            language = await user_language(interaction)
            if not (changes or admin_role is not None or bind_here):
                await reply(interaction, embed=settings_embed(found, service, language), ephemeral=True)
                return
            actor = await self.actor(interaction, service, found)
            if not actor.is_admin:
                raise Refusal("league.error.admins_only")
            if changes:
                found = await service.update_settings(actor, found, changes)
            if admin_role is not None:
                found = await service.set_admin_role(actor, found, admin_role.id)
            if bind_here and interaction.guild_id is not None and interaction.channel_id is not None:
                await service.bind_channel(actor, found, interaction.guild_id, interaction.channel_id)
            await reply(
                interaction,
                t("league.settings.saved", language, name=found.name),
                embed=settings_embed(found, service, language),
                ephemeral=True,
            )

        await guarded(interaction, work, store_error=STORE_ERROR)

    settings.autocomplete("league")(LeagueCogBase.league_names)

    @settings.autocomplete("uma")
    async def uma_presets(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The usual uma tables for the league's player count (sanma tables for a 3-player league)."""
        store = self.bot.store
        players = 4
        if store is not None and interaction.guild_id is not None:
            try:
                service, found = await self.league_here(interaction, interaction.namespace.league)
                players = service.settings_of(found).players
            except (Refusal, StoreError):
                pass
        tables = [" ".join(f"{u:+d}" if u else "0" for u in table) for table in UMA_PRESETS.get(players, ())]
        return [app_commands.Choice(name=table, value=table) for table in tables if current.strip() in table][
            :25
        ]

    # ---------------------------------------------------------------- /league season start|end
    @season_group.command(**command_texts("cmd.league.season.start"))
    @described("league")
    async def season_start(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        await self._change_season(interaction, league, starting=True)

    @season_group.command(**command_texts("cmd.league.season.end"))
    @described("league")
    async def season_end(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        await self._change_season(interaction, league, starting=False)

    async def _change_season(
        self, interaction: discord.Interaction[Any], league: str | None, *, starting: bool
    ) -> None:
        """Start or end the league's season and announce it in the channel."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            change = service.start_season if starting else service.end_season
            season = await change(await self.actor(interaction, service, found), found)
            language = await public_language(self.bot, interaction.guild_id)
            key = "league.season.started" if starting else "league.season.ended"
            await reply(interaction, t(key, language, name=found.name, number=season.number), ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    season_start.autocomplete("league")(LeagueCogBase.league_names)
    season_end.autocomplete("league")(LeagueCogBase.league_names)

    # ---------------------------------------------------------------- /league join
    @league_group.command(**command_texts("cmd.league.join"))
    @described("league")
    async def join(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            player = await self.me(service, interaction.user)
            language = await user_language(interaction)
            if await service.join(found, player):
                welcome = t("league.joined", language, name=found.name, player=interaction.user.mention)
                await reply(interaction, welcome, ephemeral=False, ping=[interaction.user.id])
            else:
                await reply(interaction, t("league.join.already", language, name=found.name), ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    join.autocomplete("league")(LeagueCogBase.league_names)


def create_command(
    cog: AdminCommands, rule_sets: Sequence[app_commands.Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    """``/league create``, made with the cog so that its ``rules`` choices are the rule sets registered
    then."""

    @app_commands.command(**command_texts("cmd.league.create"))
    @described("name", "rules", "admin_role", "bind")
    @app_commands.choices(rules=list(rule_sets))
    async def create(
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        rules: str,
        admin_role: discord.Role | None = None,
        bind: bool = True,
    ) -> None:
        await cog.create_league(interaction, name, rules, admin_role, bind)

    return create
