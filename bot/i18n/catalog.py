"""The message catalogue: key -> text per language.

The texts are data, not code: TOML files beside this module, one per feature (one table per message
key, one line per language), so a translator edits them without touching Python.  Each rule set's own
messages (its title ``rules.<id>``, its ``/score table`` sheet ``qr.<id>.*``, its refusals
``refusal.<id>.*``) are in its own package, bot/rules/<id>/messages.toml, read with these.  A
key may live in one file only; the catalogue refuses to start otherwise rather than let one file
silently win.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from importlib.resources.abc import Traversable

#: A rule set package's own messages, beside its descriptor.
RULE_SET_MESSAGES = "messages.toml"

#: The message files, by feature.  ``cmd.*`` keys (command_messages.toml, and /league's descriptions in
#: league_messages.toml) are also served to Discord by the app_commands Translator (translator.py).
MESSAGE_FILES: tuple[str, ...] = (
    "general_messages.toml",  # errors, /language, the lobby's buttons
    "score_messages.toml",  # /score, /score table, /language
    "refusal_messages.toml",  # refusal.*: the notation, requests, table options, scorers
    "record_refusal_messages.toml",  # refusal.record.*: the game record readers (bot/logs)
    "table_messages.toml",  # /mahjong tables
    "present_messages.toml",  # result lines, the terminal game, the pictures' text
    "league_messages.toml",  # /league
    "night_messages.toml",  # /league night: league nights
    "replay_messages.toml",  # /mahjong replay, mahjong-bot animate
    "web_messages.toml",  # the web page (bot/web), and the links to it
    "review_messages.toml",  # /mahjong review, mahjong-bot review
    "command_messages.toml",  # command and option names, choices, /help, /ping, /hello
    "cli_messages.toml",  # the command line's own lines (bot/cli)
)


def load_messages(filename: str) -> dict[str, dict[str, str]]:
    """``{key: {language: text}}`` of ``bot/i18n/<filename>`` (read from the installed package)."""
    return _read(resources.files("bot.i18n").joinpath(filename))


def _read(file: Traversable) -> dict[str, dict[str, str]]:
    return {
        key: dict(languages) for key, languages in tomllib.loads(file.read_text(encoding="utf-8")).items()
    }


def rule_set_message_files() -> dict[str, Traversable]:
    """The ``messages.toml`` of each rule set package under bot/rules (those that have one), by where it
    is.  Found without importing the packages (their ``__init__`` may be heavy) or the registry."""
    found = {}
    for package in sorted(resources.files("bot.rules").iterdir(), key=lambda entry: entry.name):
        file = package.joinpath(RULE_SET_MESSAGES)
        if package.is_dir() and file.is_file():
            found[f"bot/rules/{package.name}/{RULE_SET_MESSAGES}"] = file
    return found


def load_catalogue(filenames: tuple[str, ...] = MESSAGE_FILES) -> dict[str, dict[str, str]]:
    """The messages of ``filenames`` (in bot/i18n) and of every rule set package."""
    messages: dict[str, dict[str, str]] = {}
    where: dict[str, str] = {}
    files = {name: load_messages(name) for name in filenames}
    files |= {name: _read(file) for name, file in rule_set_message_files().items()}
    for filename, found in files.items():
        for key, texts in found.items():
            if key in where:
                raise ValueError(f"message {key!r} is in both {where[key]} and {filename}")
            where[key] = filename
            messages[key] = texts
    return messages


MESSAGES: dict[str, dict[str, str]] = load_catalogue()
