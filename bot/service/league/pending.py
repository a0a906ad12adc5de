"""Games waiting for confirmation: what waits for me, for whom the league waits, reminders, stale games.

A game entered by hand waits until every player has confirmed it.  ``pending`` answers a player (games
waiting for their click; games they are done with that wait for others) and, for an admin, lists every
pending game of the league, the stale ones (older than the reminder time, or a day when reminders are
off) first, so the admin can confirm or void them.  Reminders are off by default; with the league
setting ``reminder_hours`` the front end asks ``due_reminders`` now and then and pings the players a
game still waits for, once per game (a correction that sends a game back to waiting allows one more).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.league.base import REPORTER_WINDOW, LeagueServiceBase
from bot.service.league.model import Actor
from bot.store import League, LeagueGame


@dataclass(frozen=True)
class PendingGames:
    league: League
    for_me: list[LeagueGame]  # my row is not confirmed yet
    for_others: list[LeagueGame]  # I played or reported it and am done; others are not
    stale: list[LeagueGame]  # for an admin: every pending game of the league waiting longer than stale_after
    stale_after: timedelta


@dataclass(frozen=True)
class Reminder:
    league: League
    game: LeagueGame
    waiting_for: list[int]  # player ids whose confirmation is missing


def waiting_for(game: LeagueGame) -> list[int]:
    return [p.player_id for p in sorted(game.players, key=lambda p: p.seat) if p.confirmed_at is None]


class LeaguePending(LeagueServiceBase):
    def stale_after(self, league: League) -> timedelta:
        hours = self.settings_of(league).reminder_hours
        return timedelta(hours=hours) if hours else REPORTER_WINDOW

    def _age(self, game: LeagueGame) -> timedelta:
        return self._clock() - datetime.fromisoformat(game.created_at)

    async def pending(self, actor: Actor, league: League) -> PendingGames:
        games = await self.store.pending_league_games(league.id)
        mine = [g for g in games if actor.player_id in waiting_for(g)]
        others = [
            g
            for g in games
            if g not in mine
            and (g.reporter_id == actor.player_id or any(p.player_id == actor.player_id for p in g.players))
        ]
        limit = self.stale_after(league)
        stale = [g for g in games if self._age(g) >= limit] if actor.is_admin else []
        return PendingGames(league, mine, others, stale, limit)

    async def due_reminders(self) -> list[Reminder]:
        """Pending games of leagues with reminders on, older than the reminder time, not yet reminded."""
        due: list[Reminder] = []
        leagues: dict[int, League] = {}
        for game in await self.store.pending_league_games():
            if game.reminded_at is not None:
                continue
            season = await self.store.get_season(game.season_id)
            if season.league_id not in leagues:
                leagues[season.league_id] = await self.store.get_league(season.league_id)
            league = leagues[season.league_id]
            hours = self.settings_of(league).reminder_hours
            if hours and self._age(game) >= timedelta(hours=hours):
                due.append(Reminder(league, game, waiting_for(game)))
        return due

    async def reminded(self, reminder: Reminder) -> None:
        await self.store.mark_reminded(reminder.game.id)
