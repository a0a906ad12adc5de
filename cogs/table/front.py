"""The table service's Discord front end (a :class:`~bot.client.TableFrontEnd`): the one table
message per table (:mod:`cogs.table.table_message`), one living DM panel per player and the channel
pings for closed DMs (:mod:`cogs.table.panels`), and here what ends a hand or a game: the wall's
commitment at a hand's start, the result lines and picture, the final ranking; and how a table comes
back: restored after a restart, or taken over from a process that stopped."""

from __future__ import annotations

import contextlib
from typing import cast

import discord

from bot.client import NO_MENTIONS
from bot.engine.views import FinalPlace, HandRecord
from bot.i18n import t
from bot.present.results import result_lines
from bot.service.table import Table
from bot.web.links import game_url
from cogs.interaction import public_language
from cogs.table.front_state import Panel
from cogs.table.panels import MAX_NEW_PER_HAND, QUIET_AFTER, DmPanels
from cogs.table.table_message import TableMessage

__all__ = ["MAX_NEW_PER_HAND", "QUIET_AFTER", "DiscordTableFront", "Panel"]


class DiscordTableFront(TableMessage, DmPanels):
    """Shows one bot's tables in Discord.  Called by the service's worker, one call at a time per table."""

    async def resumed(self, table: Table) -> None:
        """A table replayed after a restart (``MahjongBot.restore_tables``): its language, the messages it
        had (its table message, the living panels), then a fresh draw; its old buttons work again
        (DynamicItems)."""
        self.table_lang[table.channel_id] = await public_language(self.bot, table.guild_id)
        if table.status == "lobby" and table.lobby_message is not None:  # a lobby nobody started yet
            self.table_message[table.channel_id] = table.lobby_message
        await self.restored(table)
        self.table_changed_soon(table)

    async def adopted(self, table: Table) -> None:
        """A table taken over from a process that stopped (bot/service/cluster.py): its language, and
        the table message its old owner posted (edited from now on, not posted again)."""
        self.table_lang[table.channel_id] = await public_language(self.bot, table.guild_id)
        service = self.service
        message_id = None if service is None else await service.stored_table_message(table)
        if message_id is not None:
            self.table_message[table.channel_id] = message_id

    async def hand_started(self, table: Table, hand_index: int, commitment: str) -> None:
        """Publish the new hand's wall commitment (its seed is revealed with its result)."""
        lang = self.public_lang(table)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                t("table.hand_commitment", lang, hand=hand_index + 1, commitment=commitment),
                allowed_mentions=NO_MENTIONS,
            )

    async def hand_ended(self, table: Table, hand: HandRecord) -> None:
        lang = self.public_lang(table)
        names = self.names(table)
        red = self.red_ids(table)
        lines = result_lines(table.rules, hand, names, lang, red)
        seeds = table.revealed_seeds()
        if seeds:
            lines.append(t("table.result.seed", lang, seed=seeds[len(table.revealed_seeds()) - 1]))
        kind = "result" if hand["result"]["wins"] or not hasattr(self.pictures, "draw") else "draw"
        files = await self.optional_picture(
            kind, "result.png", hand, names, table.rules, red_ids=red, language=lang
        )
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send("\n".join(lines)[:2000], files=files, allowed_mentions=NO_MENTIONS)

    async def game_ended(self, table: Table) -> None:
        game = table.game
        assert game is not None and game.final is not None and table.game_id is not None
        final = cast(list[FinalPlace], game.final)  # the engine's list, typed (bot/engine/views.py)
        lang = self.public_lang(table)
        names = self.names(table)
        lines = [f"**{t('table.final', lang)}**"]
        for f in sorted(final, key=lambda f: f["rank"]):
            lines.append(
                t(
                    "table.final_line",
                    lang,
                    rank=f["rank"],
                    player=names[f["seat"]],
                    points=f["points"],
                    score=f["score"],
                )
            )
        lines.append(t("replay.hint", lang, game=table.game_id))  # the game's id, for /mahjong replay
        public_url = self.bot.config.public_url
        if public_url:  # every hand of the game is open on the web page now (bot/web)
            lines.append(t("web.link.game", lang, url=game_url(public_url, table.game_id, lang)))
        await self.close_panels(table)
        files = await self.optional_picture("ranking", "ranking.png", final, names, language=lang)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send("\n".join(lines)[:2000], files=files, allowed_mentions=NO_MENTIONS)
