"""bot.rules.names: one way to name a yaku/fan/tai line in every rule set, and every line id a simulated
game records has a name in all four languages."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cli.simulate import simulate
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.rules.names import LANGUAGES, line_name, names_table

GAMES_PER_RULE_SET = 6  # about a second per rule set; riichi records some 19 different lines
AI = "normal"  # computer players that aim at winning hands, so the games record many lines


def _recorded_line_ids(rules: str, seed: str) -> list[str]:
    games: list[Game] = []
    simulate(rules, GAMES_PER_RULE_SET, seed, on_game=games.append, ai=AI)
    ids: list[str] = []
    for game in games:
        for hand in game.hands:
            result: dict[str, Any] = hand.get("result") or {}
            for win in result.get("wins") or []:
                ids.extend(str(line) for line, _ in win.get("yaku", []))
    return ids


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_line_id_a_simulated_game_records_is_named_in_all_four_languages(rules: str) -> None:
    ids = _recorded_line_ids(rules, "names0")
    assert ids, f"{rules}: the simulated games recorded no win lines (pick another seed)"
    table = names_table(rules)
    missing = {(line, lang) for line in ids for lang in LANGUAGES if not table.get(line, {}).get(lang)}
    assert not missing, f"{rules}: lines without a name: {sorted(missing)}"


@pytest.mark.parametrize(
    ("rules", "line", "language", "name"),
    [
        ("riichi", "aka_dora", "en", "Red fives"),
        ("riichi", "riichi", "ja", "立直"),
        ("sanma", "riichi", "zh-CN", "立直"),
        ("sichuan", "self_drawn", "en", "Self-drawn"),
        ("sichuan", "self_drawn", "zh-TW", "自摸"),
        ("taiwan", "dealer", "zh-TW", "莊家"),
        ("pihu", "seven_pairs", "zh-CN", "七对"),
        ("mingjiang", "riichi", "en", "Riichi"),
    ],
)
def test_line_name_reads_the_rule_sets_table_in_the_language(
    rules: str, line: str, language: str, name: str
) -> None:
    assert line_name(rules, line, language) == name


def test_sanma_names_its_lines_from_riichis_table() -> None:
    assert names_table("sanma") is names_table("riichi")


def test_an_unknown_line_id_or_rule_set_comes_back_unchanged() -> None:
    assert line_name("riichi", "no_such_yaku") == "no_such_yaku"
    assert line_name("sichuan", "Self-drawn") == "Self-drawn"  # an older record's display name
    assert line_name("no_such_rules", "riichi") == "riichi"


def test_a_language_the_table_lacks_falls_back_to_english() -> None:
    assert line_name("taiwan", "dealer", "fr") == "Dealer"


def test_names_table_of_an_unknown_rule_set_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        names_table("nope")


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_line_in_the_rule_sets_table_has_all_four_languages(rules: str) -> None:
    missing = [line for line, names in names_table(rules).items() if any(not names.get(x) for x in LANGUAGES)]
    assert not missing, f"{rules}: lines missing a language: {missing}"
