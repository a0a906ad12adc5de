"""The table's buttons and menus: DynamicItems whose custom id carries everything they need (the
channel or the game, the seat, the seq of the question, the action's index), so they keep working after a
restart.  Each item checks in ``interaction_check`` that the presser owns the seat; the cog does the rest
(it lends its press handlers to the bot under :data:`TABLE_PRESSES` when it loads).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.client import PartKey
from bot.text import whole_number
from cogs.interaction import guarded, mahjong_bot, refuse

ID = r"[0-9]{1,20}"


class TablePresses(Protocol):
    """What the items call on the table cog (cogs/table/cog.py's TableCog): the cog imports the views
    that hold these items, so they reach it through the bot (:data:`TABLE_PRESSES`) and know only these
    methods."""

    async def lobby_pressed(
        self, interaction: discord.Interaction[Any], channel_id: int, what: str
    ) -> None: ...

    async def action_pressed(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, seq: int, index: int
    ) -> None: ...

    async def back_pressed(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...


#: What the table cog lends the bot: the handlers of its buttons and menus.
TABLE_PRESSES: PartKey[TablePresses] = PartKey("the table's press handlers")


def table_cog(interaction: discord.Interaction[Any]) -> TablePresses | None:
    """The table cog's press handlers, None when the cog is not loaded (the press is left unanswered)."""
    return mahjong_bot(interaction).part(TABLE_PRESSES)


async def owns_seat(interaction: discord.Interaction[Any], game_id: int, seat: int) -> bool:
    """True when the presser sits in ``seat`` of ``game_id``; otherwise answered with a refusal.

    A game the bot no longer runs passes: the cog answers "that game is over"."""
    tables = mahjong_bot(interaction).tables
    table = tables.by_game.get(game_id) if tables is not None else None
    if table is None or table.seat_of(interaction.user.id) == seat:
        return True
    return await refuse(interaction, "error.not_your_seat")


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
        cog = table_cog(interaction)
        if cog is not None:
            await guarded(
                interaction, cog.lobby_pressed(interaction, self.channel_id, self.what), component=True
            )


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

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await owns_seat(interaction, self.game_id, self.seat)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = table_cog(interaction)
        if cog is not None:
            await guarded(
                interaction,
                cog.action_pressed(interaction, self.game_id, self.seat, self.seq, self.index),
                component=True,
                store_error="table.paused_press",  # the database is down: not taken, press again
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

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await owns_seat(interaction, self.game_id, self.seat)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = table_cog(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        values: list[Any] = list(data.get("values") or [])
        index = whole_number(str(values[0])) if values else None
        if cog is not None and index is not None:
            await guarded(
                interaction,
                cog.action_pressed(interaction, self.game_id, self.seat, self.seq, index),
                component=True,
                store_error="table.paused_press",
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
        cog = table_cog(interaction)
        if cog is None:
            return
        if self.what == "back":
            await guarded(interaction, cog.back_pressed(interaction, self.game_id), component=True)
        else:
            await guarded(interaction, cog.show_hand(interaction, self.game_id), component=True)


DYNAMIC_ITEMS = (LobbyButton, ActionButton, ActionSelect, SeatButton)
