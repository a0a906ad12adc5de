"""What each seat has let pass (``passed`` in the view): the others' discards since it last drew or called
that nobody won on.  Public, since they lie in the rivers; in mingjiang exactly the kinds the seat may
not ron until its next discard (the seed's furiten of the same go-around)."""

from __future__ import annotations

import pytest

from bot.ai.player import AIPlayer
from bot.ai.random_player import RandomPlayer
from bot.engine import actions as A
from bot.engine.actions import Event
from bot.engine.game import Game
from bot.engine.registry import rule_ids
from bot.hand.tiles import kind_of


class PassedFromEvents:
    """The same lists, kept from the referee's announcements alone."""

    def __init__(self, players: int) -> None:
        self.passed: list[list[int]] = [[] for _ in range(players)]
        self.pending: tuple[int, int] | None = None  # (giver, tile): a discard not yet answered

    def _let_pass(self) -> None:
        if self.pending is not None:
            giver, tile = self.pending
            for seat, tiles in enumerate(self.passed):
                if seat != giver:
                    tiles.append(tile)
            self.pending = None

    def _answers_pending(self, event: Event) -> bool:
        return self.pending is not None and event.data.get("from") == self.pending[0]

    def read(self, event: Event) -> None:
        if event.kind == "hand_start":
            self.passed = [[] for _ in self.passed]
            self.pending = None
        elif event.kind == "discard":
            assert event.seat is not None
            self.pending = (event.seat, event.data["tile"])
        elif event.kind == "draw" or (event.kind == "call" and self._answers_pending(event)):
            assert event.seat is not None
            self._let_pass()
            self.passed[event.seat].clear()
        elif event.kind in ("win", "hand_end"):
            self.pending = None  # a discard won on was not let pass


@pytest.mark.parametrize("rules", rule_ids())
def test_each_seat_has_let_pass_the_discards_since_it_last_drew_or_called(rules: str) -> None:
    for seed in ("passed-a", "passed-b"):
        game = Game(rules, seed=seed)
        player = RandomPlayer(seed, call_rate=0.5)
        model = PassedFromEvents(game.rules.players)
        checked = 0
        for _ in range(400):
            if game.over:
                break
            for event in game.apply(player.choose(game, game.waiting_for()[0])):
                model.read(event)
            if game.over:
                break
            shown = [seat.get("passed", []) for seat in game.view(None)["seats"]]
            assert shown == model.passed, f"{rules} {seed} after {len(game.decisions)} decisions"
            checked += any(shown)
        assert checked > 20  # the lists were not always empty


def test_mingjiang_never_offers_a_ron_on_a_kind_the_seat_let_pass() -> None:
    offered = 0
    for g in range(3):
        game = Game("mingjiang", seed=f"passed-ron-{g}")
        players = [AIPlayer("normal", f"passed-ron-{g}:{s}") for s in range(game.rules.players)]
        while not game.over:
            waiting = game.waiting_for()
            if game.view(None)["phase"] == "claim":
                for s in waiting:
                    passed = {kind_of(t) for t in game.view(None)["seats"][s]["passed"]}
                    for action in game.legal_actions(s):
                        if action.kind == A.RON:
                            assert action.tile is not None
                            assert kind_of(action.tile) not in passed
                            offered += 1
            game.apply(players[waiting[0]].choose(game, waiting[0]))
    assert offered > 0
