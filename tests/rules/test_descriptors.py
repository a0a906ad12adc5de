"""Every rule set's descriptor holds together: its references load, its example hand scores, and the
referee accepts every value its options schema offers (and refuses values outside the ranges)."""

from __future__ import annotations

import pytest

from bot.engine.descriptor import OptionError
from bot.engine.registry import (
    BUILT_IN_IDS,
    BUILT_IN_SCORE_MODULES,
    RULE_SETS,
    load_rules,
    rule_ids,
    rule_set,
    score_request_function,
)
from bot.engine.ruleset import RuleSet


def test_the_built_in_ids_list_every_built_in_rule_set_in_order() -> None:
    assert tuple(RULE_SETS) == BUILT_IN_IDS == rule_ids()


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_the_descriptors_references_load(rules: str) -> None:
    info = rule_set(rules)
    referee = info.referee()
    assert isinstance(referee, RuleSet) and referee.id == rules
    assert referee.players == info.players and referee.hand_size == info.hand_size
    assert info.names_table and all("en" in names for names in info.names_table.values())
    assert info.strategy_class()().id == rules
    assert info.score_request()([info.example_hand, "--tsumo"])["ok"] is True


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_the_referee_accepts_every_default_and_suggested_option_value(rules: str) -> None:
    schema = rule_set(rules).options
    for option in schema.options:
        values = [v for v in (option.default, *option.hints, *option.choices) if v is not None]
        for value in values:
            typed = schema.parse({option.key: value})
            load_rules(rules, typed)  # no ValueError


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_numbers_outside_an_options_range_are_refused_by_name(rules: str) -> None:
    for option in rule_set(rules).options.options:
        if option.kind != "int":
            continue
        if option.low is not None:
            with pytest.raises(OptionError, match=option.key):
                option.parse(option.low - 1)
            with pytest.raises(ValueError, match=option.key):
                load_rules(rules, {option.key: option.low - 1})
        if option.high is not None:
            with pytest.raises(OptionError, match=option.key):
                option.parse(option.high + 1)


def test_suggestions_complete_the_word_being_typed() -> None:
    schema = rule_set("riichi").options
    assert schema.suggestions("") == ["red=0", "red=3", "kuitan=off", "uma=10-20", "uma=5-10"]
    assert schema.suggestions("red=0 ku") == ["red=0 kuitan=off"]


def test_option_words_are_typed_by_the_schema() -> None:
    schema = rule_set("taiwan").options
    assert schema.from_cli(["flowers=off", "max_hands=8"]) == {"flowers": False, "max_hands": 8}
    with pytest.raises(OptionError, match="reserve"):
        schema.from_cli(["reserve=61"])
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        schema.from_cli(["colour=red"])
    assert schema.shown({"flowers": False, "max_hands": 8}) == ["flowers=off", "max_hands=8"]


def test_render_styles_say_which_tables_show_a_dead_wall() -> None:
    assert rule_set("riichi").render.dead_wall == 5 and rule_set("sanma").render.riichi_family
    assert (
        rule_set("pihu").render.meld_style.pon_given_face_down and rule_set("taiwan").render.dead_wall is None
    )


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_the_glossary_and_score_form_name_messages_every_language_has(rules: str) -> None:
    """A descriptor's words are message ids the catalogue holds in every language (a typo would show the
    reader a traceback), and the scorer's answer has every count the score form says."""
    from dataclasses import astuple

    from bot.i18n import LANGUAGES
    from bot.i18n.catalog import MESSAGES
    from bot.present.glossary import glossary_of

    info = rule_set(rules)
    form = info.score
    # the glossary its readers get: the descriptor names where its words are, the catalogue holds them
    ids = [*astuple(glossary_of(rules)), *(message for _, message in form.also)]
    ids += [form.aside[1]] if form.aside else []
    ids += [f"score.{name}" for name in form.notes]
    for message in ids:
        assert set(MESSAGES[message]) >= set(LANGUAGES), message
    answer = info.score_request()([info.example_hand])
    counts = [form.value_field, *(name for name, _ in form.also), *([form.aside[0]] if form.aside else [])]
    assert all(answer.get(name) is not None for name in counts), (counts, answer)


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_the_registry_knows_each_built_in_score_module_as_its_descriptor_says(rules: str) -> None:
    # score_request_function goes straight to the module (no descriptor on a one-shot score's path)
    assert BUILT_IN_SCORE_MODULES[rules] == rule_set(rules).score_module
    assert score_request_function(rules) is rule_set(rules).score_request()
