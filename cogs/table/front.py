"""The table service's Discord front end (a :class:`~bot.service.table.TableListener`): the one table
message per table, one living DM panel per player, the channel pings for closed DMs, results.

* **The table message** is edited (never re-sent) after moves, at most every ``edit_interval`` seconds
  (edits are coalesced: the latest state is drawn when the edit goes out).  A moderator who deletes it
  gets a new one (one line in the log, no traceback); its id is stored with the game, so a restarted bot
  edits the same message.  An aborted table keeps its last board and says who closed it.
* **The DM panel**: each seat has one living message (picture, text, buttons) that is edited on its
  turns.  A new message (a notification on the player's phone) is posted only when it is wanted: the
  first question of a hand, a call offer, a turn after ``QUIET_AFTER`` seconds without one; at most
  ``MAX_NEW_PER_HAND`` per hand (the rest are edits).  The panel it replaces loses its buttons.  When
  the table closes, every panel of the game loses its buttons.
* **Closed DMs**: the player is mentioned in the channel (allowed to ping only that user) when they
  are asked something, with "Show my hand" beside it; the previous ping is deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.client import try_dm
from bot.engine import Action
from bot.engine import actions as A
from bot.engine.state import CLAIM
from bot.hand.notation import tile_name
from bot.i18n import t
from bot.present import rules_title
from bot.present.results import result_lines
from bot.service.table import Table, TableService
from bot.service.table_panel import Choice, choice_label, choices_of, kind_label, layout, tiles_text
from cogs.table.items import ActionButton, ActionSelect, LobbyButton, SeatButton

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)

#: New DM messages a player gets at most per hand; every other update of the panel is an edit.
MAX_NEW_PER_HAND = 8
#: A turn this long after the player's last new message or click is announced by a new message.
QUIET_AFTER = 45.0
TABLE_KEY = "table"


class TablePictures(Protocol):
    """Pictures for the table (bot/render); None means "show text only".  Called in a worker thread."""

    def table(self, view: dict[str, Any], names: list[str], *, language: str = "en") -> bytes | None: ...

    def hand(self, view: dict[str, Any], seat: int) -> bytes | None: ...

    # Optional (looked up with getattr): ``result(hand_record, names, rules, *, red_ids, language)`` for the
    # picture posted after each hand, ``ranking(final, names)`` for the one at the end of the game.


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


def allow_only(user_id: int | None) -> discord.AllowedMentions:
    users = [discord.Object(user_id)] if user_id else []
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NO_MENTIONS = discord.AllowedMentions.none()


class DiscordTableFront:
    """Shows one bot's tables in Discord.  Called by the service's worker, one call at a time per table."""

    def __init__(self, bot: commands.Bot) -> None:
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
        self._kept: set[int] = set()  # games whose table message id is stored
        self._loaded: set[int] = set()  # games whose stored presentation was read
        self.service: TableService | None = None  # set by the cog (the lease keeps the message id too)

    @property
    def store(self) -> Any:
        return getattr(self.bot, "store", None)

    @property
    def pictures(self) -> TablePictures | None:
        return getattr(self.bot, "table_pictures", None)

    async def close(self) -> None:
        for task in list(self._flushers.values()):
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

    def emoji(self, face: str | None) -> Any:
        emojis = getattr(self.bot, "tile_emojis", None) or {}
        return emojis.get(face) if face else None

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

    # ---------------------------------------------------------------- texts and views
    def lobby_message(self, table: Table) -> tuple[str, discord.ui.View]:
        lang = self.public_lang(table)
        seats = ", ".join(s.name for s in table.members) + f" ({len(table.members)}/{table.players})"
        owner = next((s.name for s in table.members if s.user_id == table.creator_id), "?")
        content = t("table.lobby", lang, rules=rules_title(table.rules, lang), owner=owner, seats=seats)
        if table.options:
            content += "\n" + " ".join(f"`{k}={v}`" for k, v in table.options.items())
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
        return text[:2000]

    def panel(
        self, table: Table, seat: int, seq: int | None, lang: str
    ) -> tuple[str, discord.ui.View | None]:
        """The seat's own panel: its hand as text and one control per legal action of question ``seq``."""
        game = table.game
        assert game is not None and table.game_id is not None
        view = game.view(seat)
        me = view["seats"][seat]
        red = self.red_ids(table)
        drawn = me.get("drawn")
        hand = [x for x in me["concealed"] if x != drawn]
        lines = []
        if seq is not None:
            offer = view.get("offer")
            if offer is not None and view["phase"] == CLAIM:
                giver = self.names(table)[offer["giver"]]
                lines.append(t("table.offer", lang, player=giver, tile=tile_name(offer["tile"], red)))
            else:
                lines.append(t("table.your_turn", lang))
        from bot.render.layout import sorted_hand

        lines.append(t("table.your_hand", lang, tiles=tiles_text(sorted_hand(hand), red)))
        if drawn is not None:
            lines.append(t("table.drawn", lang, tile=tile_name(drawn, red)))
        if me["melds"]:
            melds = "  ".join(tiles_text(m["tiles"], red) for m in me["melds"])
            lines.append(t("table.melds", lang, melds=melds))
        deadline = table.deadlines.get(seat)
        if seq is not None and deadline is not None:
            lines.append(t("table.deadline", lang, when=f"<t:{int(deadline)}:R>"))
        if seq is None:
            return "\n".join(lines), None
        legal = game.legal_actions(seat)
        controls = layout(choices_of(legal, lang, red, drawn))
        ui = discord.ui.View(timeout=None)
        for row, control in enumerate(controls):
            if control.select:
                options = [self._option(c) for c in control.choices]
                placeholder = kind_label(control.kind, lang) if control.kind != "any" else None
                ui.add_item(
                    ActionSelect(
                        table.game_id, seat, seq, row, options=options, placeholder=placeholder, row=row
                    )
                )
            else:
                for c in control.choices:
                    ui.add_item(self._button(table.game_id, seat, seq, c, row))
        return "\n".join(lines), ui

    def _option(self, c: Choice) -> discord.SelectOption:
        return discord.SelectOption(label=c.label[:100], value=str(c.index), emoji=self.emoji(c.tile))

    def _button(self, game_id: int, seat: int, seq: int, c: Choice, row: int) -> ActionButton:
        if c.kind in (A.TSUMO, A.RON):
            style = discord.ButtonStyle.success
        elif c.drawn:
            style = discord.ButtonStyle.primary
        elif c.kind in (A.PASS, A.DISCARD):
            style = discord.ButtonStyle.secondary
        else:
            style = discord.ButtonStyle.danger
        emoji = self.emoji(c.tile) if c.kind == A.DISCARD else None
        return ActionButton(
            game_id, seat, seq, c.index, c.kind, label=c.label, style=style, emoji=emoji, row=row
        )

    def show_view(self, table: Table, lang: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        assert table.game_id is not None
        view.add_item(SeatButton("show", table.game_id, t("table.show_hand", lang)))
        return view

    async def hand_picture(self, table: Table, seat: int) -> bytes | None:
        pictures = self.pictures
        if pictures is None or table.game is None:
            return None
        return await self.draw(pictures.hand, table.game.view(seat), seat)

    # ---------------------------------------------------------------- the table message
    def table_changed_soon(self, table: Table) -> None:
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
        elif table.status == "aborted":
            # The last board stays (the picture is not touched), with who closed the table.
            who = next((s.name for s in table.members if s.user_id == table.aborted_by), None)
            closed = t("table.aborted_by", lang, player=who) if who else t("table.aborted", lang)
            fields["content"] = f"{self.table_text(table, lang)}\n**{closed}**"[:2000]
            fields["view"] = None
        else:
            fields["content"] = self.table_text(table, lang)
            view = discord.ui.View(timeout=None)
            if table.status == "running":
                view.add_item(SeatButton("show", table.game_id, t("table.show_hand", lang)))
            fields["view"] = view
            if self.pictures is not None:
                painter = functools.partial(self.pictures.table, language=lang)
                picture = await self.draw(painter, table.game.view(None), self.names(table))
                if picture:
                    fields["attachments"] = [discord.File(io.BytesIO(picture), filename="table.png")]
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
        if table.status == "aborted" and "attachments" not in fields:
            return  # nothing left to show again
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

    # ---------------------------------------------------------------- DM panels
    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        user_id = table.members[seat].user_id
        assert user_id is not None and table.game_id is not None and table.game is not None
        await self.restored(table)
        lang = self.lang_of_user(user_id, table)
        content, view = self.panel(table, seat, seq, lang)
        if user_id in self.dm_closed:
            await self.ping(table, seat, lang)
            return
        picture = await self.hand_picture(table, seat)
        fields: dict[str, Any] = {"content": content[:2000], "view": view}
        key = (table.game_id, seat)
        panel = self.panels.get(key)
        hand = table.game.hand.index
        now = asyncio.get_running_loop().time()
        if panel is not None and not self.wants_notification(panel, table, hand, now):
            if picture is not None:
                fields["attachments"] = [discord.File(io.BytesIO(picture), filename="hand.png")]
            try:
                await self.dm_message(panel).edit(**fields)
                panel.live = True
                return
            except discord.NotFound:
                log.info("the DM panel of seat %d in game %s was deleted", seat, table.game_id)
            except discord.HTTPException:
                log.warning("could not edit the DM panel of seat %d", seat, exc_info=True)
                return
        if picture is not None:
            fields["file"] = discord.File(io.BytesIO(picture), filename="hand.png")
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            sent = await try_dm(user, **fields)
        except discord.HTTPException:
            log.warning("could not send the hand of seat %d in game %s", seat, table.game_id, exc_info=True)
            return
        if sent is None:
            await self.dms_refused(table, seat, lang)
            return
        if panel is not None and panel.live:
            await self.strip(panel)
        posted = panel.posted + 1 if panel is not None and panel.hand == hand else 1
        self.panels[key] = Panel(sent.channel.id, sent.id, hand, posted, now)
        await self.remember(table, f"panel:{seat}", asdict(self.panels[key]))

    def wants_notification(self, panel: Panel, table: Table, hand: int, now: float) -> bool:
        """A new message (a ping on the player's phone) rather than an edit of the living panel."""
        if panel.hand != hand or panel.buried:
            return True  # the first question of a hand, or the panel is no longer the newest DM
        if panel.posted >= MAX_NEW_PER_HAND:
            return False
        assert table.game is not None
        if table.game.hand.phase == CLAIM:
            return True  # a call offer: the player must see it now
        return now - panel.touched >= QUIET_AFTER

    def dm_message(self, panel: Panel) -> discord.PartialMessage:
        channel = self.bot.get_partial_messageable(panel.channel_id, type=discord.ChannelType.private)
        return channel.get_partial_message(panel.message_id)

    async def strip(self, panel: Panel, **fields: Any) -> None:
        """Take the buttons off a panel (and set its text, if given)."""
        with contextlib.suppress(discord.HTTPException):
            await self.dm_message(panel).edit(view=None, **fields)
        panel.live = False

    def touched(self, game_id: int, seat: int, message_id: int | None) -> None:
        """The player clicked on their panel: it is on their screen."""
        panel = self.panels.get((game_id, seat))
        if panel is not None and panel.message_id == message_id:
            panel.touched = asyncio.get_running_loop().time()
            panel.live = False

    async def close_panels(self, table: Table) -> None:
        """Every DM panel of the game loses its buttons (the game ended or was closed)."""
        assert table.game_id is not None
        for seat in range(len(table.members)):
            panel = self.panels.pop((table.game_id, seat), None)
            if panel is not None:
                await self.strip(panel)
                await self.remember(table, f"panel:{seat}", asdict(panel))
            ping = self.pings.pop((table.game_id, seat), None)
            if ping is not None:
                with contextlib.suppress(discord.HTTPException):
                    channel = self.bot.get_partial_messageable(table.channel_id)
                    await channel.get_partial_message(ping).edit(view=None)

    async def dms_refused(self, table: Table, seat: int, lang: str) -> None:
        user_id = table.members[seat].user_id
        assert user_id is not None
        self.dm_closed.add(user_id)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                t("table.dm_closed", self.public_lang(table), player=f"<@{user_id}>"),
                view=self.show_view(table, lang),
                allowed_mentions=allow_only(user_id),
            )
        self.table_changed_soon(table)  # the table now names them with a mention

    async def ping(self, table: Table, seat: int, lang: str) -> None:
        """Mention a closed-DM player who is asked something (a new message: edits do not ping)."""
        user_id = table.members[seat].user_id
        assert user_id is not None and table.game_id is not None and table.game is not None
        public = self.public_lang(table)
        offer = table.game.view(None).get("offer")
        if offer is not None and table.game.hand.phase == CLAIM:
            text = t(
                "table.ping_call",
                public,
                player=f"<@{user_id}>",
                tile=tile_name(offer["tile"], self.red_ids(table)),
            )
        else:
            text = t("table.ping_turn", public, player=f"<@{user_id}>")
        channel = self.bot.get_partial_messageable(table.channel_id)
        try:
            sent = await channel.send(
                text, view=self.show_view(table, lang), allowed_mentions=allow_only(user_id)
            )
        except discord.HTTPException:
            log.warning("could not mention seat %d of game %s", seat, table.game_id, exc_info=True)
            return
        previous = self.pings.get((table.game_id, seat))
        self.pings[(table.game_id, seat)] = sent.id
        if previous is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous).delete()

    async def prompt_closed(self, table: Table, seat: int, seq: int, action: Action, reason: str) -> None:
        assert table.game_id is not None
        lang = self.lang_of_user(table.members[seat].user_id, table)
        key = "table.timed_out" if reason == "timeout" else "table.computer_played"
        text = t(key, lang, choice=choice_label(action, lang, self.red_ids(table)))
        panel = self.panels.get((table.game_id, seat))
        if panel is not None:
            await self.strip(panel, content=text)

    async def seat_away(self, table: Table, seat: int) -> None:
        user_id = table.members[seat].user_id
        assert table.game_id is not None
        lang = self.lang_of_user(user_id, table)
        view = discord.ui.View(timeout=None)
        view.add_item(SeatButton("back", table.game_id, t("table.im_back", lang)))
        channel = self.bot.get_partial_messageable(table.channel_id)
        text = t("table.timeout_takeover", self.public_lang(table), player=f"<@{user_id}>")
        mentions = allow_only(user_id)
        with contextlib.suppress(discord.HTTPException):
            if user_id in self.dm_closed or user_id is None:
                await channel.send(text, view=view, allowed_mentions=mentions)
                return
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            panel = self.panels.get((table.game_id, seat))
            if panel is not None:
                panel.buried = True
            if await try_dm(user, content=t("table.away_dm", lang), view=view) is None:
                await channel.send(text, view=view, allowed_mentions=mentions)
            else:
                await channel.send(text, allowed_mentions=NO_MENTIONS)

    # ---------------------------------------------------------------- results
    async def hand_started(self, table: Table, hand_index: int, commitment: str) -> None:
        """Publish the new hand's wall commitment (its seed is revealed with its result)."""
        lang = self.public_lang(table)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                t("table.hand_commitment", lang, hand=hand_index + 1, commitment=commitment),
                allowed_mentions=NO_MENTIONS,
            )

    async def hand_ended(self, table: Table, hand: dict[str, Any]) -> None:
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
        lang = self.public_lang(table)
        names = self.names(table)
        lines = [f"**{t('table.final', lang)}**"]
        for f in sorted(game.final, key=lambda f: f["rank"]):
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
        await self.close_panels(table)
        files = await self.optional_picture("ranking", "ranking.png", game.final, names)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send("\n".join(lines)[:2000], files=files, allowed_mentions=NO_MENTIONS)

    # ---------------------------------------------------------------- restart
    async def restored(self, table: Table) -> None:
        """Take back the messages a table had before a restart (its table message, the living panels):
        once per game, before the first thing it shows."""
        if self.store is None or table.game_id is None or table.game_id in self._loaded:
            return
        self._loaded.add(table.game_id)
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
