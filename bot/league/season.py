"""A season's stored league games -> settled results, standings, ratings and CSV rows (still pure).

Works on anything shaped like ``bot.store.LeagueGame`` (see the protocols), so the league layer does not
depend on the store.  Only the games passed in count: callers pass the *confirmed* games of one season
(``store.season_games(season_id)``), which come ordered by id, i.e. in the order they were recorded;
ratings are updated in that order.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.league.csv_export import GameRow
from bot.league.hand_stats import HandStats
from bot.league.ratings import SkillRating, TenhouRating, openskill_ratings, tenhou_ratings
from bot.league.settlement import LeagueSettings, settle_game
from bot.league.standings import SeatResult, Standing, standings


class LeaguePlayerRow(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def player_id(self) -> int: ...
    @property
    def final_points(self) -> int: ...
    @property
    def chombo(self) -> int: ...


class LeagueGameRecord(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def created_at(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def leftover(self) -> int: ...
    @property
    def players(self) -> Sequence[LeaguePlayerRow]: ...


@dataclass(frozen=True)
class SettledGame:
    game: LeagueGameRecord
    results: list[SeatResult]  # seat order


def settle_season(
    games: Sequence[LeagueGameRecord],
    settings: LeagueSettings,
    hand_stats: Mapping[int, Mapping[Hashable, HandStats]] | None = None,
) -> list[SettledGame]:
    """Settle each game; ``hand_stats[game id][player id]`` adds per-hand data for bot-played games."""
    settled = []
    for game in games:
        rows = sorted(game.players, key=lambda p: p.seat)
        placements = settle_game(
            [p.final_points for p in rows], settings, game.leftover, chombos=[p.chombo for p in rows]
        )
        stats = (hand_stats or {}).get(game.id, {})
        results = []
        for row, placement in zip(rows, placements, strict=True):
            hands = stats.get(row.player_id)
            results.append(
                SeatResult(
                    row.player_id,
                    placement.rank,
                    placement.league_points,
                    hands[0] if hands else None,
                    hands[1] if hands else None,
                    hands[2] if hands else None,
                )
            )
        settled.append(SettledGame(game, results))
    return settled


def season_standings(settled: Sequence[SettledGame], settings: LeagueSettings) -> list[Standing]:
    return standings((s.results for s in settled), min_games=settings.min_games)


def season_ratings(
    settled: Sequence[SettledGame],
) -> tuple[dict[Hashable, SkillRating], dict[Hashable, TenhouRating]]:
    """(OpenSkill, Tenhou R) after the season's games in order.  Tenhou R needs 3 or 4 players."""
    rated = [[(r.player, r.rank) for r in s.results] for s in settled]
    return openskill_ratings(rated), tenhou_ratings(rated)


def season_game_rows(settled: Sequence[SettledGame]) -> list[GameRow]:
    """Rows for :func:`bot.league.csv_export.games_csv`."""
    rows = []
    for s in settled:
        by_seat = {p.seat: p for p in s.game.players}
        for seat, result in enumerate(s.results):
            rows.append(
                GameRow(
                    s.game.id,
                    s.game.created_at,
                    s.game.source,
                    s.game.status,
                    seat,
                    result.player,
                    by_seat[seat].final_points,
                    result.rank,
                    result.league_points,
                )
            )
    return rows
