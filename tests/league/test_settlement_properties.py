"""Properties of settlement over random tables: zero sum, rank order, tie handling."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from bot.league.settlement import default_settings, settle_game

RIICHI = default_settings("riichi")


@st.composite
def riichi_tables(draw: st.DrawFn) -> tuple[list[int], int]:
    """Four final scores in hundreds adding up to 100000 with ``sticks`` deposits still on the table."""
    sticks = draw(st.integers(0, 4))
    first = [draw(st.integers(-300, 900)) * 100 for _ in range(3)]
    last = 100000 - sticks * 1000 - sum(first)
    return [*first, last], sticks


@given(riichi_tables(), st.sampled_from(["seat", "shared"]))
def test_tenhou_settlement_sums_to_zero_and_respects_points(
    table: tuple[list[int], int], tie_rule: str
) -> None:
    points, sticks = table
    settled = settle_game(points, replace(RIICHI, tie_rule=tie_rule), leftover_sticks=sticks)
    values = [p.league_points for p in settled]
    if tie_rule == "seat":
        assert sum(values) == 0
        assert sorted(p.rank for p in settled) == [1, 2, 3, 4]
    else:
        assert abs(sum(values)) <= Decimal("0.2")  # thirds of uma rounded to tenths
    for i in range(4):
        for j in range(4):
            if points[i] > points[j]:
                assert settled[i].rank < settled[j].rank
            if points[i] == points[j] and tie_rule == "shared":
                assert settled[i] == settled[j]


@given(st.lists(st.integers(-500, 1500), min_size=3, max_size=3))
def test_mingjiang_exact_mode_is_zero_sum_with_seat_ties(first_three: list[int]) -> None:
    points = [*first_three, 1000 - sum(first_three)]
    settled = settle_game(points, default_settings("mingjiang"))
    assert sum(p.league_points for p in settled) == 0
