"""Buttons of the league: DynamicItems whose custom id carries everything they need (restart-proof).

Each button hands its click to the cog (``LeagueCog``); the view builders say which buttons a message gets.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from bot.i18n import t
from bot.service.league import SeasonView
from bot.store import LeagueGame
from cogs.league.presenters import page_count


@runtime_checkable
class ClickHandler(Protocol):
    """What the buttons call on the cog (an interface, so this module does not import the cog)."""

    async def confirm_clicked(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def standings_page_clicked(
        self, interaction: discord.Interaction[Any], league_id: int, season: int, page: int
    ) -> None: ...


def game_view(game: LeagueGame, language: str) -> discord.ui.View | None:
    if game.status != "pending":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game.id, t("league.confirm.button", language)))
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


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"league:confirm:(?P<game>[0-9]{1,12})"
):
    """A player's confirmation of a league game; the game id is in the custom id (restart-proof)."""

    def __init__(self, game_id: int, label: str = "Confirm") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"league:confirm:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("LeagueCog")
        if isinstance(cog, ClickHandler):
            await cog.confirm_clicked(interaction, self.game_id)


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
        cog = interaction.client.get_cog("LeagueCog")
        if isinstance(cog, ClickHandler):
            await cog.standings_page_clicked(interaction, self.league_id, self.season, self.page)
