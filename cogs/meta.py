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

from bot.client import MahjongBot, try_dm
from bot.i18n import DEFAULT_LANGUAGE, resolve_language, t
from bot.i18n.translator import command_text
from cogs.interaction import defer, guarded, public_language, reply, update_message, user_language

HELP_COLOUR = discord.Colour(0x1C8052)


def pong_text(latency: float, count: int, language: str) -> str:
    unknown = math.isinf(latency) or math.isnan(latency)
    shown = t("meta.latency_unknown", language) if unknown else f"{latency * 1000:.0f} ms"
    return t("meta.pong", language, latency=shown, count=count)


class PingAgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"meta:ping:(?P<count>[0-9]{1,9})"
):
    """A button whose whole state is in its custom id, so it still works after the bot restarts.

    The message is public: whoever clicks gets the answer (and the button) in their own language."""

    def __init__(self, count: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("meta.ping_again", language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"meta:ping:{count}",
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PingAgainButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            count, language = self.count + 1, await user_language(interaction)
            await update_message(
                interaction,
                content=pong_text(interaction.client.latency, count, language),
                view=ping_view(count, language),
            )

        await guarded(interaction, work, component=True)


def ping_view(count: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PingAgainButton(count, language))
    return view


class Meta(commands.Cog):
    def __init__(self, bot: MahjongBot) -> None:
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
        async def work() -> None:
            language = await user_language(interaction)
            pong = pong_text(self.bot.latency, 1, language)
            await reply(interaction, pong, ephemeral=False, view=ping_view(1, language))

        await guarded(interaction, work, private=False)

    @app_commands.command(
        name=command_text("cmd.hello.name"), description=command_text("cmd.hello.description")
    )
    async def hello(self, interaction: discord.Interaction[Any]) -> None:
        # Opening a DM channel and sending costs two requests that may be rate limited: defer first
        # so the 3-second deadline is met whatever happens.  The DM is in the language of whoever asked.
        async def work() -> None:
            await defer(interaction, ephemeral=True)
            language = await user_language(interaction)
            sent = await try_dm(interaction.user, content=t("meta.hello_dm", language))
            await reply(
                interaction, t("meta.hello_sent" if sent else "meta.dms_closed", language), ephemeral=True
            )

        await guarded(interaction, work)


async def setup(bot: MahjongBot) -> None:
    bot.add_dynamic_items(PingAgainButton)
    await bot.add_cog(Meta(bot))


async def teardown(bot: MahjongBot) -> None:
    bot.remove_dynamic_items(PingAgainButton)
