"""The opt-in health and metrics endpoint (``metrics_port``): ``/health`` and ``/metrics``.

``/metrics`` is Prometheus text (prometheus-client): live tables, decisions stored (a counter: Prometheus
gives decisions/s as ``rate(mahjong_decisions_stored_total[1m])``), the time from receiving an interaction
to its initial response, database statement times, takeovers and decisions taken for another process's
tables.  ``/health`` answers 200 with a small JSON when the bot is connected and the database answers a
query, 503 otherwise (a container's health check and a load balancer read it).  ``mahjong-bot run`` starts
it before the Discord login, so both answer from the start: /health says "connecting" (503) until then.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

log = logging.getLogger(__name__)

LIVE_TABLES = Gauge("mahjong_live_tables", "Running tables this process runs")
DECISIONS = Counter("mahjong_decisions_stored_total", "Player and computer decisions stored")
INTERACTION_SECONDS = Histogram(
    "mahjong_interaction_response_seconds",
    "From receiving an interaction to its initial response (Discord allows 3 s)",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
DATABASE_SECONDS = Histogram(
    "mahjong_database_seconds",
    "Time of one database call (a statement or a transaction's commit)",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)
TAKEOVERS = Counter("mahjong_takeovers_total", "Tables taken over from a process that stopped renewing")
REMOTE_DECISIONS = Counter(
    "mahjong_remote_decisions_total", "Decisions taken here for another process's table"
)


@contextmanager
def timed_database_call() -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        DATABASE_SECONDS.observe(time.perf_counter() - started)


async def watch_response(interaction: Any, *, limit: float = 5.0) -> None:
    """Observe how long ``interaction`` waits for its initial response (polled: discord.py has no hook)."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        if interaction.response.is_done():
            INTERACTION_SECONDS.observe(time.perf_counter() - started)
            return
        await asyncio.sleep(0.005)


class MetricsServer:
    """aiohttp on ``host:port``; ``health`` returns (healthy, details)."""

    def __init__(
        self, host: str, port: int, health: Callable[[], Awaitable[tuple[bool, dict[str, Any]]]]
    ) -> None:
        self.host, self.port, self.health = host, port, health
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]  # the port bound (port 0: one the system chose)
        log.info("health and metrics on http://%s:%d/ (/health, /metrics)", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, _request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _health(self, _request: web.Request) -> web.Response:
        try:
            healthy, details = await asyncio.wait_for(self.health(), 5)
        except Exception as exc:  # the check itself failed: that is an unhealthy answer, not a crash
            healthy, details = False, {"error": str(exc)}
        return web.Response(
            status=200 if healthy else 503,
            text=json.dumps({"status": "ok" if healthy else "unhealthy", **details}),
            content_type="application/json",
        )
