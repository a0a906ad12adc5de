"""``/mahjong``: tables in channels, hands by DM with a button per legal action.

Split by concern: :mod:`cogs.table.cog` (slash commands and what a press does), :mod:`cogs.table.items`
(the restart-proof buttons and menus, with the seat-ownership check), :mod:`cogs.table.front` (what the
table service's events look like in Discord: the table message, the DM panels, results).  The rules of
the table (lobby, referee loop, persistence, timers, computer seats, resume) are bot/service/table.py.

* Every button and select is a DynamicItem whose custom id carries the game, the seat, the seq of the
  question and the action's index, so it works after a restart; the service refuses a stale press.
* The channel only ever shows the spectator view (``game.view(None)``); hands go by DM, or ephemerally
  to a player whose DMs are closed ("Show my hand" / ``/mahjong hand``), as the table seen from the
  player's seat with their own hand large at the bottom.
* Pictures come from ``bot.table_pictures`` (see :class:`~cogs.table.front.TablePictures`) and are drawn
  off the event loop; without it the table is shown as text.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from cogs.table.cog import TableCog, available_rules, parse_options, rule_choices
from cogs.table.front import MAX_NEW_PER_HAND, DiscordTableFront, TablePictures
from cogs.table.items import DYNAMIC_ITEMS, ActionButton, ActionSelect, LobbyButton, SeatButton

__all__ = [
    "DYNAMIC_ITEMS",
    "MAX_NEW_PER_HAND",
    "ActionButton",
    "ActionSelect",
    "DiscordTableFront",
    "LobbyButton",
    "SeatButton",
    "TableCog",
    "TablePictures",
    "available_rules",
    "parse_options",
]


async def setup(bot: commands.Bot) -> None:
    # The rule sets registered now (a rule set is a package: one registered after this module was first
    # imported, e.g. a test-only one, is offered too).  discord.py keeps a command's choices per parameter.
    TableCog.new._params["rules"].choices = list[Any](rule_choices())
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(TableCog(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
