"""Names of slash commands, subcommands, options and choices in four languages (served by the Translator),
and the ``/help`` texts.  The texts are data, in ``command_messages.toml`` beside this module; the
descriptions of each feature's commands live with its messages (score, table, league)."""

from __future__ import annotations

from bot.i18n.message_files import load_messages

COMMAND_MESSAGES: dict[str, dict[str, str]] = load_messages("command_messages.toml")
