"""CSV text for spreadsheets (pure: rows in, text out).  UTF-8 text, comma separated, CRLF line ends
(Python's csv default, what spreadsheet programs expect); empty cells for unknown values.

Standings columns (``STANDINGS_HEADER``):
  position      1, 2, ... or empty for an unranked player (fewer games than the league's minimum)
  player        the player's display name (or key when no name is known)
  player_id     the player's key (store player id)
  games         games counted
  total         total league points (one decimal)
  average       league points per game
  average_rank  mean placement (1 = always first)
  first_rate    share of games finished first (0-1)
  last_rate     share of games finished last (4th, or 3rd at three players)
  win_rate      wins per hand played (bot-played games only; empty otherwise)
  deal_in_rate  deal-ins per hand played (same)

Games columns (``GAMES_HEADER``), one row per seat of each game:
  game_id, created_at, source (bot/manual/import), status, seat (0 = East), player, player_id,
  final_points, rank, league_points
"""

from __future__ import annotations

import csv
import io
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from bot.league.standings import Standing

STANDINGS_HEADER = (
    "position",
    "player",
    "player_id",
    "games",
    "total",
    "average",
    "average_rank",
    "first_rate",
    "last_rate",
    "win_rate",
    "deal_in_rate",
)
GAMES_HEADER = (
    "game_id",
    "created_at",
    "source",
    "status",
    "seat",
    "player",
    "player_id",
    "final_points",
    "rank",
    "league_points",
)


@dataclass(frozen=True)
class GameRow:
    game_id: int
    created_at: str
    source: str
    status: str
    seat: int
    player_id: Hashable
    final_points: int
    rank: int
    league_points: Decimal


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def _write(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return buffer.getvalue()


def standings_csv(table: Iterable[Standing], names: Mapping[Hashable, str] | None = None) -> str:
    names = names or {}
    return _write(
        STANDINGS_HEADER,
        (
            (
                s.position,
                names.get(s.player, str(s.player)),
                s.player,
                s.games,
                s.total.quantize(Decimal("0.1")),
                s.average,
                s.average_rank,
                s.first_rate,
                s.last_rate,
                s.win_rate,
                s.deal_in_rate,
            )
            for s in table
        ),
    )


def games_csv(rows: Iterable[GameRow], names: Mapping[Hashable, str] | None = None) -> str:
    names = names or {}
    return _write(
        GAMES_HEADER,
        (
            (
                r.game_id,
                r.created_at,
                r.source,
                r.status,
                r.seat,
                names.get(r.player_id, str(r.player_id)),
                r.player_id,
                r.final_points,
                r.rank,
                r.league_points,
            )
            for r in rows
        ),
    )
