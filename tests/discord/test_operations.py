"""Running the bot: flags over config, JSON log lines, the opt-in /health and /metrics endpoint."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from bot.cli import main
from bot.cli.run import with_flags
from bot.config import BotConfig, ConfigError
from bot.logsetup import JsonLines, configure_logging
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World
from tests.pgserver import free_port


def _args(*argv: str) -> object:
    from bot.cli import build_parser

    return build_parser().parse_args(["run", *argv])


def test_run_flags_win_over_the_config() -> None:
    args = _args("--database", "postgresql://bot@db/m", "--shard-count", "4", "--shard-ids", "1,3")
    config = with_flags(BotConfig(), args)  # type: ignore[arg-type]
    assert (config.database, config.shard_count, config.shard_ids) == ("postgresql://bot@db/m", 4, (1, 3))
    assert config.split_across_processes
    with pytest.raises(ConfigError, match="from 0 to 1"):
        with_flags(BotConfig(), _args("--shard-count", "2", "--shard-ids", "5"))  # type: ignore[arg-type]


def test_run_refuses_an_unknown_database_scheme_before_anything_else(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["run", "--database", "mysql://db/m"]) == 2
    assert "unknown scheme 'mysql'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def restore_root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_json_logs_are_one_object_per_line(
    restore_root_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("INFO", "json")
    log = logging.getLogger("bot.test")
    log.info("table %s opened", 7)
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("it failed")
    log.debug("not at INFO")
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["level"], e["logger"], e["message"]) for e in lines] == [
        ("INFO", "bot.test", "table 7 opened"),
        ("ERROR", "bot.test", "it failed"),
    ]
    assert "ValueError: boom" in lines[1]["error"] and lines[0]["time"].endswith("+00:00")
    assert json.loads(JsonLines().format(logging.makeLogRecord({"msg": "x"})))["message"] == "x"


async def test_health_and_metrics_over_http(fake: FakeDiscord, world: World, start_bot: StartBot) -> None:
    port = free_port()
    await start_bot(settings={"metrics_port": port})
    ix = await fake.slash(world.alice, "mahjong new", {"rules": "riichi"}, channel=world.channel)
    assert ix.latency is not None
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/health") as answer:
            health = await answer.json()
            assert answer.status == 200, health
        assert health["status"] == "ok" and health["database"] == "ok" and health["discord"] == "ready"
        # The response time is observed a few milliseconds after the response: polled until a deadline
        # that only bounds a failure (a loaded machine may take longer than the usual milliseconds).
        deadline = asyncio.get_running_loop().time() + 20.0
        while asyncio.get_running_loop().time() < deadline:
            async with http.get(f"http://127.0.0.1:{port}/metrics") as answer:
                text = await answer.text()
            values = {
                line.split(" ")[0]: float(line.split(" ")[1])
                for line in text.splitlines()
                if line and line[0] != "#"
            }
            if values.get("mahjong_interaction_response_seconds_count"):
                break
            await asyncio.sleep(0.02)
    assert "mahjong_live_tables" in values
    assert values["mahjong_interaction_response_seconds_count"] >= 1
    assert values["mahjong_database_seconds_count"] >= 1
    assert "mahjong_decisions_stored_total" in values


async def test_no_metrics_port_means_no_endpoint(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    bot = await start_bot()
    assert bot.metrics_server is None and bot.config.metrics_port is None
