"""`mahjong-bot run` as an operator meets it (issue 34): /health and /metrics answer from the start, the
configuration is checked before the Discord login, and a login Discord does not answer is one line (one
JSON object under JSON logs), never a traceback.

Discord here is the loopback fake (tests/fakediscord), a port that accepts connections and never answers
(the kernel completes the handshake of a listening socket that nobody accepts from), or a port nothing
listens on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from discord.http import Route

from bot.cli import main
from bot.cli.run import serve
from bot.client import MahjongBot
from bot.config import BotConfig
from bot.store import Store
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import World, fake_in_thread

API = "/api/v10"


@pytest.fixture(autouse=True)
def _logging_restored() -> Iterator[None]:
    """`run` sets up the root logger for its process; each test gets the one it had back."""
    root, http = logging.getLogger(), logging.getLogger("discord.http")
    handlers, level, http_level = list(root.handlers), root.level, http.level
    yield
    root.handlers[:], root.level = handlers, level
    http.setLevel(http_level)


@contextlib.contextmanager
def silent_discord() -> Iterator[str]:
    """A Discord that never answers: connections are accepted (by the kernel) and nothing is ever read."""
    with socket.create_server(("127.0.0.1", 0), backlog=16) as listening:
        yield f"http://127.0.0.1:{listening.getsockname()[1]}{API}"


@contextlib.contextmanager
def unreachable_discord() -> Iterator[str]:
    """A Discord that cannot be reached: a port nothing listens on (the connection is refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    yield f"http://127.0.0.1:{port}{API}"


DISCORDS = {"never answers": silent_discord, "unreachable": unreachable_discord}
FAILURE_WORDS = {
    "never answers": "did not answer the login within 1 s",
    "unreachable": "cannot reach Discord",
}


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *flags: str) -> int:
    """``mahjong-bot run FLAGS`` in an empty folder (no data/config.toml), with a token in the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    for name in ("MAHJONG_DATABASE", "MAHJONG_LOG_FORMAT", "MAHJONG_METRICS_PORT", "MAHJONG_LOGIN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    return main(["run", "--database", str(tmp_path / "bot.sqlite3"), *flags])


def json_entries(out: str) -> list[dict[str, Any]]:
    """Every line of ``out`` as a JSON object (a line that is not one fails the test)."""
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def failure_line(out: str, err: str, log_format: str) -> str:
    """The one line saying why `run` stopped: on stderr, or under JSON logs the one ERROR object on
    stdout (no traceback inside it, nothing on stderr)."""
    assert "Traceback" not in out + err
    if log_format == "json":
        errors = [entry for entry in json_entries(out) if entry["level"] == "ERROR"]
        assert len(errors) == 1 and "error" not in errors[0] and err == "", out + err
        return str(errors[0]["message"])
    said = [line for line in err.splitlines() if line.startswith("mahjong-bot run:")]
    assert len(said) == 1, err
    return said[0]


@pytest.mark.parametrize("discord", sorted(DISCORDS))
@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_login_discord_does_not_answer_is_one_line_and_exit_1(
    discord: str,
    log_format: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with DISCORDS[discord]() as base:
        monkeypatch.setattr(Route, "BASE", base)
        code = run_bot(tmp_path, monkeypatch, "--login-timeout", "1", "--log-format", log_format)

    out, err = capsys.readouterr()
    assert code == 1
    line = failure_line(out, err, log_format)
    assert line.startswith("mahjong-bot run: ") and FAILURE_WORDS[discord] in line and base in line
    assert "a-token" not in out + err


@pytest.mark.parametrize(
    ("case", "flags", "words"),
    [
        (
            "database unreachable",
            ("--database", f"postgresql://mahjong:secret@127.0.0.1:{closed_port()}/m"),
            "cannot connect to the database",
        ),
        ("shards on SQLite", ("--shard-count", "2", "--shard-ids", "1"), "must share a PostgreSQL database"),
        ("database of a newer program", (), "newer than this program"),
        ("metrics port taken", ("--metrics-port", "{taken}"), "cannot serve /health and /metrics"),
    ],
)
@pytest.mark.parametrize("log_format", ["text", "json"])
def test_the_configuration_is_checked_before_the_login_one_line_and_exit_2(
    case: str,
    flags: tuple[str, ...],
    words: str,
    log_format: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if case == "database of a newer program":
        asyncio.run(_newer_database(tmp_path / "bot.sqlite3"))
    with socket.create_server(("127.0.0.1", 0)) as taken, fake_in_thread() as fake:
        flags = tuple(f.format(taken=taken.getsockname()[1]) for f in flags)
        code = run_bot(tmp_path, monkeypatch, "--log-format", log_format, *flags)

    out, err = capsys.readouterr()
    assert code == 2
    assert fake.requests == []  # refused before a word to Discord
    assert words in failure_line(out, err, log_format) and "secret" not in out + err


async def _newer_database(path: Path) -> None:
    async with await Store.open(path) as store:
        await store.db.execute("INSERT INTO schema_version (version, applied_at) VALUES (999, '2030-01-01')")


async def _get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as answer:
        return answer.status, await answer.text()


async def test_health_and_metrics_answer_while_discord_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    login_attempted = asyncio.Event()
    waiting: list[asyncio.Task[Any]] = []

    async def never_answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        waiting.append(asyncio.current_task())  # type: ignore[arg-type]
        login_attempted.set()
        await asyncio.Event().wait()

    silent = await asyncio.start_server(never_answer, "127.0.0.1", 0)
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{silent.sockets[0].getsockname()[1]}{API}")
    config = BotConfig(token="a-token", database=tmp_path / "bot.sqlite3", metrics_port=0)
    bot = MahjongBot(config)
    stop = asyncio.Event()
    serving = asyncio.create_task(serve(bot, "a-token", stop, login_timeout=60))
    try:
        await asyncio.wait_for(login_attempted.wait(), 10)
        assert bot.metrics_server is not None
        port = bot.metrics_server.port
        status, text = await _get(port, "/health")
        assert status == 503
        assert json.loads(text) | {"database_ms": 0} == json.loads(text) | {
            "status": "unhealthy",
            "discord": "connecting",
            "database": "ok",  # the store was opened and migrated before the login
            "database_ms": 0,
        }
        status, text = await _get(port, "/metrics")
        assert status == 200 and "mahjong_live_tables 0.0" in text
        assert not serving.done()  # still waiting for Discord
    finally:
        stop.set()
        await asyncio.wait_for(serving, 10)
        for task in waiting:
            task.cancel()
        silent.close()
        await silent.wait_closed()

    assert bot.is_closed() and bot.metrics_server is None and bot.store is None
    with pytest.raises(aiohttp.ClientConnectorError):
        await _get(port, "/health")  # stopped with the bot


async def test_health_turns_healthy_once_connected_to_discord(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = MahjongBot(BotConfig(token=fake.token, database=tmp_path / "bot.sqlite3", metrics_port=0))
    stop = asyncio.Event()
    serving = asyncio.create_task(serve(bot, fake.token, stop))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        assert bot.metrics_server is not None
        status, text = await _get(bot.metrics_server.port, "/health")
        assert status == 200
        assert {k: v for k, v in json.loads(text).items() if k in ("status", "discord", "database")} == {
            "status": "ok",
            "discord": "ready",
            "database": "ok",
        }
        ix = await fake.slash(world.alice, "ping", channel=world.channel)
        assert ix.response_type == 4
    finally:
        stop.set()
        await asyncio.wait_for(serving, 10)
    assert bot.is_closed()
