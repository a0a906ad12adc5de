"""Small commands: ``/help`` (and a short answer when the bot is mentioned) in the user's language,
``/ping`` with a restart-proof button, and ``/hello`` by DM."""

from __future__ import annotations

import contextlib
import math
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import try_dm
from bot.i18n import resolve_language, t
from bot.i18n.translator import command_text
from cogs.interaction import guarded, public_language, reply, user_language

HELP_COLOUR = discord.Colour(0x1C8052)
DMS_CLOSED_TEXT = (
    "I couldn't send you a direct message: your DMs are closed. "
    "Allow direct messages from server members (Privacy Settings of this server), then try again."
)


def pong_text(latency: float, count: int) -> str:
    shown = "n/a" if math.isinf(latency) or math.isnan(latency) else f"{latency * 1000:.0f} ms"
    return f"Pong! (gateway latency {shown}; ping #{count})"


class PingAgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"meta:ping:(?P<count>[0-9]{1,9})"
):
    """A button whose whole state is in its custom id, so it still works after the bot restarts."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Ping again", style=discord.ButtonStyle.secondary, custom_id=f"meta:ping:{count}"
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PingAgainButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        count = self.count + 1
        await interaction.response.edit_message(
            content=pong_text(interaction.client.latency, count), view=ping_view(count)
        )


def ping_view(count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PingAgainButton(count))
    return view


class Meta(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("cmd.help.name"), description=command_text("cmd.help.description")
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            language = await user_language(interaction)
            embed = discord.Embed(
                title=t("help.title", language), description=t("help.body", language), colour=HELP_COLOUR
            )
            await reply(interaction, embed=embed, ephemeral=True)

        await guarded(interaction, work)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A short answer when someone mentions the bot (in the server's language, or the author's)."""
        me = self.bot.user
        if me is None or message.author.bot or me not in message.mentions:
            return
        if message.guild is not None:
            language = await public_language(self.bot, message.guild.id)
        else:
            language = resolve_language(None)
        with contextlib.suppress(discord.HTTPException):
            await message.reply(
                t("help.mention", language),
                mention_author=False,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(
        name=command_text("cmd.ping.name"), description=command_text("cmd.ping.description")
    )
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(pong_text(self.bot.latency, 1), view=ping_view(1))

    @app_commands.command(
        name=command_text("cmd.hello.name"), description=command_text("cmd.hello.description")
    )
    async def hello(self, interaction: discord.Interaction[Any]) -> None:
        # Opening a DM channel and sending costs two requests that may be rate limited: defer first
        # so the 3-second deadline is met whatever happens.
        await interaction.response.defer(ephemeral=True, thinking=True)
        sent = await try_dm(interaction.user, content="Hello! Your hands will arrive here during games.")
        await interaction.followup.send(
            "Sent you a direct message." if sent else DMS_CLOSED_TEXT, ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(PingAgainButton)
    await bot.add_cog(Meta(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(PingAgainButton)
