"""The loopback Discord refuses a command registration the way Discord does: localizations included.

Unit checks of tests/fakediscord/command_checks.py (each rule: the field it names and Discord's code), and
one sync through the real discord.py, whose CommandSyncFailure must name the command and the field.
"""

from __future__ import annotations

import copy
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.client import MahjongBot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.command_checks import (
    FieldError,
    check_autocomplete_choices,
    check_commands,
    flatten_errors,
    is_chat_input_name,
    nested_errors,
)
from tests.fakediscord.fixtures import World

JSON = dict[str, Any]


def command() -> JSON:
    """A valid, fully localized chat-input command with one string option and two choices."""
    return {
        "type": 1,
        "name": "score",
        "description": "Score a hand",
        "name_localizations": {"zh-TW": "計分", "zh-CN": "计分", "ja": "点数計算", "th": "คะแนน"},
        "description_localizations": {"zh-TW": "計算一手牌", "ja": "手牌の点数を計算"},
        "options": [
            {
                "type": 3,
                "name": "rules",
                "description": "Rule set",
                "required": True,
                "name_localizations": {"zh-TW": "規則", "ja": "ルール", "hi": "नियम", "fr": "règles"},
                "description_localizations": {"zh-TW": "規則", "ja": "ルール"},
                "choices": [
                    {"name": "Riichi", "value": "riichi", "name_localizations": {"ja": "リーチ麻雀"}},
                    {
                        "name": "Taiwanese 16-tile",
                        "value": "taiwan",
                        "name_localizations": {"ja": "台湾16枚"},
                    },
                ],
            },
            {
                "type": 5,
                "name": "tsumo",
                "description": "Won by self-draw",
                "name_localizations": {"ja": "ツモ"},
            },
        ],
    }


def codes(errors: list[FieldError]) -> list[tuple[str, str]]:
    return [(".".join(e.path), e.code) for e in errors]


def test_a_fully_localized_command_is_accepted() -> None:
    assert check_commands([command()]) == []


@pytest.mark.parametrize(
    "name",
    ["点数計算", "ルール", "計分", "l'heure", "नियम", "คะแนน", "score_2", "ab-cd", "ｂ", "ー" * 32],
)
def test_discords_name_rule_accepts_letters_numbers_devanagari_and_thai(name: str) -> None:
    assert is_chat_input_name(name)


@pytest.mark.parametrize(
    "name", ["", "Score", "ÉCOLE", "two words", "卓・状況", "手牌（局）", "点数!", "x" * 33, "ｓｃｏｒｅＡ"]
)
def test_discords_name_rule_refuses_capitals_spaces_punctuation_and_length(name: str) -> None:
    assert not is_chat_input_name(name)


def refused(change: Any) -> list[tuple[str, str]]:
    cmd = command()
    change(cmd)
    return codes(check_commands([cmd]))


def test_a_localization_under_an_unknown_locale_is_refused() -> None:
    assert refused(lambda c: c["name_localizations"].update({"jp": "点数"})) == [
        ("0.name_localizations.jp", "BASE_TYPE_CHOICES")
    ]
    assert refused(lambda c: c["options"][0]["description_localizations"].update({"zh_TW": "規則"})) == [
        ("0.options.0.description_localizations.zh_TW", "BASE_TYPE_CHOICES")
    ]


def test_a_localized_name_must_follow_the_name_rule() -> None:
    assert refused(lambda c: c["options"][0]["name_localizations"].update({"de": "Regeln"})) == [
        ("0.options.0.name_localizations.de", "APPLICATION_COMMAND_INVALID_NAME")
    ]
    assert refused(lambda c: c["name_localizations"].update({"ja": "点数・計算"})) == [
        ("0.name_localizations.ja", "APPLICATION_COMMAND_INVALID_NAME")
    ]
    assert refused(lambda c: c["name_localizations"].update({"ja": "点" * 33})) == [
        ("0.name_localizations.ja", "BASE_TYPE_BAD_LENGTH")
    ]


def test_descriptions_and_choice_names_are_1_to_100_characters_in_every_locale() -> None:
    assert refused(lambda c: c["description_localizations"].update({"ja": "説" * 101})) == [
        ("0.description_localizations.ja", "BASE_TYPE_BAD_LENGTH")
    ]
    assert refused(lambda c: c["options"][1].update(description_localizations={"zh-CN": ""})) == [
        ("0.options.1.description_localizations.zh-CN", "BASE_TYPE_BAD_LENGTH")
    ]
    assert refused(
        lambda c: c["options"][0]["choices"][1]["name_localizations"].update({"zh-TW": "牌" * 101})
    ) == [("0.options.0.choices.1.name_localizations.zh-TW", "BASE_TYPE_BAD_LENGTH")]
    # A choice name is display text: capitals and spaces are fine there.
    assert (
        refused(
            lambda c: c["options"][0]["choices"][0]["name_localizations"].update({"fr": "Riichi (Tenhou)"})
        )
        == []
    )


def test_string_lengths_and_number_bounds_stay_within_discords_limits() -> None:
    assert refused(lambda c: c["options"][0].update(min_length=1, max_length=6000)) == []
    assert refused(lambda c: c["options"][0].update(max_length=6001)) == [
        ("0.options.0.max_length", "NUMBER_TYPE_MAX")
    ]
    assert refused(lambda c: c["options"][0].update(max_length=0)) == [
        ("0.options.0.max_length", "NUMBER_TYPE_MIN")
    ]
    assert refused(lambda c: c["options"][0].update(min_length=-1)) == [
        ("0.options.0.min_length", "NUMBER_TYPE_MIN")
    ]
    honba = {"type": 4, "name": "honba", "description": "Honba sticks", "min_value": 0}
    assert refused(lambda c: c["options"].append(honba | {"max_value": 2**53 - 1})) == []
    assert refused(lambda c: c["options"].append(honba | {"max_value": 2**53})) == [
        ("0.options.2.max_value", "NUMBER_TYPE_MAX")
    ]


