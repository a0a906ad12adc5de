"""Buttons of the league: DynamicItems whose custom id carries everything they need (restart-proof).

Each button hands its click to the cog, which lends its handlers to the bot under :data:`LEAGUE_CLICKS` when
it loads (a typed key: this module does not import the cog); the view builders say which buttons a message
gets.
Who may press a button is checked in its ``interaction_check``: Void (under /league pending) is for league
admins.  Confirm is for the game's players and admins, and whether a confirmation is still owed is the
service's to decide (it answers with a refusal).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.client import PartKey
from bot.i18n import t
from bot.service.league import SeasonView
from bot.store import LeagueGame
from cogs.interaction import mahjong_bot
from cogs.league.presenters import page_count

MAX_BUTTONS = 25  # 5 action rows of 5


#: What a game button does: confirm (on the game's message), or from /league pending: confirm, void.
GAME_ACTIONS = ("confirm", "pconfirm", "pvoid")


class ClickHandler(Protocol):
    """What the buttons call on the cog (an interface, so this module does not import the cog)."""

    async def game_button_clicked(
        self, interaction: discord.Interaction[Any], action: str, game_id: int
    ) -> None: ...

    async def standings_page_clicked(
        self, interaction: discord.Interaction[Any], league_id: int, season: int, page: int
    ) -> None: ...

    async def may_void(self, interaction: discord.Interaction[Any], game_id: int) -> bool: ...


#: What the league cog lends the bot: the handlers of its buttons.
LEAGUE_CLICKS: PartKey[ClickHandler] = PartKey("the league's button handlers")


def click_handler(interaction: discord.Interaction[Any]) -> ClickHandler | None:
    """The league cog's handlers, None when the cog is not loaded (the click is then left unanswered)."""
    return mahjong_bot(interaction).part(LEAGUE_CLICKS)


def game_view(game: LeagueGame, language: str) -> discord.ui.View | None:
    if game.status != "pending":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton("confirm", game.id, t("league.confirm.button", language)))
    return view


def pending_view(
    to_confirm: Sequence[LeagueGame], stale: Sequence[LeagueGame], language: str
) -> discord.ui.View | None:
    """Buttons under /league pending: Confirm for the user's own games, Confirm/Void for stale ones
    (admins).  At most 5 rows of 5 buttons: the oldest games first, the rest by command."""
    buttons: list[GameButton] = [
        GameButton("pconfirm", g.id, t("league.pending.confirm", language, game=g.id))
        for g in to_confirm[:10]
    ]
    mine = {g.id for g in to_confirm}
    for game in stale[: (MAX_BUTTONS - len(buttons)) // 2]:
        if game.id not in mine:
            buttons.append(
                GameButton("pconfirm", game.id, t("league.pending.confirm", language, game=game.id))
            )
        buttons.append(GameButton("pvoid", game.id, t("league.pending.void", language, game=game.id)))
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons[:MAX_BUTTONS]:
        view.add_item(button)
    return view


def standings_view(view: SeasonView, page: int, language: str) -> discord.ui.View | None:
    pages = page_count(view)
    if pages <= 1:
        return None
    buttons = discord.ui.View(timeout=None)
    for target, key in ((page - 1, "league.standings.previous"), (page + 1, "league.standings.next")):
        button = StandingsPageButton(view.league.id, view.season.number, target, t(key, language))
        button.item.disabled = not 0 <= target < pages
        buttons.add_item(button)
    return buttons


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"league:(?P<action>confirm|pconfirm|pvoid):(?P<game>[0-9]{1,12})",
):
    """A button about one league game; its action and game id are in the custom id (restart-proof)."""

    def __init__(self, action: str, game_id: int, label: str = "Confirm") -> None:
        style = discord.ButtonStyle.danger if action == "pvoid" else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"league:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(match["action"], int(match["game"]))

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        handler = click_handler(interaction)
        if self.action != "pvoid" or handler is None:
            return True
        return await handler.may_void(interaction, self.game_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = click_handler(interaction)
        if handler is not None:
            await handler.game_button_clicked(interaction, self.action, self.game_id)


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"league:standings:(?P<league>[0-9]{1,12}):(?P<season>[0-9]{1,6}):(?P<page>-?[0-9]{1,6})",
):
    def __init__(self, league_id: int, season: int, page: int, label: str = "Page") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"league:standings:{league_id}:{season}:{page}",
            )
        )
        self.league_id, self.season, self.page = league_id, season, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StandingsPageButton:
        return cls(int(match["league"]), int(match["season"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = click_handler(interaction)
        if handler is not None:
            await handler.standings_page_clicked(interaction, self.league_id, self.season, self.page)
