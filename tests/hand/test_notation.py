import pytest

from bot.hand.meld import OPPOSITE, PREVIOUS_PLAYER, MeldType
from bot.hand.notation import NotationError, format_hand, format_tiles, parse_hand, parse_tiles
from bot.rules.registry import rule_set


def test_red_five_is_the_tenhou_red_id():
    assert parse_tiles("0m0p0s") == [16, 52, 88]


def test_plain_fives_avoid_the_red_copy():
    assert 16 not in parse_tiles("555m")


def test_format_round_trips_a_hand_with_melds():
    text = "234m6p44s66z pon:77=7z chi:1-23s kakan:5505p ankan:9999s"
    hand = parse_hand(text)
    assert hand.melds[0].source == OPPOSITE
    assert hand.melds[1].source == PREVIOUS_PLAYER
    assert hand.melds[2].type is MeldType.KAKAN
    again = parse_hand(format_hand(hand))
    assert format_hand(again) == format_hand(hand)
    assert [(m.type, m.source) for m in again.melds] == [(m.type, m.source) for m in hand.melds]


def test_format_groups_by_suit():
    assert format_tiles(parse_tiles("1z9m0p5p1m")) == "19m05p1z"


@pytest.mark.parametrize(
    ("text", "rules", "needle"),
    [
        ("123x", "riichi", "'x'"),
        ("11111m", "riichi", "1m"),
        ("12345m1f", "riichi", "1f"),
        ("2m", "sanma", "2m"),
        ("1z", "sichuan", "1z"),
        ("0m", "mingjiang", "0m"),
        ("8z", "riichi", "8z"),
        ("123", "riichi", "suit"),
        ("chi:135m", "riichi", "chi:135m"),
        ("pon:123m", "riichi", "pon:123m"),
        ("foo:111m", "riichi", "foo"),
        ("pon:777z 123m", "riichi", "123m"),
    ],
)
def test_bad_input_names_the_token(text, rules, needle):
    with pytest.raises(NotationError) as info:
        parse_hand(text, rule_set(rules).tileset)
    assert needle in str(info.value)


def test_sanma_allows_terminal_man_and_flowers_only_in_taiwan():
    assert len(parse_hand("19m", rule_set("sanma").tileset).concealed) == 2
    assert len(parse_hand("123m1f", rule_set("taiwan").tileset).flowers) == 1
