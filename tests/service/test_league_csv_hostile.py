"""CSV files of past games as a careless or hostile admin uploads them (issue 35): a cell past the csv
module's 131,072-character limit, line separators other than CR/LF and quoted multi-line cells (line
numbers stay the spreadsheet's row numbers), and the same game twice, in one file or across imports
(refused by line unless the admin says repeats).  Recorded on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
from collections.abc import AsyncIterator

import pytest

from bot.league.csv_import import read_games_csv
from bot.service.league import Actor, LeagueService
from bot.service.refusal import Refusal
from bot.store import League, Store
from tests.service.clubs import CSV_HEADER, open_club

HEADER = CSV_HEADER
GAME = "2025-01-05,A,alice,32000,bob,28000,carol,24000,dave,16000"
OTHER = "2025-01-06,A,alice,40000,bob,30000,carol,20000,dave,10000"


def lines_of(problems: list[object]) -> list[tuple[int, str]]:
    return [(p.line, p.key) for p in problems]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ reading: pure
def test_a_cell_past_the_csv_limit_is_refused_with_its_line() -> None:
    huge = "x" * (csv.field_size_limit() + 1)
    text = "\n".join([HEADER, GAME, f"2025-01-07,A,{huge},1,bob,2,carol,3,dave,4", OTHER, "2025-01-08,A,x,1"])
    games, problems = read_games_csv(text.encode(), 4)
    assert [g.line for g in games] == [2, 4]
    assert lines_of(problems) == [(3, "league.csv.cell_too_long"), (5, "league.csv.short_line")]
    assert problems[0].values == {"limit": 131072}


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"])
def test_only_cr_and_lf_end_a_line_other_separators_are_characters_of_a_cell(separator: str) -> None:
    """str.splitlines() breaks at each of these: the row was cut and every later line number shifted."""
    text = "\r\n".join([HEADER, GAME.replace("carol", f"ca{separator}rol"), OTHER, "2025-01-08,A,x,1"])
    games, problems = read_games_csv(text.encode(), 4)
    assert [g.line for g in games] == [2, 3]
    assert games[0].seats[2].who.text == f"ca{separator}rol"
    assert lines_of(problems) == [(4, "league.csv.short_line")]


def test_a_quoted_cell_over_several_lines_is_one_row_and_keeps_row_numbers() -> None:
    text = "\n".join(
        [HEADER, '2025-01-05,"table\nby the window",alice,32000,bob,28000,carol,24000,dave,16000', OTHER, "x"]
    )
    games, problems = read_games_csv(text.encode(), 4)
    assert [(g.line, g.table) for g in games] == [(2, "table\nby the window"), (3, "A")]
    assert lines_of(problems) == [(4, "league.csv.short_line")]


def test_carriage_returns_alone_end_lines_as_old_spreadsheets_write_them() -> None:
    games, problems = read_games_csv("\r".join([HEADER, GAME, OTHER]).encode(), 4)
    assert [g.line for g in games] == [2, 3] and problems == []


# ------------------------------------------------------------------ duplicates: the service, both backends
@pytest.fixture
async def league(database: str) -> AsyncIterator[tuple[LeagueService, Actor, League]]:
    store = await Store.open(database)
    try:
        service, admin, found, _ = await open_club(store)
        yield service, admin, found
    finally:
        await store.close()


async def recorded(service: LeagueService, found: League) -> int:
    season = await service.season_of(found)
    return len(await service.store.season_games(season.id, statuses=("pending", "confirmed")))


async def test_the_same_game_twice_in_one_file_is_refused_at_its_second_line(
    league: tuple[LeagueService, Actor, League],
) -> None:
    service, admin, found = league
    data = "\n".join([HEADER, GAME, OTHER, GAME.replace(",A,", ",a ,")]).encode()
    with pytest.raises(Refusal) as refused:
        await service.import_csv(admin, found, data, "season.csv", guests=True)
    [detail] = refused.value.details
    assert (detail.key, detail.line, detail.values) == ("league.csv.repeated", 4, {"first": 2})
    assert "Line 4: This game repeats line 2" in str(refused.value)
    assert await recorded(service, found) == 0


async def test_a_file_imported_twice_records_its_games_once(
    league: tuple[LeagueService, Actor, League],
) -> None:
    service, admin, found = league
    data = "\n".join([HEADER, GAME, OTHER]).encode()
    first = await service.import_csv(admin, found, data, "season.csv", guests=True)
    with pytest.raises(Refusal) as refused:
        await service.import_csv(admin, found, data, "season.csv", guests=True)
    assert [(d.key, d.line, d.values) for d in refused.value.details] == [
        ("league.csv.already_recorded", 2, {"game": first[0].id}),
        ("league.csv.already_recorded", 3, {"game": first[1].id}),
    ]
    assert await recorded(service, found) == 2
    # Other points, another table or another day is another game.
    other_day = "\n".join([HEADER, GAME.replace("2025-01-05", "2025-01-09")]).encode()
    assert len(await service.import_csv(admin, found, other_day, "more.csv")) == 1


async def test_repeats_said_on_purpose_are_recorded(league: tuple[LeagueService, Actor, League]) -> None:
    service, admin, found = league
    data = "\n".join([HEADER, GAME, GAME]).encode()
    assert len(await service.import_csv(admin, found, data, "twice.csv", guests=True, repeats=True)) == 2
    assert len(await service.import_csv(admin, found, data, "twice.csv", repeats=True)) == 2
    assert await recorded(service, found) == 4
