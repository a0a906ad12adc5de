"""The replay viewer's board at a 1,000 px window, for every rule set: each seat's tiles (a Taiwan hand
holds 16, and melds and flowers beside them) stay inside the seat's own box, and the page never scrolls
sideways.  Headless Chromium (Debian's package) over its DevTools protocol, as tests/web/test_browser.py.

The games are stored as the table service stores a bot game (tests/service/test_league_hand_stats.py's
``store_bot_game``), in a channel without a league: the league hook leaves them out, as it should."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.cli.simulate import simulate
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.service.replay import HandReplay, load_stored
from bot.store import Store
from bot.web.server import WebServer
from tests.service.test_league_hand_stats import store_bot_game
from tests.web.chromium import Browser, chromium_or_skip

#: A channel no league is bound to.
UNBOUND_CHANNEL = 7_000
WIDTH, HEIGHT = 1000, 1100

#: Every tile of the board that lies outside its seat's box (a pixel of rounding allowed), and how far
#: the page reaches beyond the window sideways.
OVERFLOW = """(() => {
  const outside = [];
  for (const seat of document.querySelectorAll(".board .seat")) {
    const box = seat.getBoundingClientRect();
    for (const tile of seat.querySelectorAll("img.tile")) {
      const r = tile.getBoundingClientRect();
      const inside = r.left >= box.left - 1 && r.right <= box.right + 1
        && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      if (!inside) {
        outside.push({seat: Number(seat.dataset.seat), tile: Number(tile.dataset.tile),
                      tileBox: [r.left, r.top, r.right, r.bottom],
                      seatBox: [box.left, box.top, box.right, box.bottom]});
      }
    }
  }
  return {
    outside: outside,
    tiles: document.querySelectorAll(".board .seat img.tile").length,
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
})()"""


@dataclass(frozen=True)
class FullestStep:
    """The step of a stored game where one seat shows the most tiles in its hand row."""

    game_id: int
    hand: int  # from 1
    step: int  # from 1, as the page's ?step= counts
    tiles: int


def hand_row_tiles(view: dict[str, Any]) -> int:
    """The most tiles one seat shows in its hand row: concealed (the drawn tile too), melds, flowers."""
    return max(
        len(seat["concealed"])
        + sum(len(m["tiles"]) for m in seat.get("melds", ()))
        + len(seat.get("flowers", ()))
        for seat in view["seats"]
    )


def fullest(game_id: int, replays: list[HandReplay]) -> FullestStep:
    return max(
        (
            FullestStep(game_id, replay.hand, step.number + 1, hand_row_tiles(step.view))
            for replay in replays
            for step in replay.steps
        ),
        key=lambda f: f.tiles,
    )


def played(rules: str) -> Game:
    games: list[Game] = []
    simulate(rules, 1, "layout", on_game=games.append, ai="easy")
    return games[0]


async def store_games(database: str) -> dict[str, FullestStep]:
    """One finished game per rule set, and the fullest step of each."""
    store = await Store.open(database)
    try:
        steps: dict[str, FullestStep] = {}
        for rules in RULE_SETS:
            game = played(rules)
            game_id = await store_bot_game(store, game, channel=UNBOUND_CHANNEL, counted=False)
            loaded = await load_stored(store, game_id)
            steps[rules] = fullest(game_id, [loaded.hand(n) for n in range(1, len(game.hands) + 1)])
        return steps
    finally:
        await store.close()


@pytest.fixture(scope="module")
def rule_set_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, FullestStep]]:
    database = str(tmp_path_factory.mktemp("layout") / "games.sqlite3")
    return database, asyncio.run(store_games(database))


@pytest.fixture
async def server(rule_set_games: tuple[str, dict[str, FullestStep]]) -> AsyncIterator[WebServer]:
    chromium_or_skip()
    store = await Store.open(rule_set_games[0])
    web = WebServer(store, "127.0.0.1", 0)
    await web.start()
    try:
        yield web
    finally:
        await web.close()
        await store.close()


@pytest.mark.parametrize("rules", list(RULE_SETS))
async def test_every_tile_of_the_replay_board_stays_in_its_seat_at_a_1000_px_window(
    server: WebServer, rule_set_games: tuple[str, dict[str, FullestStep]], rules: str, tmp_path: Path
) -> None:
    where = rule_set_games[1][rules]
    if rules == "taiwan":  # the hand that ran over: 16 tiles and a drawn one, melds and flowers beside
        assert where.tiles >= 17, where
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        await page.call(
            "Emulation.setDeviceMetricsOverride",
            width=WIDTH,
            height=HEIGHT,
            deviceScaleFactor=1,
            mobile=False,
        )
        await page.open(f"{server.url}games/{where.game_id}/hands/{where.hand}?step={where.step}&lang=en")
        await page.wait_for("Array.from(document.images).every(i => i.complete)")
        await page.evaluate("document.fonts.ready.then(() => true)")
        assert await page.evaluate("window.innerWidth") == WIDTH
        laid_out = await page.evaluate(OVERFLOW)
        await page.screenshot(tmp_path / f"{rules}.png")
        await page.close()
    assert laid_out["tiles"] >= where.tiles, laid_out["tiles"]
    assert laid_out["outside"] == [], (
        f"{len(laid_out['outside'])} tiles outside their seat: {laid_out['outside'][:3]}"
    )
    assert laid_out["sideways"] <= 0, f"the page scrolls {laid_out['sideways']} px sideways"
