"""The web page's pages and their JSON, on SQLite and PostgreSQL, through aiohttp's test client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

from bot.i18n import t
from bot.service.league import Actor, LeagueService
from bot.service.replay import stored_hand
from bot.store import Store
from bot.web.app import make_app
from bot.web.scene import scenes
from tests.web.site import NAMES, SCRIPT_NAME, Site, played_game


@pytest.fixture
async def client(site: Site) -> AsyncIterator[tuple[TestClient[Any, Any], Store]]:
    store = await Store.open(site.database)
    try:
        async with TestClient(TestServer(make_app(store))) as test_client:
            yield test_client, store
    finally:
        await store.close()


async def _json(client: TestClient[Any, Any], path: str, status: int = 200, **headers: str) -> Any:
    response = await client.get(path, headers=headers)
    assert response.status == status, await response.text()
    assert response.content_type == "application/json"
    return await response.json()


async def _html(client: TestClient[Any, Any], path: str, status: int = 200, **headers: str) -> str:
    response = await client.get(path, headers=headers)
    assert response.status == status, await response.text()
    assert response.content_type == "text/html"
    return await response.text()


async def test_the_standings_page_and_its_json_are_the_league_services_standings(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    http, store = client
    service = LeagueService(store)
    league = await store.get_league(site.league_id)
    view = await service.season_view(league)
    data = await _json(http, f"/leagues/{site.league_id}.json")
    assert data == await _json(http, f"/leagues/{site.league_id}/seasons/1.json")
    assert [(r["position"], r["name"], r["games"], r["total"]) for r in data["standings"]] == [
        (s.position, view.names[s.player], s.games, f"{s.total:.1f}") for s in view.standings
    ]
    assert data["games_total"] == 3 and data["games"][-1]["game_id"] == site.finished_game
    assert [r["name"] for r in data["standings"]] != [] and set(NAMES) == {
        r["name"] for r in data["standings"]
    }
    page = await _html(http, f"/leagues/{site.league_id}?lang=en")
    for row in data["standings"]:
        assert f'<td class="num">{row["total"]}</td>' in page
    assert f'href="/games/{site.finished_game}?lang=en"' in page


async def test_every_page_answers_with_its_json(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    http, _store = client
    league, player = site.league_id, site.player_ids[0]
    for path in (
        "/",
        "/games",
        f"/games/{site.finished_game}",
        f"/games/{site.finished_game}/hands/1",
        f"/leagues/{league}/seasons/1/games",
        f"/leagues/{league}/players/{player}",
    ):
        page = await _html(http, path)
        assert '<html lang="en">' in page
        json_path = "/index.json" if path == "/" else f"{path}.json"
        assert f'href="{json_path}"' in page
        await _json(http, json_path)
    index = await _json(http, "/index.json")
    assert [lg["name"] for lg in index["leagues"]] == ["Thursday <b>Club</b>"]
    player_page = await _json(http, f"/leagues/{league}/players/{player}.json")
    assert player_page["player"]["name"] == SCRIPT_NAME and player_page["standing"]["games"] == 3
    # the player's latest games link the bot-played one to its replays; the typed-in ones have none
    assert sorted([g["game_id"] for g in player_page["recent"]], key=str) == [site.finished_game, None, None]
    game = await _json(http, f"/games/{site.finished_game}.json")
    assert len(game["hands"]) == len(played_game().hands)
    assert [p["name"] for p in game["players"]] == NAMES


async def test_the_replay_json_is_the_stored_hand_with_the_scenes_the_page_draws(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    http, store = client
    replay = await stored_hand(store, site.finished_game, 2, language="zh-CN")
    data = await _json(http, f"/games/{site.finished_game}/hands/2.json?lang=zh-CN")
    assert data["replay"] == replay.to_json()
    assert data["scenes"] == scenes(replay, "zh-CN")
    last = data["scenes"][-1]
    assert last["result"] and all(not s["result"] for s in data["scenes"][:-1])
    page = await _html(http, f"/games/{site.finished_game}/hands/2?step={len(replay.steps)}&lang=zh-CN")
    assert f'data-step="{len(replay.steps)}"' in page
    for line in last["result"]:
        assert str(escape(line)) in page


async def test_a_running_game_is_neither_listed_nor_shown(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    http, _store = client
    running = site.running_game
    listed = [g["id"] for g in (await _json(http, "/games.json"))["games"]]
    assert site.finished_game in listed and running not in listed
    assert running not in [g["id"] for g in (await _json(http, "/index.json"))["recent"]]
    refusal = {"error": t("replay.running", "ja", game=running)}
    for path in (f"/games/{running}", f"/games/{running}/hands/1", f"/games/{running}/hands/1?step=3"):
        assert (
            await _json(
                http,
                path.replace("?", ".json?") if "?" in path else f"{path}.json",
                403,
                **{"Accept-Language": "ja"},
            )
            == refusal
        )
        page = await _html(http, path, 403, **{"Accept-Language": "ja"})
        assert t("replay.running", "ja", game=running) in page and "data-tile" not in page
        assert f"<h1>{t('web.error.hidden', 'ja')}</h1>" in page


async def test_names_are_text_never_markup(client: tuple[TestClient[Any, Any], Store], site: Site) -> None:
    http, _store = client
    escaped = (
        "&lt;script&gt;window.pwned = 1&lt;/script&gt;&lt;img src=x onerror=&#34;window.pwned = 2&#34;&gt;Ann"
    )
    for path in (
        f"/leagues/{site.league_id}",
        f"/leagues/{site.league_id}/players/{site.player_ids[0]}",
        f"/games/{site.finished_game}",
        f"/games/{site.finished_game}/hands/1",
        "/games",
    ):
        page = await _html(http, path)
        assert escaped in page, path
        assert "<script>window" not in page and "<img src=x" not in page
        assert "<b>Club</b>" not in page
    response = await http.get("/")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("query", "accept", "language"),
    [
        ("?lang=ja", "", "ja"),
        ("?lang=zh-tw", "ja", "zh-TW"),
        ("", "zh-Hant-TW,zh;q=0.8,en;q=0.5", "zh-TW"),
        ("", "fr-FR, zh-CN;q=0.7", "zh-CN"),
        ("?lang=klingon", "ja-JP", "ja"),
        ("", "fr", "en"),
    ],
)
async def test_the_language_comes_from_the_address_then_the_browser(
    client: tuple[TestClient[Any, Any], Store], site: Site, query: str, accept: str, language: str
) -> None:
    http, _store = client
    page = await _html(http, f"/leagues/{site.league_id}{query}", **{"Accept-Language": accept})
    assert f'<html lang="{language}">' in page
    assert t("web.standings", language) in page
    # a language chosen in the address (one of ours) is kept in the page's links
    kept = f"?lang={language}" in page.split("<main>")[1]
    assert kept == (query in ("?lang=ja", "?lang=zh-tw"))


async def test_what_is_not_there_is_a_404_in_the_readers_language(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    http, _store = client
    cases = {
        "/leagues/999": t("web.error.no_league", "zh-TW", league=999),
        "/leagues/{league}/seasons/7": t("league.error.no_such_season", "zh-TW", number=7),
        "/leagues/{league}/players/999": t("web.error.no_player", "zh-TW", player=999),
        "/games/999": t("replay.no_game", "zh-TW", game=999),
    }
    for path, message in cases.items():
        path = path.format(league=site.league_id)
        assert await _json(http, f"{path}.json?lang=zh-TW", 404) == {"error": message}
        page = await _html(http, f"{path}?lang=zh-TW", 404)
        assert message in page and f"<h1>{t('web.error.title', 'zh-TW')}</h1>" in page
    hands = len(played_game().hands)
    missing = await _json(http, f"/games/{site.finished_game}/hands/{hands + 1}.json", 404)
    assert missing == {"error": t("replay.no_hand", "en", hand=hands + 1, hands=hands)}
    bad = await _html(http, f"/games/{site.finished_game}/hands/1?step=two", 400)
    assert t("web.error.bad_number", "en", value="two").replace("“", "“") in bad
    assert (await http.get("/games/abc")).status == 404
    assert (await http.get("/tiles/..%2Fsecret.png")).status == 404


async def test_tile_faces_styles_and_script_are_served(client: tuple[TestClient[Any, Any], Store]) -> None:
    http, _store = client
    for path, kind in (
        ("/tiles/5p.png", "image/png"),
        ("/tiles/0m.png", "image/png"),
        ("/tiles/back.png", "image/png"),
        ("/static/replay.js", "text/javascript"),
        ("/static/style.css", "text/css"),
        ("/static/cjk.otf", "font/otf"),
    ):
        response = await http.get(path)
        assert response.status == 200 and response.content_type == kind, path
        assert len(await response.read()) > 100
    assert (await http.get("/tiles/6z9.png")).status == 404
    assert (await http.get("/static/secret.py")).status == 404


async def test_the_standings_follow_every_change_of_the_season(
    client: tuple[TestClient[Any, Any], Store], site: Site
) -> None:
    """The settled season (and the page drawn from it) is kept between requests, and settled (drawn)
    again when a game is added or corrected, or a player renamed."""
    http, store = client
    path = f"/leagues/{site.league_id}.json"
    before = await _json(http, path)
    assert before == await _json(http, path)
    service = LeagueService(store)
    league = await store.get_league(site.league_id)
    admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
    ids = site.player_ids
    game = await service.record_game(
        admin, league, [(ids[1], 50000), (ids[0], 30000), (ids[2], 15000), (ids[3], 5000)]
    )
    await service.confirm(admin, game.id)
    added = await _json(http, path)
    assert added["games_total"] == before["games_total"] + 1
    assert added["standings"] == [{**row} for row in (await _json(http, path))["standings"]]
    fresh = await LeagueService(store).season_view(league)
    assert [r["total"] for r in added["standings"]] == [f"{s.total:.1f}" for s in fresh.standings]
    await service.correct(admin, game.id, [5000, 15000, 30000, 50000])
    corrected = await _json(http, path)
    fresh = await LeagueService(store).season_view(league)
    assert [r["total"] for r in corrected["standings"]] == [f"{s.total:.1f}" for s in fresh.standings]
    assert corrected["standings"] != added["standings"]
    page = f"/leagues/{site.league_id}"
    assert "Dan the Second" not in await _html(http, page)  # drawn once, kept while its data stays
    await store.ensure_player("Dan the Second", discord_id=103)
    renamed = await _json(http, path)
    assert "Dan the Second" in [r["name"] for r in renamed["standings"]]
    assert "Dan the Second" in await _html(http, page)
    await service.undo(admin, game.id)
    assert (await _json(http, path))["games_total"] == before["games_total"]