def test_two_options_may_not_show_one_name_in_any_locale() -> None:
    assert refused(lambda c: c["options"][1]["name_localizations"].update({"ja": "ルール"})) == [
        ("0.options.1.name_localizations.ja", "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME")
    ]
    # A localized name equal to a sibling's default name clashes where the sibling has no localization.
    assert refused(lambda c: c["options"][1]["name_localizations"].update({"de": "rules"})) == [
        ("0.options.1.name_localizations.de", "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME")
    ]


def test_two_commands_may_not_show_one_name_in_any_locale() -> None:
    other = command()
    other.update(name="table", name_localizations={"zh-TW": "計分"})
    assert codes(check_commands([command(), other])) == [
        ("1.name_localizations.zh-TW", "APPLICATION_COMMANDS_DUPLICATE_NAME")
    ]


def test_at_most_25_options_and_25_choices() -> None:
    def many_options(c: JSON) -> None:
        c["options"] = [{"type": 5, "name": f"o{i}", "description": "d"} for i in range(26)]

    def many_choices(c: JSON) -> None:
        c["options"][0]["choices"] = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]

    assert refused(many_options) == [("0.options", "BASE_TYPE_MAX_LENGTH")]
    assert refused(many_choices) == [("0.options.0.choices", "BASE_TYPE_MAX_LENGTH")]


def test_required_options_come_first_and_subcommands_nest_once() -> None:
    assert refused(lambda c: c["options"].reverse()) == [
        ("0.options.1.required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID")
    ]

    def nested(c: JSON) -> None:
        sub = {"type": 1, "name": "hand", "description": "d", "options": copy.deepcopy(c["options"])}
        c["options"] = [{"type": 1, "name": "outer", "description": "d", "options": [sub]}]

    assert refused(nested) == [("0.options.0.options.0.type", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")]


def test_a_command_is_at_most_8000_characters_in_each_locale() -> None:
    def long_in_japanese(c: JSON) -> None:
        c["options"] = [
            {"type": 3, "name": f"o{i}", "description": "d", "description_localizations": {"ja": "説" * 100}}
            for i in range(25)
        ]
        for option in c["options"]:
            option["choices"] = [
                {"name": f"c{k}", "value": f"v{k}", "name_localizations": {"ja": "択" * 100}}
                for k in range(3)
            ]

    assert refused(long_in_japanese) == [("0", "APPLICATION_COMMAND_TOO_LARGE")]


def test_an_autocomplete_answer_follows_the_choice_rules() -> None:
    fine = [
        {"name": "東 (East)", "value": "E"},
        {"name": "ルール", "value": "r", "name_localizations": {"ja": "ル"}},
    ]
    assert check_autocomplete_choices(fine) == []
    assert codes(check_autocomplete_choices([{"name": "x" * 101, "value": "v" * 101}])) == [
        ("data.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
        ("data.choices.0.value", "BASE_TYPE_BAD_LENGTH"),
    ]
    assert codes(check_autocomplete_choices([{"name": f"{n}", "value": n} for n in range(26)])) == [
        ("data.choices", "BASE_TYPE_MAX_LENGTH")
    ]


def test_errors_nest_by_path_as_discord_sends_them() -> None:
    errors = [
        FieldError(
            ("0", "options", "1", "name_localizations", "ja"), "APPLICATION_COMMAND_INVALID_NAME", "bad"
        ),
        FieldError(("0", "options", "1", "name_localizations", "ja"), "BASE_TYPE_BAD_LENGTH", "long"),
        FieldError(("0", "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"),
    ]
    tree = nested_errors(errors)

    assert tree["0"]["options"]["1"]["name_localizations"]["ja"]["_errors"] == [
        {"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "bad"},
        {"code": "BASE_TYPE_BAD_LENGTH", "message": "long"},
    ]
    assert flatten_errors(tree) == [
        "0.options.1.name_localizations.ja: bad",
        "0.options.1.name_localizations.ja: long",
        "0.name: Command name is invalid",
    ]


class CapitalJapanese(app_commands.Translator):
    """Serves a Japanese option name Discord refuses (capitals and a space)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        location = app_commands.TranslationContextLocation.parameter_name
        if locale is discord.Locale.japanese and context.location is location and string.message == "rules":
            return "Rule Set"
        return None


async def test_discord_py_reports_the_refused_field_and_nothing_is_registered(
    fake: FakeDiscord, world: World, bot: MahjongBot
) -> None:
    registered = copy.deepcopy(fake.commands[None])
    await bot.tree.set_translator(CapitalJapanese())

    with pytest.raises(app_commands.CommandSyncFailure) as failure:
        await bot.tree.sync()

    assert failure.value.status == 400 and failure.value.code == 50035
    assert "name_localizations.ja: Command name is invalid" in str(failure.value)
    assert "In parameter 'rules'" in str(failure.value)  # discord.py maps the path back to the parameter
    assert fake.rejections and all("name_localizations.ja" in p for _, ps in fake.rejections for p in ps)
    assert fake.commands[None] == registered
