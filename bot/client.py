"""The discord.py bot: loads the cogs, syncs the slash commands and application emojis, and (later)
opens the store and restores unfinished tables.

Start-up order (``setup_hook``, run once before the gateway connects):
1. ``open_store``      - open bot/store at ``config.database`` (``self.store``).
2. load ``extensions`` - every cog module listed in EXTENSIONS (each ends with ``async def setup(bot)``).
3. ``restore_tables``  - hook for bot/service: replay unfinished games so their buttons work again.
4. ``sync_commands``   - push the command tree, globally or to the configured guilds.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import BotConfig
from bot.store import Store

log = logging.getLogger(__name__)

#: The cogs the bot loads, in order. Add a module here when its cog is ready.
EXTENSIONS: tuple[str, ...] = ("cogs.meta", "cogs.scoring", "cogs.league", "cogs.table")

#: Discord's error code for "Cannot send messages to this user" (DMs closed or no shared server).
CANNOT_DM_USER = 50007


def bot_intents() -> discord.Intents:
    """Only non-privileged intents: slash commands and buttons need no member list or message content."""
    intents = discord.Intents.default()
    intents.members = False
    intents.presences = False
    intents.message_content = False
    return intents


class MahjongTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Never leave a user staring at "The application did not respond": log, then say so."""
        log.error(
            "command %r failed", interaction.command and interaction.command.qualified_name, exc_info=error
        )
        text = "Sorry, something went wrong while handling that command."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report the error to the user", exc_info=True)


class MahjongBot(commands.Bot):
    def __init__(
        self,
        config: BotConfig | None = None,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        store: Store | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", bot_intents())
        # No prefix commands: message content is privileged; everything is a slash command or a button.
        options.setdefault("command_prefix", commands.when_mentioned)
        options.setdefault("help_command", None)
        options.setdefault("tree_cls", MahjongTree)
        super().__init__(**options)
        self.config = config or BotConfig()
        self.extension_names: tuple[str, ...] = tuple(extensions)
        #: The repository (bot/store): given by the caller (who closes it), else opened by ``open_store``.
        self.store: Any = store
        self._owns_store = store is None

    async def setup_hook(self) -> None:
        await self.open_store()
        for name in self.extension_names:
            await self.load_extension(name)
        await self.restore_tables()
        if self.config.sync_commands:
            await self.sync_commands()

    async def open_store(self) -> None:
        """Open the database at ``self.config.database`` as ``self.store`` (unless a store was given)."""
        if self.store is None:
            self.store = await Store.open(self.config.database)

    async def restore_tables(self) -> None:
        """Hook: rebuild every unfinished table from its stored events (bot/service) after the cogs load.

        Buttons need nothing here: their custom ids are DynamicItems, matched on every click.
        """
        tables = self.get_cog("TableCog")
        if tables is not None:
            restored = await tables.restore()  # type: ignore[attr-defined]
            log.info("restored %d unfinished tables", len(restored))

    async def close_store(self) -> None:
        """Close the store this bot opened (every commit is already on disk)."""
        if self._owns_store and self.store is not None:
            store, self.store = self.store, None
            await store.close()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Push the command tree: to ``config.sync_guilds`` (instant) if set, else globally."""
        if not self.config.sync_guilds:
            synced = await self.tree.sync()
        else:
            synced = []
            for guild_id in self.config.sync_guilds:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced += await self.tree.sync(guild=guild)
        log.info("synced %d application commands", len(synced))
        return synced

    async def sync_application_emojis(self, images: Mapping[str, bytes]) -> dict[str, discord.Emoji]:
        """An application emoji for every ``name -> PNG bytes`` in ``images``, uploading only missing names.

        Existing emojis are matched by name and reused, so a restart costs one request. A changed
        picture therefore needs a new name (e.g. a version suffix) or ``delete()`` of the old emoji.
        """
        existing = {emoji.name: emoji for emoji in await self.fetch_application_emojis()}
        for name, image in images.items():
            if name not in existing:
                existing[name] = await self.create_application_emoji(name=name, image=image)
        return {name: existing[name] for name in images}

    async def close(self) -> None:
        try:
            await self.close_store()
        finally:
            await super().close()


async def try_dm(user: discord.User | discord.Member, **message: Any) -> discord.Message | None:
    """Send ``user`` a DM; None when Discord refuses because their DMs are closed (50007).

    Callers decide how to tell the user (in the channel, or ephemerally). Other errors propagate.
    """
    try:
        return await user.send(**message)
    except discord.Forbidden as exc:
        if exc.code != CANNOT_DM_USER:
            raise
        log.info("DMs closed for user %s", user.id)
        return None
