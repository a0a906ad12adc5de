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

Games columns (``GAMES_HEADER``), one row per seat of every game of the season, counted or not (an
audit in a spreadsheet sees pending, voided and corrected games too):
  game_id, created_at (when it was recorded), source (bot/manual/import), status (pending/confirmed/void),
  seat (0 = East), player, player_id, final_points, rank,
  league_points   empty when the game does not count (pending or void): summing the column gives the standings
  played_at       when the game was played (the date given for a past game, else when it was recorded)
  table           the table label, if any
  counts          1 when the game counts in the standings, else 0
  chombo          chombo count of this seat
  reported_by     who entered the game (empty for games played on the bot)
  confirmed_by    who confirmed this seat (the player, the reporter for a guest, or an admin)
  confirmed_at    when this seat was confirmed (ISO 8601 UTC; empty while pending)
  corrections     how many times the game's points were corrected
  history         every audited change and every seat's confirmation, oldest first ("when action by whom:
                  detail"; "; " between them)

Text cells that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
return) are written with a leading apostrophe, as spreadsheets expect (OWASP "CSV injection").
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
    "played_at",
    "table",
    "counts",
    "chombo",
    "reported_by",
    "confirmed_by",
    "confirmed_at",
    "corrections",
    "history",
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
    league_points: Decimal | None  # None: the game does not count
    played_at: str = ""
    table: str | None = None
    chombo: int = 0
    reported_by: Hashable | None = None
    confirmed_by: Hashable | None = None
    confirmed_at: str | None = None
    corrections: int = 0
    history: str = ""

    @property
    def counts(self) -> bool:
        return self.league_points is not None


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: str | None) -> str:
    """A user's text (a name, a label) made safe for spreadsheets: never read as a formula."""
    if value is None:
        return ""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


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
                text_cell(names.get(s.player, str(s.player))),
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
    known = names or {}

    def name(key: Hashable | None) -> str:
        return "" if key is None else text_cell(known.get(key, str(key)))

    return _write(
        GAMES_HEADER,
        (
            (
                r.game_id,
                r.created_at,
                r.source,
                r.status,
                r.seat,
                name(r.player_id),
                r.player_id,
                r.final_points,
                r.rank,
                r.league_points,
                r.played_at or r.created_at,
                text_cell(r.table),
                int(r.counts),
                r.chombo,
                name(r.reported_by),
                name(r.confirmed_by),
                r.confirmed_at or "",
                r.corrections,
                text_cell(r.history),
            )
            for r in rows
        ),
    )
