"""The CSV exports parse with Python's csv module and carry the documented header."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from bot.league.csv_export import GAMES_HEADER, STANDINGS_HEADER, GameRow, games_csv, standings_csv
from bot.league.standings import SeatResult, standings


def test_standings_csv_header_and_rows() -> None:
    games = [
        [SeatResult(1, 1, Decimal("45")), SeatResult(2, 2, Decimal("5")), SeatResult(3, 3, Decimal("-15.5"))],
        [SeatResult(1, 2, Decimal("5")), SeatResult(2, 1, Decimal("40")), SeatResult(4, 3, Decimal("-45"))],
    ]
    text = standings_csv(standings(games, min_games=2), names={1: 'Ann "the wall", Jr.', 2: "Bo"})
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == STANDINGS_HEADER
    by_id = {r[2]: dict(zip(STANDINGS_HEADER, r, strict=True)) for r in rows[1:]}
    assert by_id["1"]["player"] == 'Ann "the wall", Jr.'  # quoting survives commas and quotes
    assert (by_id["1"]["position"], by_id["1"]["total"], by_id["1"]["games"]) == ("1", "50.0", "2")
    assert (by_id["2"]["position"], by_id["2"]["total"]) == ("2", "45.0")
    assert by_id["3"]["position"] == "" and by_id["3"]["total"] == "-15.5"  # unranked: one game
    assert by_id["3"]["player"] == "3"  # no name known: the key
    assert by_id["1"]["win_rate"] == ""  # no hand data


def test_games_csv_one_row_per_seat() -> None:
    rows = [
        GameRow(7, "2026-01-01T00:00:00+00:00", "manual", "confirmed", seat, pid, pts, rank, Decimal(lp))
        for seat, (pid, pts, rank, lp) in enumerate(
            [(1, 40000, 1, "50"), (2, 20000, 3, "-20"), (3, 30000, 2, "10")]
        )
    ]
    parsed = list(csv.DictReader(io.StringIO(games_csv(rows, names={2: "Bo"}))))
    assert tuple(parsed[0].keys()) == GAMES_HEADER
    assert [(r["seat"], r["player"], r["final_points"], r["rank"], r["league_points"]) for r in parsed] == [
        ("0", "1", "40000", "1", "50"),
        ("1", "Bo", "20000", "3", "-20"),
        ("2", "3", "30000", "2", "10"),
    ]
