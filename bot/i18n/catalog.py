"""The message catalogue: key -> text per language.

The texts are data, not code: TOML files beside this module, one per feature (one table per message
key, one line per language), so a translator edits them without touching Python.  A key may live in one
file only; the catalogue refuses to start otherwise rather than let one file silently win.
"""

from __future__ import annotations

import tomllib
from importlib import resources

#: The message files, by feature.  ``cmd.*`` keys (command_messages.toml, and /league's descriptions in
#: league_messages.toml) are also served to Discord by the app_commands Translator (translator.py).
MESSAGE_FILES: tuple[str, ...] = (
    "general_messages.toml",  # errors, /language, the lobby's buttons
    "score_messages.toml",  # /score, /score table, the rule sets' titles
    "refusal_messages.toml",  # refusal.*: the notation, requests, table options, scorers
    "rule_refusal_messages.toml",  # refusal.*: each rule set's own checks
    "record_refusal_messages.toml",  # refusal.record.*: the game record readers (bot/logs)
    "table_messages.toml",  # /mahjong tables
    "present_messages.toml",  # result lines, the terminal game, the pictures' text
    "league_messages.toml",  # /league
    "command_messages.toml",  # command and option names, choices, /help, /ping, /hello
)


def load_messages(filename: str) -> dict[str, dict[str, str]]:
    """``{key: {language: text}}`` of ``bot/i18n/<filename>`` (read from the installed package)."""
    text = resources.files("bot.i18n").joinpath(filename).read_text(encoding="utf-8")
    return {key: dict(languages) for key, languages in tomllib.loads(text).items()}


def load_catalogue(filenames: tuple[str, ...] = MESSAGE_FILES) -> dict[str, dict[str, str]]:
    messages: dict[str, dict[str, str]] = {}
    where: dict[str, str] = {}
    for filename in filenames:
        for key, texts in load_messages(filename).items():
            if key in where:
                raise ValueError(f"message {key!r} is in both {where[key]} and {filename}")
            where[key] = filename
            messages[key] = texts
    return messages


MESSAGES: dict[str, dict[str, str]] = load_catalogue()
