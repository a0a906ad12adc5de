"""The whole command tree, as the real bot registers it through the loopback Discord, in every language.

The bot with all its cogs (bot.client.EXTENSIONS) syncs its tree with the catalogue translator installed;
the strict fake (tests/fakediscord/command_checks.py) accepts it only if every localization obeys
Discord's rules.  Then every command, subcommand group, subcommand, option and choice Discord stored must
have its name, and its description where Discord has one, in each Discord locale of our languages
besides English (zh-TW, zh-CN, ja), written in that language.  The walk reads what was registered: a
new command or option without translations fails here with nobody adding it to a list.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import discord
from discord import app_commands

from bot.client import MahjongBot
from bot.i18n import DEFAULT_LANGUAGE, language_of
from bot.i18n.catalog import MESSAGES
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import World

JSON = dict[str, Any]
CHAT_INPUT, SUB_COMMAND, SUB_COMMAND_GROUP = 1, 1, 2
GLOBAL_SYNC = "PUT /applications/{application_id}/commands"
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"

#: Discord locales whose users get one of our translations (the English locales get the defaults).
TRANSLATED_LOCALES = tuple(
    sorted(
        locale.value for locale in discord.Locale if language_of(locale.value) not in (None, DEFAULT_LANGUAGE)
    )
)


def written_in_cjk(text: str) -> bool:
    """Has a Han, hiragana or katakana character: a zh/ja text, not English copied or a key left over."""
    return any(unicodedata.name(c, "").startswith(("CJK ", "HIRAGANA", "KATAKANA")) for c in text)


def untranslated(commands: list[JSON]) -> list[str]:
    """Every name, description and choice name of registered commands lacking a real translation."""
    gaps: list[str] = []
    for command in commands:
        where = "/" + command["name"]
        gaps += _field_gaps(command, "name", where)
        if int(command.get("type", CHAT_INPUT)) == CHAT_INPUT:
            gaps += _field_gaps(command, "description", where)
            gaps += _options_gaps(command.get("options") or [], where)
    return gaps


def _options_gaps(options: list[JSON], where: str) -> list[str]:
    gaps: list[str] = []
    for option in options:
        here = f"{where} {option['name']}"
        gaps += _field_gaps(option, "name", here) + _field_gaps(option, "description", here)
        for choice in option.get("choices") or []:
            gaps += _field_gaps(choice, "name", f"{here} choice {choice['name']!r}")
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            gaps += _options_gaps(option.get("options") or [], here)
    return gaps


def _field_gaps(node: JSON, field: str, where: str) -> list[str]:
    english = node[field]
    localized = node.get(f"{field}_localizations") or {}
    gaps = []
    for locale in TRANSLATED_LOCALES:
        text = localized.get(locale)
        if not text:
            gaps.append(f"{where}: no {field} in {locale} (for {english!r})")
        elif text in MESSAGES or text == english or not written_in_cjk(text):
            gaps.append(f"{where}: {field} in {locale} is {text!r}, not a translation of {english!r}")
    return gaps


def test_the_translated_locales_are_discords_codes_for_our_languages() -> None:
    assert TRANSLATED_LOCALES == ("ja", "zh-CN", "zh-TW")


def test_a_gap_is_named_with_its_place_in_the_tree() -> None:
    command = {
        "name": "probe",
        "description": "Probe",
        "name_localizations": {"zh-TW": "探測", "zh-CN": "探测", "ja": "プローブ"},
        "description_localizations": {"zh-TW": "探測", "zh-CN": "cmd.probe.description", "ja": "Probe"},
        "options": [
            {
                "type": 3,
                "name": "rules",
                "description": "Rule set",
                "name_localizations": {"zh-TW": "規則", "zh-CN": "规则", "ja": "ルール"},
                "description_localizations": {"zh-TW": "規則", "zh-CN": "规则", "ja": "ルール"},
                "choices": [{"name": "Riichi", "value": "riichi", "name_localizations": {"ja": "立直"}}],
            }
        ],
    }
    assert untranslated([command]) == [
        "/probe: description in ja is 'Probe', not a translation of 'Probe'",
        "/probe: description in zh-CN is 'cmd.probe.description', not a translation of 'Probe'",
        "/probe rules choice 'Riichi': no name in zh-CN (for 'Riichi')",
        "/probe rules choice 'Riichi': no name in zh-TW (for 'Riichi')",
    ]


async def test_every_command_option_and_choice_is_registered_in_every_language(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    registered = fake.commands[None]
    synced = [r for r in fake.requests if r.route == GLOBAL_SYNC]

    assert [r.status for r in synced] == [200] and fake.rejections == []
    assert {c["name"] for c in registered} >= {"mahjong", "score", "league", "language", "help"}
    assert untranslated(registered) == []


async def test_the_tree_is_accepted_when_synced_to_a_guild(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    guild = discord.Object(id=world.guild.id)
    bot.tree.copy_global_to(guild=guild)
    synced = await bot.tree.sync(guild=guild)

    assert len(synced) == len(fake.commands[None]) and fake.rejections == []
    assert untranslated(fake.commands[world.guild.id]) == []


async def test_a_new_option_without_translations_is_found(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    """A command added the way a cog adds one, its option left in English only: the walk names it."""

    @app_commands.command(name="probe", description="A command nobody translated")
    @app_commands.describe(depth="How deep")
    async def probe(interaction: discord.Interaction[Any], depth: int = 1) -> None:
        pass

    before = untranslated(fake.commands[None])
    bot.tree.add_command(probe)
    await bot.tree.sync()

    gaps = [gap for gap in untranslated(fake.commands[None]) if gap not in before]
    assert gaps and all(gap.startswith("/probe") for gap in gaps)
    assert "/probe depth: no name in ja (for 'depth')" in gaps
    assert "/probe depth: no description in zh-TW (for 'How deep')" in gaps
