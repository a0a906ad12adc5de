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
with its BOM.  Empty lines and lines starting with ``#`` are skipped.  The file is split into rows by CSV
rules only (a line ends at CR, LF or CRLF outside quotes; a quoted cell may hold line breaks, and U+2028,
U+0085 or a form feed are characters of a cell), and a line number is the row's number, as the
spreadsheet that wrote the file shows it.  A row the csv module cannot read (a cell longer than its
131,072-character limit) is refused with its number like any other bad line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
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


def _skipped(cells: list[str]) -> bool:
    """An empty row, or a comment (its first cell starts with ``#``)."""
    return not any(cell.strip() for cell in cells) or (bool(cells) and cells[0].startswith("#"))


def _rows(text: str, delimiter: str) -> Iterator[tuple[int, list[str] | csv.Error]]:
    """(row number, its cells or the csv module's error), by CSV rules only: io splits lines at CR, LF
    and CRLF alone (never at U+2028, U+0085 or a form feed, as str.splitlines does), the csv module joins
    the lines of a quoted cell."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    number = 0
    while True:
        number += 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield number, exc
            continue
        yield number, cells


def _delimiter(text: str) -> str:
    """What the header uses: the first line with something in it that is not a comment."""
    for line in io.StringIO(text, newline=""):
        if line.strip() and not line.startswith("#"):
            return max((",", ";", "\t"), key=line.count)
    return ","


def read_games_csv(data: bytes, seats: int) -> tuple[list[CsvGame], list[LineProblem]]:
    """The games of the file and the problems found; a file with any problem must record nothing."""
    if len(data) > MAX_CSV_BYTES:
        return [], [LineProblem(0, "league.csv.too_big", {"limit": MAX_CSV_BYTES // 1000})]
    try:
        text = _decode(data)
    except UnicodeDecodeError:
        return [], [LineProblem(0, "league.csv.not_text", {})]
    rows = list(_rows(text, _delimiter(text)))
    if len(rows) > MAX_CSV_LINES:
        return [], [LineProblem(0, "league.csv.too_many", {"limit": MAX_CSV_LINES})]
    unreadable = [
        LineProblem(number, "league.csv.cell_too_long", {"limit": csv.field_size_limit()})
        for number, cells in rows
        if isinstance(cells, csv.Error)
    ]
    readable = [(number, cells) for number, cells in rows if not isinstance(cells, csv.Error)]
    header_at = next((i for i, (_, cells) in enumerate(readable) if not _skipped(cells)), None)
    if header_at is None:
        return [], unreadable or [LineProblem(0, "league.csv.empty", {})]
    header_number, header_cells = readable[header_at]
    if any(problem.line < header_number for problem in unreadable):
        return [], unreadable  # the header itself cannot be found for sure
    header = [_norm(h) for h in header_cells]
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
            return [], [LineProblem(header_number, "league.csv.no_column", {"column": missing})]
        wanted.append((name_at, points_at))
    if "date" not in columns:
        return [], [LineProblem(header_number, "league.csv.no_column", {"column": "date"})]

    games: list[CsvGame] = []
    problems: list[LineProblem] = list(unreadable)
    for number, cells in readable[header_at + 1 :]:
        if _skipped(cells):
            continue
        try:
            games.append(_game(number, cells, columns, wanted))
        except EntryError as exc:
            problems.append(LineProblem(number, exc.key, dict(exc.values)))
    problems.sort(key=lambda problem: problem.line)
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
