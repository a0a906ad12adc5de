"""The web page in a real browser: headless Chromium (Debian's package) over its DevTools protocol.

Each page is loaded in every language and a screenshot of it written to the test's output folder
(printed: ``screenshots: ...``) for a person to look at.  The replay viewer is stepped through a whole
hand, with its script and without it, and what it shows at each step equals the stored game.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGUAGES, t
from bot.service.replay import HandReplay, ReplayStep, stored_hand
from bot.store import Store
from bot.web.server import WebServer
from tests.web.chromium import Browser, Page, chromium_or_skip
from tests.web.site import SCRIPT_NAME, Site, played_game

#: What the replay viewer shows, read back from the page's DOM.
SHOWN = """(() => {
  const ids = (root, selector) => Array.from(root.querySelectorAll(selector), i => Number(i.dataset.tile));
  return {
    caption: [document.querySelector("#caption .words").textContent, ids(document, "#caption img")],
    dora: ids(document, "#dora img"),
    result: Array.from(document.querySelectorAll("#result p"), p => p.textContent),
    seats: Array.from(document.querySelectorAll(".seat"), s => ({
      seat: Number(s.dataset.seat),
      name: s.querySelector(".name").textContent,
      points: Number(s.querySelector(".points").textContent),
      concealed: ids(s, ".concealed img"),
      drawn: ids(s, ".drawn img"),
      won_on: ids(s, ".won-on img"),
      melds: Array.from(s.querySelectorAll(".meld"), m => ids(m, "img")),
      river: ids(s, ".river img"),
      riichi: s.querySelector(".riichi") !== null,
    })).sort((a, b) => a.seat - b.seat),
    pictures: Array.from(document.images).every(i => i.complete && i.naturalWidth > 0),
  };
})()"""


def expected(replay: HandReplay, step: ReplayStep, language: str) -> dict[str, Any]:
    """The same, straight from the stored game's replay (bot/service/replay.py)."""
    view = step.view
    last = step.number == len(replay.steps) - 1
    # at the hand's end, a seat that won by ron shows the tile it won on beside its hand
    ron = {
        w["seat"]: [w["tile"]] for w in replay.record["result"]["wins"] if last and w.get("from") is not None
    }
    seats = []
    for number, seat in enumerate(view["seats"]):
        drawn = seat.get("drawn")
        seats.append(
            {
                "seat": number,
                "name": replay.names[number],
                "points": seat["points"],
                "concealed": [tile for tile in seat["concealed"] if tile != drawn],
                "drawn": [] if drawn is None else [drawn],
                "won_on": ron.get(number, []),
                "melds": [list(meld["tiles"]) for meld in seat.get("melds", [])],
                "river": [discard[0] for discard in seat["discards"]],
                "riichi": bool(seat.get("riichi")),
            }
        )
    return {
        "caption": _caption(replay, step, language),
        "dora": list(view.get("dora_indicators", [])),
        "seats": seats,
        "pictures": True,
    }


def _caption(replay: HandReplay, step: ReplayStep, language: str) -> list[Any]:
    """The caption as the page shows it: its words, then the tiles it names drawn as faces."""
    words, tiles = replay.caption_parts(step, language)
    return [words, tiles]


def decided_hand() -> int:
    """A hand of the stored game that ends in a win (from 1): its replay has calls, riichi or a win."""
    game = played_game()
    return next(i for i, hand in enumerate(game.hands) if hand["result"]["wins"]) + 1


@pytest.fixture
async def served(sqlite_site: Site) -> AsyncIterator[tuple[WebServer, Store]]:
    chromium_or_skip()
    store = await Store.open(sqlite_site.database)
    server = WebServer(store, "127.0.0.1", 0)
    await server.start()
    try:
        yield server, store
    finally:
        await server.close()
        await store.close()


async def _shown(page: Page) -> dict[str, Any]:
    """What the page shows, once every picture it asked for has come (or failed)."""
    await page.wait_for("Array.from(document.images).every(i => i.complete)")
    shown: dict[str, Any] = await page.evaluate(SHOWN)
    return shown


async def test_every_page_in_every_language_with_a_screenshot(
    served: tuple[WebServer, Store], sqlite_site: Site, shots: Path, tmp_path: Path
) -> None:
    server, _store = served
    league, game, player = sqlite_site.league_id, sqlite_site.finished_game, sqlite_site.player_ids[1]
    pages = {
        "index": "",
        "games": "games",
        "standings": f"leagues/{league}",
        "season-games": f"leagues/{league}/seasons/1/games",
        "player": f"leagues/{league}/players/{player}",
        "game": f"games/{game}",
        "replay": f"games/{game}/hands/{decided_hand()}?step=30",
        "running-refused": f"games/{sqlite_site.running_game}/hands/1",
    }
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        for language in LANGUAGES:
            for name, path in pages.items():
                glue = "&" if "?" in path else "?"
                await page.open(f"{server.url}{path}{glue}lang={language}")
                assert await page.evaluate("document.documentElement.lang") == language
                assert await page.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)")
                # the name holding a script is text on every page that shows it; it never ran
                assert await page.evaluate("window.pwned === undefined"), f"a name ran as a script on {name}"
                await page.screenshot(shots / f"{name}-{language}.png")
            heading = await page.evaluate("document.querySelector('main h1').textContent")
            assert heading == t("web.error.hidden", language)  # the last page: the running game's
        await page.close()
    assert len(list(shots.glob("*.png"))) == len(pages) * len(LANGUAGES)


