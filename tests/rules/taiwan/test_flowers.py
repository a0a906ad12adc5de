"""Flower tai by seat, full sets (花槓), and the flower wins 七搶一 / 八仙過海."""

import pytest

from bot.hand.notation import parse_tiles
from bot.rules.taiwan.flowers import flower_lines
from bot.rules.taiwan.score import NotAWin, score_flower_win
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation
from tests.rules.taiwan.helpers import TILES, E, N, S, W, lines, score

OPEN_NOTHING = "234m567m234p88s45s6s pon:777p"


def kinds(text: str) -> list[int]:
    return [34 + t - 136 for t in parse_tiles(text, TILES)]


@pytest.mark.parametrize(
    ("seat_wind", "flowers", "expected"),
    [
        (0, "1f5f", {"seat_flower": 2}),  # East: 春 and 梅
        (1, "2f6f", {"seat_flower": 2}),  # South: 夏 and 蘭
        (2, "3f", {"seat_flower": 1}),
        (3, "8f", {"seat_flower": 1}),
        (0, "2f3f6f", {}),  # nobody else's flowers count
        (0, "1f2f3f4f", {"four_seasons": 2}),  # the full set replaces the seat season
        (1, "1f2f3f4f6f", {"four_seasons": 2, "seat_flower": 1}),
        (2, "5f6f7f8f", {"four_plants": 2}),
        (3, "1f2f3f4f5f6f7f8f", {"four_seasons": 2, "four_plants": 2}),
    ],
)
def test_flower_tai_by_seat_and_full_sets(seat_wind, flowers, expected):
    assert dict(flower_lines(kinds(flowers), seat_wind)) == expected


def test_flower_tai_add_to_the_hand_and_follow_the_seat_wind():
    # South seat with East dealing: 2f and 6f are South's: 2 tai, 50 + 2 x 20 = 90.
    result = score(OPEN_NOTHING, flowers="2f6f1f")
    assert lines(result) == {"seat_flower": 2}
    assert result.payments == ((W, 90),)


def test_flowers_may_be_written_in_the_hand():
    assert lines(score("2f" + OPEN_NOTHING)) == {"seat_flower": 1}


def test_eight_immortals_is_8_paid_by_all_three_with_no_flower_tai():
    # West (seat 2) wins, East deals on streak 1 (dealer tai 3): East pays 50 + 11 x 20 = 270,
    # South and North 50 + 8 x 20 = 210.
    situation = TaiwanSituation(seat=W, dealer=E, streak=1)
    result = score_flower_win(kinds("12345678f"), situation)
    assert dict(result.lines) == {"eight_immortals": 8}
    assert result.payments == ((E, 270), (S, 210), (N, 210))


def test_eight_immortals_counts_the_dealer_tai_for_the_dealer_wherever_it_sits():
    # North deals on streak 2 (dealer tai 1 + 4), West wins: North pays 50 + 13 x 20 = 310, East and
    # South 50 + 8 x 20 = 210.
    result = score_flower_win(kinds("12345678f"), TaiwanSituation(seat=W, dealer=N, streak=2))
    assert result.payments == ((E, 210), (S, 210), (N, 310))
    assert (result.dealer, result.total) == (N, 13)


def test_seven_rob_one_is_paid_by_the_player_who_drew_the_eighth():
    # North drew the eighth flower: North pays as the discarder, 50 + 8 x 20 = 210.
    situation = TaiwanSituation(seat=W, dealer=E, discarder=N)
    result = score_flower_win(kinds("1234567f"), situation, robbing=True)
    assert dict(result.lines) == {"seven_rob_one": 8}
    assert result.payments == ((N, 210),)
    assert result.total == 8


def test_seven_rob_one_from_the_dealer_adds_the_dealer_tai():
    situation = TaiwanSituation(seat=W, dealer=E, discarder=E)
    result = score_flower_win(kinds("1234567f"), situation, robbing=True)
    assert result.payments == ((E, 230),)  # 50 + (8 + 1) x 20


def test_flower_wins_need_their_flowers():
    with pytest.raises(NotAWin, match="eight flowers"):
        score_flower_win(kinds("1234567f"), TaiwanSituation(seat=W))
    with pytest.raises(NotAWin, match="seven flowers"):
        score_flower_win(kinds("12345678f"), TaiwanSituation(seat=W, discarder=N), robbing=True)
    with pytest.raises(NotAWin, match="without flowers"):
        score_flower_win(kinds("12345678f"), TaiwanSituation(seat=W), TaiwanOptions(flowers=False))
