"""A game's options reach the referee from a table (checked by the descriptor's schema) or from a record
(not): each referee reads them through its rule set's schema (OptionsSchema.value), so a bad value in a
record is refused by name with a message id, said in the reader's language, inside the bounds a table
has, and a good one written as text reads as typed."""

from __future__ import annotations

import pytest

from bot.engine.descriptor import OptionError
from bot.engine.registry import load_rules
from bot.service.refusal import localized_reason

BAD_OPTIONS = [
    pytest.param("riichi", {"length": "forever"}, "option.choice", "length", id="riichi-length"),
    pytest.param("riichi", {"red": 5}, "option.choice", "red", id="riichi-red"),
    pytest.param("riichi", {"kuitan": "perhaps"}, "option.switch", "kuitan", id="riichi-kuitan"),
    pytest.param("sanma", {"tenpai_stop": "maybe"}, "option.switch", "tenpai_stop", id="sanma-tenpai-stop"),
    pytest.param(
        "riichi", {"final_rounding": "half"}, "option.choice", "final_rounding", id="riichi-rounding"
    ),
    pytest.param("sanma", {"length": "tonpuu"}, "option.choice", "length", id="sanma-length"),
    pytest.param("mingjiang", {"length": "north"}, "option.choice", "length", id="mingjiang-length"),
    pytest.param(
        "mingjiang", {"decider_hands": "-1"}, "option.range", "decider_hands", id="mingjiang-deciders"
    ),
    pytest.param(
        "mingjiang", {"decider_hands": "many"}, "option.number", "decider_hands", id="mingjiang-deciders-text"
    ),
    pytest.param("pihu", {"base": 0}, "option.range", "base", id="pihu-base"),
    # A record is held to the bounds a table has (they keep a game's points inside the store's integers).
    pytest.param("pihu", {"base": 10**30}, "option.range", "base", id="pihu-base-beyond-a-tables"),
    pytest.param("sichuan", {"stack": 10**12}, "option.range", "stack", id="sichuan-stack-beyond-a-tables"),
    pytest.param(
        "mingjiang", {"decider_hands": 10**6}, "option.range", "decider_hands", id="mingjiang-deciders-beyond"
    ),
    pytest.param("pihu", {"kan_open": "x"}, "option.number", "kan_open", id="pihu-kan"),
    pytest.param("pihu", {"dealer": "rotate"}, "option.choice", "dealer", id="pihu-dealer"),
    pytest.param("pihu", {"length": "south"}, "option.choice", "length", id="pihu-length"),
    pytest.param("taiwan", {"flowers": "maybe"}, "option.switch", "flowers", id="taiwan-flowers"),
    pytest.param("taiwan", {"reserve": 61}, "option.range", "reserve", id="taiwan-reserve"),
    pytest.param("taiwan", {"ready": "always"}, "option.choice", "ready", id="taiwan-ready"),
    pytest.param("taiwan", {"colour": 1}, "option.unknown", "colour", id="taiwan-unknown"),
    pytest.param("sichuan", {"hands": "eight"}, "option.number", "hands", id="sichuan-hands"),
    pytest.param("sichuan", {"cap": -1}, "option.at_least", "cap", id="sichuan-cap"),
    pytest.param("sichuan", {"exchange": "maybe"}, "option.switch", "exchange", id="sichuan-exchange"),
]


@pytest.mark.parametrize(("rules", "options", "message_id", "key"), BAD_OPTIONS)
def test_a_bad_option_in_a_record_is_refused_by_name_in_the_readers_language(
    rules: str, options: dict[str, object], message_id: str, key: str
) -> None:
    with pytest.raises(OptionError) as refused:
        load_rules(rules, options)
    assert refused.value.message_id == message_id
    assert key in str(refused.value)
    japanese = localized_reason(refused.value, "ja")
    assert key in japanese and "オプション" in japanese and japanese != str(refused.value)


def test_options_written_as_text_in_a_record_read_as_typed() -> None:
    assert load_rules("riichi", {"length": " east "}).length == "east"
    riichi = load_rules("riichi", {"red": 0, "kuitan": "off", "tenpai_stop": "off"})
    assert (riichi.red, riichi.kuitan, riichi.tenpai_stop) == (False, False, False)  # type: ignore[attr-defined]
    recorded = load_rules("riichi", {"red": 3, "kuitan": True, "tenpai_stop": False})  # as bot/logs/record.py
    assert (recorded.red, recorded.kuitan, recorded.tenpai_stop) == (True, True, False)  # type: ignore[attr-defined]
    assert load_rules("mingjiang", {"decider_hands": "3"}).decider_hands == 3  # type: ignore[attr-defined]
    pihu = load_rules("pihu", {"base": "2", "dealer": "winner", "length": "east"})
    assert (pihu.base, pihu.dealer_rule, pihu.session_deals) == (2, "winner", 4)  # type: ignore[attr-defined]
    taiwan = load_rules("taiwan", {"flowers": "off", "reserve": "20", "multi_ron": "yes"})
    assert (taiwan.flowers, taiwan.dead_size, taiwan.max_ron) == (False, 20, 3)  # type: ignore[attr-defined]
    sichuan = load_rules("sichuan", {"cap": "none", "hands": "4", "exchange": "off"}).table  # type: ignore[attr-defined]
    assert (sichuan.cap, sichuan.hands, sichuan.exchange) == (None, 4, False)
