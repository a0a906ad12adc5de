"""Serving the web page: ``mahjong-bot web``, the config's web_port, web_host and public_url, and the
page's language from the browser's Accept-Language."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.web.language import from_accept_language, page_language
from tests.web.site import Site

PYTHON = [sys.executable, "-m", "bot"]


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_config_reads_web_port_web_host_and_public_url(tmp_path: Path) -> None:
    config = load_config(
        _config(tmp_path, 'web_port = 8080\nweb_host = "0.0.0.0"\npublic_url = "https://m.example.org/x"\n'),
        environ={},
    )
    assert (config.web_port, config.web_host, config.public_url) == (
        8080,
        "0.0.0.0",
        "https://m.example.org/x/",
    )
    default = load_config(_config(tmp_path, ""), environ={})
    assert (default.web_port, default.web_host, default.public_url) == (None, "127.0.0.1", None)
    env = load_config(
        _config(tmp_path, ""),
        environ={"MAHJONG_WEB_PORT": "9000", "MAHJONG_WEB_HOST": "::1", "MAHJONG_PUBLIC_URL": "http://h/"},
    )
    assert (env.web_port, env.web_host, env.public_url) == (9000, "::1", "http://h/")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("web_port = 0", "web_port must be a whole number from 1 to 65535"),
        ('web_port = "80"', "web_port must be a whole number"),
        ('web_host = ""', "web_host must be a host name or address"),
        ('public_url = "mahjong.example.org"', "public_url must be an http:// or https:// address"),
    ],
)
def test_a_bad_web_setting_is_named(tmp_path: Path, text: str, named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        load_config(_config(tmp_path, text + "\n"), environ={})


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ja,en-US;q=0.9", "ja"),
        ("en-GB,en;q=0.9", "en"),
        ("zh-TW", "zh-TW"),
        ("zh-HK,zh;q=0.9", "zh-TW"),
        ("zh-Hant", "zh-TW"),
        ("zh-Hans-CN", "zh-CN"),
        ("zh", "zh-CN"),
        ("de-DE,fr;q=0.8,ja;q=0.2", "ja"),
        ("en;q=0.1, ja;q=0.5", "ja"),
        ("ja;q=0, en;q=0.4", "en"),
        ("ja;q=x, zh-CN", "zh-CN"),
        ("de", None),
        ("", None),
    ],
)
def test_the_browsers_language_is_its_most_wanted_one_of_ours(header: str, language: str | None) -> None:
    assert from_accept_language(header) == language
    assert page_language(None, header) == (language or "en")


async def _serving(process: asyncio.subprocess.Process) -> str:
    assert process.stdout is not None
    line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
    assert line.startswith("serving http://127.0.0.1:"), line
    return line.split()[1]


async def test_mahjong_bot_web_serves_the_database_until_stopped(sqlite_site: Site) -> None:
    import aiohttp

    process = await asyncio.create_subprocess_exec(
        *PYTHON, "web", "--db", sqlite_site.database, "--port", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        url = await _serving(process)
        async with aiohttp.ClientSession() as session, session.get(f"{url}games.json") as answer:
            listed = [g["id"] for g in (await answer.json())["games"]]
        assert listed == [sqlite_site.finished_game]
    finally:
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 30)
    assert code == 0
    assert process.stderr is not None and (await process.stderr.read()) == b""


def test_mahjong_bot_web_without_a_database_or_a_port_says_why(tmp_path: Path, sqlite_site: Site) -> None:
    missing = subprocess.run(
        [*PYTHON, "web", "--db", str(tmp_path / "none.sqlite3")], capture_output=True, text=True, timeout=60
    )
    assert missing.returncode == 2 and missing.stdout == ""
    assert (
        missing.stderr
        == f"mahjong-bot web: no database at {tmp_path / 'none.sqlite3'} (give one with --db)\n"
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = subprocess.run(
            [*PYTHON, "web", "--db", sqlite_site.database, "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert busy.returncode == 2 and len(busy.stderr.splitlines()) == 1
    assert busy.stderr.startswith(f"mahjong-bot web: cannot listen on 127.0.0.1:{port}: ")
    bad_port = subprocess.run([*PYTHON, "web", "--port", "70000"], capture_output=True, text=True, timeout=60)
    assert bad_port.returncode == 2 and "a port is from 0 to 65535, got 70000" in bad_port.stderr


@pytest.mark.parametrize(
    ("label", "rules", "language", "shown"),
    [
        ("S3-2", "riichi", "en", "South 3, 2 honba"),
        ("E1-0", "riichi", "ja", "東1局"),
        ("E1-0", "taiwan", "zh-TW", "東風東"),  # its round names (issue 42), not a count
        ("E1-0", "sichuan", "zh-CN", "第1局"),  # no round names: the hand counted
        ("D3-0", "mingjiang", "zh-TW", "決勝局"),  # a decider hand (no round wind)
        ("S3-0", "mingjiang", "zh-TW", "南圈西局"),
        ("hand 4", "riichi", "ja", "hand 4"),
    ],
)
def test_a_stored_round_label_is_named_in_the_readers_language(
    label: str, rules: str, language: str, shown: str
) -> None:
    from bot.web.reading import _round_name

    assert _round_name(label, rules, 0, language) == shown
