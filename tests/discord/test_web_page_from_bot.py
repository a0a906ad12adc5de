"""The web page from the bot: ``web_port`` serves it over the bot's store, and with ``public_url`` a
finished game's final message links to the game's page."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import t
from tests.discord.test_run_start_up import (
    _logging_restored,  # noqa: F401  (autouse: `run` sets up logging)
    failure_line,
    run_bot,
)
from tests.discord.test_table_support import finished_table, play_by_dm, table_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World, fake_in_thread

PUBLIC_URL = "https://mahjong.example.org"


async def _play_with_computers(fake: FakeDiscord, world: World, start_bot: StartBot, **settings: Any) -> str:
    """alice and three computers play an east round to its end; the final message's text."""
    cog = await table_bot(start_bot, settings=settings)
    alice = world.players[0]
    ix = await fake.slash(alice, "mahjong new", {"rules": "riichi", "length": "east"}, channel=world.channel)
    lobby = ix.original
    assert lobby is not None
    for _ in range(3):
        await fake.click(alice, lobby, fake.button_by_label(lobby, t("table.add_computer", "en")))
    await fake.click(alice, lobby, f"mj:lobby:{world.channel.id}:start")
    table = cog.service.table_in(world.channel.id)
    assert table is not None
    await play_by_dm(fake, [alice], finished_table(table))
    assert table.status == "finished" and table.game_id is not None
    final = await fake.wait_for_message(lambda m: t("table.final", "en") in m.content, channel=world.channel)
    return f"{table.game_id}\n{final.content}"


async def test_the_final_message_links_to_the_games_web_page(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    game_id, content = (await _play_with_computers(fake, world, start_bot, public_url=PUBLIC_URL)).split(
        "\n", 1
    )
    link = t("web.link.game", "en", url=f"{PUBLIC_URL}/games/{game_id}?lang=en")
    assert content.splitlines()[-1] == link


async def test_web_port_serves_the_web_page_from_the_bot_over_its_store(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    bot = await start_bot(settings={"web_port": 0})  # 0: a free port (a config file needs 1-65535)
    server = bot.web_server
    assert server is not None and server.host == "127.0.0.1" and server.port > 0
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{server.url}index.json") as answer:
            assert answer.status == 200
            assert await answer.json() == {"leagues": [], "recent": []}
        await bot.close()
        assert bot.web_server is None
        with pytest.raises(aiohttp.ClientConnectionError):
            await session.get(f"{server.url}index.json")


def test_run_with_the_web_port_taken_is_one_line_and_exit_2_before_the_login(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken, fake_in_thread() as fake:
        port = taken.getsockname()[1]
        monkeypatch.setenv("MAHJONG_WEB_PORT", str(port))
        code = run_bot(tmp_path, monkeypatch)
    out, err = capsys.readouterr()
    assert code == 2
    assert fake.requests == []  # refused before a word to Discord
    assert f"cannot serve the web page on 127.0.0.1:{port}" in failure_line(out, err, "text")
