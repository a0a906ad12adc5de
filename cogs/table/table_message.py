"""The one table message per channel: the lobby, then the board (text and the spectators' picture,
never a concealed tile), edited (never re-sent) at most every ``edit_interval`` seconds, the latest state
drawn when the edit goes out.  A moderator who deletes it gets a new one (one line in the log, no
traceback); its id is kept with the game and the table's lease, so a restarted bot or the process that
takes the table over edits the same message.  An aborted table shows its board as it stood when it
closed (text and picture of one state, as every edit) and who closed it."""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Any

import discord

from bot.client import NO_MENTIONS
from bot.engine.registry import RULE_SETS
from bot.engine.state import CLAIM
from bot.i18n import t
from bot.present import rules_title
from bot.service.table import Table
from cogs.table.front_state import TABLE_KEY, FrontState, log
from cogs.table.items import LobbyButton, SeatButton


class TableMessage(FrontState):
    """The table message of each channel (see the module's docstring)."""

    # ---------------------------------------------------------------- texts and views
    def lobby_message(self, table: Table) -> tuple[str, discord.ui.View]:
        lang = self.public_lang(table)
        seats = ", ".join(s.name for s in table.members) + f" ({len(table.members)}/{table.players})"
        owner = next((s.name for s in table.members if s.user_id == table.creator_id), "?")
        content = t("table.lobby", lang, rules=rules_title(table.rules, lang), owner=owner, seats=seats)
        if table.options:
            content += "\n" + " ".join(f"`{w}`" for w in RULE_SETS[table.rules].options.shown(table.options))
        view = discord.ui.View(timeout=None)
        labels = {
            "join": "table.join",
            "leave": "table.leave",
            "addbot": "table.add_computer",
            "start": "table.start",
        }
        for what, key in labels.items():
            view.add_item(LobbyButton(table.channel_id, what, t(key, lang)))
        return content, view

    def table_text(self, table: Table, lang: str) -> str:
        from bot.service.table_panel import public_summary

        game = table.game
        assert game is not None
        view = game.view(None)  # the spectator view: nothing concealed
        text = public_summary(view, self.names(table), lang, self.red_ids(table))
        deadline = max(table.deadlines.values(), default=None)
        when = f"<t:{int(deadline)}:R>" if deadline is not None else ""
        if not game.over and table.status == "running":
            if game.hand.phase == CLAIM:
                text += "\n" + t("table.waiting_calls", lang, when=when)
            else:
                names = ", ".join(self.called(table, s) for s in view["waiting_for"])
                text += "\n" + t("table.waiting", lang, names=names, when=when)
        if table.paused:
            text += "\n" + t("table.paused", lang)
        return text[:2000]

    def table_changed_soon(self, table: Table) -> None:
        if self._closed:
            return  # an edit started now would outlive the bot; the next process draws the table anew
        self._dirty.add(table.channel_id)
        task = self._flushers.get(table.channel_id)
        if task is None or task.done():
            self._flushers[table.channel_id] = asyncio.get_running_loop().create_task(self._flush(table))

    async def table_changed(self, table: Table) -> None:
        if table.status == "aborted" and table.game_id is not None:
            await self.close_panels(table)
        message_id = self.table_message.get(table.channel_id)
        if table.game_id is not None and table.game_id not in self._kept and message_id is not None:
            await self.adopt_table_message(table, message_id)  # kept with the game as soon as it starts
        self.table_changed_soon(table)

    async def _flush(self, table: Table) -> None:
        """Edit the table message with the latest state, at most once per ``edit_interval``."""
        loop = asyncio.get_running_loop()
        channel_id = table.channel_id
        while channel_id in self._dirty:
            wait = self._last_edit.get(channel_id, 0.0) + self.edit_interval - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self._dirty.discard(channel_id)
            try:
                await self._edit_table_message(table)
            except discord.HTTPException:
                log.warning("could not update the table message in %s", channel_id, exc_info=True)
            self._last_edit[channel_id] = loop.time()

    async def _edit_table_message(self, table: Table) -> None:
        lang = self.public_lang(table)
        fields: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
        if table.status == "lobby":
            fields["content"], fields["view"] = self.lobby_message(table)
        elif table.game is None or table.game_id is None:
            fields["content"], fields["view"] = t("table.aborted", lang), None
        else:
            # The text and the picture of one state, whatever the status: the edits are coalesced, so
            # the state shown last may be older than this one (a closing that comes as a new hand is
            # dealt would else leave the old hand's picture under the new hand's header).
            fields["content"] = self.table_text(table, lang)
            if table.status == "aborted":  # the board as it stood, with who closed the table
                who = next((s.name for s in table.members if s.user_id == table.aborted_by), None)
                closed = t("table.aborted_by", lang, player=who) if who else t("table.aborted", lang)
                fields["content"] = f"{fields['content']}\n**{closed}**"[:2000]
                fields["view"] = None
            else:
                view = discord.ui.View(timeout=None)
                if table.status == "running":
                    view.add_item(SeatButton("show", table.game_id, t("table.show_hand", lang)))
                fields["view"] = view
            if self.pictures is not None:
                painter = functools.partial(self.pictures.table, language=lang)
                picture = await self.draw(painter, table.game.view(None), self.names(table))
                # A picture that could not be drawn takes the old one away (an edit without
                # ``attachments`` keeps it): never an older state's picture under this state's text.
                fields["attachments"] = (
                    [discord.File(io.BytesIO(picture), filename="table.png")] if picture else []
                )
        await self.put_table_message(table, fields)

    async def put_table_message(self, table: Table, fields: dict[str, Any]) -> None:
        """Edit the table message; post it when there is none or a moderator deleted it."""
        await self.restored(table)
        channel = self.bot.get_partial_messageable(table.channel_id)
        message_id = self.table_message.get(table.channel_id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(**fields)
                if table.game_id is not None and table.game_id not in self._kept:
                    await self.adopt_table_message(table, message_id)
                return
            except discord.NotFound:
                log.info("the table message in %s was deleted: posting a new one", table.channel_id)
        if table.status == "aborted":
            return  # a closed table's message that a moderator deleted is not posted again
        files = fields.pop("attachments", [])
        message = await channel.send(files=files, **fields)
        await self.adopt_table_message(table, message.id)

    async def adopt_table_message(self, table: Table, message_id: int) -> None:
        self.table_message[table.channel_id] = message_id
        if table.game_id is not None:
            self._kept.add(table.game_id)
        await self.remember(table, TABLE_KEY, {"channel": table.channel_id, "message": message_id})
        if self.service is not None and table.status == "running":
            # with the table's lease too, so a process taking the table over edits this message
            await self.service.remember_table_message(table, message_id)
