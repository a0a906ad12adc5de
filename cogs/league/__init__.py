"""``/league ...``: thin Discord glue over bot/service/league/.

Who may do what is decided by the service; this cog only says who acts (:class:`Actor`): a league
admin has the league's admin role or Manage Server.  Refusals come back as i18n keys and are answered
ephemerally in the user's language; public messages (games, standings) use the server's language.

Buttons are DynamicItems whose custom id carries everything they need (the league game id, or the
league, season and page of a standings page), so they keep working after the bot restarts.

Answering (cogs/interaction.py, shared with every cog): refusals in the user's language, a store error
as a sentence that names the league's database, every message pinging exactly whom it says.  The
3-second deadline: store calls usually take milliseconds; commands that settle a season, read an
attachment or draw a picture defer first (pictures are drawn with ``asyncio.to_thread``), and the
watchdog of ``guarded`` defers any other answer still in work after ``DEFER_AFTER`` seconds (a busy disk).

Pictures: :func:`leaderboard_picture` draws a standings page with bot/render's leaderboard;
:func:`rating_chart` draws the player's rating history with bot/render's chart (the player embed also
lists the recent R values as text).  A picture that fails is logged and left out: the embeds are complete.

Modules: ``cog`` (the cog: one mixin per concern: ``admin_commands``, ``game_commands``,
``pending_commands`` (with the reminders), ``reading_commands``, ``import_commands``,
``guest_commands``, ``night_commands`` with ``night_presenters``), ``base`` (service, actor, finding a
league or game, the game's message),
``options`` (the command groups, option helpers),
``game_presenters`` and ``presenters`` (embeds and text), ``pictures`` and ``views`` (buttons).
"""

from __future__ import annotations

from bot.client import MahjongBot
from cogs.league.cog import LeagueCog
from cogs.league.views import LEAGUE_CLICKS, GameButton, StandingsPageButton


async def setup(bot: MahjongBot) -> None:
    bot.add_dynamic_items(GameButton, StandingsPageButton)
    cog = LeagueCog(bot)
    await bot.add_cog(cog)
    bot.lend(LEAGUE_CLICKS, cog)


async def teardown(bot: MahjongBot) -> None:
    bot.take_back(LEAGUE_CLICKS)
    bot.remove_dynamic_items(GameButton, StandingsPageButton)
