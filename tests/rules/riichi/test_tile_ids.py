"""The scorer refuses impossible tile ids: one physical tile twice, or an id that is no tile's
(the ids are checked as bits gathered while counting: these pin the refusals and their order)."""

from __future__ import annotations

import pytest

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import EAST, SOUTH
from bot.rules.riichi.scoring import HandError, WinSituation, score_hand

# 123m 456m 789m 123p 55p, tile ids (the first copy of each kind), winning on the last 5p.
HAND = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 53, 54]
PON_EAST = Meld(MeldType.PON, (108, 109, 110), called=110, source=1)  # East pon
OPEN_HAND = HAND[3:]  # 456m 789m 123p 55p and the pon


def refusal(concealed: list[int], melds: list[Meld] = ()) -> str:  # type: ignore[assignment]
    with pytest.raises(HandError) as caught:
        score_hand(concealed, melds, WinSituation(concealed[-1], False, SOUTH, EAST))
    return caught.value.message_id


def test_the_plain_hand_scores() -> None:
    assert score_hand(HAND, [], WinSituation(HAND[-1], False, SOUTH, EAST)).points > 0
    open_score = score_hand(OPEN_HAND, [PON_EAST], WinSituation(HAND[-1], False, SOUTH, EAST))
    assert ("round_wind_east", 1) in open_score.yaku


def test_a_tile_id_twice_among_the_concealed_tiles() -> None:
    assert refusal([*HAND[:-2], 53, 53]) == "riichi.tile_twice"


def test_a_concealed_tile_id_also_in_a_meld() -> None:
    pon = Meld(MeldType.PON, (12, 13, 14), called=14, source=1)  # 12 is the 4m held concealed too
    assert refusal(OPEN_HAND, [pon]) == "riichi.tile_twice"


@pytest.mark.parametrize("bad", [136, 200, -1, -136, -137, -200, -272, -300])
def test_a_concealed_id_that_is_no_tile(bad: int) -> None:
    # -272 was read as tile 0 (1m) and -137 as tile 135 (North): a negative id indexes from the end.
    assert refusal([bad, *HAND[1:]]) == "riichi.tile_ids"


def test_a_meld_tile_id_that_is_no_tile() -> None:
    pon = Meld(MeldType.PON, (108, 109, 200), called=109, source=1)
    assert refusal(OPEN_HAND, [pon]) == "riichi.tile_ids"
    negative = Meld(MeldType.PON, (108, 109, -5), called=109, source=1)
    assert refusal(OPEN_HAND, [negative]) == "riichi.tile_ids"


def test_a_repeated_id_is_named_before_a_bad_meld_id() -> None:
    pon = Meld(MeldType.PON, (108, 109, 200), called=109, source=1)
    assert refusal([*OPEN_HAND[:-2], 53, 53], [pon]) == "riichi.tile_twice"


def test_red_fives_are_counted_from_the_ids() -> None:
    red = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 52, 54]  # 16 is 0m, 52 is 0p
    lines = dict(score_hand(red, [], WinSituation(54, False, SOUTH, EAST, dora_indicators=(100,))).yaku)
    assert lines["aka_dora"] == 2


def test_meld_tiles_in_any_order_or_sequence_type_score_the_same() -> None:
    # The bits of a meld's ids are looked up for sorted tuples; other tiles are added one by one.
    situation = WinSituation(HAND[-1], False, SOUTH, EAST)
    expected = score_hand(OPEN_HAND, [PON_EAST], situation)
    for tiles in [(110, 108, 109), [108, 109, 110]]:
        pon = Meld(MeldType.PON, tiles, called=110, source=1)  # type: ignore[arg-type]
        assert score_hand(OPEN_HAND, [pon], situation) == expected


def test_a_meld_id_twice_in_unsorted_melds() -> None:
    pon = Meld(MeldType.PON, (110, 108, 109), called=110, source=1)
    again = Meld(MeldType.PON, (111, 109, 110), called=111, source=1)
    assert refusal(HAND[6:], [pon, again]) == "riichi.tile_twice"


@pytest.mark.parametrize("bad", [-137, -200, -272])
def test_a_meld_tile_id_far_below_zero_is_refused(bad: int) -> None:
    pon = Meld(MeldType.PON, (108, 109, bad), called=109, source=1)
    assert refusal(OPEN_HAND, [pon]) == "riichi.tile_ids"


@pytest.mark.parametrize("bad", [136, 300, -1, -136, -137, -272, -300])
@pytest.mark.parametrize("field", ["dora_indicators", "ura_indicators"])
def test_an_indicator_id_that_is_no_tile_is_refused_by_name(field: str, bad: int) -> None:
    # -1 once counted as tile 135 (North), whose dora is East: no error, a wrong dora count.
    situation = WinSituation(HAND[-1], False, SOUTH, EAST, riichi=True, **{field: (100, bad)})
    with pytest.raises(HandError, match=r"^dora indicators must be tile ids 0-135$") as caught:
        score_hand(HAND, [], situation)
    assert caught.value.message_id == "riichi.indicator_ids"
