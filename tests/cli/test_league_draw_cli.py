"""``mahjong-bot league draw``: the same draw as a league night, as JSON or a list; bad input exits 2."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from bot.cli import main
from bot.league.night import NightPlan, draw_plan


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(["league", "draw", *words])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_the_nights_draw_east_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--players", "16", "--rounds", "5", "--seed", "s", "--json")
    assert code == 0
    data = json.loads(out)
    night = draw_plan(NightPlan(tuple(range(1, 17)), 5, seed="s"))
    assert data["rounds"] == [[list(t) for t in r.tables] for r in night]
    assert data["byes"] == [[], [], [], [], []]
    pairs = [frozenset(p) for r in data["rounds"] for t in r for p in combinations(t, 2)]
    assert len(pairs) == len(set(pairs)) == 120  # every pair once
    assert data["labels"][1] == ["2A", "2B", "2C", "2D"]


def test_names_and_sanma_tables(capsys: pytest.CaptureFixture[str]) -> None:
    names = ",".join(f"n{i}" for i in range(7))
    code, out, _ = run(capsys, "--players", names, "--rounds", "2", "--table-size", "3", "--json")
    data = json.loads(out)
    assert code == 0 and all(len(t) == 3 for r in data["rounds"] for t in r)
    assert [len(b) for b in data["byes"]] == [1, 1] and set(data["byes"][0]) <= set(names.split(","))
    code, out, _ = run(capsys, "--players", "13", "--rounds", "1", "--sanma-tables", "--json")
    assert sorted(len(t) for t in json.loads(out)["rounds"][0]) == [3, 3, 3, 4]


def test_the_list_names_each_table_and_wind(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--players", "5", "--rounds", "1", "--seed", "x")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Round 1"
    assert lines[1].split()[0] == "1A" and lines[1].split()[1::2] == ["East", "South", "West", "North"]
    assert lines[2].startswith("  bye  ")


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--players", "3", "--rounds", "2"], "3 players cannot fill a table of 4."),
        (["--players", "8", "--rounds", "0"], "A night has 1 to 30 rounds, not 0."),
        (["--players", "a,,b", "--rounds", "2"], "--players has an empty name"),
        (["--players", "a,b,c,a", "--rounds", "2", "--table-size", "3"], "A player is named twice."),
        (["--players", "999", "--rounds", "2"], "--players must be a count from 1 to 256"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], words: list[str], said: str
) -> None:
    code, out, err = run(capsys, *words)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1
