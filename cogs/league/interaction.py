"""Answering interactions: one guard (refusals and store errors become polite private answers), a
watchdog that defers slow work, and reply/defer/update helpers that know whether the answer was deferred.

The 3-second deadline: store calls usually take milliseconds; commands that settle a season, read an
attachment or draw a picture defer first, and the watchdog defers any other answer still in work after
``DEFER_AFTER`` seconds (a busy disk).  (Helper "front" is building one such layer for every cog; this
module goes when it lands.)

Errors: a refusal is answered in the user's language; a store error (the database path, an SQL
constraint) is never shown: the user gets a sentence, the details go to the log.

Mentions: every message says whom it pings (``ping``: Discord user ids); nothing else in it pings
anyone: not a league named "@everyone party", not a display name, not a role.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import discord

from bot.i18n import resolve_language, t
from bot.service.refusal import Refusal
from bot.store import StoreError

log = logging.getLogger(__name__)

#: Defer an answer still being worked on after this long (Discord allows 3 s for the first answer).
DEFER_AFTER = 1.5
_LOCK = "league_response_lock"  # interaction.extras keys
_PLACEHOLDER = "league_placeholder"


def pinging(users: Collection[int] = ()) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly ``users`` (Discord ids) and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


class LeagueInteractions:
    """Mixed into the league cog: the answering helpers, over the bot's store (for the languages)."""

    bot: Any

    async def server_language(self, guild_id: int | None) -> str:
        store = getattr(self.bot, "store", None)
        language = None
        if store is not None and guild_id is not None:
            try:
                language = await store.get_guild_language(guild_id)
            except StoreError:
                log.warning("could not read the language of guild %s", guild_id, exc_info=True)
        return resolve_language(None, language)

    async def user_language(self, interaction: discord.Interaction[Any]) -> str:
        store = getattr(self.bot, "store", None)
        server = None
        if store is not None and interaction.guild_id is not None:
            try:
                server = await store.get_guild_language(interaction.guild_id)
            except StoreError:
                server = None
        return resolve_language(interaction.locale.value, server)

    async def guarded(
        self,
        interaction: discord.Interaction[Any],
        work: Callable[[], Awaitable[None]],
        *,
        component: bool = False,
    ) -> None:
        """Run ``work``; answer a refusal or a store error politely and ephemerally.

        A watchdog defers the answer when ``work`` has not answered after ``DEFER_AFTER`` seconds (a
        busy disk makes commits slow), so the 3-second deadline holds whatever the database does.
        """
        interaction.extras[_LOCK] = asyncio.Lock()
        watchdog = asyncio.create_task(self._defer_if_slow(interaction, component))
        try:
            await work()
        except Refusal as refusal:
            language = await self.user_language(interaction)
            await self.reply(interaction, refusal.text(language), ephemeral=True)
        except StoreError:
            log.exception("the league store failed during an interaction")
            language = await self.user_language(interaction)
            await self.reply(interaction, t("league.error.store", language), ephemeral=True)
        finally:
            watchdog.cancel()

    async def _defer_if_slow(self, interaction: discord.Interaction[Any], component: bool) -> None:
        await asyncio.sleep(DEFER_AFTER)
        try:
            if component:
                await self.defer_update(interaction)
            else:
                await self.defer(interaction, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not defer a slow interaction", exc_info=True)

    async def defer(self, interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
        """Defer a command's answer ("thinking"), unless it is already answered or deferred."""
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                interaction.extras[_PLACEHOLDER] = "private" if ephemeral else "public"

    async def defer_update(self, interaction: discord.Interaction[Any]) -> None:
        """Defer a button's answer: the message it is on will be edited."""
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                await interaction.response.defer()

    async def update_message(
        self, interaction: discord.Interaction[Any], *, ping: Collection[int] = (), **fields: Any
    ) -> None:
        """Edit the message a button is on (as the answer, or after a deferred answer)."""
        fields["allowed_mentions"] = pinging(ping)
        async with interaction.extras[_LOCK]:
            if interaction.response.is_done():
                await interaction.edit_original_response(**fields)
            else:
                await interaction.response.edit_message(**fields)

    async def reply(
        self,
        interaction: discord.Interaction[Any],
        content: str | None = None,
        *,
        ephemeral: bool,
        ping: Collection[int] = (),
        **message: Any,
    ) -> discord.Message | None:
        """Answer (or follow up) with a message; after a private "thinking" placeholder, a public message
        is sent as a new message once the placeholder is filled, so other players can see and click it.

        ``ping``: the Discord users this message notifies (nobody else).  Returns the message sent.
        """
        if content is not None:
            message["content"] = content
        message["allowed_mentions"] = pinging(ping)
        async with interaction.extras[_LOCK]:
            if not interaction.response.is_done():
                answer = await interaction.response.send_message(ephemeral=ephemeral, **message)
                sent = answer.resource if answer is not None else None
                return sent if isinstance(sent, discord.Message) else None
            placeholder = interaction.extras.pop(_PLACEHOLDER, None)
            if placeholder == "private" and not ephemeral:
                language = await self.user_language(interaction)
                done = t("league.done", language)
                await interaction.followup.send(done, ephemeral=True, allowed_mentions=pinging())
            followup: discord.Message = await interaction.followup.send(
                ephemeral=ephemeral, wait=True, **message
            )
            return followup
