"""``mahjong-bot league list|standings|export`` on a database built through the league service."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from bot.cli import main
from bot.league.csv_export import GAMES_HEADER, STANDINGS_HEADER
from bot.league.settlement import default_settings
from bot.league.standings import settle_rows, standings
from bot.service.league import Actor, LeagueService
from bot.store import Store

GAMES = [
    (["Ann", "Ben", "Cat", "Dan"], [41000, 29000, 19000, 11000]),
    (["Ben", "Cat", "Dan", "Eve"], [15000, 35000, 30000, 20000]),
    (["Eve", "Ann", "Ben", "Cat"], [25000, 25000, 30000, 20000]),
]


async def build(
    path: Path,
    names: tuple[str, str, str] = ("Admin", "Thursday Club", "Empty"),
    rules: str = "riichi",
    players: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan", "Eve"),
    games: list[tuple[list[str], list[int]]] = GAMES,
) -> dict[str, int]:
    """A database with a ``rules`` league (``names``: its admin, the league, an empty sanma league) whose
    first season has ``games`` among ``players``, every one confirmed."""
    admin_name, league_name, empty_name = names
    store = await Store.open(path)
    try:
        service = LeagueService(store)
        admin = Actor((await service.player(admin_name, discord_id=1)).id, is_admin=True)
        league = await service.create_league(admin, 42, league_name, rules)
        await service.create_league(admin, 42, empty_name, "sanma")
        await service.start_season(admin, league)
        ids = {}
        for i, name in enumerate(players):
            player = await service.player(name, discord_id=100 + i)
            await service.join(league, player)
            ids[name] = player.id
        for seats, points in games:
            game = await service.record_game(
                Actor(ids[seats[0]]), league, [(ids[n], p) for n, p in zip(seats, points, strict=True)]
            )
            await service.confirm(admin, game.id)
        return ids
    finally:
        await store.close()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("league-cli") / "league.sqlite3"
    ids = asyncio.run(build(path))
    return path, ids


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


def test_standings_json_equals_a_direct_computation(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, ids = database
    code, out, _ = run(capsys, "league", "standings", "thursday club", "--db", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    settings = default_settings("riichi")
    expected = standings(
        [settle_rows([(ids[n], p) for n, p in zip(s, pts, strict=True)], settings) for s, pts in GAMES]
    )
    names = {pid: name for name, pid in ids.items()}
    assert data["season"] == 1 and data["games"] == 3
    assert [(r["player"], Decimal(r["total"]), r["games"]) for r in data["standings"]] == [
        (names[s.player], s.total, s.games) for s in expected
    ]


def test_standings_as_text_lists_every_player(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = database
    code, out, _ = run(capsys, "league", "standings", "Thursday Club", "--db", str(path))
    assert code == 0
    assert out.splitlines()[0] == "Thursday Club [riichi], season 1: 3 games"
    body = out.splitlines()[2:]
    assert sorted(line.split()[1] for line in body) == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert [line.split()[0] for line in body] == ["1", "2", "3", "4", "5"]


def test_export_prints_csv_with_the_documented_columns(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = database
    code, out, _ = run(capsys, "league", "export", "Thursday Club", "--db", str(path))
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert tuple(rows[0]) == STANDINGS_HEADER and len(rows) == 6
    code, out, _ = run(capsys, "league", "export", "1", "--db", str(path), "--what", "games")
    games = list(csv.DictReader(io.StringIO(out)))
    assert tuple(games[0]) == GAMES_HEADER and len(games) == 12
    assert [int(g["final_points"]) for g in games[:4]] == GAMES[0][1]


def test_export_to_a_folder_writes_both_files(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = database
    code, out, _ = run(capsys, "league", "export", "Thursday Club", "--db", str(path), "--out", str(tmp_path))
    assert code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["thursday-club-season1-games.csv", "thursday-club-season1-standings.csv"]
    assert sorted(Path(line).name for line in out.splitlines()) == written


def test_list_shows_leagues_and_seasons(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = database
    code, out, _ = run(capsys, "league", "list", "--db", str(path), "--json")
    assert code == 0
    leagues = json.loads(out)["leagues"]
    assert [(lg["name"], [s["number"] for s in lg["seasons"]]) for lg in leagues] == [
        ("Thursday Club", [1]),
        ("Empty", []),
    ]


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["standings", "Nope"], "no league 'Nope' (leagues: 1 'Thursday Club', 2 'Empty')"),
        (["standings", "Thursday Club", "--season", "7"], "There is no season 7."),
        (["export", "Empty"], "This league has no season yet."),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    database: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    path, _ = database
    code, out, err = run(capsys, "league", *words, "--db", str(path))
    assert code == 2 and out == ""
    assert err == f"mahjong-bot league: {message}\n"


def test_a_missing_database_is_not_created(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, _, err = run(capsys, "league", "list", "--db", str(missing))
    assert code == 2 and "no database at" in err
    assert not missing.exists()


def test_the_installed_command_runs_it(database: tuple[Path, dict[str, int]]) -> None:
    path, _ = database
    done = subprocess.run(
        [sys.executable, "-m", "bot", "league", "list", "--db", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Thursday Club" in done.stdout
