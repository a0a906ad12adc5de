"""Point conservation for every pihu settlement, and the ron/self-draw totals from the share rule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.rules.pihu import (
    HandLine,
    KanKind,
    KanRecord,
    PihuScore,
    settle_kans,
    settle_multiple_ron,
    settle_win,
    share,
)

seats = st.integers(0, 3)
multipliers = st.sampled_from([1, 2, 4, 8, 16, 32])


@given(multipliers, st.booleans(), seats, seats, seats, st.integers(1, 100))
def test_a_win_moves_points_only_between_seats(
    m: int, self_drawn: bool, winner: int, dealer: int, other: int, base: int
):
    score = PihuScore((HandLine("basic", m),), m, self_drawn)
    discarder = None if self_drawn else (other if other != winner else (winner + 1) % 4)
    deltas = settle_win(score, winner=winner, dealer=dealer, discarder=discarder, base=base)
    assert sum(deltas) == 0
    shares = {
        p: share(score, payer=p, winner=winner, dealer=dealer, base=base) for p in range(4) if p != winner
    }
    # Self-drawn: the winner gets every share; ron: the same shares plus the discarder's own once more.
    expected = sum(shares.values()) + (0 if discarder is None else shares[discarder])
    assert deltas[winner] == expected


@given(
    st.lists(st.tuples(seats, multipliers), min_size=1, max_size=3, unique_by=lambda t: t[0]), seats, seats
)
def test_multiple_ron_conserves_points(wins: list[tuple[int, int]], discarder: int, dealer: int):
    wins = [(w, m) for w, m in wins if w != discarder]
    if not wins:
        return
    scores = [(w, PihuScore((HandLine("basic", m),), m, False)) for w, m in wins]
    deltas = settle_multiple_ron(scores, discarder=discarder, dealer=dealer)
    assert sum(deltas) == 0
    assert all(d >= 0 for seat, d in enumerate(deltas) if seat != discarder)


@given(
    st.lists(st.tuples(seats, st.sampled_from(list(KanKind)), st.integers(1, 3)), max_size=4), st.booleans()
)
def test_kan_payments_conserve_points(kans: list[tuple[int, KanKind, int]], won: bool):
    records = [
        KanRecord(k, kind, None if kind is KanKind.CLOSED else (k + step) % 4) for k, kind, step in kans
    ]
    deltas = settle_kans(records, hand_won=won)
    assert sum(deltas) == 0
    if not won:
        assert deltas == [0, 0, 0, 0]
