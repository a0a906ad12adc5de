"""Messages of ``/league`` (cogs/league/, bot/service/league/): merged into the catalogue by catalog.py.

The texts are data, in ``league_messages.toml`` beside this module (one table per key, one line per
language), so a translator edits them without touching code.  Keys starting with ``cmd.league`` are
command descriptions served by the app_commands Translator.
"""

from __future__ import annotations

from bot.i18n.message_files import load_messages

LEAGUE_MESSAGES: dict[str, dict[str, str]] = load_messages("league_messages.toml")
