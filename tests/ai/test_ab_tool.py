"""tests/bench/ab_ai.py: the "before" side plays the strong strategy with the switched attribute and
nothing else, the results file keeps one setting, and bench_ai records what each win collected."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai import player as player_module
from bot.ai.seatview import read_view
from bot.ai.strong_rules import strong_strategy_for
from bot.engine import actions as A
from bot.engine.actions import Action
from tests.ai.views import discards, make_view
from tests.bench.ab_ai import BeforePlayer, before_strategy, load, run
from tests.bench.bench_ai import win_value


def test_before_strategy_changes_only_the_named_attribute() -> None:
    before = before_strategy("sichuan", {"kan_slack": 0})
    strong = strong_strategy_for("sichuan")
    assert isinstance(before, type(strong))
    assert (before.kan_slack, strong.kan_slack) == (0, 1)
    assert before.void_choice([1] * 34) == strong.void_choice([1] * 34)


def test_an_unknown_attribute_is_refused() -> None:
    with pytest.raises(SystemExit, match="no attribute 'kan_slak'"):
        before_strategy("sichuan", {"kan_slak": 0})


def test_the_before_player_decides_with_its_strategy_and_leaves_the_module_as_it_was() -> None:
    # 2222m34m567p13p89p with 5p drawn, void sou: strong kans at a step's cost; before (slack 0) not.
    view = make_view("2222m34m567p13p89p", drawn="5p", rules="sichuan", dora="", extra={0: {"void": 2}})
    twos = tuple(t for t in view["seats"][0]["concealed"] if t >> 2 == 1)
    legal = discards(view) + [Action(A.ANKAN, 0, None, twos)]
    player = BeforePlayer("t", before_strategy("sichuan", {"kan_slack": 0}))
    assert player.decide(legal, view).kind == A.DISCARD
    assert strong_strategy_for(read_view(view).rules).kan_slack == 1
    assert player_module.strong_strategy_for is strong_strategy_for


def test_a_group_is_stored_with_its_setting_and_another_setting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ab.jsonl"
    run("sichuan", 1, "ab-test", {"kan_slack": 0}, path)
    groups = load(path)["groups"]
    assert list(groups) == ["ab-test:0"]
    games = groups["ab-test:0"]
    assert len(games) == 4
    for game in games:
        assert sorted(s["level"] for s in game["seats"]) == ["after", "before", "easy", "easy"]
        assert all("points" in s and "win_points" in s for s in game["seats"])
    with pytest.raises(SystemExit, match="another --before setting"):
        run("sichuan", 1, "ab-test", {"kan_slack": 2}, path)


def test_a_win_is_worth_the_winners_own_gain() -> None:
    assert win_value({"seat": 2, "deltas": [-4, 0, 8, -4], "points": 4}) == 8
    assert win_value({"seat": 1, "points": 6}) == 6
