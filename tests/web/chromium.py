"""Headless Chromium (Debian's package) driven over its DevTools protocol with aiohttp's websocket client.

``async with Browser.start(folder) as browser`` starts Chromium with a fresh profile in ``folder`` and a
DevTools port it chooses itself (read back from the profile's DevToolsActivePort file); ``browser.page()``
opens a tab to navigate, evaluate JavaScript in, click in and take screenshots of.  No Playwright or
Selenium download: only the chromium binary and aiohttp.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import shutil
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
    "--window-size=1280,1000",
)
START_TIMEOUT = 30.0
CALL_TIMEOUT = 30.0


def chromium_or_skip() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    return found


class Page:
    """One tab, over its own DevTools websocket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._answers:
                self._answers.pop(data["id"]).set_result(data)
            elif "method" in data:
                await self._events.put(data)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[number] = answer
        await self.socket.send_str(json.dumps({"id": number, "method": method, "params": params}))
        data = await asyncio.wait_for(answer, CALL_TIMEOUT)
        if "error" in data:
            raise RuntimeError(f"{method}: {data['error']}")
        result: dict[str, Any] = data.get("result", {})
        return result

    async def event(self, method: str) -> dict[str, Any]:
        while True:
            data = await asyncio.wait_for(self._events.get(), CALL_TIMEOUT)
            if data["method"] == method:
                return data

    async def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event (pictures and scripts loaded)."""
        while not self._events.empty():
            self._events.get_nowait()
        await self.call("Page.navigate", url=url)
        await self.event("Page.loadEventFired")

    async def evaluate(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = CALL_TIMEOUT) -> None:
        """Until ``expression`` is true in the page (polled: the page's own script decides when)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not await self.evaluate(expression):
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"the page never had {expression}")
            await asyncio.sleep(0.02)

    async def screenshot(self, path: Path) -> Path:
        """The whole page as PNG (beyond the window's height too), once its fonts are in."""
        await self.evaluate("document.fonts.ready.then(() => true)")
        metrics = await self.call("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        shot = await self.call(
            "Page.captureScreenshot",
            format="png",
            captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        )
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    async def close(self) -> None:
        self._reader.cancel()
        await self.socket.close()


class Browser:
    def __init__(self, process: subprocess.Popen[bytes], port: int, session: aiohttp.ClientSession) -> None:
        self.process, self.port, self.session = process, port, session

    @classmethod
    @asynccontextmanager
    async def start(cls, profile: Path) -> AsyncIterator[Browser]:
        binary = chromium_or_skip()
        profile.mkdir(parents=True, exist_ok=True)
        process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            port = await _devtools_port(profile / "DevToolsActivePort", process)
            async with aiohttp.ClientSession() as session:
                yield cls(process, port, session)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    async def page(self) -> Page:
        async with self.session.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as response:
            target = await response.json(content_type=None)
        socket = await self.session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        page = Page(socket)
        await page.call("Page.enable")
        await page.call("Runtime.enable")
        return page


async def _devtools_port(path: Path, process: subprocess.Popen[bytes]) -> int:
    """The port Chromium chose, from the file it writes once DevTools listens."""
    deadline = asyncio.get_running_loop().time() + START_TIMEOUT
    while True:
        if path.exists():
            first = path.read_text().splitlines()[:1]
            if first and first[0].strip().isdigit():
                return int(first[0])
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited with {process.returncode} before DevTools listened")
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("chromium did not open DevTools")
        await asyncio.sleep(0.05)
