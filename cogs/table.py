"""``/mahjong``: tables in channels, hands by DM with a button per legal action.  Thin glue over
bot/service/table.py (the lobby, the referee loop, persistence, timers, computer seats, resume).

* Every button and select is a DynamicItem whose custom id carries the game, the seat, the seq of the
  question and the action's index, so it works after a restart; the service refuses a stale press.
* One table message per channel, edited after moves at most every ``edit_interval`` seconds (edits are
  coalesced: the latest state is drawn when the edit goes out), so Discord's rate limits are not hit.
* The channel only ever shows the spectator view (``game.view(None)``); hands go by DM, or ephemerally
  to a player whose DMs are closed ("Show my hand" / ``/mahjong hand``).
* Pictures come from ``bot.table_pictures`` (see :class:`TablePictures`) and are drawn off the event
  loop; without it the table is shown as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import try_dm
from bot.engine import Action
from bot.engine import actions as A
from bot.engine.state import CLAIM
from bot.hand.notation import tile_name
from bot.i18n import resolve_language, t
from bot.i18n.translator import command_text
from bot.rules.names import line_name
from bot.rules.registry import RULE_SETS, load_rules
from bot.service.seats import Seat
from bot.service.table import Table, TableRefusal, TableService
from bot.service.table_options import option_suggestions
from bot.service.table_panel import (
    Choice,
    choice_label,
    choices_of,
    kind_label,
    layout,
    public_summary,
    tiles_text,
)
from bot.store import StoreError

log = logging.getLogger(__name__)

RULE_CHOICES = [app_commands.Choice(name=command_text(f"rules.{r}"), value=r) for r in RULE_SETS]
LENGTH_CHOICES = [
    app_commands.Choice(name=command_text(f"table.length.{v}"), value=v) for v in ("east", "hanchan")
]
ID = r"[0-9]{1,20}"


class TablePictures(Protocol):
    """Pictures for the table (bot/render); None means "show text only".  Called in a worker thread."""

    def table(self, view: dict[str, Any], names: list[str]) -> bytes | None: ...

    def hand(self, view: dict[str, Any], seat: int) -> bytes | None: ...

    # Optional (looked up with getattr): ``result(hand_record, names, rules, *, red_ids, language)`` for the
    # picture posted after each hand, ``ranking(final, names)`` for the one at the end of the game.


def parse_options(text: str | None) -> dict[str, Any]:
    """``red=0 kuitan=off`` -> {"red": "0", "kuitan": "off"} (the rule set checks the values)."""
    options: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise TableRefusal("table.error.bad_options_text", text=word)
        options[key.strip()] = int(value) if value.isdigit() else value.strip()
    return options


# ------------------------------------------------------------------------------ dynamic items
def _cog(interaction: discord.Interaction[Any]) -> TableCog | None:
    cog = interaction.client.get_cog("TableCog")
    return cog if isinstance(cog, TableCog) else None


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:lobby:(?P<channel>{ID}):(?P<what>join|leave|addbot|start)",
):
    STYLES = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "addbot": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, channel_id: int, what: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or what, style=self.STYLES[what], custom_id=f"mj:lobby:{channel_id}:{what}"
            )
        )
        self.channel_id, self.what = channel_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["channel"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.guarded(interaction, cog.lobby_pressed(interaction, self.channel_id, self.what))


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:a:(?P<game>{ID}):(?P<seat>[0-9]):(?P<seq>[0-9]{{1,6}}):(?P<index>[0-9]{{1,3}}):(?P<kind>[a-z_]{{1,20}})",
):
    """One legal action of one question; the kind is informative, the index decides."""

    def __init__(
        self,
        game_id: int,
        seat: int,
        seq: int,
        index: int,
        kind: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: Any = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or kind,
                style=style,
                emoji=emoji,
                row=row,
                custom_id=f"mj:a:{game_id}:{seat}:{seq}:{index}:{kind[:20]}",
            )
        )
        self.game_id, self.seat, self.seq, self.index = game_id, seat, seq, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(
            int(match["game"]), int(match["seat"]), int(match["seq"]), int(match["index"]), match["kind"]
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.guarded(
                interaction, cog.action_pressed(interaction, self.game_id, self.seat, self.seq, self.index)
            )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mj:s:(?P<game>{ID}):(?P<seat>[0-9]):(?P<seq>[0-9]{{1,6}}):(?P<part>[0-9]{{1,2}})",
):
    """A menu of legal actions (long lists); each option's value is the action's index."""

    def __init__(
        self,
        game_id: int,
        seat: int,
        seq: int,
        part: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"mj:s:{game_id}:{seat}:{seq}:{part}",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.game_id, self.seat, self.seq = game_id, seat, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["game"]), int(match["seat"]), int(match["seq"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        values: list[Any] = list(data.get("values") or [])
        if cog is not None and values and str(values[0]).isdigit():
            await cog.guarded(
                interaction,
                cog.action_pressed(interaction, self.game_id, self.seat, self.seq, int(values[0])),
            )


class SeatButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:(?P<what>show|back):(?P<game>{ID})",
):
    """ "Show my hand" (ephemeral, for closed DMs) and "I'm back" (take the seat back from the computer)."""

    def __init__(self, what: str, game_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary if what == "back" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or what, style=style, custom_id=f"mj:{what}:{game_id}")
        )
        self.what, self.game_id = what, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeatButton:
        return cls(match["what"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is None:
            return
        if self.what == "back":
            await cog.guarded(interaction, cog.back_pressed(interaction, self.game_id))
        else:
            await cog.guarded(interaction, cog.show_hand(interaction, self.game_id))


DYNAMIC_ITEMS = (LobbyButton, ActionButton, ActionSelect, SeatButton)


# ------------------------------------------------------------------------------ the cog
class TableCog(commands.Cog, name="TableCog"):
    mahjong = app_commands.Group(
        name="mahjong", description=command_text("cmd.mahjong.description"), guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        config = getattr(bot, "config", None)
        self.service = TableService(
            getattr(bot, "store", None),  # type: ignore[arg-type]
            self,
            mjai=getattr(config, "mjai", ()),  # outside AIs the operator configured
        )
        #: Seconds between two edits of a table message (Discord allows about 5 edits per 5 s).
        self.edit_interval = 1.2
        self.user_lang: dict[int, str] = {}
        self.table_lang: dict[int, str] = {}
        self.table_message: dict[int, int] = {}  # channel id -> message id
        self.panels: dict[tuple[int, int], list[discord.Message]] = {}  # (game, seat) -> DM prompts
        self.dm_closed: set[int] = set()
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._flushers: dict[int, asyncio.Task[None]] = {}

    async def cog_unload(self) -> None:
        await self.service.close()
        for task in list(self._flushers.values()):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    @property
    def pictures(self) -> TablePictures | None:
        return getattr(self.bot, "table_pictures", None)

    # ---------------------------------------------------------------- plumbing
    async def guarded(self, interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
        """Run ``work``; a refusal is answered politely and ephemerally, a failure never goes unanswered."""
        lang = await self.language(interaction)
        try:
            await work
        except TableRefusal as refusal:
            await self._say(interaction, t(refusal.key, lang, **refusal.values))
        except Exception:
            log.exception("table interaction failed")
            await self._say(interaction, t("error.generic", lang))

    async def _say(self, interaction: discord.Interaction[Any], text: str, **extra: Any) -> None:
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, **extra)
            else:
                await interaction.response.send_message(text, ephemeral=True, **extra)

    async def language(self, interaction: discord.Interaction[Any]) -> str:
        server = await self._server_language(interaction.guild_id)
        lang = resolve_language(interaction.locale.value, server)
        self.user_lang[interaction.user.id] = lang
        return lang

    async def _server_language(self, guild_id: int | None) -> str | None:
        store = self.service.store
        if store is None or guild_id is None:
            return None
        try:
            language: str | None = await store.get_guild_language(guild_id)
            return language
        except StoreError:
            return None

    def lang_of_user(self, user_id: int | None, table: Table) -> str:
        if user_id is not None and user_id in self.user_lang:
            return self.user_lang[user_id]
        return self.table_lang.get(table.channel_id, "en")

    @staticmethod
    def names(table: Table) -> list[str]:
        return [s.name for s in table.members]

    @staticmethod
    def red_ids(table: Table) -> frozenset[int]:
        if table.game is None:
            return frozenset()
        red: frozenset[int] = getattr(table.game.rules, "red_ids", frozenset())
        return red

    def emoji(self, face: str | None) -> Any:
        emojis = getattr(self.bot, "tile_emojis", None) or {}
        return emojis.get(face) if face else None

    async def _draw(self, painter: Callable[..., bytes | None], *args: Any) -> bytes | None:
        try:
            return await asyncio.to_thread(painter, *args)
        except Exception:
            log.exception("could not draw a picture")
            return None

    # ---------------------------------------------------------------- slash commands
    @mahjong.command(name="new", description=command_text("cmd.mahjong.new.description"))
    @app_commands.describe(
        rules=command_text("cmd.mahjong.opt.rules"),
        length=command_text("cmd.mahjong.opt.length"),
        options=command_text("cmd.mahjong.opt.options"),
    )
    @app_commands.choices(rules=RULE_CHOICES, length=LENGTH_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        rules: str,
        length: str | None = None,
        options: str | None = None,
    ) -> None:
        async def work() -> None:
            await self.language(interaction)
            chosen = parse_options(options)
            if length is not None and rules in RULE_SETS and length in RULE_SETS[rules].lengths:
                chosen["length"] = length
            channel = interaction.channel
            parent = getattr(channel, "parent_id", None)
            table = self.service.open(
                interaction.channel_id or 0,
                interaction.guild_id,
                Seat(interaction.user.display_name, interaction.user.id),
                rules,
                chosen,
                parent_channel_id=parent,
            )
            self.table_lang[table.channel_id] = resolve_language(
                None, await self._server_language(interaction.guild_id)
            )
            content, view = self.lobby_message(table)
            await interaction.response.send_message(content, view=view)
            message = await interaction.original_response()
            self.table_message[table.channel_id] = message.id

        await self.guarded(interaction, work())

    @new.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen rule set's common options, completing the word being typed."""
        rules = getattr(interaction.namespace, "rules", None)
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in option_suggestions(rules, current)]

    @mahjong.command(name="join", description=command_text("cmd.mahjong.join.description"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.guarded(interaction, self._lobby_command(interaction, "join"))

    @mahjong.command(name="leave", description=command_text("cmd.mahjong.leave.description"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.guarded(interaction, self._lobby_command(interaction, "leave"))

    @mahjong.command(name="addbot", description=command_text("cmd.mahjong.addbot.description"))
    @app_commands.describe(level=command_text("cmd.mahjong.opt.level"))
    async def addbot(self, interaction: discord.Interaction[Any], level: str = "normal") -> None:
        await self.guarded(interaction, self._lobby_command(interaction, "addbot", level))

    @addbot.autocomplete("level")
    async def level_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The built-in levels in the user's language, then the outside AIs configured for the table's
        rule set (the service refuses anything else)."""
        table = self.service.table_in(interaction.channel_id or 0)
        lang = await self.language(interaction)
        choices = (
            self.service.computer_choices(table.rules) if table is not None else ["easy", "normal", "strong"]
        )
        named = [
            (t(f"table.level.{c}", lang) if not c.startswith("mjai:") else c.removeprefix("mjai:"), c)
            for c in choices
        ]
        typed = current.casefold()
        return [
            app_commands.Choice(name=name[:100], value=value)
            for name, value in named
            if typed in name.casefold() or typed in value.casefold()
        ][:25]

    @mahjong.command(name="start", description=command_text("cmd.mahjong.start.description"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.guarded(interaction, self._lobby_command(interaction, "start"))

    async def _lobby_command(
        self, interaction: discord.Interaction[Any], what: str, level: str = "normal"
    ) -> None:
        lang = await self.language(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.lobby_action(interaction, interaction.channel_id or 0, what, level)
        await interaction.followup.send(t("table.done", lang), ephemeral=True)
        self.table_changed_soon(table)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], channel_id: int, what: str, level: str = "normal"
    ) -> Table:
        user = interaction.user
        if what == "join":
            return self.service.join(channel_id, Seat(user.display_name, user.id))
        if what == "leave":
            return self.service.leave(channel_id, user.id)
        if what == "addbot":
            return self.service.add_computer(channel_id, user.id, level)
        return await self.service.start(channel_id, user.id)

    async def lobby_pressed(self, interaction: discord.Interaction[Any], channel_id: int, what: str) -> None:
        table = await self.lobby_action(interaction, channel_id, what)
        if table.status == "lobby":
            content, view = self.lobby_message(table)
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.defer()  # the table message is redrawn by the worker
            self.table_changed_soon(table)

    @mahjong.command(name="hand", description=command_text("cmd.mahjong.hand.description"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            table = self.service.table_in(interaction.channel_id or 0)
            if table is None or table.game_id is None:
                raise TableRefusal("table.error.not_running")
            await self.show_hand(interaction, table.game_id)

        await self.guarded(interaction, work())

    @mahjong.command(name="status", description=command_text("cmd.mahjong.status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            table = self.service.table_in(interaction.channel_id or 0)
            if table is None:
                await interaction.response.send_message(t("table.none", lang), ephemeral=True)
                return
            content = (
                self.lobby_message(table)[0] if table.status == "lobby" else self.table_text(table, lang)
            )
            await interaction.response.send_message(content[:2000], ephemeral=True)

        await self.guarded(interaction, work())

    @mahjong.command(name="abort", description=command_text("cmd.mahjong.abort.description"))
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            admin = bool(getattr(interaction.permissions, "manage_guild", False))
            table = self.service.table_in(interaction.channel_id or 0)
            ended, votes, needed = await self.service.abort(
                interaction.channel_id or 0, interaction.user.id, admin=admin
            )
            if ended:
                await interaction.response.send_message(t("table.aborted", lang))
                if table is not None:
                    self.table_changed_soon(table)
            else:
                await interaction.response.send_message(
                    t("table.abort_vote", lang, votes=votes, needed=needed)
                )

        await self.guarded(interaction, work())

    @mahjong.command(name="rules", description=command_text("cmd.mahjong.rules.description"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            table = self.service.table_in(interaction.channel_id or 0)
            if table is None:
                await interaction.response.send_message(t("table.none", lang), ephemeral=True)
                return
            info = RULE_SETS[table.rules]
            referee = table.game.rules if table.game is not None else load_rules(table.rules, table.options)
            count = len(referee.tile_ids())
            shown = " ".join(f"{k}={v}" for k, v in table.options.items()) or "-"
            text = t(
                "table.rules_summary",
                lang,
                title=t(f"rules.{table.rules}", lang),
                players=info.players,
                tiles=count,
                options=shown,
            )
            await interaction.response.send_message(text, ephemeral=True)

        await self.guarded(interaction, work())

    @mahjong.command(name="fairness", description=command_text("cmd.mahjong.fairness.description"))
    async def fairness(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            table = self.service.table_in(interaction.channel_id or 0)
            if table is None or table.game is None:
                await interaction.response.send_message(t("table.none", lang), ephemeral=True)
                return
            seeds = " ".join(f"`{i + 1}:{s}`" for i, s in enumerate(table.revealed_seeds())) or "-"
            text = t("table.fairness", lang, commitment=table.commitment() or "-", seeds=seeds)
            await interaction.response.send_message(text[:2000])

        await self.guarded(interaction, work())

    # ---------------------------------------------------------------- buttons
    async def action_pressed(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, seq: int, index: int
    ) -> None:
        lang = await self.language(interaction)
        table = await self.service.find_table(game_id)  # in a cluster: maybe a table run elsewhere
        if table.seat_of(interaction.user.id) != seat:
            raise TableRefusal("error.not_your_seat")
        try:
            action = await self.service.decide(game_id, interaction.user.id, seq, index)
        except TableRefusal as refusal:
            if refusal.key != "error.stale_button" or table.status != "running":
                raise
            await self.send_ephemeral_panel(interaction, table, seat, t(refusal.key, lang))
            return
        text = t("table.played", lang, choice=choice_label(action, lang, self.red_ids(table)))
        await interaction.response.edit_message(content=text, view=None)
        await self._close_other_panels(game_id, seat, keep=interaction.message)

    async def back_pressed(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        lang = await self.language(interaction)
        await self.service.back(game_id, interaction.user.id)
        await interaction.response.edit_message(content=t("table.welcome_back", lang), view=None)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.language(interaction)
        table = await self.service.find_table(game_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableRefusal("table.error.not_seated")
        table.running()
        await self.send_ephemeral_panel(interaction, table, seat, None)

    async def send_ephemeral_panel(
        self, interaction: discord.Interaction[Any], table: Table, seat: int, prefix: str | None
    ) -> None:
        lang = self.user_lang.get(interaction.user.id, "en")
        seq = table.prompts.get(seat)
        game = table.game
        asking = game is not None and seat in game.waiting_for() and seq is not None
        content, view = self.panel(table, seat, seq if asking else None, lang)
        if prefix:
            content = f"{prefix}\n{content}"
        await interaction.response.defer(ephemeral=True, thinking=True)
        picture = await self._hand_picture(table, seat)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if picture is not None:
            extra["file"] = discord.File(io.BytesIO(picture), filename="hand.png")
        await interaction.followup.send(content[:2000], ephemeral=True, **extra)

    # ---------------------------------------------------------------- messages
    def lobby_message(self, table: Table) -> tuple[str, discord.ui.View]:
        lang = self.table_lang.get(table.channel_id, "en")
        seats = ", ".join(s.name for s in table.members) + f" ({len(table.members)}/{table.players})"
        owner = next((s.name for s in table.members if s.user_id == table.creator_id), "?")
        content = t("table.lobby", lang, rules=t(f"rules.{table.rules}", lang), owner=owner, seats=seats)
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
        game = table.game
        assert game is not None
        view = game.view(None)  # the spectator view: nothing concealed
        text = public_summary(view, self.names(table), lang, self.red_ids(table))
        deadline = max(table.deadlines.values(), default=None)
        when = f"<t:{int(deadline)}:R>" if deadline is not None else ""
        if not game.over:
            if game.hand.phase == CLAIM:
                text += "\n" + t("table.waiting_calls", lang, when=when)
            else:
                names = ", ".join(self.names(table)[s] for s in view["waiting_for"])
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
        lines.append(t("table.your_hand", lang, tiles=tiles_text(hand, red)))
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

    async def _hand_picture(self, table: Table, seat: int) -> bytes | None:
        pictures = self.pictures
        if pictures is None or table.game is None:
            return None
        return await self._draw(pictures.hand, table.game.view(seat), seat)

    async def _close_other_panels(self, game_id: int, seat: int, keep: discord.Message | None) -> None:
        for message in self.panels.pop((game_id, seat), []):
            if keep is not None and message.id == keep.id:
                continue
            with contextlib.suppress(discord.HTTPException):
                await message.edit(view=None)

    # ---------------------------------------------------------------- the listener (service -> Discord)
    def table_changed_soon(self, table: Table) -> None:
        self._dirty.add(table.channel_id)
        task = self._flushers.get(table.channel_id)
        if task is None or task.done():
            self._flushers[table.channel_id] = asyncio.get_running_loop().create_task(self._flush(table))

    async def table_changed(self, table: Table) -> None:
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
        lang = self.table_lang.get(table.channel_id, "en")
        channel = self.bot.get_partial_messageable(table.channel_id)
        picture = None
        if table.status == "lobby":
            content, view = self.lobby_message(table)
        elif table.status == "aborted" or table.game is None or table.game_id is None:
            content, view = t("table.aborted", lang), discord.ui.View(timeout=None)
        else:
            content = self.table_text(table, lang)
            view = discord.ui.View(timeout=None)
            if table.status == "running":
                view.add_item(SeatButton("show", table.game_id, t("table.show_hand", lang)))
            if self.pictures is not None:
                picture = await self._draw(self.pictures.table, table.game.view(None), self.names(table))
        attachments = [discord.File(io.BytesIO(picture), filename="table.png")] if picture else []
        message_id = self.table_message.get(table.channel_id)
        if message_id is None:
            message = await channel.send(content, view=view, files=attachments)
            self.table_message[table.channel_id] = message_id = message.id
        else:
            await channel.get_partial_message(message_id).edit(
                content=content, view=view, attachments=attachments
            )
        if table.status == "running":  # so a process taking the table over edits this message too
            await self.service.remember_table_message(table, message_id)

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        user_id = table.members[seat].user_id
        assert user_id is not None and table.game_id is not None
        lang = self.lang_of_user(user_id, table)
        content, view = self.panel(table, seat, seq, lang)
        if user_id in self.dm_closed:
            return  # they play through "Show my hand"; the table message shows the deadline
        user = self.bot.get_user(user_id)
        try:
            if user is None:
                user = await self.bot.fetch_user(user_id)
            picture = await self._hand_picture(table, seat)
            extra: dict[str, Any] = {}
            if picture is not None:
                extra["file"] = discord.File(io.BytesIO(picture), filename="hand.png")
            sent = await try_dm(user, content=content[:2000], view=view, **extra)
        except discord.HTTPException:
            log.warning("could not send the hand of seat %d in game %s", seat, table.game_id, exc_info=True)
            return
        if sent is None:
            self.dm_closed.add(user_id)
            channel = self.bot.get_partial_messageable(table.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(
                    t("table.dm_closed", self.table_lang.get(table.channel_id, "en"), player=f"<@{user_id}>"),
                    view=self._show_view(table, lang),
                )
            return
        self.panels.setdefault((table.game_id, seat), []).append(sent)

    def _show_view(self, table: Table, lang: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        assert table.game_id is not None
        view.add_item(SeatButton("show", table.game_id, t("table.show_hand", lang)))
        return view

    async def prompt_closed(self, table: Table, seat: int, seq: int, action: Action, reason: str) -> None:
        assert table.game_id is not None
        lang = self.lang_of_user(table.members[seat].user_id, table)
        key = "table.timed_out" if reason == "timeout" else "table.computer_played"
        text = t(key, lang, choice=choice_label(action, lang, self.red_ids(table)))
        for message in self.panels.pop((table.game_id, seat), []):
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=text, view=None)

    async def seat_away(self, table: Table, seat: int) -> None:
        user_id = table.members[seat].user_id
        assert table.game_id is not None
        lang = self.lang_of_user(user_id, table)
        view = discord.ui.View(timeout=None)
        view.add_item(SeatButton("back", table.game_id, t("table.im_back", lang)))
        channel = self.bot.get_partial_messageable(table.channel_id)
        text = t(
            "table.timeout_takeover", self.table_lang.get(table.channel_id, "en"), player=f"<@{user_id}>"
        )
        with contextlib.suppress(discord.HTTPException):
            if user_id in self.dm_closed or user_id is None:
                await channel.send(text, view=view)
                return
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            if await try_dm(user, content=t("table.away_dm", lang), view=view) is None:
                await channel.send(text, view=view)
            else:
                await channel.send(text)

    async def hand_ended(self, table: Table, hand: dict[str, Any]) -> None:
        lang = self.table_lang.get(table.channel_id, "en")
        names = self.names(table)
        red = self.red_ids(table)
        result = hand["result"]
        lines = []
        for win in result["wins"]:
            yaku = ", ".join(
                " ".join([line_name(table.rules, str(line[0]), lang), *(str(part) for part in line[1:])])
                for line in win.get("yaku", [])
            )
            how = t("table.action.tsumo" if win.get("from") is None else "table.action.ron", lang)
            value = " ".join(
                f"{win[k]}{k}" for k in ("han", "fu", "fan", "tai") if isinstance(win.get(k), int) and win[k]
            )
            tile = tile_name(win["tile"], red) if isinstance(win.get("tile"), int) else ""
            detail = f"{how} {tile} · {value} · {yaku}".strip(" ·")
            lines.append(t("table.result.win", lang, winner=names[win["seat"]], detail=detail))
        if not result["wins"]:
            ready = ", ".join(names[s] for s in result.get("tenpai", [])) or "-"
            lines.append(
                t("table.result.draw", lang, reason=result.get("reason") or result["kind"], ready=ready)
            )
        changes = ", ".join(f"{names[s]} {d:+}" for s, d in enumerate(result["deltas"]) if d)
        lines.append(t("table.result.changes", lang, changes=changes or "-"))
        seeds = table.revealed_seeds()
        if seeds:
            lines.append(t("table.result.seed", lang, seed=seeds[-1]))
        files = await self._optional_picture(
            "result", "result.png", hand, names, table.rules, red_ids=red, language=lang
        )
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send("\n".join(lines)[:2000], files=files)

    async def _optional_picture(
        self, kind: str, filename: str, *args: Any, **options: Any
    ) -> list[discord.File]:
        painter = getattr(self.pictures, kind, None)
        if painter is not None and options:
            painter = functools.partial(painter, **options)
        picture = await self._draw(painter, *args) if painter is not None else None
        return [discord.File(io.BytesIO(picture), filename=filename)] if picture else []

    async def game_ended(self, table: Table) -> None:
        game = table.game
        assert game is not None and game.final is not None and table.game_id is not None
        lang = self.table_lang.get(table.channel_id, "en")
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
        for seat in range(len(table.members)):
            await self._close_other_panels(table.game_id, seat, None)
        files = await self._optional_picture("ranking", "ranking.png", game.final, names)
        channel = self.bot.get_partial_messageable(table.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send("\n".join(lines)[:2000], files=files)

    # ---------------------------------------------------------------- restart
    async def adopted(self, table: Table) -> None:
        """A table taken over from a process that stopped (bot/service/cluster.py): its language, and
        the table message its old owner posted (edited from now on, not posted again)."""
        self.table_lang[table.channel_id] = resolve_language(
            None, await self._server_language(table.guild_id)
        )
        message_id = await self.service.stored_table_message(table)
        if message_id is not None:
            self.table_message[table.channel_id] = message_id

    async def restore(self) -> list[Table]:
        """Replay every unfinished game of the store; its old buttons work again (DynamicItems)."""
        if self.service.store is None:
            return []
        tables = await self.service.restore()
        for table in tables:
            self.table_lang[table.channel_id] = resolve_language(
                None, await self._server_language(table.guild_id)
            )
        return tables


def available_rules() -> list[str]:
    """Rule sets whose referee exists (the others are refused politely at ``/mahjong new``)."""
    return list(RULE_SETS)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(TableCog(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
