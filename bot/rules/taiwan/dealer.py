"""Dealer rotation: 連莊 on a dealer win or a draw, otherwise the deal passes."""

from __future__ import annotations


def next_dealer(dealer: int, streak: int, winner: int | None) -> tuple[int, int]:
    """(next dealer, next streak).  The dealer keeps the deal on their own win or on a draw
    (``winner`` None), the streak growing by one; otherwise the next seat deals with streak 0."""
    if winner is None or winner == dealer:
        return dealer, streak + 1
    return (dealer + 1) % 4, 0
