"""Leagues without Discord: who may do what, totals, confirmations, corrections, standings and imports.

The cog (cogs/league/) and the terminal (bot/cli/league.py) call :class:`LeagueService`; the table
service calls :func:`record_bot_game` when a game on the bot ends.  Nothing here knows Discord: the
front end says who acts with an :class:`Actor` (their store player id, and whether they administer the
league: a Discord role set in the settings, or Manage Server, decided by the front end).

Refusals are :class:`bot.service.refusal.Refusal` (an i18n key of bot/i18n/league_messages.toml and its
values), so the front end can answer politely in the user's language; the store's own errors
(``StoreError``) carry an English reason that is shown inside a localized sentence.

Rules kept here:
* Only admins change settings, open or close seasons, confirm for other players, or change a game
  after 24 hours.  The reporter may undo or correct their own game within 24 hours.
* Final points entered by hand must add up to the table total (start points x players, less deposit
  sticks still on the table).  Nobody confirms a row but their own (admins excepted, audited).
* A bot-played game counts when its channel (or the thread's parent) is bound to a league with an open
  season of the same rule set and every seat is a human; the players join the league by playing.

Modules: ``base`` (store, clock, finding a league, permission checks), one mixin per use case (``admin``,
``games``, ``imports``, ``reading``) combined in ``service.LeagueService``; ``bot_games`` (games played on
the bot), ``online_records`` (reading a Tenhou record), ``errors`` and ``model`` (what front ends get).
"""

from __future__ import annotations

from bot.service.league.base import REPORTER_WINDOW
from bot.service.league.bot_games import record_bot_game, stored_hand_outcomes
from bot.service.league.errors import ImportNeedsMapping
from bot.service.league.imports import match_names
from bot.service.league.model import Actor, ConfirmOutcome, PlayerPage, SeasonView
from bot.service.league.online_records import OnlineGame, read_online_game
from bot.service.league.reading import rating_history
from bot.service.league.service import LeagueService
from bot.store import StoreError

__all__ = [
    "REPORTER_WINDOW",
    "Actor",
    "ConfirmOutcome",
    "ImportNeedsMapping",
    "LeagueService",
    "OnlineGame",
    "PlayerPage",
    "SeasonView",
    "StoreError",
    "match_names",
    "rating_history",
    "read_online_game",
    "record_bot_game",
    "stored_hand_outcomes",
]
