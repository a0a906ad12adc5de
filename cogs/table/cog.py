"""``/mahjong``: the table's slash commands and what its buttons do.  Thin glue over
bot/service/table.py; what the table shows is cogs/table/front.py, how answers go out cogs/interaction.py.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import MahjongBot
from bot.engine.registry import RULE_SETS, load_rules
from bot.i18n import t
from bot.i18n.translator import command_text
from bot.present import rules_title
from bot.service.refusal import Refusal
from bot.service.seats import Seat
from bot.service.table import Table, TableService
from bot.service.table_fairness import verify_game
from bot.service.table_options import option_suggestions
from bot.service.table_panel import choice_label
from cogs.choices import insert_in_group, rule_choices
from cogs.interaction import (
    defer,
    defer_update,
    guarded,
    public_language,
    reply,
    update_message,
    user_language,
)
from cogs.table.front import DiscordTableFront
from cogs.table.replay import replay_command
from cogs.table.review import review_command

log = logging.getLogger(__name__)
MAX_GAME_ID = 2**53 - 1  # Discord's largest integer option


LENGTH_CHOICES = [
    app_commands.Choice(name=command_text(f"cmd.choice.length.{v}"), value=v) for v in ("east", "hanchan")
]


def parse_options(text: str | None) -> dict[str, Any]:
    """``red=0 kuitan=off`` -> {"red": "0", "kuitan": "off"} (the rule set's schema types and checks the
    values: TableService.open)."""
    options: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise Refusal("table.error.bad_options_text", text=word)
        options[key.strip()] = value.strip()
    return options


def available_rules() -> list[str]:
    """Rule sets whose referee exists (the others are refused politely at ``/mahjong new``)."""
    return list(RULE_SETS)


class TableCog(commands.Cog, name="TableCog"):
    mahjong = app_commands.Group(
        name=command_text("cmd.mahjong.name"),
        description=command_text("cmd.mahjong.description"),
        guild_only=True,
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        self.front = DiscordTableFront(bot)
        #: The bot's table service (``MahjongBot.build_services``), shown by this cog's front end.
        self.service: TableService = bot.show_tables_with(self.front)
        new = new_table_command(self, rule_choices())
        insert_in_group(self.mahjong, new, before=self.mahjong.commands[0])

    async def cog_unload(self) -> None:
        # The bot stops the table service (its workers and timers) before it unloads the cogs.
        await self.front.close()

    @property
    def edit_interval(self) -> float:
        return self.front.edit_interval

    @edit_interval.setter
    def edit_interval(self, seconds: float) -> None:
        self.front.edit_interval = seconds

    async def language(self, interaction: discord.Interaction[Any]) -> str:
        """The user's language, remembered for the DMs they will get."""
        lang = await user_language(interaction)
        self.front.user_lang[interaction.user.id] = lang
        return lang

    # ---------------------------------------------------------------- slash commands
    async def open_table(
        self, interaction: discord.Interaction[Any], rules: str, length: str | None, options: str | None
    ) -> None:
        """``/mahjong new`` (:func:`new_table_command`): a lobby in this channel, its message posted."""

        async def work() -> None:
            await self.language(interaction)
            chosen = parse_options(options)
            if length is not None and rules in RULE_SETS and "length" in RULE_SETS[rules].options:
                chosen["length"] = length  # the rule set's schema checks it (TableService.open)
            parent = getattr(interaction.channel, "parent_id", None)
            table = await self.service.open(
                interaction.channel_id or 0,
                interaction.guild_id,
                Seat(interaction.user.display_name, interaction.user.id),
                rules,
                chosen,
                parent_channel_id=parent,
            )
            self.front.table_lang[table.channel_id] = await public_language(self.bot, interaction.guild_id)
            content, view = self.front.lobby_message(table)
            await reply(interaction, content, view=view, ephemeral=False)
            message = await interaction.original_response()
            self.front.table_message[table.channel_id] = message.id
            await self.service.lobby_posted(table, message.id)  # a restarted bot edits this message

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.join.name"), description=command_text("cmd.mahjong.join.description")
    )
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._lobby_command(interaction, "join"))

    @mahjong.command(
        name=command_text("cmd.mahjong.leave.name"), description=command_text("cmd.mahjong.leave.description")
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._lobby_command(interaction, "leave"))

    @mahjong.command(
        name=command_text("cmd.mahjong.addbot.name"),
        description=command_text("cmd.mahjong.addbot.description"),
    )
    @app_commands.describe(level=command_text("cmd.mahjong.opt.level"))
    @app_commands.rename(level=command_text("cmd.optname.level"))
    async def addbot(self, interaction: discord.Interaction[Any], level: str = "normal") -> None:
        await guarded(interaction, self._lobby_command(interaction, "addbot", level))

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

    @mahjong.command(
        name=command_text("cmd.mahjong.start.name"), description=command_text("cmd.mahjong.start.description")
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._lobby_command(interaction, "start"))

    async def _lobby_command(
        self, interaction: discord.Interaction[Any], what: str, level: str = "normal"
    ) -> None:
        lang = await self.language(interaction)
        # Answered once the change is stored and made (a slow store: guarded's watchdog defers first).
        table = await self.lobby_action(interaction, interaction.channel_id or 0, what, level)
        await reply(interaction, t("table.done", lang), ephemeral=True)
        self.front.table_changed_soon(table)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], channel_id: int, what: str, level: str = "normal"
    ) -> Table:
        user = interaction.user
        try:
            if what == "join":
                return await self.service.join(channel_id, Seat(user.display_name, user.id))
            if what == "leave":
                return await self.service.leave(channel_id, user.id)
            if what == "addbot":
                return await self.service.add_computer(channel_id, user.id, level)
            return await self.service.start(channel_id, user.id)
        except Refusal as refusal:  # no lobby here: the table may run in another process
            raise await self.service.lobby_refused(channel_id, refusal) from None

    async def lobby_pressed(self, interaction: discord.Interaction[Any], channel_id: int, what: str) -> None:
        await self.language(interaction)
        table = await self.lobby_action(interaction, channel_id, what)
        if table.status == "lobby":
            content, view = self.front.lobby_message(table)
            await update_message(interaction, content=content, view=view)
        else:
            await defer_update(interaction)  # the table message is redrawn by the worker
            self.front.table_changed_soon(table)

    @mahjong.command(
        name=command_text("cmd.mahjong.hand.name"), description=command_text("cmd.mahjong.hand.description")
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            table = await self.service.channel_table(interaction.channel_id or 0)
            if table is None or table.game_id is None:
                raise Refusal("table.error.not_running")
            await self.show_hand(interaction, table.game_id)

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.status.name"),
        description=command_text("cmd.mahjong.status.description"),
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            table = await self.service.channel_table(interaction.channel_id or 0)  # wherever it runs
            if table is None:
                raise Refusal("table.none")
            content = (
                self.front.lobby_message(table)[0]
                if table.status == "lobby"
                else self.front.table_text(table, lang)
            )
            await reply(interaction, content, ephemeral=True)

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.abort.name"), description=command_text("cmd.mahjong.abort.description")
    )
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            admin = bool(getattr(interaction.permissions, "manage_guild", False))
            ended, votes, needed = await self.service.abort(
                interaction.channel_id or 0, interaction.user.id, admin=admin
            )
            if ended:
                await reply(interaction, t("table.aborted", lang), ephemeral=False)
            else:
                await reply(
                    interaction, t("table.abort_vote", lang, votes=votes, needed=needed), ephemeral=False
                )

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.rules.name"), description=command_text("cmd.mahjong.rules.description")
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            table = await self.service.channel_table(interaction.channel_id or 0)  # wherever it runs
            if table is None:
                raise Refusal("table.none")
            info = RULE_SETS[table.rules]
            referee = table.game.rules if table.game is not None else load_rules(table.rules, table.options)
            count = len(referee.tile_ids())
            shown = " ".join(info.options.shown(table.options)) or "-"
            text = t(
                "table.rules_summary",
                lang,
                title=rules_title(table.rules, lang),
                players=info.players,
                tiles=count,
                options=shown,
            )
            await reply(interaction, text, ephemeral=True)

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.fairness.name"),
        description=command_text("cmd.mahjong.fairness.description"),
    )
    @app_commands.describe(hand=command_text("cmd.mahjong.opt.hand_number"))
    @app_commands.rename(hand=command_text("cmd.optname.hand_number"))
    async def fairness(
        self, interaction: discord.Interaction[Any], hand: app_commands.Range[int, 1, 999] | None = None
    ) -> None:
        async def work() -> None:
            lang = await self.language(interaction)
            game_id = await self.channel_game(interaction)
            check = await verify_game(self.service.store, game_id)
            if not check.hands:
                raise Refusal("table.none")
            if hand is None:
                finished = [h for h in check.hands if h.seed is not None]
                chosen = finished[-1] if finished else check.hands[-1]
            else:
                found = [h for h in check.hands if h.hand + 1 == hand]
                if not found:
                    raise Refusal("table.fairness.no_hand", hand=hand, hands=len(check.hands))
                chosen = found[0]
            if chosen.seed is None:
                text = t("table.fairness.running", lang, hand=chosen.hand + 1, commitment=chosen.commitment)
            else:
                key = "table.fairness.ok" if chosen.ok else "table.fairness.bad"
                text = t(
                    key,
                    lang,
                    hand=chosen.hand + 1,
                    commitment=chosen.commitment,
                    seed=chosen.seed,
                    problems="; ".join(chosen.problems),
                )
            await reply(interaction, text, ephemeral=False)

        await guarded(interaction, work)

    @mahjong.command(
        name=command_text("cmd.mahjong.replay.name"),
        description=command_text("cmd.mahjong.replay.description"),
    )
    @app_commands.describe(
        game=command_text("cmd.mahjong.opt.game"), hand=command_text("cmd.mahjong.opt.hand_number")
    )
    @app_commands.rename(game=command_text("cmd.optname.game"), hand=command_text("cmd.optname.hand_number"))
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, MAX_GAME_ID] | None = None,
        hand: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        await replay_command(interaction, game, hand, self.channel_game)  # cogs/table/replay.py

    @mahjong.command(
        name=command_text("cmd.mahjong.review.name"),
        description=command_text("cmd.mahjong.review.description"),
    )
    @app_commands.describe(
        game=command_text("cmd.mahjong.opt.review_game"), hand=command_text("cmd.mahjong.opt.hand_number")
    )
    @app_commands.rename(game=command_text("cmd.optname.game"), hand=command_text("cmd.optname.hand_number"))
    async def review(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, MAX_GAME_ID],
        hand: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        await review_command(interaction, game, hand)  # cogs/table/review.py

    async def channel_game(self, interaction: discord.Interaction[Any]) -> int:
        """The game of this channel's table, or the channel's last game once its table is gone."""
        table = await self.service.channel_table(interaction.channel_id or 0)
        if table is not None and table.game_id is not None:
            return table.game_id
        store = self.service.store
        if store is not None and interaction.guild_id is not None:
            for game in await store.recent_games(limit=50, guild_id=interaction.guild_id):
                if game.channel_id == interaction.channel_id:
                    return int(game.id)
        raise Refusal("table.none")

    # ---------------------------------------------------------------- buttons
    async def action_pressed(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, seq: int, index: int
    ) -> None:
        lang = await self.language(interaction)
        table = await self.service.find_table(game_id)  # in a cluster: maybe a table run elsewhere
        run_here = self.service.runs_here(table)
        await self.front.touched(table, seat, interaction.message)
        try:
            action = await self.service.decide(game_id, interaction.user.id, seq, index)
        except Refusal as refusal:
            if refusal.key != "error.stale_button" or table.status != "running":
                raise
            await self.send_ephemeral_panel(interaction, table, seat, t(refusal.key, lang))
            await self.front.retire_pressed(table, seat, interaction.message)  # its question is gone
            return
        if table.prompts.get(seat) is not None and (
            not run_here or self.front.hold_for_next_question(table, seat, interaction.message)
        ):
            # The same seat is asked again at once (a discard after a call, the next exchange pick): the
            # worker edits the next question into this panel; "played" here could land after it and
            # take its buttons away.  A table another process runs (a DM press reaches shard 0's
            # process) is shown by that process, which keeps the living panel (this message, as a rule):
            # it edits the question into it, or posts anew and takes its buttons off.
            await defer_update(interaction)
            return
        text = t(
            "table.played", lang, choice=choice_label(action, lang, self.front.red_ids(table), table.rules)
        )
        try:
            await update_message(interaction, content=text, view=None)
        except discord.NotFound:
            message = interaction.message
            if message is None or not message.flags.ephemeral:
                raise
            # A private panel lives on the token of the press that showed it, which Discord expires
            # after 15 minutes: the choice is taken, and the answer is a new private panel.
            await self.send_ephemeral_panel(interaction, table, seat, text)

    async def back_pressed(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        lang = await self.language(interaction)
        await self.service.back(game_id, interaction.user.id)
        await update_message(interaction, content=t("table.welcome_back", lang), view=None)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.language(interaction)
        table = await self.service.find_table(game_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("table.error.not_seated")
        table.running()
        await self.send_ephemeral_panel(interaction, table, seat, None)

    async def send_ephemeral_panel(
        self, interaction: discord.Interaction[Any], table: Table, seat: int, prefix: str | None
    ) -> None:
        lang = await self.language(interaction)
        seq = table.prompts.get(seat)
        game = table.game
        asking = game is not None and seat in game.waiting_for() and seq is not None
        content, view = self.front.panel(table, seat, seq if asking else None, lang)
        if prefix:
            content = f"{prefix}\n{content}"
        # In a DM only the player sees it anyway: a message of its own there (an ephemeral one could be
        # edited only for the 15 minutes its interaction's token lives), the seat's living panel below.
        private = interaction.guild_id is not None
        await defer(interaction, ephemeral=private)
        if not private:
            self.front.bury(table, seat)  # this answer now sits below the living panel in the DM
        picture = await self.front.hand_picture(table, seat, lang)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if picture is not None:
            import io

            extra["file"] = discord.File(io.BytesIO(picture), filename="hand.png")
        sent = await reply(interaction, content, ephemeral=private, **extra)
        if not private and sent is not None and view is not None:
            await self.front.adopt_panel(table, seat, sent)  # it holds the question now


def new_table_command(
    cog: TableCog, rule_sets: Sequence[app_commands.Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    """``/mahjong new``, made with the cog (when the extension loads), so that its ``rules`` choices are
    the rule sets registered then."""

    @app_commands.command(
        name=command_text("cmd.mahjong.new.name"), description=command_text("cmd.mahjong.new.description")
    )
    @app_commands.describe(
        rules=command_text("cmd.mahjong.opt.rules"),
        length=command_text("cmd.mahjong.opt.length"),
        options=command_text("cmd.mahjong.opt.options"),
    )
    @app_commands.choices(rules=list(rule_sets), length=LENGTH_CHOICES)
    @app_commands.rename(
        rules=command_text("cmd.optname.rules"),
        length=command_text("cmd.optname.length"),
        options=command_text("cmd.optname.options"),
    )
    async def new(
        interaction: discord.Interaction[Any],
        rules: str,
        length: str | None = None,
        options: str | None = None,
    ) -> None:
        await cog.open_table(interaction, rules, length, options)

    @new.autocomplete("options")
    async def options_autocomplete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen rule set's common options, completing the word being typed."""
        rules = getattr(interaction.namespace, "rules", None)
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in option_suggestions(rules, current)]

    return new
