import random

import pytest

from bot.engine.registry import rule_set
from bot.hand.meld import OPPOSITE, PREVIOUS_PLAYER, MeldType
from bot.hand.notation import (
    NotationError,
    TileAllocator,
    TileSet,
    clear_caches,
    format_hand,
    format_tiles,
    kind_name,
    parse_hand,
    parse_tiles,
)
from bot.hand.notation_masks import MaskTaker
from bot.hand.tiles import RED_FIVE_IDS


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
        ("1²3m456p789s11z222z", "riichi", "unexpected character '²'"),  # was int()'s own message
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


def _outcome(text: str, tileset: TileSet, used: set[int]) -> tuple[object, ...]:
    """The ids read (and the copies then taken), or the refusal's message and id."""
    allocator = TileAllocator(tileset, set(used))
    try:
        ids = parse_tiles(text, tileset, allocator)
    except NotationError as exc:
        return ("refused", str(exc).upper(), exc.message_id)
    return ("read", ids, allocator.used)


@pytest.mark.parametrize("rules", ["riichi", "sanma", "taiwan", "sichuan", "mingjiang"])
def test_suit_groups_read_at_once_give_what_tile_by_tile_reading_gives(rules):
    """Plain text (``234m0p``) takes each suit group's first free copies at once, from a table of the
    groups seen before; upper-case text (``234M0P``) is read tile by tile.  Random groups (red fives,
    fifth copies, kinds the set lacks, flowers) with random copies already taken: the same ids, the
    same copies taken, or the same refusal.  Run twice: first with the table empty, then filled."""
    tileset = rule_set(rules).tileset
    rng = random.Random(23)
    cases = []
    for _ in range(400):
        groups = []
        for _ in range(rng.randint(1, 5)):
            suit = rng.choice("mpszf")
            top = {"z": 8, "f": 9}.get(suit, 10)
            low = 0 if suit in "mps" else 1
            digits = "".join(str(rng.randrange(low, top)) for _ in range(rng.randint(1, 5)))
            groups.append(digits + suit)
        used = set(rng.sample(range(136), rng.randint(0, 30))) | set(rng.sample(sorted(RED_FIVE_IDS), 1))
        cases.append(("".join(groups), used))
    clear_caches()
    for _ in range(2):
        for text, used in cases:
            assert _outcome(text, tileset, used) == _outcome(text.upper(), tileset, used), text


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_tiles_taken_on_a_bitmask_are_what_the_allocator_gives(rules):
    """``MaskTaker.take`` (``score --batch``'s one-pass reading: the ids taken as a bitmask) gives the ids the
    tile allocator gives after the same tiles, or None exactly where the allocator refuses: random plain
    texts and meld tokens (red fives, fifth copies, kinds the set lacks) after random tiles read."""
    tileset = rule_set(rules).tileset
    taker = MaskTaker(tileset)
    rng = random.Random(29)

    def text_of(size: int) -> str:
        suit = rng.choice("mpsz")
        digits = [str(rng.randrange(0 if suit != "z" else 1, 10 if suit != "z" else 8)) for _ in range(4)]
        return rng.choice(
            [
                "".join(digits[:size]) + suit,
                f"pon:{digits[0] * 3}{suit}",
                f"ankan:{digits[1] * 4}{suit}",
                f"{digits[0]}{suit}{digits[1]}z",
            ]
        )

    refused = 0
    for _ in range(800):
        allocator = TileAllocator(tileset)
        before = " ".join(text_of(4) for _ in range(rng.randint(0, 5)))
        try:
            parse_hand(before, tileset, allocator)
        except NotationError:
            continue
        used = sum(1 << i for i in allocator.used)
        text = text_of(rng.randint(1, 4))
        try:
            expected = (
                parse_hand(text, tileset, allocator).melds[0].tiles
                if ":" in text
                else tuple(parse_tiles(text, tileset, allocator))
            )
        except NotationError:
            expected = None
        taken = taker.take(text, used)
        if expected is None or taken is None:
            refused += expected is None
            assert taken is None and expected is None, (before, text)
            continue
        ids, mask = taken
        assert (tuple(sorted(ids)) if ":" in text else ids) == expected, (before, text)
        assert mask == sum(1 << i for i in allocator.used), (before, text)
    assert 30 < refused < 400


def test_a_meld_read_before_with_other_copies_taken_is_built_anew():
    first = parse_hand("pon:666m").melds[0]
    again = parse_hand("6m pon:666m").melds[0]  # the first 6m is the concealed one now
    assert first is parse_hand("pon:666m").melds[0]  # the same token and copies: the same meld
    assert first.tiles == (20, 21, 22) and again.tiles == (21, 22, 23)
    clear_caches()
    assert parse_hand("6m pon:666m").melds[0] == again


def test_every_kind_has_its_name():
    names = [kind_name(kind) for kind in range(42)]
    assert "".join(names[:9]) == "1m2m3m4m5m6m7m8m9m" and names[9] == "1p" and names[26] == "9s"
    assert (
        names[27:34] == ["1z", "2z", "3z", "4z", "5z", "6z", "7z"] and names[34] == "1f" and names[-1] == "8f"
    )
