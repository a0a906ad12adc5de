"""The league cog: the command groups of each concern mixed into one ``commands.Cog``."""

from __future__ import annotations

from discord.ext import commands

from bot.client import MahjongBot
from cogs.choices import insert_in_group, rule_choices
from cogs.league.admin_commands import AdminCommands, create_command
from cogs.league.guest_commands import GuestCommands
from cogs.league.import_commands import ImportCommands
from cogs.league.night_commands import NightCommands
from cogs.league.options import league_group
from cogs.league.pending_commands import PendingCommands
from cogs.league.reading_commands import ReadingCommands


class LeagueCog(
    AdminCommands,
    PendingCommands,
    ReadingCommands,
    ImportCommands,
    GuestCommands,
    NightCommands,
    commands.Cog,
    name="LeagueCog",
):
    league = league_group

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        # Made with the cog, not at import, so that its ``rules`` choices are the rule sets registered now.
        insert_in_group(self.league, create_command(self, rule_choices()), before=self.settings)
