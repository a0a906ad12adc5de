"""Slash commands' names, descriptions, options and choices in four languages (served by the Translator),
and the ``/help`` texts.  The texts are data, in ``command_messages.toml`` beside this module; only
``/league``'s descriptions live with the league's messages (league_messages.toml)."""

from __future__ import annotations

from bot.i18n.message_files import load_messages

COMMAND_MESSAGES: dict[str, dict[str, str]] = load_messages("command_messages.toml")
