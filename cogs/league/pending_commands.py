"""``/league pending``, its Confirm/Void buttons, and the reminders sent for games left unconfirmed.

Reminders are off unless a league sets ``reminder_hours``.  A background task asks the service every
``REMINDER_CHECK_SECONDS`` which games are due and replies to each game's message in its channel,
pinging exactly the players it still waits for; each game is reminded once (again after a correction
sends it back to waiting).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from bot.i18n import t
from bot.i18n.translator import command_texts
from bot.service.league import LeagueService
from bot.service.league.pending import Reminder
from bot.service.refusal import Refusal
from bot.store import Player, StoreError
from cogs.interaction import (
    defer_update,
    guarded,
    pinging,
    public_language,
    reply,
    update_message,
    user_language,
)
from cogs.league.base import STORE_ERROR
from cogs.league.game_commands import GameCommands
from cogs.league.game_presenters import pending_embed, reminder_text
from cogs.league.options import described, league_group
from cogs.league.views import pending_view

log = logging.getLogger(__name__)

#: How often the reminder task looks for games due a reminder.
REMINDER_CHECK_SECONDS = 300.0


class PendingCommands(GameCommands):
    _reminder_task: asyncio.Task[None] | None = None

    @league_group.command(**command_texts("cmd.league.pending"))
    @described("league")
    async def pending(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work() -> None:
            service, found = await self.league_here(interaction, league)
            message = await self.pending_message(interaction, service, found)
            await reply(interaction, ephemeral=True, **{k: v for k, v in message.items() if v is not None})

        await guarded(interaction, work, store_error=STORE_ERROR)

    pending.autocomplete("league")(GameCommands.league_names)

    async def pending_message(
        self, interaction: discord.Interaction[Any], service: LeagueService, league: Any
    ) -> dict[str, Any]:
        actor = await self.actor(interaction, service, league)
        waiting = await service.pending(actor, league)
        ids = {p.player_id for g in (*waiting.for_me, *waiting.for_others, *waiting.stale) for p in g.players}
        players = {pid: await service.store.get_player(pid) for pid in ids}
        language = await user_language(interaction)
        return {
            "embed": pending_embed(waiting, players, language),
            "view": pending_view(waiting.for_me, waiting.stale, language),
        }

    async def game_button_clicked(
        self, interaction: discord.Interaction[Any], action: str, game_id: int
    ) -> None:
        """A game's Confirm button, or Confirm/Void under /league pending (then the list is refreshed)."""

        async def work() -> None:
            if action == "confirm":
                await self._confirm(interaction, game_id, on_message=True)
                return
            await defer_update(interaction)
            service, _, league = await self.game_here(interaction, game_id)
            if action == "pvoid":
                await self._void_stale(interaction, game_id)
            else:
                await self._confirm(interaction, game_id, on_message=False)
            await update_message(interaction, **await self.pending_message(interaction, service, league))

        await guarded(interaction, work, component=True, store_error=STORE_ERROR)

    async def _void_stale(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """An admin voids a game left waiting (audited, with the reason "stale"); the button's
        ``interaction_check`` (:meth:`may_void`) let only admins this far."""
        service, _, league = await self.game_here(interaction, game_id)
        actor = await self.actor(interaction, service, league)
        reason = t("league.pending.stale_reason", await public_language(self.bot, league.guild_id))
        voided = await service.undo(actor, game_id, reason)
        await self.refresh_game_message(service, league, voided)
        language = await user_language(interaction)
        text = t("league.pending.voided", language, game=game_id, league=league.name)
        await reply(interaction, text, ephemeral=True)

    async def may_void(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        """The Void button's ``interaction_check``: only league admins void a game from /league pending
        (a refusal is answered privately; the store is read under the same watchdog as any answer)."""
        allowed = False

        async def check() -> None:
            nonlocal allowed
            _, _, league = await self.game_here(interaction, game_id)
            if not self.is_admin(interaction, league):
                raise Refusal("league.error.admins_only")
            allowed = True

        await guarded(interaction, check, component=True, store_error=STORE_ERROR)
        return allowed

    # ---------------------------------------------------------------- reminders
    async def cog_load(self) -> None:
        self._reminder_task = asyncio.create_task(self._remind_forever(), name="league reminders")

    async def cog_unload(self) -> None:
        if self._reminder_task is not None:
            self._reminder_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reminder_task

    async def _remind_forever(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.send_reminders()
            except (StoreError, Refusal, discord.HTTPException):
                log.warning("league reminders failed this round", exc_info=True)
            await asyncio.sleep(REMINDER_CHECK_SECONDS)

    async def send_reminders(self) -> int:
        """Remind the players of every game due; returns how many reminders went out."""
        if self.bot.store is None:
            return 0
        service = self.service()
        sent = 0
        for reminder in await service.due_reminders():
            if await self._remind(service, reminder):
                sent += 1
            await service.reminded(reminder)  # once per game, even when its channel is gone
        return sent

    async def _remind(self, service: LeagueService, reminder: Reminder) -> bool:
        game = reminder.game
        channel = None if game.channel_id is None else self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return False
        waiting: list[Player] = [await service.store.get_player(pid) for pid in reminder.waiting_for]
        language = await public_language(self.bot, reminder.league.guild_id)
        text = reminder_text(reminder.league, game, waiting, language)
        reference = None
        if game.message_id is not None:
            reference = discord.MessageReference(
                message_id=game.message_id, channel_id=channel.id, fail_if_not_exists=False
            )
        try:
            await channel.send(text.text, reference=reference, allowed_mentions=pinging(text.ping))  # type: ignore[arg-type]
        except discord.HTTPException:
            log.warning("could not remind the players of league game %s", game.id, exc_info=True)
            return False
        return True
