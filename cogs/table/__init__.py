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
* Pictures come from ``bot.table_pictures`` (see :class:`~bot.render.engine_view.TableDrawing`) and are
  drawn off the event loop; without it the table is shown as text.
* The table service is the bot's (``MahjongBot.tables``); the cog's front end shows it
  (``MahjongBot.show_tables_with``), and the cog lends its press handlers to the items (``TABLE_PRESSES``).
"""

from __future__ import annotations

from bot.client import MahjongBot
from cogs.choices import rule_choices
from cogs.table.cog import TableCog, available_rules, parse_options
from cogs.table.front import MAX_NEW_PER_HAND, DiscordTableFront
from cogs.table.items import (
    DYNAMIC_ITEMS,
    TABLE_PRESSES,
    ActionButton,
    ActionSelect,
    LobbyButton,
    SeatButton,
)
from cogs.table.replay import REPLAY_ITEMS

__all__ = [
    "DYNAMIC_ITEMS",
    "MAX_NEW_PER_HAND",
    "ActionButton",
    "ActionSelect",
    "DiscordTableFront",
    "LobbyButton",
    "SeatButton",
    "TableCog",
    "available_rules",
    "parse_options",
    "rule_choices",
]


async def setup(bot: MahjongBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
    cog = TableCog(bot)  # /mahjong new offers the rule sets registered now
    await bot.add_cog(cog)
    bot.lend(TABLE_PRESSES, cog)


async def teardown(bot: MahjongBot) -> None:
    bot.take_back(TABLE_PRESSES)
    bot.remove_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
