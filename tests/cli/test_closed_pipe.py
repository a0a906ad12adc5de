"""A reader that stops reading (``mahjong-bot export 1 | head -c 100``) ends the command quietly: no
BrokenPipeError traceback, no "Exception ignored" line, the status of a program ended by SIGPIPE, for
every command that writes to stdout (issue 35)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import CLOSED_PIPE, main


@pytest.fixture(scope="module")
def stored_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("pipe") / "games.sqlite3"
    argv = ["simulate", "--rules", "sanma", "--games", "1", "--seed", "pipe", "--ai", "random"]
    argv += ["--db", str(db)]
    assert main(argv) == 0
    return db


COMMANDS = {
    "export": ["export", "1", "--db", "DB"],
    "export tenhou6": ["export", "1", "--db", "DB", "--format", "tenhou6"],
    "verify": ["verify", "1", "--db", "DB"],
    "league list": ["league", "list", "--db", "DB"],
    "db check": ["db", "check", "--db", "DB"],
    "simulate": ["simulate", "--rules", "sanma", "--games", "1", "--ai", "random", "--json"],
    "analyze": ["analyze", "--rules", "riichi", "123m456p789s1122z"],
    "score": ["score", "--rules", "riichi", "123m456p789s11122z", "--json"],
    "help": ["--help"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_reader_that_closes_the_pipe_ends_the_command_quietly(command: str, stored_game: Path) -> None:
    argv = [str(stored_game) if word == "DB" else word for word in COMMANDS[command]]
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader is gone before the command writes its first byte
    _, err = process.communicate(timeout=120)
    text = err.decode()
    assert "Traceback" not in text and "BrokenPipe" not in text and "Exception ignored" not in text, text
    assert process.returncode in (CLOSED_PIPE, 0), text  # 0: --help is argparse's, it exits on its own
