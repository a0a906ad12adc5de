"""tests/bench/ab_ai.py: the "before" side plays the strong strategy with the switched attribute and
nothing else, the results file keeps one setting, and bench_ai records what each win collected."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai.player import AIPlayer
from bot.ai.strong_rules import strong_strategy_for
from bot.engine import actions as A
from bot.engine.actions import Action
from tests.ai.views import make_view
from tests.bench.ab_ai import BeforePlayer, before_strategy, before_tuning, load, run, seatings
from tests.bench.bench_ai import win_value


def test_before_strategy_changes_only_the_named_attribute() -> None:
    before = before_strategy("pihu", {"flush_at": 9})
    strong = strong_strategy_for("pihu")
    assert isinstance(before, type(strong))
    assert (before.flush_at, strong.flush_at) == (9, 11)
    assert before.open_threat_factor == strong.open_threat_factor == 0.0


def test_an_unknown_attribute_is_refused() -> None:
    with pytest.raises(SystemExit, match="no attribute 'flush_a'"):
        before_strategy("pihu", {"flush_a": 9})


def test_a_tuning_field_switches_the_players_numbers_and_leaves_the_strategy_as_it_ships() -> None:
    settings = {"placement": False, "two_step_weight": 0.0, "go_around_safe": False}
    strategy, tuning = before_strategy("mingjiang", settings), before_tuning(settings)
    shipped = strong_strategy_for("mingjiang")
    assert (tuning.placement, tuning.two_step_weight) == (False, 0.0)
    assert tuning.fold_at == AIPlayer("strong").tuning.fold_at
    assert (strategy.go_around_safe, shipped.go_around_safe) == (False, True)
    assert not hasattr(strategy, "two_step_weight") and not hasattr(strategy, "placement")
    before = BeforePlayer("t", strategy, tuning)
    assert not before.plays_placement and AIPlayer("strong", "t").plays_placement


def test_a_group_against_strong_without_two_draws_ahead_is_stored_with_that_setting(tmp_path: Path) -> None:
    path = tmp_path / "ab.jsonl"
    run("riichi", 1, "ab-tune", {"two_step_weight": 0.0}, path, table="strong")
    assert len(load(path)["groups"]["ab-tune:0"]) == 2  # the two seatings of a table of strong players
    with pytest.raises(SystemExit, match="another setting"):
        run("riichi", 1, "ab-tune", {"two_step_weight": 1.0}, path, table="strong")


def test_the_before_player_decides_with_its_strategy_and_the_strong_player_with_its_own() -> None:
    # 1234456789m55p7s with 5p offered: strong (flush from 11 tiles) pons toward ready; before, aiming
    # the flush from 9 of the 10 man, refuses the off-suit pon.
    view = make_view("1234456789m55p7s", rules="pihu", dora="", offer=("5p", 3))
    offered = view["offer"]["tile"]
    fives = tuple(t for t in view["seats"][0]["concealed"] if t >> 2 == offered >> 2)
    legal = [Action(A.PON, 0, offered, fives), Action(A.PASS, 0)]
    player = BeforePlayer("t", before_strategy("pihu", {"flush_at": 9}))
    assert player.decide(legal, view).kind == A.PASS
    assert AIPlayer("strong", "t", strict=True).decide(legal, view).kind == A.PON


def test_a_group_is_stored_with_its_setting_and_another_setting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ab.jsonl"
    run("sichuan", 1, "ab-test", {"pairs_bonus": 0.0}, path)
    groups = load(path)["groups"]
    assert list(groups) == ["ab-test:0"]
    games = groups["ab-test:0"]
    assert len(games) == 4
    for game in games:
        assert sorted(s["level"] for s in game["seats"]) == ["after", "before", "easy", "easy"]
        assert all("points" in s and "win_points" in s for s in game["seats"])
    with pytest.raises(SystemExit, match="another setting"):
        run("sichuan", 1, "ab-test", {"pairs_bonus": 1.0}, path)
    with pytest.raises(SystemExit, match="another setting"):
        run("sichuan", 1, "ab-test", {"pairs_bonus": 0.0}, path, table="strong")


def test_a_table_of_strong_players_seats_each_side_after_the_other_as_often() -> None:
    assert seatings("strong", 4) == [
        ["after", "before", "after", "before"],
        ["before", "after", "before", "after"],
    ]
    three = seatings("strong", 3)
    assert len(three) == 6
    # every side in every seat equally often: two seatings in three put "after" in a given seat
    for seat in range(3):
        assert [s[seat] for s in three].count("after") == 3


def test_a_strong_table_group_against_normal_seats_the_normal_level(tmp_path: Path) -> None:
    path = tmp_path / "ab.jsonl"
    run("riichi", 1, "ab-normal", None, path, table="strong")
    games = load(path)["groups"]["ab-normal:0"]
    assert len(games) == 2
    for game in games:
        assert [s["level"] for s in game["seats"]].count("before") == 2
    assert "easy" not in {s["level"] for g in games for s in g["seats"]}


def test_a_win_is_worth_the_winners_own_gain() -> None:
    assert win_value({"seat": 2, "deltas": [-4, 0, 8, -4], "points": 4}) == 8
    assert win_value({"seat": 1, "points": 6}) == 6
