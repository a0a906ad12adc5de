"""Pytest fixtures: a FakeDiscord, a world in it, and a real MahjongBot connected to it.

Use from a conftest: ``from tests.fakediscord.fixtures import *  # noqa: F403``.

- ``fake``: a started FakeDiscord with discord.py pointed at it (closed afterwards).
- ``world``: a guild "Mahjong Club" with a #mahjong channel and users alice, bob, carol, dave.
- ``bot``: a MahjongBot connected and ready (its cogs loaded, commands synced); closed afterwards.
- ``start_bot``: a factory to start more bots (e.g. after a restart): ``await start_bot()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from discord.gateway import KeepAliveHandler

from bot.client import EXTENSIONS, MahjongBot
from bot.config import BotConfig

from .fake import FakeDiscord
from .world import FakeChannel, FakeGuild, FakeUser

StartBot = Callable[..., Awaitable[MahjongBot]]
# How long a closed bot's tasks and heartbeat threads are given to end before the test fails.
SETTLE_LIMIT = 10.0


@dataclass
class World:
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    dave: FakeUser

    @property
    def players(self) -> list[FakeUser]:
        return [self.alice, self.bob, self.carol, self.dave]


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    threads_before = set(threading.enumerate())
    fake = FakeDiscord()
    await fake.start()
    try:
        with fake.installed():
            yield fake
    finally:
        await fake.close()
    await assert_nothing_left_running(threads_before)


async def assert_nothing_left_running(threads_before: set[threading.Thread]) -> None:
    """Every bot and socket of the test is closed: no task of the test and no heartbeat thread it started
    survives."""
    current = asyncio.current_task()
    for task in asyncio.all_tasks():
        # discord.py leaves a View's timeout timer running when the client closes: harmless, not ours.
        if "_timeout_task_impl" in task.get_coro().__qualname__:  # type: ignore[union-attr]
            task.cancel()
    # Polled until a deadline that only bounds a failure: closing tasks and heartbeat threads end within
    # milliseconds on a quiet machine, but a loaded one may not run them for a while.
    deadline = time.monotonic() + SETTLE_LIMIT
    while True:
        tasks = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
        threads = [
            t
            for t in threading.enumerate()
            if isinstance(t, KeepAliveHandler) and t.is_alive() and t not in threads_before
        ]
        if not tasks and not threads:
            return
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.01)
    raise AssertionError(f"left running after the test: tasks {tasks}, heartbeat threads {threads}")


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    guild = fake.add_guild("Mahjong Club")
    channel = fake.add_channel(guild, "mahjong")
    users = []
    for name, locale in (("alice", "en-US"), ("bob", "en-GB"), ("carol", "ja"), ("dave", "zh-TW")):
        user = fake.add_user(name, locale=locale)
        fake.add_member(guild, user)
        users.append(user)
    return World(guild, channel, *users)


@contextlib.contextmanager
def fake_in_thread() -> Iterator[FakeDiscord]:
    """A FakeDiscord serving from its own thread and loop, for code that runs its own loop (bot.run)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="fake-discord", daemon=True)
    thread.start()

    async def make() -> FakeDiscord:
        return await FakeDiscord().start()

    fake = asyncio.run_coroutine_threadsafe(make(), loop).result(10)
    try:
        with fake.installed():
            yield fake
    finally:
        asyncio.run_coroutine_threadsafe(fake.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


async def connect_bot(
    fake: FakeDiscord,
    *,
    extensions: Sequence[str] = EXTENSIONS,
    database: str | Path = ":memory:",
    timeout: float = 10.0,
    bot_cls: type[MahjongBot] = MahjongBot,
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> tuple[MahjongBot, asyncio.Task[None]]:
    """Log a new MahjongBot in to ``fake`` and wait until it is ready.

    Its store is ``database`` (a throw-away one by default; never the working tree's data/), unless a
    ``store=`` is given. Pass the same file to a second bot to model a restart.
    """
    options.setdefault("guild_ready_timeout", 0.05)
    # ``settings``: more BotConfig fields (e.g. shard_count/shard_ids); a URL database stays a string.
    target = database if isinstance(database, str) and "://" in database else Path(database)
    config = BotConfig(token=fake.token, database=target, **(settings or {}))
    bot = bot_cls(config, extensions=extensions, **options)
    task = asyncio.create_task(bot.start(fake.token, reconnect=True), name="fake-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        await stop_bot(bot, task)  # re-raises the start-up error, if that is why it is not ready
        raise TimeoutError(f"the bot did not become ready within {timeout}s")
    return bot, task


async def stop_bot(bot: MahjongBot, task: asyncio.Task[None]) -> None:
    await bot.close()
    try:
        await asyncio.wait_for(task, 5.0)
    except (asyncio.CancelledError, TimeoutError):
        task.cancel()
        # Only the cancellation is expected: a bot task that crashed instead surfaces here (its exception
        # propagates and fails the test) rather than vanishing at teardown.
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest_asyncio.fixture
async def start_bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[StartBot]:
    """Start bots on ``fake``; they share the test's own database file (as a restarted bot would)."""
    running: list[tuple[MahjongBot, asyncio.Task[None]]] = []

    async def start(**options: Any) -> MahjongBot:
        options.setdefault("database", tmp_path / "bot.sqlite3")
        bot, task = await connect_bot(fake, **options)
        running.append((bot, task))
        return bot

    try:
        yield start
    finally:
        for bot, task in reversed(running):
            await stop_bot(bot, task)


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, world: World, start_bot: StartBot) -> MahjongBot:
    return await start_bot()


__all__ = ["World", "bot", "connect_bot", "fake", "fake_in_thread", "start_bot", "stop_bot", "world"]
