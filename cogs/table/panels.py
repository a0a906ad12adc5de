"""Each seat's living DM panel: its hand as text, the table seen from its seat as a picture, one
control per legal action.  It is edited on the seat's turns; a new message (a notification on the
player's phone) is posted only when it is wanted: the first question of a hand, a call offer, a turn
after ``QUIET_AFTER`` seconds without one; at most ``MAX_NEW_PER_HAND`` per hand (the rest are edits).
The panel it replaces loses its buttons; when the table closes every panel of the game loses its buttons.
A player whose DMs are closed is mentioned in the channel (allowed to ping only that user) when asked
something, with "Show my hand" beside it; the previous ping is deleted."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
from dataclasses import asdict, replace
from typing import Any

import discord

from bot.client import NO_MENTIONS, try_dm
from bot.engine import Action
from bot.engine import actions as A
from bot.engine.state import CLAIM
from bot.hand.notation import tile_name
from bot.i18n import t
from bot.service.table import Table
from bot.service.table_panel import Choice, choice_label, choices_of, kind_label, layout, tiles_text
from cogs.interaction import pinging
from cogs.table.front_state import FrontState, Panel, log
from cogs.table.items import ActionButton, ActionSelect, SeatButton

#: New DM messages a player gets at most per hand; every other update of the panel is an edit.
MAX_NEW_PER_HAND = 8
#: A turn this long after the player's last new message or click is announced by a new message.
QUIET_AFTER = 45.0


class DmPanels(FrontState):
    """Each seat's living DM panel and the pings of closed-DM players (see the module's docstring)."""

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
        controls = layout(choices_of(legal, lang, red, drawn, rules=table.rules))
        ui = discord.ui.View(timeout=None)
        for row, control in enumerate(controls):
            if control.select:
                options = [self._option(c) for c in control.choices]
                placeholder = kind_label(control.kind, lang, table.rules) if control.kind != "any" else None
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

    async def hand_picture(self, table: Table, seat: int, lang: str) -> bytes | None:
        """The player's picture: the table seen from their seat, their own hand large at the bottom."""
        pictures = self.pictures
        if pictures is None or table.game is None:
            return None
        painter = functools.partial(pictures.table, language=lang)
        return await self.draw(painter, table.game.view(seat), self.names(table))

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        user_id = table.members[seat].user_id
        assert user_id is not None and table.game_id is not None and table.game is not None
        await self.restored(table)
        lang = self.lang_of_user(user_id, table)
        content, view = self.panel(table, seat, seq, lang)
        if user_id in self.dm_closed:
            await self.ping(table, seat, lang)
            return
        picture = await self.hand_picture(table, seat, lang)
        if table.prompts.get(seat) != seq:
            return  # answered while the picture was drawn (a press on an older panel, e.g. before a restart)
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
                await self.unless_closed(table, key, panel)
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
        posted = panel.posted + 1 if panel is not None and panel.hand == hand else 1
        # While the DM was on its way another message may have become the living panel (the answer
        # to a stale press, adopted): it loses its controls too, or nothing would ever take them off.
        adopted = self.panels.get(key)
        asked = self.panels[key] = Panel(sent.channel.id, sent.id, hand, posted, now)
        await self.remember(table, f"panel:{seat}", asdict(asked))  # kept first: then the old ones
        for old in (panel, adopted if adopted is not panel else None):
            if old is not None and old.live and old.message_id != sent.id:
                await self.strip(old)
        await self.unless_closed(table, key, asked)

    def wants_notification(self, panel: Panel, table: Table, hand: int, now: float) -> bool:
        """A new message (a ping on the player's phone) rather than an edit of the living panel."""
        if panel.hand != hand or panel.buried:
            return True  # the first question of a hand, or the panel is no longer the newest DM
        if panel.posted >= MAX_NEW_PER_HAND:
            return False
        assert table.game is not None
        claim = table.game.hand.claim
        if table.game.hand.phase == CLAIM and claim is not None and not claim.decision:
            return True  # a call offer on someone's tile: the player must see it now
        return now - panel.touched >= QUIET_AFTER

    def living_panel(self, table: Table, seat: int) -> Panel | None:
        """The seat's living DM panel in this table's game, if it has one."""
        return self.panels.get((table.game_id or 0, seat))

    def bury(self, table: Table, seat: int) -> None:
        """A message went below the seat's living panel in its DM: the next question is posted anew at
        the bottom, where the player looks (an edit further up would go unseen)."""
        panel = self.living_panel(table, seat)
        if panel is not None:
            panel.buried = True

    async def adopt_panel(self, table: Table, seat: int, message: discord.Message) -> None:
        """A message in the seat's DM that holds its question (a "Show my hand" or a stale press
        answered there) becomes the living panel: the next question is edited into it, the panel it
        replaces loses its controls, and it loses its own when the table closes."""
        assert table.game_id is not None and table.game is not None
        key = (table.game_id, seat)
        old = self.panels.get(key)
        hand = table.game.hand.index
        posted = old.posted + 1 if old is not None and old.hand == hand else 1
        panel = Panel(message.channel.id, message.id, hand, posted, asyncio.get_running_loop().time())
        self.panels[key] = panel
        await self.remember(table, f"panel:{seat}", asdict(panel))
        if old is not None and old.live and old.message_id != message.id:
            await self.strip(old)
        await self.unless_closed(table, key, panel)

    async def unless_closed(self, table: Table, key: tuple[int, int], panel: Panel) -> None:
        """A question that reached the player while its table closed (the send or edit was on its way when
        :meth:`close_panels` ran, or arrived after that strip) loses its controls at once: nothing is
        left to answer, and the panel is no longer one :meth:`close_panels` would find."""
        if table.status == "running":
            return
        if self.panels.get(key) is panel:
            del self.panels[key]
        await self.strip(panel)

    async def retire_pressed(self, table: Table, seat: int, message: discord.Message | None) -> None:
        """A DM message pressed for a question that is gone (a stale press, answered with a new panel
        below it) loses its controls, unless it is the seat's living panel (the next question is
        edited into that one, and it loses its controls when the table closes)."""
        if message is None or message.guild is not None or message.flags.ephemeral:
            return
        panel = self.living_panel(table, seat)
        if panel is not None and panel.message_id == message.id:
            return
        with contextlib.suppress(discord.HTTPException):
            await message.edit(view=None)

    def hold_for_next_question(self, table: Table, seat: int, message: discord.Message | None) -> bool:
        """The seat is asked again at once: when ``message`` is its living panel, leave it as it is (its
        buttons stay until the next question replaces them, or are taken off when that question comes
        as a new message) and return True."""
        panel = self.living_panel(table, seat)
        if panel is None or message is None or message.id != panel.message_id:
            return False
        panel.live = True
        return True

    def dm_message(self, panel: Panel) -> discord.PartialMessage:
        channel = self.bot.get_partial_messageable(panel.channel_id, type=discord.ChannelType.private)
        return channel.get_partial_message(panel.message_id)

    async def strip(self, panel: Panel, **fields: Any) -> None:
        """Take the buttons off a panel (and set its text, if given)."""
        with contextlib.suppress(discord.HTTPException):
            await self.dm_message(panel).edit(view=None, **fields)
        panel.live = False

    async def touched(self, table: Table, seat: int, message: discord.Message | None) -> None:
        """The player clicked on their panel: it is on their screen.  A click on a newer DM than the
        panel kept (posted just before a restart, before it could be kept) makes that DM the living
        panel, so the next question is edited into the message at the bottom of the DM."""
        panel = self.living_panel(table, seat)
        if panel is None or message is None:
            return
        if message.guild is None and message.id > panel.message_id:
            # A new Panel, not the old one changed: a question being posted holds the old one to take
            # its buttons off once Discord answers the send, and the click may come before that answer.
            panel = replace(panel, channel_id=message.channel.id, message_id=message.id, buried=False)
            self.panels[(table.game_id or 0, seat)] = panel
            await self.remember(table, f"panel:{seat}", asdict(panel))
        if panel.message_id == message.id:
            panel.touched = asyncio.get_running_loop().time()
            panel.live = False

    async def pressed_elsewhere(self, table: Table, seat: int) -> None:
        """A press on the seat's panel was taken by another process (shard 0's, in a cluster): the player
        is at their screen, so the next question is edited in as after a click here, not posted anew."""
        panel = self.living_panel(table, seat)
        if panel is not None:
            panel.touched = asyncio.get_running_loop().time()

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
                allowed_mentions=pinging([user_id]),
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
                text, view=self.show_view(table, lang), allowed_mentions=pinging([user_id])
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
        text = t(key, lang, choice=choice_label(action, lang, self.red_ids(table), table.rules))
        panel = self.living_panel(table, seat)
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
        mentions = pinging([user_id] if user_id is not None else [])
        with contextlib.suppress(discord.HTTPException):
            if user_id in self.dm_closed or user_id is None:
                await channel.send(text, view=view, allowed_mentions=mentions)
                return
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            self.bury(table, seat)  # the "away" DM goes below the living panel
            if await try_dm(user, content=t("table.away_dm", lang), view=view) is None:
                await channel.send(text, view=view, allowed_mentions=mentions)
            else:
                await channel.send(text, allowed_mentions=NO_MENTIONS)
