"""The web page's aiohttp application: read-only pages of leagues, games and replays, each also as JSON.

Every page has a ``.json`` twin with the very data its template draws (bot/web/reading.py).  Pages are
drawn on the server and work without scripts; the replay viewer's script only steps between the
scenes of the hand's JSON.  Templates are Jinja2 with autoescape on, and the Content-Security-Policy
allows only the page's own script and pictures, so a player's name is text whatever it holds.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from aiohttp import web
from jinja2 import Environment, PackageLoader, StrictUndefined

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, t
from bot.render.fonts import PACKAGED_CJK
from bot.render.geometry import TILE_IMAGES_DIR, face_names
from bot.service.refusal import Refusal
from bot.store import Store
from bot.web.language import from_query, page_language
from bot.web.reading import WebReading
from bot.web.scene import scene

log = logging.getLogger(__name__)

READING_KEY = web.AppKey("reading", WebReading)
TEMPLATES_KEY = web.AppKey("templates", Environment)
#: Pages drawn lately, by template, language, address and status: (the data drawn, the page).
DRAWN_KEY = web.AppKey("drawn", OrderedDict[tuple[str, str, str, int], tuple[dict[str, Any], str]])
PAGES_KEPT = 256
#: Only the page's own files: no inline script, no outside source (a name can never become code).
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
TILE_FACES = frozenset(face_names())
STATIC_FILES = {"replay.js": "text/javascript", "style.css": "text/css"}
#: The HTTP status of a refusal: a running game is hidden (403), a bad address is the asker's (400),
#: anything else (no such league, season, player, game or hand) is not there (404).
REFUSAL_STATUS = {"replay.running": 403, "web.error.bad_number": 400}
ERROR_TITLES = {403: "web.error.hidden", 400: "web.error.bad_request", 404: "web.error.title"}

Handler = Callable[[web.Request, str], Awaitable[tuple[str, dict[str, Any]]]]


def templates() -> Environment:
    env = Environment(
        loader=PackageLoader("bot.web", "templates"),
        autoescape=True,  # every value is escaped: names, captions, refusals
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = lambda stamp: "" if not stamp else str(stamp)[:16].replace("T", " ")
    return env


def make_app(store: Store) -> web.Application:
    """The application over ``store`` (the caller opens and closes the store)."""
    app = web.Application(middlewares=[_security_headers])
    app[READING_KEY] = WebReading(store)
    app[TEMPLATES_KEY] = templates()
    app[DRAWN_KEY] = OrderedDict()
    pages: list[tuple[str, Handler]] = [
        ("/", _index),
        ("/games", _recent_games),
        (r"/games/{game:\d+}", _game),
        (r"/games/{game:\d+}/hands/{hand:\d+}", _replay),
        (r"/leagues/{league:\d+}", _season),
        (r"/leagues/{league:\d+}/seasons/{season:\d+}", _season),
        (r"/leagues/{league:\d+}/seasons/{season:\d+}/games", _season_games),
        (r"/leagues/{league:\d+}/players/{player:\d+}", _player),
    ]
    for path, handler in pages:
        app.router.add_get(path, _page(handler, as_json=False))
        app.router.add_get("/index.json" if path == "/" else f"{path}.json", _page(handler, as_json=True))
    app.router.add_get("/tiles/{face}.png", _tile)
    app.router.add_get("/static/cjk.otf", _cjk_font)
    app.router.add_get("/static/{name}", _static)
    return app


@web.middleware
async def _security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
    response.headers.update(SECURITY_HEADERS)
    return response


# ------------------------------------------------------------------------------------- pages
def _page(handler: Handler, *, as_json: bool) -> Callable[[web.Request], Awaitable[web.Response]]:
    """One page: its data from ``handler`` (template name, data), drawn or served as JSON.  A refusal
    (no such page, a running game) is said in the reader's language, as a page or as ``{"error": ...}``,
    with its status (REFUSAL_STATUS)."""

    async def serve(request: web.Request) -> web.Response:
        language = page_language(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            template, data = await handler(request, language)
        except Refusal as refusal:
            status = REFUSAL_STATUS.get(refusal.key, 404)
            return _error(request, language, status, refusal.text(language), as_json)
        if as_json:
            return _json(data)
        return _html(request, language, template, data)

    return serve


def _json(data: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(
        status=status,
        text=json.dumps(data, ensure_ascii=False, default=str),
        content_type="application/json",
    )


def _error(request: web.Request, language: str, status: int, message: str, as_json: bool) -> web.Response:
    if as_json:
        return _json({"error": message}, status)
    return _html(request, language, "error.html", {"message": message, "title": ERROR_TITLES[status]}, status)


def _html(
    request: web.Request, language: str, template: str, data: dict[str, Any], status: int = 200
) -> web.Response:
    chosen = from_query(request.query.get("lang"))  # kept in the links only when the address chose it

    def link(path: str, **params: Any) -> str:
        query = {k: v for k, v in params.items() if v is not None}
        if chosen:
            query["lang"] = chosen
        return f"{path}?{urlencode(query)}" if query else path

    def text(key: str, **values: Any) -> str:
        return t(key, language, **values)

    json_query = {k: v for k, v in request.query.items()}
    json_path = "/index.json" if request.path == "/" else f"{request.path}.json"
    # The page's address (path and query, which hold ?lang= and ?step=) and language decide everything
    # the template draws besides the data: the same data there is the same page, drawn once.
    key = (template, language, request.path_qs, status)
    drawn = request.app[DRAWN_KEY].get(key)
    if drawn is not None and drawn[0] == data:
        request.app[DRAWN_KEY].move_to_end(key)
        return web.Response(status=status, text=drawn[1], content_type="text/html", charset="utf-8")
    page = request.app[TEMPLATES_KEY].get_template(template)
    body = page.render(
        data=data,
        t=text,
        link=link,
        language=language,
        languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        in_language=lambda code: f"{request.path}?{urlencode({**request.query, 'lang': code})}",
        json_url=f"{json_path}?{urlencode(json_query)}" if json_query else json_path,
    )
    request.app[DRAWN_KEY][key] = (data, body)
    while len(request.app[DRAWN_KEY]) > PAGES_KEPT:
        request.app[DRAWN_KEY].popitem(last=False)
    return web.Response(status=status, text=body, content_type="text/html", charset="utf-8")


def _number(request: web.Request, name: str) -> int:
    return int(request.match_info[name])


def _step(request: web.Request) -> int:
    raw = request.query.get("step", "1")
    try:
        return int(raw)
    except ValueError:
        raise Refusal("web.error.bad_number", value=raw) from None


async def _index(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    return "index.html", await request.app[READING_KEY].index(language)


async def _recent_games(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    return "games.html", await request.app[READING_KEY].recent_games(language)


async def _game(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    return "game.html", await request.app[READING_KEY].game(_number(request, "game"), language)


async def _replay(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    """A finished hand: the page draws the step ``?step=`` (from 1); the JSON holds every step."""
    reading = request.app[READING_KEY]
    game_id, hand = _number(request, "game"), _number(request, "hand")
    replay = await reading.replay(game_id, hand, language)
    data: dict[str, Any] = {"game": game_id, "hand": hand, "hands": replay.hands, "names": list(replay.names)}
    if request.path.endswith(".json"):
        return "", {**data, **await reading.replay_json(game_id, hand, language)}
    number = min(max(_step(request), 1), len(replay.steps))
    return "replay.html", {**data, "scene": scene(replay, replay.steps[number - 1], language)}


async def _season(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    season = request.match_info.get("season")
    data = await request.app[READING_KEY].season(
        _number(request, "league"), None if season is None else int(season), language
    )
    return "season.html", data


async def _season_games(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    data = await request.app[READING_KEY].season_games(
        _number(request, "league"), _number(request, "season"), language
    )
    return "season_games.html", data


async def _player(request: web.Request, language: str) -> tuple[str, dict[str, Any]]:
    raw = request.query.get("season")
    try:
        season = None if raw is None else int(raw)
    except ValueError:
        raise Refusal("web.error.bad_number", value=raw) from None
    data = await request.app[READING_KEY].player(
        _number(request, "league"), _number(request, "player"), season, language
    )
    return "player.html", data


# ------------------------------------------------------------------------------------- files
async def _tile(request: web.Request) -> web.StreamResponse:
    """A tile face of the project's own set (tile_images/small), by its file stem."""
    face = request.match_info["face"]
    if face not in TILE_FACES:
        raise web.HTTPNotFound()
    return web.FileResponse(Path(TILE_IMAGES_DIR) / "small" / f"{face}.png", headers=_cached())


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC_FILES:
        raise web.HTTPNotFound()
    body = resources.files("bot.web").joinpath("static", name).read_text(encoding="utf-8")
    return web.Response(text=body, content_type=STATIC_FILES[name], charset="utf-8", headers=_cached())


async def _cjk_font(_request: web.Request) -> web.StreamResponse:
    """The project's own CJK font (the pictures' font: a subset of Noto Sans CJK, OFL), so the page
    reads in Chinese and Japanese on a machine without CJK fonts; the style sheet asks for it only
    for CJK characters."""
    return web.FileResponse(PACKAGED_CJK, headers={**_cached(), "Content-Type": "font/otf"})


def _cached() -> dict[str, str]:
    return {"Cache-Control": "public, max-age=3600"}
