"""Standings: totals, averages, rates, the minimum-games rule and the stated tie-break."""

from __future__ import annotations

from decimal import Decimal

from bot.league.settlement import default_settings
from bot.league.standings import SeatResult, settle_rows, standings


def line(
    player: str, rank: int, points: str, hands: int | None = None, wins: int = 0, deal_ins: int = 0
) -> SeatResult:
    return SeatResult(
        player, rank, Decimal(points), hands, wins if hands else None, deal_ins if hands else None
    )


GAMES = [
    [line("a", 1, "45"), line("b", 2, "5"), line("c", 3, "-15"), line("d", 4, "-35")],
    [
        line("a", 4, "-40", 8, 0, 3),
        line("b", 1, "50", 8, 3, 0),
        line("c", 2, "10", 8, 2, 1),
        line("e", 3, "-20", 8, 1, 2),
    ],
    [line("a", 2, "12"), line("b", 3, "-12"), line("c", 1, "40"), line("d", 4, "-40")],
]


def test_totals_averages_and_rates() -> None:
    table = {s.player: s for s in standings(GAMES)}
    b = table["b"]  # 5 + 50 - 12 = 43 over 3 games; ranks 2, 1, 3 -> average 2
    assert (b.games, b.total, b.average, b.average_rank) == (
        3,
        Decimal(43),
        Decimal("14.333"),
        Decimal("2.000"),
    )
    assert (b.first_rate, b.last_rate) == (Decimal("0.333"), Decimal("0.000"))
    assert (b.win_rate, b.deal_in_rate) == (Decimal("0.375"), Decimal("0.000"))  # 3 wins / 8 hands
    a = table["a"]  # one 4th in three games; 3 deal-ins in the 8 hands of the one bot game
    assert (a.total, a.last_rate, a.deal_in_rate) == (Decimal(17), Decimal("0.333"), Decimal("0.375"))
    assert table["d"].win_rate is None  # no hand data for d's games


def test_order_and_minimum_games() -> None:
    # Totals: c 35, b 43, a 17, e -20, d -75 -> b, c, a, e, d; with min_games 3, d (2) and e (1) are unranked.
    table = standings(GAMES, min_games=3)
    assert [(s.player, s.position) for s in table] == [("b", 1), ("c", 2), ("a", 3), ("e", None), ("d", None)]
    assert [s.player for s in standings(GAMES)] == ["b", "c", "a", "e", "d"]


def test_tie_break_average_placement_then_games() -> None:
    games = [
        [line("x", 1, "10"), line("y", 2, "0"), line("z", 3, "-10")],
        [line("y", 1, "10"), line("x", 3, "-10"), line("w", 2, "0")],
    ]
    # x: total 0, ranks 1 and 3 (average 2).  y: total 10.  w: total 0, rank 2 (average 2), one game.
    # z: -10.  x and w tie on total and average placement; x has more games.
    assert [s.player for s in standings(games)] == ["y", "x", "w", "z"]


def test_settle_rows_uses_the_league_settings() -> None:
    rows = [("a", 32100), ("b", 24500), ("c", 18200), ("d", 25200)]
    settled = settle_rows(rows, default_settings("riichi"))
    assert [(r.player, r.rank, str(r.league_points)) for r in settled] == [
        ("a", 1, "42.0"),
        ("b", 3, "-15.0"),
        ("c", 4, "-32.0"),
        ("d", 2, "5.0"),
    ]
