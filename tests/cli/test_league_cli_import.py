"""``mahjong-bot league import LEAGUE FILE [--guests] [--repeats]``: a CSV file of past games recorded from
the terminal, all or nothing, with the same refusals as /league import (issue 35: a file imported twice
records nothing twice unless --repeats says so; a lookalike name is refused).  SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store
from tests.service.clubs import CSV_HEADER, open_club

HEADER = CSV_HEADER
LINES = [
    HEADER,
    "2025-01-05,A,alice,32000,bob,28000,carol,24000,dave,16000",
    "2025-01-06,A,alice,40000,bob,30000,carol,20000,dave,10000",
]


async def make_league(database: str) -> None:
    store = await Store.open(database)
    try:
        await open_club(store, ["alice", "bob", "carol", "dave"])
    finally:
        await store.close()


async def recorded(database: str) -> list[tuple[str, str]]:
    store = await Store.open(database)
    try:
        [league] = await store.all_leagues()
        season = (await store.seasons(league.id))[-1]
        return [(g.source, g.status) for g in await store.season_games(season.id, statuses=("confirmed",))]
    finally:
        await store.close()


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


async def test_a_file_is_imported_once_and_again_only_with_repeats(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await make_league(database)
    path = tmp_path / "season.csv"
    path.write_text("\n".join(LINES), encoding="utf-8")
    words = ["league", "import", "Club", str(path), "--db", database]
    code, out, err = await asyncio.to_thread(run, capsys, *words)
    assert (code, err) == (0, "")
    assert out == "Club: imported 2 game(s) from season.csv, confirmed; they count in season 1.\n"
    code, out, err = await asyncio.to_thread(run, capsys, *words)
    assert code == 2 and out == ""
    assert err.splitlines()[0] == (
        "mahjong-bot league: Nothing was imported into Club: 2 problem(s) in the file. "
        "Fix them and upload the file again."
    )
    assert err.splitlines()[1].startswith("Line 2: This game is already recorded (game ")
    assert len(await recorded(database)) == 2
    code, out, _ = await asyncio.to_thread(run, capsys, *words, "--repeats", "--json")
    assert code == 0 and len(json.loads(out)["games"]) == 2
    assert await recorded(database) == [("import", "confirmed")] * 4


async def test_a_lookalike_guest_is_refused_by_line(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await make_league(database)
    path = tmp_path / "season.csv"
    path.write_text("\n".join([HEADER, "2025-01-05,A,\u0430lice,32000,bob,28000,carol,24000,erin,16000"]))
    code, _, err = await asyncio.to_thread(
        run, capsys, "league", "import", "1", str(path), "--db", database, "--guests"
    )
    assert code == 2
    assert "Line 2: “\u0430lice” looks like <@10>: use a mention or a different name." in err
    assert await recorded(database) == []


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "db.sqlite3"
    asyncio.run(make_league(str(path)))
    code, _, err = run(capsys, "league", "import", "Club", str(tmp_path / "none.csv"), "--db", str(path))
    assert code == 2 and "cannot read" in err and "none.csv" in err
