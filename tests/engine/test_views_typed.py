"""The TypedDicts of bot/engine/views.py say the truth: every key a view, a seat view, a hand record or
a win record carries (in every rule set, at every point of random games) is declared there."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai.random_player import RandomPlayer
from bot.engine.game import Game
from bot.engine.registry import BUILT_IN_IDS
from bot.engine.views import HandRecord, HandResultRecord, MeldView, SeatView, TableView, WinRecord


def declared(kind: Any) -> set[str]:
    return set(kind.__annotations__)


def check_view(view: dict[str, Any]) -> None:
    assert set(view) <= declared(TableView), set(view) - declared(TableView)
    for seat in view["seats"]:
        assert set(seat) <= declared(SeatView), set(seat) - declared(SeatView)
        for meld in seat["melds"]:
            assert set(meld) == declared(MeldView)


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
def test_every_key_of_views_and_records_is_declared(rules: str) -> None:
    game = Game(rules, seed="typed")
    player = RandomPlayer(3, call_rate=0.5)
    for step in range(400):
        if game.over:
            break
        seat = game.waiting_for()[0]
        if step % 7 == 0:
            check_view(game.view(seat))
            check_view(game.view(None))
        game.apply(player.choose(game, seat))
    assert game.typed_view(None) == game.view(None)
    for record in game.hands:
        assert HandRecord.__required_keys__ <= set(record) <= declared(HandRecord)
        result = record["result"]
        assert {"kind", "deltas", "wins"} <= set(result)
        for win in result["wins"]:
            assert set(win) <= declared(WinRecord), set(win) - declared(WinRecord)
        assert {"kind", "deltas", "wins", "reason"} <= declared(HandResultRecord)
