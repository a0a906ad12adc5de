"""The league service: one object with every use case (admin work, games by hand, imports, reading,
league nights)."""

from __future__ import annotations

from bot.service.league.admin import LeagueAdmin
from bot.service.league.entry import LeagueEntry
from bot.service.league.imports import LeagueImports
from bot.service.league.nights import LeagueNights
from bot.service.league.pending import LeaguePending
from bot.service.league.reading import LeagueReading


class LeagueService(LeagueNights, LeagueAdmin, LeagueEntry, LeagueImports, LeaguePending, LeagueReading):
    """``LeagueService(store, clock=...)``: each method checks who may act, then calls the store."""
