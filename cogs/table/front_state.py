"""What the table's Discord front end keeps and shares: languages, the messages it owns (the table
message, each seat's living DM panel, the pings of closed-DM players), drawing pictures off the event
loop, and keeping presentation state with the game so a restarted bot edits the same messages.
:class:`~cogs.table.front.DiscordTableFront` puts the table message (:mod:`cogs.table.table_message`)
and the DM panels (:mod:`cogs.table.panels`) on top of it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.client import MahjongBot
from bot.render.engine_view import TableDrawing
from bot.service.table import Table, TableService
from bot.store import Store

log = logging.getLogger("cogs.table.front")

TABLE_KEY = "table"


@dataclass
class Panel:
    """A seat's living DM message (kept with the game so a restart edits it)."""

    channel_id: int
    message_id: int
    hand: int  # the hand it was posted in
    posted: int  # new messages posted to this seat in that hand
    touched: float  # loop time of the last new message or click
    live: bool = True  # still holds buttons
    buried: bool = False  # another DM went out after it: the next question is a new message


class FrontState:
    """The state and helpers both halves of the front end use."""

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        #: Seconds between two edits of a table message (Discord allows about 5 edits per 5 s).
        self.edit_interval = 1.2
        self.user_lang: dict[int, str] = {}
        self.table_lang: dict[int, str] = {}
        self.table_message: dict[int, int] = {}  # channel id -> message id
        self.panels: dict[tuple[int, int], Panel] = {}  # (game, seat) -> the living DM panel
        self.pings: dict[tuple[int, int], int] = {}  # (game, seat) -> the channel ping of a closed-DM seat
        self.dm_closed: set[int] = set()
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._flushers: dict[int, asyncio.Task[None]] = {}
        self._closed = False  # the cog is unloading: nothing new is drawn
        self._kept: set[int] = set()  # games whose table message id is stored
        #: The read of each game's stored presentation, once per game: every caller awaits the same one.
        self._restoring: dict[int, asyncio.Task[None]] = {}

    @property
    def service(self) -> TableService | None:
        """The table service this front end shows (the lease keeps the message id too)."""
        return self.bot.tables

    @property
    def store(self) -> Store | None:
        return self.bot.store

    @property
    def pictures(self) -> TableDrawing | None:
        return self.bot.table_pictures

    async def close(self) -> None:
        self._closed = True
        for task in [*self._flushers.values(), *self._restoring.values()]:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    # ---------------------------------------------------------------- small helpers
    def lang_of_user(self, user_id: int | None, table: Table) -> str:
        if user_id is not None and user_id in self.user_lang:
            return self.user_lang[user_id]
        return self.table_lang.get(table.channel_id, "en")

    def public_lang(self, table: Table) -> str:
        return self.table_lang.get(table.channel_id, "en")

    @staticmethod
    def names(table: Table) -> list[str]:
        return [s.name for s in table.members]

    def called(self, table: Table, seat: int) -> str:
        """How the channel names a seat: a mention for a player who plays from the channel."""
        user_id = table.members[seat].user_id
        return f"<@{user_id}>" if user_id in self.dm_closed else table.members[seat].name

    @staticmethod
    def red_ids(table: Table) -> frozenset[int]:
        if table.game is None:
            return frozenset()
        red: frozenset[int] = getattr(table.game.rules, "red_ids", frozenset())
        return red

    def emoji(self, face: str | None) -> discord.Emoji | None:
        return self.bot.tile_emojis.get(face) if face else None

    async def draw(self, painter: Callable[..., bytes | None], *args: Any) -> bytes | None:
        try:
            return await asyncio.to_thread(painter, *args)
        except Exception:
            log.exception("could not draw a picture")
            return None

    async def optional_picture(
        self, kind: str, filename: str, *args: Any, **options: Any
    ) -> list[discord.File]:
        painter = getattr(self.pictures, kind, None)
        if painter is not None and options:
            painter = functools.partial(painter, **options)
        picture = await self.draw(painter, *args) if painter is not None else None
        return [discord.File(io.BytesIO(picture), filename=filename)] if picture else []

    async def remember(self, table: Table, name: str, value: Any) -> None:
        """Keep presentation state with the game (a restarted bot edits the same messages)."""
        if self.store is None or table.game_id is None:
            return
        try:
            await self.store.save_presentation(table.game_id, name, value)
        except Exception:
            log.warning("could not keep the %s of game %s", name, table.game_id, exc_info=True)

    async def restored(self, table: Table) -> None:
        """Take back the messages a table had before a restart (its table message, the living panels):
        once per game, before the first thing it shows.  A second caller (the restored question and the
        table message's first edit come at once) waits for the same read: going on without it would
        post the table message or the panel again."""
        if self.store is None or table.game_id is None:
            return
        reading = self._restoring.get(table.game_id)
        if reading is None:
            reading = asyncio.get_running_loop().create_task(self._read_presentation(table))
            self._restoring[table.game_id] = reading
        await asyncio.shield(reading)  # a caller cancelled mid-read leaves the read to the others

    async def _read_presentation(self, table: Table) -> None:
        assert self.store is not None and table.game_id is not None
        try:
            kept = await self.store.load_presentation(table.game_id)
        except Exception:
            log.warning("could not read the presentation of game %s", table.game_id, exc_info=True)
            return
        message = kept.get(TABLE_KEY)
        if isinstance(message, dict) and message.get("channel") == table.channel_id:
            self.table_message[table.channel_id] = int(message["message"])
            self._kept.add(table.game_id)
        now = asyncio.get_running_loop().time()  # the restored question is edited into its own panel
        for seat in range(len(table.members)):
            panel = kept.get(f"panel:{seat}")
            if isinstance(panel, dict):
                self.panels[(table.game_id, seat)] = Panel(**{**panel, "touched": now})

    # ---------------------------------------------------------------- the halves call each other
    def table_changed_soon(self, table: Table) -> None:
        raise NotImplementedError  # cogs.table.table_message

    async def close_panels(self, table: Table) -> None:
        raise NotImplementedError  # cogs.table.panels
