"""Reading a league: seasons, settled standings with ratings, player pages and the CSV export."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable, Sequence
from typing import Any

from bot.league.csv_export import games_csv, standings_csv
from bot.league.hand_stats import HandStats, player_hand_stats
from bot.league.ratings import R_START, tenhou_r_changes
from bot.league.ratings import rating_history as both_rating_histories
from bot.league.season import SettledGame, season_game_rows, season_ratings, season_standings, settle_season
from bot.service.league.base import LeagueServiceBase
from bot.service.league.bot_games import HAND_OUTCOMES, stored_hand_outcomes
from bot.service.league.errors import LeagueRefusal
from bot.service.league.model import PlayerPage, SeasonView
from bot.store import League, LeagueGame, Player, Season

log = logging.getLogger(__name__)


class LeagueReading(LeagueServiceBase):
    async def season_of(self, league: League, number: int | None = None) -> Season:
        """Season ``number``, else the open season, else the latest one."""
        seasons = await self.store.seasons(league.id)
        if number is not None:
            for season in seasons:
                if season.number == number:
                    return season
            raise LeagueRefusal("league.error.no_such_season", number=number)
        if not seasons:
            raise LeagueRefusal("league.error.no_season")
        open_seasons = [s for s in seasons if s.ended_at is None]
        return open_seasons[-1] if open_seasons else seasons[-1]

    async def season_view(self, league: League, number: int | None = None) -> SeasonView:
        season = await self.season_of(league, number)
        settings = self.settings_of(league)
        games = await self.store.season_games(season.id)
        settled = settle_season(games, settings, await self.bot_hand_stats(games))
        table = season_standings(settled, settings)
        skill, tenhou = season_ratings(settled) if settled else ({}, {})
        names = await self._names({p.player_id for g in games for p in g.players})
        return SeasonView(league, season, settings, settled, table, names, skill, tenhou)

    async def player_page(self, league: League, player: Player, number: int | None = None) -> PlayerPage:
        view = await self.season_view(league, number)
        standing = next((s for s in view.standings if s.player == player.id), None)
        history = rating_history(view.settled, player.id)
        rated = [[(r.player, r.rank) for r in s.results] for s in view.settled]
        ratings = both_rating_histories(rated, player.id) if standing is not None else None
        recent = [
            (s.game.id, row.final_points, res.rank, res.league_points)
            for s in view.settled
            for row, res in zip(sorted(s.game.players, key=lambda p: p.seat), s.results, strict=True)
            if row.player_id == player.id
        ][-10:]
        return PlayerPage(
            player,
            view.season,
            standing,
            view.skill.get(player.id),
            view.tenhou.get(player.id),
            history,
            recent,
            ratings,
        )

    async def export_csv(self, league: League, number: int | None = None) -> dict[str, str]:
        """CSV files by name: the standings and every seat of every counted game."""
        view = await self.season_view(league, number)
        stem = f"{_slug(league.name)}-season{view.season.number}"
        return {
            f"{stem}-standings.csv": standings_csv(view.standings, view.names),
            f"{stem}-games.csv": games_csv(season_game_rows(view.settled), view.names),
        }

    async def bot_hand_stats(self, games: Sequence[LeagueGame]) -> dict[int, dict[Hashable, HandStats]]:
        """(hands, wins, deal-ins) per player of each bot-played game, keyed by league game id.

        Hands and winners come from the stored hand results; who dealt in from the engine's records,
        rebuilt by replaying the stored decisions (off the event loop, once per game and store).  A game
        whose replay disagrees with its stored results, or cannot be replayed, gets no hand data.
        """
        known = HAND_OUTCOMES.setdefault(self.store, {})
        stats: dict[int, dict[Hashable, HandStats]] = {}
        for game in games:
            if game.source != "bot" or game.game_id is None:
                continue
            if game.game_id not in known:
                record = await self.store.game_record(game.game_id)
                if record.game.status != "finished":
                    continue
                try:
                    known[game.game_id] = await asyncio.to_thread(stored_hand_outcomes, record)
                except Exception as exc:  # an old rule version, a damaged record: leave the game out
                    log.warning("no hand statistics for game %s: %s", game.game_id, exc)
                    known[game.game_id] = None
            outcomes = known[game.game_id]
            if outcomes is not None:
                seats = sorted(game.players, key=lambda p: p.seat)
                stats[game.id] = player_hand_stats(outcomes, [p.player_id for p in seats])
        return stats


def rating_history(settled: Sequence[SettledGame], player_id: int) -> list[float]:
    """Tenhou R of ``player_id`` after each of their games, in order (the same maths as the standings)."""
    rates: dict[Any, float] = {}
    played: dict[Any, int] = {}
    history: list[float] = []
    for game in settled:
        keys = [r.player for r in game.results]
        if len(keys) not in (3, 4):
            continue
        before = [rates.get(k, R_START) for k in keys]
        changes = tenhou_r_changes(before, [played.get(k, 0) for k in keys], [r.rank for r in game.results])
        for key, old, delta in zip(keys, before, changes, strict=True):
            rates[key] = old + delta
            played[key] = played.get(key, 0) + 1
            if key == player_id:
                history.append(rates[key])
    return history


def _slug(name: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in name.strip().lower())
    return "-".join(part for part in kept.split("-") if part) or "league"
