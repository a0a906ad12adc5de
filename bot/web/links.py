"""The web page's addresses under ``public_url`` (the config's: the page as players reach it), for the
Discord messages that link to it: a season's standings and a finished game."""

from __future__ import annotations

from urllib.parse import urlencode


def _url(public_url: str, path: str, language: str) -> str:
    return f"{public_url.rstrip('/')}/{path}?{urlencode({'lang': language})}"


def standings_url(public_url: str, league_id: int, season: int, language: str) -> str:
    return _url(public_url, f"leagues/{league_id}/seasons/{season}", language)


def game_url(public_url: str, game_id: int, language: str) -> str:
    return _url(public_url, f"games/{game_id}", language)
