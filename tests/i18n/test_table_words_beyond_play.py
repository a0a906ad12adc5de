"""A table's own words beyond the play (issue 42): the pictures' round label by the rule set's round names
(riichi's 東1局, Taiwan's 東風南, none where the game has no round names) and a league's win and deal-in
rates in its rule set's words (胡牌率/放槍率 at a Taiwan league, 和了率/放銃率 at a riichi one)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from bot.league.standings import Standing
from bot.present.table_header import round_name
from bot.render.engine_view import round_label
from cogs.league.presenters import hand_rates, standing_line


def view(rules: str, **given: Any) -> Any:
    return {"rules": rules, "round_wind": 0, "dealer": 1, "honba": 0, "hand_index": 2, **given}


@pytest.mark.parametrize(
    ("rules", "language", "label"),
    [
        ("riichi", "ja", "東2局"),
        ("riichi", "en", "East 2"),
        ("sanma", "zh-TW", "東2局"),
        ("taiwan", "zh-TW", "東風南"),
        ("taiwan", "zh-CN", "东风南"),
        ("taiwan", "en", "East round, South"),
        ("mingjiang", "zh-TW", "東圈南局"),
        ("sichuan", "zh-CN", "第3局"),  # no round names: the hands are counted
        ("pihu", "en", "Hand 3"),
    ],
)
def test_the_pictures_round_label_is_the_rule_sets_round_name(rules: str, language: str, label: str) -> None:
    assert round_label(view(rules), language) == label


def test_the_round_label_counts_honba_where_the_game_has_them() -> None:
    assert round_label(view("riichi", honba=2), "ja") == "東2局 2本場"
    assert round_label(view("taiwan", honba=2), "zh-TW") == "東風南"  # the streak is said beside it


def test_mingjiangs_decider_hands_are_named_so_and_not_by_the_wind_kept_for_display() -> None:
    assert round_label(view("mingjiang", round_wind=1), "zh-TW") == "南圈南局"  # South 2
    decider = view("mingjiang", round_wind=1, decider=True)  # 決勝局 has no round wind
    assert round_label(decider, "zh-TW") == "決勝局"
    assert round_label(decider, "zh-CN") == "决胜局"
    assert round_label(decider, "en") == "Decider"
    assert round_name(decider, "ja") == "決勝局"  # the header's round, said the same way


def standing(win: str | None = "0.25", deal_in: str | None = "0.125") -> Standing:
    return Standing(
        player=1,
        position=1,
        games=3,
        total=Decimal("12.5"),
        average=Decimal("4.167"),
        average_rank=Decimal("2.000"),
        first_rate=Decimal("0.333"),
        last_rate=Decimal("0.333"),
        win_rate=None if win is None else Decimal(win),
        deal_in_rate=None if deal_in is None else Decimal(deal_in),
    )


@pytest.mark.parametrize(
    ("rules", "language", "win", "deal_in"),
    [
        ("taiwan", "zh-TW", "胡牌率", "放槍率"),
        ("taiwan", "zh-CN", "胡牌率", "放枪率"),
        ("riichi", "zh-TW", "和了率", "放銃率"),
        ("riichi", "ja", "和了率", "放銃率"),
        ("sichuan", "zh-CN", "胡牌率", "点炮率"),
        ("pihu", "zh-TW", "胡牌率", "點炮率"),
        ("mingjiang", "zh-TW", "食糊率", "出銃率"),
    ],
)
def test_a_leagues_rates_are_said_in_its_rule_sets_words(
    rules: str, language: str, win: str, deal_in: str
) -> None:
    said = hand_rates(standing(), language, rules)
    assert said == f"{win} 25.0% · {deal_in} 12.5%"
    assert standing_line(standing(), "阿明", language, rules).endswith(said)
    assert hand_rates(standing(None, None), language, rules) is None
