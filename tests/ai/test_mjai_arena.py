"""Against the real referee: Mortal's libriichi arena (the `mjai` package) and mjai's own RulebaseBot.

The `mjai` package pins `mahjong` 1.2 where the test extra pins 2.1, so it lives in an environment of its
own: the Python named by `MAHJONG_MJAI_PYTHON`, else `.venv-mjai/bin/python` (`.ci/run` makes it with
`pip install -e ".[mjai]"`).  The arena runs there (`tests/ai/mjai_arena.py`); our bot runs from this
environment (`python -m bot mjai`), one subprocess per seat as mjai.app runs bots.  Without that Python
the tests skip, saying why; under CI=true they fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.cli.simulate import simulate
from tests.ci import unavailable

pytestmark = pytest.mark.mjai_arena

ROOT = Path(__file__).resolve().parents[2]
ARENA = Path(__file__).parent / "mjai_arena.py"
RULEBASE = Path(__file__).parent / "mjai_bots" / "rulebase.py"
OURS = f"{sys.executable} -m bot mjai"


@cache
def _arena_python() -> tuple[str | None, str]:
    python = os.environ.get("MAHJONG_MJAI_PYTHON") or str(ROOT / ".venv-mjai" / "bin" / "python")
    if not Path(python).exists():
        return None, f"no Python with the mjai package at {python} (pip install -e '.[mjai]' into .venv-mjai)"
    probe = subprocess.run(
        [python, "-c", "import mjai.mlibriichi.arena, mjai.bot.rulebase"], capture_output=True, text=True
    )
    if probe.returncode != 0:
        return None, f"{python} cannot import the mjai package: {probe.stderr.strip()[-300:]}"
    return python, ""


@pytest.fixture
def arena_python() -> str:
    python, why = _arena_python()
    if python is None:
        unavailable(why)
    return python


def arena(python: str, seats: list[str], seed: int, games: int, *extra: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [python, str(ARENA), "--seed", str(seed), "--games", str(games), *extra, *seats],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def assert_whole_games_without_refusal(results: list[dict[str, Any]], games: int) -> None:
    assert len(results) == games
    for game in results:
        assert game["errors"] == [], game
        assert game["ended"] and game["hands"] >= 1 and sorted(game["places"]) == [1, 2, 3, 4], game
        assert min(game["acted"]) > 20, game  # every seat played its own turns (not only none)


def test_our_bot_at_all_four_seats_plays_whole_games_with_no_refused_answer(arena_python: str) -> None:
    """Before: a kakan without `consumed` ended a game with `ryukyoku reason:error` (6 in 20 games)."""
    seats = [f"{OURS} --level {level} --seat {{seat}}" for level in ("strong", "normal", "easy", "normal")]
    results = arena(arena_python, seats, seed=37, games=3)
    assert_whole_games_without_refusal(results, 3)


def test_our_bot_at_seat_1_of_a_host_that_sends_no_seat_id(arena_python: str) -> None:
    """riichienv's `{"type": "start_game"}`: the seat comes as an argument, or from the deal alone.
    Before, the bot played seat 0 there, failed at start_kyoku and answered none to everything (the arena
    panicked in its first hand)."""
    for ours in (f"{OURS} --seat {{seat}}", OURS):
        results = arena(arena_python, ["rulebase", ours, "rulebase", "rulebase"], 1, 1, "--no-id")
        assert_whole_games_without_refusal(results, 1)


def test_rulebase_bot_seated_through_simulate_mjai_has_no_fallback(arena_python: str) -> None:
    command = f"{arena_python} {RULEBASE} {{seat}}"
    summary = simulate("riichi", 4, "arena", ai="normal", mjai=command, mjai_seat_choice="rotate")
    report = summary["mjai"]
    assert summary["invariant_failures"] == 0
    assert sorted(report["seats"]) == ["0", "1", "2", "3"]
    assert report["fallbacks"] == 0, report
    assert all(entry["answers"] > 50 for entry in report["seats"].values()), report
