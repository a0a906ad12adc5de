"""A new rule set is one package: the toy rule set, registered from this folder, plays through the
referee, ``mahjong-bot simulate`` (in this process and in a subprocess), the terminal game and the
loopback Discord without any other file knowing of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.engine.game import Game
from bot.engine.registry import ENVIRONMENT, RULE_SETS, rule_set
from tests.fakediscord.fixtures import *  # noqa: F403  (the loopback Discord's fixtures)
from tests.rules.toy.descriptor import TOY

ROOT = Path(__file__).resolve().parents[3]


def test_the_registry_knows_the_toy_rule_set_only_while_registered(toy: None) -> None:
    assert rule_set("toy") is TOY
    assert Game("toy", seed="1").rules.players == 3


def test_the_toy_rule_set_is_unknown_without_registering() -> None:
    assert "toy" not in RULE_SETS
    with pytest.raises(ValueError, match="toy"):
        Game("toy", seed="1")


def test_simulate_plays_the_toy_rule_set_with_every_invariant_checked(
    toy: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--rules", "toy", "--games", "3", "--seed", "t", "--json", "--ai", "random"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert summary["games"] == 3 and summary["invariant_failures"] == 0
    # random_play_cap (hands=2) from the descriptor: two hands a game
    assert summary["hands"] == 6
    assert summary["actions"] > 0 and summary["invariant_checks"] == summary["actions"]


def test_simulate_in_a_subprocess_finds_the_rule_set_through_the_environment(tmp_path: Path) -> None:
    env = dict(os.environ, **{ENVIRONMENT: "tests.rules.toy.descriptor"}, PYTHONPATH=str(ROOT))
    db = tmp_path / "toy.sqlite3"
    command = [sys.executable, "-m", "bot", "simulate", "--rules", "toy", "--games", "2", "--seed", "s"]
    done = subprocess.run(
        [*command, "--json", "--ai", "random", "--db", str(db)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and summary["invariant_failures"] == 0
    assert len(summary["game_ids"]) == 2


def test_scoring_a_toy_hand_goes_through_the_descriptor(
    toy: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "--rules", "toy", "123m456p99m", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 200
    assert main(["score", "--rules", "toy", "123m456p19m", "--json"]) == 1


def test_the_terminal_game_plays_the_toy_rule_set_through_the_table_service(
    toy: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n\n" * 200))
    code = main(["play", "--rules", "toy", "--seed", "t", "--ascii"])
    out = capsys.readouterr().out
    assert code in (0, 1) and "Toy rules (test only)" in out
    assert "Your hand:" in out and "=" * 60 in out  # a hand played to its result
    assert ("Final ranking:" in out) == (code == 0)


async def test_the_loopback_discord_plays_the_toy_rule_set_by_dm_buttons(
    toy: None, fake: Any, world: Any, start_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.service.table as table_module
    from tests.discord.test_table_support import finished_table, play_by_dm, table_bot

    # A fixed wall: with a random one the hand can end by the third click (a quick win), and the test
    # asks for a hand played through more presses than that.
    monkeypatch.setattr(table_module, "new_seed", lambda: "toy-dm-test")

    cog = await table_bot(start_bot)
    users = world.players[:3]
    ix = await fake.slash(
        users[0], "mahjong new", {"rules": "toy", "options": "hands=1"}, channel=world.channel
    )
    lobby = ix.original
    assert lobby is not None and "Toy rules" in lobby.content
    for user in users[1:]:
        await fake.click(user, lobby, fake.button_by_label(lobby, "Join"))
    await fake.click(users[0], lobby, f"mj:lobby:{world.channel.id}:start")
    table = cog.service.table_in(world.channel.id)
    assert table is not None and table.rules == "toy"
    clicks = await play_by_dm(fake, users, finished_table(table))
    assert table.status == "finished" and clicks > 3
    await cog.service.idle(table)
    results = [m for m in fake.channel_messages(world.channel) if "result.png" in m.files()]
    assert len(results) == len(table.game.hands) == 1
    fake.check_deadlines()
