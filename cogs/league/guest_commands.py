"""``/league guest add|link|list``: players recorded by name (visitors), linked to a member later."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import command_texts
from cogs.interaction import guarded, public_language, reply, user_language
from cogs.league.base import STORE_ERROR, LeagueCogBase
from cogs.league.game_presenters import guests_embed
from cogs.league.options import described, guest_group


class GuestCommands(LeagueCogBase):
    @guest_group.command(**command_texts("cmd.league.guest.add"))
    @described("guest", "league")
    async def guest_add(
        self,
        interaction: discord.Interaction[Any],
        guest: app_commands.Range[str, 1, 60],
        league: str | None = None,
    ) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            player = await service.add_guest(await self.actor(interaction, service, found), found, guest)
            language = await public_language(self.bot, interaction.guild_id)
            text = t("league.guest.added", language, league=found.name, name=player.display_name)
            await reply(interaction, text, ephemeral=False)

        await guarded(interaction, work, store_error=STORE_ERROR)

    @guest_group.command(**command_texts("cmd.league.guest.link"))
    @described("guest", "member", "league")
    async def guest_link(
        self,
        interaction: discord.Interaction[Any],
        guest: app_commands.Range[str, 1, 60],
        member: discord.Member,
        league: str | None = None,
    ) -> None:
        """An admin says who a guest really is: the guest's games become the member's (audited)."""

        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            actor = await self.actor(interaction, service, found)
            player = await self.me(service, member)
            linked, moved = await service.link_guest(actor, found, guest, player)
            language = await public_language(self.bot, interaction.guild_id)
            text = t(
                "league.guest.linked",
                language,
                league=found.name,
                guest=linked.display_name,
                member=member.mention,
                count=len(moved),
            )
            await reply(interaction, text, ephemeral=False, ping=[member.id])

        await guarded(interaction, work, store_error=STORE_ERROR)

    @guest_group.command(**command_texts("cmd.league.guest.list"))
    @described("league")
    async def guest_list(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            roster = await service.store.league_roster(found.id)
            linked = {m.merged_into for m in roster if m.merged_into is not None}
            players = {pid: await service.store.get_player(pid) for pid in linked}
            language = await user_language(interaction)
            await reply(interaction, embed=guests_embed(found, roster, players, language), ephemeral=True)

        await guarded(interaction, work, store_error=STORE_ERROR)

    guest_add.autocomplete("league")(LeagueCogBase.league_names)
    guest_link.autocomplete("league")(LeagueCogBase.league_names)
    guest_list.autocomplete("league")(LeagueCogBase.league_names)
