"""Catalogue data files: TOML beside this module, one table per message key, one line per language.

Translators edit these files, not code; catalog.py merges them into the catalogue.
"""

from __future__ import annotations

import tomllib
from importlib import resources


def load_messages(filename: str) -> dict[str, dict[str, str]]:
    """``{key: {language: text}}`` of ``bot/i18n/<filename>`` (read from the installed package)."""
    text = resources.files("bot.i18n").joinpath(filename).read_text(encoding="utf-8")
    return {key: dict(languages) for key, languages in tomllib.loads(text).items()}
