"""FakeDiscord: a loopback Discord (HTTP API v10 + gateway) that the real discord.py client talks to."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .http_api import API
from .users import ScriptedUsersMixin


class FakeDiscord(ScriptedUsersMixin):
    """Start with ``await fake.start()``; point discord.py at it with ``with fake.installed(): ...``.

    World: add_guild / add_channel / add_user / add_member / add_role.
    Users: slash / click / select / submit_modal (see users.py).
    Records: records, sent(kind), mark(), wait_for_record, wait_for_message, message(id), dms(user),
    channel_messages(channel), requests, served_faults, rejections.
    Faults: close_dms(user), rate_limit_next(route), fail_next(route), emulate_rate_limit(route, ...),
    drop_connection().
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._runner: web.AppRunner | None = None

    async def start(self) -> FakeDiscord:
        app = self.build_app()
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        return self

    @property
    def api_base(self) -> str:
        return self.base_url + API

    async def close(self) -> None:
        await self.close_sockets()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @contextlib.contextmanager
    def installed(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST base and default gateway at this fake (restored on exit)."""
        old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
