"""What the league service hands to its front ends: who acts, and the read models of a season."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from bot.league.ratings import RatingHistory, SkillRating, TenhouRating
from bot.league.season import SettledGame
from bot.league.settlement import LeagueSettings
from bot.league.standings import Standing
from bot.store import League, LeagueGame, Player, Season


@dataclass(frozen=True)
class Actor:
    player_id: int
    is_admin: bool = False


@dataclass(frozen=True)
class ConfirmOutcome:
    game: LeagueGame
    confirmed_rows: int  # rows this click confirmed (1 for a player, the remaining rows for an admin)


@dataclass(frozen=True)
class SeasonView:
    """A season settled: standings with names and ratings, ready for an embed, a picture or a CSV."""

    league: League
    season: Season
    settings: LeagueSettings
    settled: list[SettledGame]
    standings: list[Standing]
    names: dict[Hashable, str]
    skill: dict[Any, SkillRating]
    tenhou: dict[Any, TenhouRating]


@dataclass(frozen=True)
class PlayerPage:
    player: Player
    season: Season
    standing: Standing | None
    skill: SkillRating | None
    tenhou: TenhouRating | None
    rating_history: list[float]  # Tenhou R after each of the player's games (starts at R_START)
    recent: list[tuple[int, int, int, Decimal]] = field(default_factory=list)  # game id, points, rank, lp
    # Both ratings before the first game and after each game (the chart's data); None without games.
    ratings: RatingHistory | None = None
    # The player's line in every season they played, oldest first (season-over-season history).
    seasons: list[tuple[Season, Standing]] = field(default_factory=list)


@dataclass(frozen=True)
class SeasonSummary:
    """One season in the archive: its dates, the games counted and who leads (or won)."""

    season: Season
    games: int
    leader: str | None
    leader_total: Decimal | None
    players: int
    #: When its first and last counted games were played (None without games).
    first_game: str | None = None
    last_game: str | None = None

    @property
    def dates(self) -> tuple[str, str | None]:
        """(start, end or None while open): the season's own dates, or its games' when they were played
        before it was opened in the bot (a season imported from a CSV of past games)."""
        season = self.season
        if self.first_game is not None and self.first_game[:10] < season.started_at[:10]:
            return self.first_game, self.last_game if season.ended_at else None
        return season.started_at, season.ended_at
