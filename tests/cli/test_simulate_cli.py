"""``mahjong-bot simulate --rules R --games N --seed S [--json] [--db PATH] [--pictures DIR]``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine.actions import Action
from bot.engine.game import Game


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_simulate_json_summary_with_no_invariant_failure(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--rules", rules, "--games", "2", "--seed", "7", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in (
        "games",
        "hands",
        "wins",
        "draws",
        "seconds",
        "invariant_checks",
        "invariant_failures",
        "game_ids",
    ):
        assert key in summary
    assert summary["games"] == 2 and summary["invariant_failures"] == 0
    assert summary["invariant_checks"] == summary["actions"] > 0
    assert summary["hands"] == summary["wins"] + summary["draws"] + summary["aborts"]


def test_simulate_is_reproducible_from_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        main(["simulate", "--rules", "sanma", "--games", "1", "--seed", "abc", "--json"])
        data = json.loads(capsys.readouterr().out)
        runs.append((data["hands"], data["actions"]))
    assert runs[0] == runs[1]


def test_simulate_db_stores_games_that_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sim.sqlite3"
    assert (
        main(["simulate", "--rules", "sanma", "--games", "2", "--seed", "1", "--json", "--db", str(db)]) == 0
    )
    ids = json.loads(capsys.readouterr().out)["game_ids"]
    assert len(ids) == 2

    async def decisions() -> list[list[object]]:
        from bot.store.repository import Store

        store = await Store.open(db)
        try:
            return [d.action for d in await store.load_decisions(ids[0])]  # type: ignore[attr-defined]
        finally:
            await store.close()

    stored = asyncio.run(decisions())
    game = Game("sanma", seed="1:0")
    for raw in stored:
        game.apply(Action.from_json(raw))  # type: ignore[arg-type]
    assert game.over


def test_simulate_pictures_draws_each_game_into_its_folder(tmp_path: Path) -> None:
    assert main(["simulate", "--rules", "sanma", "--games", "2", "--pictures", str(tmp_path)]) == 0
    for game in ("game-1", "game-2"):
        names = {p.name for p in (tmp_path / game).iterdir()}
        assert {"hand01-table-spectator.png", "hand01-table-seat1.png", "ranking.png"} <= names


def test_simulate_pictures_speak_the_chosen_language(tmp_path: Path) -> None:
    """Issue 39: ``--lang`` draws the pictures' texts in zh-TW, zh-CN or ja (the same game otherwise)."""
    drawn = {}
    for lang in ("en", "zh-TW", "zh-CN", "ja"):
        folder = tmp_path / lang
        args = ["simulate", "--rules", "sanma", "--games", "1", "--seed", "lang", "--pictures", str(folder)]
        assert main([*args, "--lang", lang]) == 0
        drawn[lang] = (folder / "game-1" / "ranking.png").read_bytes()
    assert len(set(drawn.values())) == 4  # the ranking's title and headers differ by language


def test_simulate_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--rules", "riichi", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_simulate_with_the_ai_players_has_wins_and_keeps_invariants(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["simulate", "--rules", "riichi", "--games", "1", "--seed", "2", "--ai", "normal", "--json"])
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["wins"] > 0 and summary["invariant_failures"] == 0


def test_simulate_unknown_ai_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "riichi", "--games", "1", "--ai", "grandmaster"]) == 2
    assert "unknown --ai 'grandmaster'" in capsys.readouterr().err
