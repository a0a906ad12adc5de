"""Messages of ``/league`` (cogs/league/, bot/service/league/): merged into the catalogue by catalog.py.

The texts are data, in ``league_messages.toml`` beside this module (one table per key, one line per
language), so a translator edits them without touching code.  Keys starting with ``cmd.league`` are
command descriptions served by the app_commands Translator.
"""

from __future__ import annotations

import tomllib
from importlib import resources


def _load() -> dict[str, dict[str, str]]:
    text = resources.files("bot.i18n").joinpath("league_messages.toml").read_text(encoding="utf-8")
    return {key: dict(languages) for key, languages in tomllib.loads(text).items()}


LEAGUE_MESSAGES: dict[str, dict[str, str]] = _load()
