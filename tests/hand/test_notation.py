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


def test_plain_text_and_text_read_tile_by_tile_give_the_same_ids():
    """``123m`` is read by a regex; ``1 2 3 m``-style text (upper case here) tile by tile: same ids."""
    plain, lettered = "5550m1119p77z", "5550M1119P77Z"
    assert parse_tiles(plain) == parse_tiles(lettered) == [17, 18, 19, 16, 36, 37, 38, 68, 132, 133]


@pytest.mark.parametrize(
    ("text", "message_id"),
    [
        ("1111m1m", "notation.too_many"),
        ("5555m", "notation.too_many_with_red"),
        ("00m", "notation.one_red"),
        ("9z", "notation.no_such_honour"),
        ("1111m pon:111m", "notation.too_many"),
        ("pon:1-1=1m", "notation.one_mark"),  # refused once the copies are checked, as before
        ("ankan:1-111m", "notation.ankan_mark"),
        ("chi:1=23m", "notation.chi_source"),
    ],
)
def test_each_refusal_keeps_its_message_id(text, message_id):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert info.value.message_id == message_id


def test_a_meld_token_read_before_is_still_checked_against_this_hands_copies():
    assert len(parse_hand("1m pon:111m").melds) == 1  # fills the cache with pon:111m
    with pytest.raises(NotationError, match="1m"):
        parse_hand("11m1m pon:111m")
