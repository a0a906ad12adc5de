"""The web page served on ``host:port`` (127.0.0.1 unless told otherwise), over an open store."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.store import Store
from bot.web.app import make_app

log = logging.getLogger(__name__)


class WebServer:
    """``await start()`` binds and serves; ``port`` is then the port bound (0 asks the system for one)."""

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 8080) -> None:
        self.store, self.host, self.port = store, host, port
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    async def start(self) -> None:
        self._runner = web.AppRunner(make_app(self.store), access_log=None, handle_signals=False)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError:
            await self.close()
            raise
        self.port = self._runner.addresses[0][1]
        log.info("web page on %s", self.url)

    async def close(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
