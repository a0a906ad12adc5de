"""Dealer rotation (連莊)."""

from bot.rules.taiwan.dealer import next_dealer
from tests.rules.taiwan.helpers import E, N, S, W


def test_dealer_win_extends_the_streak():
    assert next_dealer(S, 2, S) == (S, 3)


def test_draw_extends_the_streak():
    assert next_dealer(W, 0, None) == (W, 1)


def test_another_winner_passes_the_deal_and_resets_the_streak():
    assert next_dealer(N, 4, E) == (E, 0)
    assert next_dealer(E, 1, W) == (S, 0)
