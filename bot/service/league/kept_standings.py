"""The league service for a reader who browses every league (the web page): each league with its
seasons, a league or player by id, and settled seasons kept while the season's games stay the same.

Settling and rating a season is pure CPU work (about half a second for a thousand games); reading its
games back and comparing them with the kept ones costs milliseconds.  A reader that shows standings
again and again (the web page) keeps them here, and settles again as soon as a game is added, corrected,
voided or confirmed, or the league's settings change: the store's ``season_revision`` (two small
aggregates) tells, so a kept season costs no reading of its games.  Names are read each time (a player
may rename).
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass

from bot.league.settlement import LeagueSettings
from bot.service.league.model import SeasonView
from bot.service.league.reading import settle_and_rate
from bot.service.league.service import LeagueService
from bot.service.refusal import Refusal
from bot.store import League, NotFound, Player, Season, Store


@dataclass(frozen=True)
class _Kept:
    revision: tuple[int, int, int]  # the store's season_revision when the season was settled
    settings: LeagueSettings
    view: SeasonView
    players: frozenset[int]  # everyone who played a counted game


class LeagueBrowsing(LeagueService):
    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self._kept: dict[int, _Kept] = {}

    async def leagues(self) -> list[tuple[League, list[Season]]]:
        """Every league of every server, by id, with its seasons (oldest first)."""
        return [(league, await self.store.seasons(league.id)) for league in await self.store.all_leagues()]

    async def league(self, league_id: int) -> League:
        try:
            return await self.store.get_league(league_id)
        except NotFound:
            raise Refusal("web.error.no_league", league=league_id) from None

    async def seasons(self, league: League) -> list[Season]:
        return await self.store.seasons(league.id)

    async def player_by_id(self, player_id: int) -> Player:
        try:
            return await self.store.get_player(player_id)
        except NotFound:
            raise Refusal("web.error.no_player", player=player_id) from None

    async def season_view(self, league: League, number: int | None = None) -> SeasonView:
        """As :meth:`LeagueReading.season_view`, settled again only when the season's games changed."""
        season = await self.season_of(league, number)
        settings = self.settings_of(league, season)
        # Read before the games: a change between the two reads leaves a revision older than the games
        # kept, so the next reader settles again (never the other way round).
        revision = await self.store.season_revision(season.id)
        kept = self._kept.get(season.id)
        if kept is None or kept.revision != revision or kept.settings != settings:
            games = await self.store.season_games(season.id)
            hand_stats = await self.bot_hand_stats(games)
            settled, table, skill, tenhou = await asyncio.to_thread(
                settle_and_rate, games, settings, hand_stats
            )
            view = SeasonView(league, season, settings, settled, table, {}, skill, tenhou)
            players = frozenset(p.player_id for g in games for p in g.players)
            kept = _Kept(revision, settings, view, players)
            self._kept[season.id] = kept
        view = kept.view
        names = await self._roster_names(league, kept.players)
        return SeasonView(
            league, season, view.settings, view.settled, view.standings, names, view.skill, view.tenhou
        )

    async def _roster_names(self, league: League, players: frozenset[int]) -> dict[Hashable, str]:
        """Names of the season's players: the league's roster in one query, anyone else one by one."""
        names: dict[Hashable, str] = {
            m.player.id: m.player.display_name for m in await self.store.league_roster(league.id)
        }
        missing = set(players - set(names))
        names.update(await self._names(missing))
        return names
