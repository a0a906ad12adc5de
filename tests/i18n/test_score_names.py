"""Every name the scoring feature shows exists in all four languages: yaku/fan/tai names of the six rule
sets, rule set names, and every command/option/choice string the app_commands Translator serves."""

from __future__ import annotations

from typing import Any

import pytest
from discord import Locale, app_commands

from bot.engine.registry import RULE_SETS
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import MESSAGES
from bot.i18n.translator import CatalogTranslator, command_text, translate_key
from bot.service.scoring import SEAT_LETTERS, names_table
from tests.fakediscord.command_checks import is_chat_input_name

OTHER_LOCALES = {"zh-TW": Locale.taiwan_chinese, "zh-CN": Locale.chinese, "ja": Locale.japanese}


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_yaku_name_of_the_rule_set_has_all_four_languages(rules: str) -> None:
    table = names_table(rules)
    assert table
    for yaku_id, names in table.items():
        missing = [lang for lang in LANGUAGES if not names.get(lang)]
        assert not missing, f"{rules} {yaku_id} lacks {missing}"


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_english_yaku_names_are_unique_so_the_reply_can_map_them_back(rules: str) -> None:
    english = [names["en"] for names in names_table(rules).values()]
    duplicates = sorted({name for name in english if english.count(name) > 1})
    assert not duplicates, f"{rules}: {duplicates}"


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_rule_set_has_a_name_in_the_catalogue(rules: str) -> None:
    assert all(MESSAGES[f"rules.{rules}"].get(lang) for lang in LANGUAGES)


def test_payer_and_wind_labels_exist_for_every_seat() -> None:
    for letter in SEAT_LETTERS:
        for lang in LANGUAGES:
            assert t(f"score.payer.{letter}", lang) and t(f"wind.{letter}", lang)


def _cog_commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    from cogs.scoring import Scoring

    return list(Scoring.__cog_app_commands__)


def _locale_strings(node: Any) -> list[app_commands.locale_str]:
    """Every translatable string of a command or group: names, descriptions, parameters, choices."""
    found = [node._locale_name, node._locale_description]
    for param in getattr(node, "_params", {}).values():
        found += [param.description, param._rename]
        found += [c._locale_name for c in param.choices or []]
    for child in getattr(node, "commands", []):
        found += _locale_strings(child)
    return found


def test_every_command_string_is_a_catalogue_key_with_all_four_languages() -> None:
    strings = [s for command in _cog_commands() for s in _locale_strings(command)]
    assert len(strings) > 30
    for string in strings:
        key = string.extras.get("key")
        assert key in MESSAGES, f"{string.message!r} has no catalogue key"
        assert string.message == MESSAGES[key]["en"]
        missing = [lang for lang in LANGUAGES if not MESSAGES[key].get(lang)]
        assert not missing, f"{key} lacks {missing}"


async def test_the_translator_serves_every_command_string_in_the_other_languages() -> None:
    translator = CatalogTranslator()
    strings = [s for command in _cog_commands() for s in _locale_strings(command)]
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    for string in strings:
        for lang, locale in OTHER_LOCALES.items():
            served = await translator.translate(string, locale, context)
            assert served == MESSAGES[string.extras["key"]][lang]
        assert await translator.translate(string, Locale.american_english, context) is None


def test_localized_command_and_option_names_are_valid_discord_names() -> None:
    keys = [
        k for k in MESSAGES if k.startswith("cmd.") and (k.endswith(".name") or k.startswith("cmd.optname."))
    ]
    assert len(keys) > 60
    for key in keys:
        for lang in LANGUAGES:
            assert is_chat_input_name(MESSAGES[key][lang]), (key, lang, MESSAGES[key][lang])


def test_descriptions_fit_discords_100_characters() -> None:
    for key in [k for k in MESSAGES if k.startswith(("cmd.", "rules."))]:
        for lang in LANGUAGES:
            assert 1 <= len(MESSAGES[key][lang]) <= 100, (key, lang)


def test_strings_without_a_key_or_in_english_are_left_to_discord() -> None:
    assert translate_key(None, "ja") is None
    assert translate_key("no.such.key", "ja") is None
    assert translate_key("cmd.score.description", "en-GB") is None
    assert translate_key("cmd.score.description", "fr") is None
    assert command_text("cmd.score.description").extras == {"key": "cmd.score.description"}


@pytest.mark.parametrize("module", ["cogs/scoring.py", "bot/service/scoring.py"])
def test_every_message_key_written_in_the_scoring_code_exists(module: str) -> None:
    """Literal keys given to ``t`` / ``command_text`` (keys built at run time are checked above)."""
    import re
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / module).read_text(encoding="utf-8")
    keys = set(re.findall(r"""\b(?:t|command_text)\(\s*["']([a-z_.]+)["']""", source))
    assert len(keys) > 5
    assert sorted(keys - set(MESSAGES)) == []