async def test_the_replay_viewer_steps_through_a_whole_hand_as_stored(
    served: tuple[WebServer, Store], sqlite_site: Site, shots: Path, tmp_path: Path
) -> None:
    server, store = served
    hand = decided_hand()
    language = "ja"
    replay = await stored_hand(store, sqlite_site.finished_game, hand, language=language)
    assert any(s.action is not None and s.action.kind != "discard" for s in replay.steps)  # not just discards
    base = f"{server.url}games/{sqlite_site.finished_game}/hands/{hand}"
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        await page.open(f"{base}?lang={language}")
        await page.wait_for("document.getElementById('replay').dataset.ready === 'true'")
        for step in replay.steps:
            shown = await _shown(page)
            want = expected(replay, step, language)
            assert {k: shown[k] for k in want} == want, f"step {step.number}"
            assert await page.evaluate("new URL(location.href).searchParams.get('step')") in (
                None if step.number == 0 else str(step.number + 1),
                str(step.number + 1),
            )
            if step.number == len(replay.steps) - 1:
                assert shown["result"] and any(
                    replay.names[w["seat"]] in shown["result"][0] for w in replay.record["result"]["wins"]
                )
                await page.screenshot(shots / "replay-last-step.png")
            else:
                await page.evaluate("document.getElementById('next').click()")
        # the keys step back, and Home goes to the deal
        await page.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
        assert (await _shown(page))["caption"] == _caption(replay, replay.steps[-2], language)
        await page.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'}))")
        assert (await _shown(page))["caption"] == _caption(replay, replay.steps[0], language)
        await page.close()


async def test_the_replay_viewer_works_without_scripts_as_a_link_per_step(
    served: tuple[WebServer, Store], sqlite_site: Site, tmp_path: Path
) -> None:
    server, store = served
    hand = decided_hand()
    replay = await stored_hand(store, sqlite_site.finished_game, hand, language="zh-TW")
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        await page.call("Emulation.setScriptExecutionDisabled", value=True)
        await page.open(f"{server.url}games/{sqlite_site.finished_game}/hands/{hand}?lang=zh-TW")
        for step in replay.steps:
            assert await page.evaluate("document.getElementById('replay').dataset.ready === undefined")
            shown = await _shown(page)
            want = expected(replay, step, "zh-TW")
            assert {k: shown[k] for k in want} == want, f"step {step.number}"
            if step.number < len(replay.steps) - 1:
                await page.open(await page.evaluate("document.getElementById('next').href"))
        await page.close()


async def test_a_name_holding_a_script_shows_as_text(
    served: tuple[WebServer, Store], sqlite_site: Site, tmp_path: Path
) -> None:
    server, _store = served
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        for path in (
            f"leagues/{sqlite_site.league_id}",
            f"games/{sqlite_site.finished_game}",
            f"games/{sqlite_site.finished_game}/hands/{decided_hand()}",
        ):
            await page.open(f"{server.url}{path}")
            names = await page.evaluate("Array.from(document.querySelectorAll('.name'), n => n.textContent)")
            assert SCRIPT_NAME in names, path
            assert (
                await page.evaluate("document.querySelectorAll('main script, main img[src=x]').length") == 0
            )
            assert await page.evaluate("window.pwned === undefined")
        await page.close()


async def test_a_running_game_is_not_listed_and_its_replay_is_refused(
    served: tuple[WebServer, Store], sqlite_site: Site, tmp_path: Path
) -> None:
    server, _store = served
    running = sqlite_site.running_game
    async with Browser.start(tmp_path / "profile") as browser:
        page = await browser.page()
        for path in ("", "games"):
            await page.open(f"{server.url}{path}")
            links = await page.evaluate("Array.from(document.links, a => new URL(a.href).pathname)")
            assert f"/games/{sqlite_site.finished_game}" in links
            assert not any(link.startswith(f"/games/{running}") for link in links)
        for path in (f"games/{running}", f"games/{running}/hands/1", f"games/{running}/hands/1?step=5"):
            await page.open(f"{server.url}{path}?lang=en")
            assert await page.evaluate("document.querySelector('.error').textContent") == t(
                "replay.running", "en", game=running
            )
            assert await page.evaluate("document.querySelectorAll('img.tile').length") == 0
        await page.close()
