"""Reading a CSV file of past games, line by line (pure: bytes in, games and per-line problems out).

The first line names the columns (any order, case and spaces ignored):

  date          required: ``YYYY-MM-DD`` (also ``/`` or ``.``), optionally ``HH:MM``, or ISO 8601 (UTC)
  table         optional: the table label
  east, east_points, south, south_points, west, west_points, north, north_points
                the players (names or Discord mentions) and their final points, East first; also written
                ``player1``/``p1``/``name1`` and ``points1``/``score1``/``p1_points``, ... (3 seats for sanma)
  chombo        optional: players with chombo, ``bob`` or ``bob 2, carol`` (see bot/league/entry.py)
  sticks        optional: deposit sticks left on the table at the end (default 0)
  final_east    optional: who was East in the last hand (the "final East" tie rule needs it for ties)

Comma, semicolon or tab separated (what the header uses), UTF-8 (a spreadsheet's BOM is fine) or UTF-16
with its BOM.  Empty lines and lines starting with ``#`` are skipped.  Line numbers are the file's own
(the header is line 1), so a problem names the line a spreadsheet shows.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from datetime import datetime

from bot.league.entry import (
    EntryError,
    NameRef,
    SeatScore,
    parse_chombo,
    parse_name,
    parse_played_at,
    parse_points,
)

MAX_CSV_BYTES = 1_000_000
MAX_CSV_LINES = 2_000  # a long season; the import holds the store for ~1.4 ms a game (bench_league_import)
WINDS = ("east", "south", "west", "north")


@dataclass(frozen=True)
class CsvGame:
    line: int
    played_at: datetime
    seats: list[SeatScore]
    table: str | None = None
    chombo: list[tuple[NameRef, int]] = field(default_factory=list)
    sticks: int = 0
    final_east: NameRef | None = None


@dataclass(frozen=True)
class LineProblem:
    """What is wrong on one line (line 0: the file as a whole)."""

    line: int
    key: str
    values: dict[str, object]


def _norm(header: str) -> str:
    return "".join(header.split()).replace("_", "").replace("-", "").casefold()


def _seat_columns(seat: int) -> tuple[set[str], set[str]]:
    n = seat + 1
    wind = WINDS[seat]
    names = {wind, f"player{n}", f"p{n}", f"name{n}", f"{wind}player", f"{wind}name"}
    points = {f"{wind}points", f"{wind}score", f"points{n}", f"score{n}", f"p{n}points", f"player{n}points"}
    return names, points


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def read_games_csv(data: bytes, seats: int) -> tuple[list[CsvGame], list[LineProblem]]:
    """The games of the file and the problems found; a file with any problem must record nothing."""
    if len(data) > MAX_CSV_BYTES:
        return [], [LineProblem(0, "league.csv.too_big", {"limit": MAX_CSV_BYTES // 1000})]
    try:
        text = _decode(data)
    except UnicodeDecodeError:
        return [], [LineProblem(0, "league.csv.not_text", {})]
    lines = text.splitlines()
    if len(lines) > MAX_CSV_LINES:
        return [], [LineProblem(0, "league.csv.too_many", {"limit": MAX_CSV_LINES})]
    header_at = next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")), None)
    if header_at is None:
        return [], [LineProblem(0, "league.csv.empty", {})]
    header_line = lines[header_at]
    delimiter = max((",", ";", "\t"), key=header_line.count)
    header = [_norm(h) for h in next(csv.reader([header_line], delimiter=delimiter))]
    columns: dict[str, int] = {}
    for index, name in enumerate(header):
        columns.setdefault(name, index)
    wanted: list[tuple[int, int]] = []
    for seat in range(seats):
        names, points = _seat_columns(seat)
        name_at = next((columns[c] for c in names if c in columns), None)
        points_at = next((columns[c] for c in points if c in columns), None)
        if name_at is None or points_at is None:
            missing = WINDS[seat] if name_at is None else f"{WINDS[seat]}_points"
            return [], [LineProblem(header_at + 1, "league.csv.no_column", {"column": missing})]
        wanted.append((name_at, points_at))
    if "date" not in columns:
        return [], [LineProblem(header_at + 1, "league.csv.no_column", {"column": "date"})]

    games: list[CsvGame] = []
    problems: list[LineProblem] = []
    for offset, line in enumerate(lines[header_at + 1 :], start=header_at + 2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = next(csv.reader([line], delimiter=delimiter))
        try:
            games.append(_game(offset, cells, columns, wanted))
        except EntryError as exc:
            problems.append(LineProblem(offset, exc.key, dict(exc.values)))
    if not games and not problems:
        problems.append(LineProblem(0, "league.csv.empty", {}))
    return games, problems


def _game(line: int, cells: list[str], columns: dict[str, int], wanted: list[tuple[int, int]]) -> CsvGame:
    def cell(index: int | None) -> str:
        return cells[index].strip() if index is not None and index < len(cells) else ""

    needed = max(max(pair) for pair in wanted) + 1
    if len(cells) < needed:
        raise EntryError("league.csv.short_line", cells=len(cells), needed=needed)
    date_text = cell(columns["date"])
    if not date_text:
        raise EntryError("league.csv.no_date")
    seats: list[SeatScore] = []
    for name_at, points_at in wanted:
        name = cell(name_at)
        if not name:
            raise EntryError("league.csv.no_name", column=name_at + 1)
        seats.append(SeatScore(parse_name(name), parse_points(cell(points_at))))
    sticks_text = cell(columns.get("sticks"))
    sticks = parse_points(sticks_text) if sticks_text else 0
    if sticks < 0:
        raise EntryError("league.entry.bad_points", text=sticks_text)
    east = cell(columns.get("finaleast"))
    return CsvGame(
        line,
        parse_played_at(date_text),
        seats,
        table=cell(columns.get("table")) or None,
        chombo=parse_chombo(cell(columns.get("chombo"))),
        sticks=sticks,
        final_east=parse_name(east) if east else None,
    )
