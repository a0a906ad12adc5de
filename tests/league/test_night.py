"""A league night's draw (bot/league/night.py): who meets whom, byes, winds, redraws, determinism."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest

from bot.league.night import (
    DrawError,
    Round,
    bye_counts,
    draw_night,
    layout,
    pair_counts,
    repeated_meetings,
    table_label,
    wind_counts,
)


def assert_winds_within_one(rounds: list[Round[int]], winds: int) -> None:
    for player, counts in wind_counts(rounds).items():
        assert max(counts[:winds]) - min(counts[:winds]) <= 1, (player, counts)


def assert_well_formed(rounds: list[Round[int]], players: list[int], table_size: int) -> None:
    for r in rounds:
        seated = [p for t in r.tables for p in t]
        assert sorted(seated + list(r.byes)) == sorted(players)
        assert all(len(t) == table_size for t in r.tables)


@pytest.mark.parametrize("seed", [0, 1, "club night"])
def test_16_players_over_5_rounds_meet_every_other_player_exactly_once(seed: object) -> None:
    players = list(range(1, 17))
    rounds = draw_night(players, 5, seed=str(seed))
    assert_well_formed(rounds, players, 4)
    met = pair_counts(rounds)
    assert len(met) == 120 and set(met.values()) == {1}  # all C(16, 2) pairs, each once
    assert_winds_within_one(rounds, 4)


def test_24_players_over_4_rounds_never_meet_twice() -> None:
    players = list(range(24))
    for seed in range(3):
        rounds = draw_night(players, 4, seed=seed)
        assert_well_formed(rounds, players, 4)
        assert max(pair_counts(rounds).values()) == 1
        assert_winds_within_one(rounds, 4)


def test_13_players_over_4_rounds_sit_out_once_each_at_most_and_never_meet_three_times() -> None:
    players = list(range(13))
    for seed in range(3):
        rounds = draw_night(players, 4, seed=seed)
        assert_well_formed(rounds, players, 4)
        assert [len(r.byes) for r in rounds] == [1, 1, 1, 1]
        assert set(bye_counts(rounds).values()) == {1}  # four different players sat out
        assert max(pair_counts(rounds).values()) <= 2
        assert_winds_within_one(rounds, 4)


@pytest.mark.parametrize(("count", "rounds", "size"), [(14, 9, 4), (13, 7, 4), (11, 6, 3), (22, 5, 4)])
def test_nobody_sits_out_twice_before_everyone_sat_out_once(count: int, rounds: int, size: int) -> None:
    drawn = draw_night(list(range(count)), rounds, table_size=size, seed=7)
    so_far: Counter[int] = Counter()
    for r in drawn:
        playing = [p for p in range(count) if p not in r.byes]
        if r.byes and playing:  # those who sit out had no more byes than anyone who plays
            assert max(so_far[p] for p in r.byes) <= min(so_far[p] for p in playing), (r.byes, so_far)
        so_far.update(r.byes)
    assert max(so_far.values(), default=0) - min((so_far[q] for q in range(count)), default=0) <= 1


def _partitions(items: list[int]) -> list[list[tuple[int, ...]]]:
    if not items:
        return [[]]
    first, out = items[0], []
    for rest in combinations(items[1:], 3):
        table = (first, *rest)
        left = [x for x in items if x not in table]
        out += [[table, *more] for more in _partitions(left)]
    return out


def _mask(tables: list[tuple[int, ...]], index: dict[tuple[int, int], int]) -> int:
    return sum(1 << index[pair] for table in tables for pair in combinations(sorted(table), 2))


def test_12_players_over_3_rounds_reach_the_fewest_repeats_an_exhaustive_search_finds() -> None:
    """Any draw can be relabelled so that round 1 is {0-3} {4-7} {8-11}; relabelling inside those groups
    and swapping the groups keeps round 1 and every count of repeats, and brings any round 2 to one whose
    table x group matrix is in a canonical order.  So one round 2 per matrix class and every round 3
    cover every draw.  0 repeats is impossible: already in round 2 four players at a table come from three
    groups.  Counting each two rounds in which the same two players share a table (sum C(times, 2), the
    draw's measure), the fewest is 9, with nobody meeting anyone three times; counting only meetings
    after the first (sum times - 1) it would be 6, but only with pairs who meet in all three rounds,
    which the draw avoids.  The draw reaches the 9."""
    groups = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    index = {pair: i for i, pair in enumerate(combinations(range(12), 2))}
    every = _partitions(list(range(12)))
    assert len(every) == 5775
    masks = [_mask(p, index) for p in every]
    first = _mask(groups, index)

    def canonical(tables: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
        matrix = [[len(set(t) & set(g)) for t in tables] for g in groups]
        return min(
            tuple(tuple(matrix[r][c] for c in cols) for r in rows)
            for rows in permutations(range(3))
            for cols in permutations(range(3))
        )

    classes = {canonical(p): m for p, m in zip(every, masks, strict=True)}
    assert min((m & first).bit_count() for m in masks) == 3  # round 2 alone meets round 1 again 3 times
    again = [
        (
            (second & first).bit_count(),
            (third & first).bit_count(),
            (third & second).bit_count(),
            (third & second & first).bit_count(),
        )
        for second in classes.values()
        for third in masks
    ]
    fewest = min(a + b + c for a, b, c, _ in again)
    assert fewest == 9
    assert min(a + b + c - thrice for a, b, c, thrice in again) == 6
    assert min(a + b + c - thrice for a, b, c, thrice in again if thrice == 0) == 9
    for seed in range(3):
        rounds = draw_night(list(range(12)), 3, seed=seed)
        assert repeated_meetings(rounds) == fewest and max(pair_counts(rounds).values()) == 2
        assert_winds_within_one(rounds, 4)


def test_nine_sanma_players_over_four_rounds_meet_every_other_player_once() -> None:
    rounds = draw_night([f"p{i}" for i in range(9)], 4, table_size=3, seed=3)
    met = pair_counts(rounds)
    assert len(met) == 36 and set(met.values()) == {1}
    for counts in wind_counts(rounds).values():
        assert max(counts[:3]) - min(counts[:3]) <= 1 and counts[3] == 0


def test_64_players_over_21_rounds_meet_every_other_player_exactly_once() -> None:
    """AG(3, 4): 21 parallel classes of 16 lines of 4."""
    rounds = draw_night(list(range(64)), 21, seed=2)
    met = pair_counts(rounds)
    assert len(met) == 64 * 63 // 2 and set(met.values()) == {1}
    assert_winds_within_one(rounds, 4)


@pytest.mark.parametrize(("count", "rounds"), [(10, 5), (17, 6), (20, 7), (31, 9), (8, 8)])
def test_winds_stay_within_one_per_wind_when_the_search_draws(count: int, rounds: int) -> None:
    drawn = draw_night(list(range(count)), rounds, seed=count)
    assert_winds_within_one(drawn, 4)


def test_the_same_seed_draws_the_same_night_and_another_seed_another() -> None:
    players = [f"player {i}" for i in range(14)]
    assert draw_night(players, 5, seed="a") == draw_night(players, 5, seed="a")
    assert draw_night(players, 5, seed="a") != draw_night(players, 5, seed="b")


def test_a_player_who_leaves_is_left_out_of_the_later_rounds_only() -> None:
    players = list(range(16))
    night = draw_night(players, 5, seed=4)
    played = night[:2]
    later = draw_night([p for p in players if p != 5], 3, seed=4, played=played)
    assert len(later) == 3
    assert all(5 not in r.seated and 5 not in r.byes for r in later)
    assert [len(r.byes) for r in later] == [3, 3, 3]  # 15 players: three tables and three byes
    assert len(set().union(*(r.byes for r in later))) == 9  # nobody sits out twice yet
    whole = [*played, *later]
    assert max(pair_counts(whole).values()) == 1  # who met in rounds 1-2 does not meet again


def test_sanma_tables_take_the_rest_of_a_riichi_night_instead_of_byes() -> None:
    assert layout(13, 4, sanma_tables=True) == ([4, 3, 3, 3], 0)
    assert layout(13, 4) == ([4, 4, 4], 1)
    assert layout(14, 4, sanma_tables=True) == ([4, 4, 3, 3], 0)
    assert layout(5, 4, sanma_tables=True) == ([4], 1)
    assert layout(3, 4, sanma_tables=True) == ([3], 0)
    rounds = draw_night(list(range(13)), 4, seed=1, sanma_tables=True)
    assert all(sorted(len(t) for t in r.tables) == [3, 3, 3, 4] and not r.byes for r in rounds)
    assert max(pair_counts(rounds).values()) <= 2


@pytest.mark.parametrize(
    ("players", "rounds", "size", "key"),
    [
        ([1, 2, 3], 2, 4, "league.night.error.too_few"),
        ([1, 2, 2, 3, 4], 2, 4, "league.night.error.same_player"),
        (list(range(8)), 0, 4, "league.night.error.rounds"),
        (list(range(8)), 2, 5, "league.night.error.table_size"),
    ],
)
def test_a_night_that_cannot_be_drawn_is_refused_by_name(
    players: list[int], rounds: int, size: int, key: str
) -> None:
    with pytest.raises(DrawError) as refused:
        draw_night(players, rounds, table_size=size)
    assert refused.value.key == key


def test_table_labels_are_short_and_unique_in_a_night() -> None:
    assert [table_label(1, i) for i in (0, 1, 25, 26, 27)] == ["1A", "1B", "1Z", "1AA", "1AB"]
    labels = {table_label(r, t) for r in range(1, 31) for t in range(64)}
    assert len(labels) == 30 * 64
