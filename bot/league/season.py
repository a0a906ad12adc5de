"""A season's stored league games -> settled results, standings, ratings and CSV rows (still pure).

Works on anything shaped like ``bot.store.LeagueGame`` (see the protocols), so the league layer does not
depend on the store.  Only the games passed in count: callers pass the *confirmed* games of one season
(``store.season_games(season_id)``), which come ordered by when they were played (then by id); ratings
are updated in that order.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.league.csv_export import GameRow
from bot.league.hand_stats import HandStats
from bot.league.ratings import SkillRating, TenhouRating, openskill_ratings, tenhou_ratings
from bot.league.settlement import LeagueSettings, Placement, settle_game
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
    @property
    def confirmed_by(self) -> int | None: ...
    @property
    def confirmed_at(self) -> str | None: ...


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
    @property
    def played_at(self) -> str: ...
    @property
    def table_label(self) -> str | None: ...
    @property
    def final_dealer(self) -> int | None: ...
    @property
    def reporter_id(self) -> int | None: ...


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
        placements = settle_one(game, settings)
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


def settle_one(game: LeagueGameRecord, settings: LeagueSettings) -> list[Placement]:
    """Rank and league points per seat of one stored game (whether it counts or not)."""
    rows = sorted(game.players, key=lambda p: p.seat)
    return settle_game(
        [p.final_points for p in rows],
        settings,
        game.leftover,
        chombos=[p.chombo for p in rows],
        final_dealer=game.final_dealer,
    )


def season_standings(settled: Sequence[SettledGame], settings: LeagueSettings) -> list[Standing]:
    return standings((s.results for s in settled), min_games=settings.min_games)


def season_ratings(
    settled: Sequence[SettledGame],
) -> tuple[dict[Hashable, SkillRating], dict[Hashable, TenhouRating]]:
    """(OpenSkill, Tenhou R) after the season's games in order.  Tenhou R needs 3 or 4 players."""
    rated = [[(r.player, r.rank) for r in s.results] for s in settled]
    return openskill_ratings(rated), tenhou_ratings(rated)


@dataclass(frozen=True)
class GameAudit:
    """What the audit log says of one game: corrections made and the history as one line of text."""

    corrections: int = 0
    history: str = ""


def season_game_rows(
    settled: Sequence[SettledGame],
    audit: Mapping[int, GameAudit] | None = None,
    *,
    games: Sequence[LeagueGameRecord] | None = None,
    settings: LeagueSettings | None = None,
) -> list[GameRow]:
    """Rows for :func:`bot.league.csv_export.games_csv`, seat by seat: the settled (counted) games, or
    ``games`` (every game of the season, any status, in order) when given; a game not among the settled
    ones gets its ranks (settled with ``settings``) and no league points.
    """
    if games is None:
        games = [s.game for s in settled]
    counted = {s.game.id: s.results for s in settled}
    rows = []
    for game in games:
        results = counted.get(game.id)
        if results is None and settings is None:
            raise ValueError(f"game {game.id} is not settled: pass the settings to rank it")
        placements = settle_one(game, settings) if results is None and settings is not None else None
        notes = (audit or {}).get(game.id, GameAudit())
        for row in sorted(game.players, key=lambda p: p.seat):
            if results is not None:
                rank, points = results[row.seat].rank, results[row.seat].league_points
            else:
                assert placements is not None
                rank, points = placements[row.seat].rank, None
            rows.append(
                GameRow(
                    game.id,
                    game.created_at,
                    game.source,
                    game.status,
                    row.seat,
                    row.player_id,
                    row.final_points,
                    rank,
                    points,
                    played_at=game.played_at,
                    table=game.table_label,
                    chombo=row.chombo,
                    reported_by=game.reporter_id,
                    confirmed_by=row.confirmed_by,
                    confirmed_at=row.confirmed_at,
                    corrections=notes.corrections,
                    history=notes.history,
                )
            )
    return rows
