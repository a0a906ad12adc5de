"""tests/bench/branch_ai.py: the counterfactual-branch tool splits the real game at strong's decision,
and only there, and its tables report the decision types asked for."""

from __future__ import annotations

import io

import pytest

from bot.ai.player import AIPlayer
from bot.engine.game import Game
from tests.bench.bench_ai import base_pattern
from tests.bench.branch_ai import TYPES, BranchPlayer, play_game, report


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return play_game("riichi", "bt6-test", 1, TYPES, keep_logs=True)  # a game with every type


def test_every_type_is_branched(records: list[dict]) -> None:
    assert {r["type"] for r in records} == set(TYPES)


def test_branches_share_the_game_up_to_the_decision_and_differ_in_it(records: list[dict]) -> None:
    for r in records:
        start = r["start"]
        # The same decisions up to the split: the copy shares nothing with the real game afterwards.
        assert r["alt_log"][:start] == r["strong_log"][:start]
        assert r["strong_log"][start] == r["strong_first"]
        if r["type"] == "push":
            assert r["alt_stance"] is not r["strong_stance"][0]  # the other stance, forced
        else:
            assert r["alt_log"][start] != r["strong_first"]
        if r["type"] == "discard":
            assert r["alt_log"][start].tile >> 2 != r["strong_first"].tile >> 2


def test_the_measures_are_alternative_and_strong_from_the_decision(records: list[dict]) -> None:
    for r in records:
        own, rel = r["strong"]
        assert isinstance(own, int) and isinstance(rel, float)
    # The alternative changed the outcome of some hands (else the branches would not branch).
    assert any(r["alternative"] != r["strong"] for r in records)


def test_the_table_has_the_types_asked_for(records: list[dict]) -> None:
    asked = ["push", "discard", "ron"]
    out = io.StringIO()
    report(records, 1, asked, out)
    text = out.getvalue()
    for kind in asked:
        n = sum(r["type"] == kind for r in records)
        assert f"== {kind}: {n} decisions in 1 games" in text
    assert "== call" not in text and "== riichi" not in text
    # Each strong choice's "all" row counts every record of it.
    for r in records:
        if r["type"] in asked:
            n = sum(x["type"] == r["type"] and x["alt"] == r["alt"] for x in records)
            rows = [line.split() for line in text.splitlines() if line.startswith(r["alt"])]
            assert [str(n)] in [row[-8:-7] for row in rows if row[-9] == "all"]


def test_branch_players_play_as_the_product_when_nothing_is_forced() -> None:
    levels = base_pattern(4)
    logs = []
    for cls in (AIPlayer, BranchPlayer):
        game = Game("riichi", seed="bt6-test:same")
        players = [
            AIPlayer(level, f"s{seat}", strict=True) if cls is AIPlayer else BranchPlayer(level, f"s{seat}")
            for seat, level in enumerate(levels)
        ]
        while not game.over:
            seat = game.waiting_for()[0]
            game.apply(players[seat].choose(game, seat))
        logs.append(list(game.decisions))
    assert logs[0] == logs[1]


def test_at_a_table_of_strong_players_the_branched_seat_turns_with_the_game() -> None:
    for g in (1, 2):
        found = play_game("mingjiang", "bt6-strong", g, ("riichi", "ron"), keep_logs=True, table="strong")
        assert found
        assert {r["strong_first"].seat for r in found} == {g}
