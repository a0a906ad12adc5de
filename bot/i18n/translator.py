"""Localized slash-command names, descriptions and choice names for Discord.

Cogs write ``command_text("cmd.score.description")`` where discord.py takes a name or description: a
``locale_str`` whose default is the catalogue's English text and whose ``key`` names the entry.  The
:class:`CatalogTranslator` (installed with ``bot.tree.set_translator``) then serves the other languages
when the commands are synced, so Discord shows each user the command in their client's language.
"""

from __future__ import annotations

from typing import TypedDict

from discord import Locale, app_commands

from bot.i18n import DEFAULT_LANGUAGE, language_of, t
from bot.i18n.catalog import MESSAGES


def command_text(key: str) -> app_commands.locale_str:
    """A translatable command string: English by default, the other languages from the catalogue."""
    return app_commands.locale_str(t(key, DEFAULT_LANGUAGE), key=key)


class CommandTexts(TypedDict):
    name: app_commands.locale_str
    description: app_commands.locale_str


def command_texts(key: str) -> CommandTexts:
    """The name and description of a command keyed ``<key>.name`` / ``<key>.description``:
    ``@group.command(**command_texts("cmd.league.join"))``."""
    return {"name": command_text(f"{key}.name"), "description": command_text(f"{key}.description")}


class CatalogTranslator(app_commands.Translator):
    """Translates every ``locale_str`` that carries a catalogue ``key``; others stay as written."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translate_key(string.extras.get("key"), locale.value)


def translate_key(key: object, discord_locale: str) -> str | None:
    """The catalogue text of ``key`` for a Discord locale; None when there is nothing to add."""
    language = language_of(discord_locale)
    if not isinstance(key, str) or key not in MESSAGES or language in (None, DEFAULT_LANGUAGE):
        return None
    assert language is not None
    return MESSAGES[key].get(language)
