"""An action whose seat or tiles are not ints is refused before anything changes (a float equal to a
legal tile once passed the legality check, removed the tile and left the state broken)."""

from __future__ import annotations

import pytest

from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game


def _turn(game: Game) -> tuple[int, Action]:
    seat = game.waiting_for()[0]
    discard = next(a for a in game.legal_actions(seat) if a.kind == "discard")
    return seat, discard


@pytest.mark.parametrize("bad", [float, str, bool])
def test_a_tile_that_is_not_an_int_is_refused_and_nothing_changes(bad: object) -> None:
    game = Game("riichi", seed="types")
    seat, discard = _turn(game)
    assert discard.tile is not None
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="whole numbers"):
        game.apply(Action("discard", seat, bad(discard.tile)))  # type: ignore[operator, arg-type]
    assert game.snapshot() == before and game.check_invariants() == []
    game.apply(discard)  # the game goes on
    assert game.check_invariants() == []


def test_a_float_seat_or_float_tiles_in_using_are_refused() -> None:
    game = Game("riichi", seed="types")
    seat, discard = _turn(game)
    with pytest.raises(IllegalAction, match="whole numbers"):
        game.apply(Action("discard", float(seat), discard.tile))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="whole numbers"):
        game.apply(Action("ankan", seat, None, (1.0, 2, 3, 0)))  # type: ignore[arg-type]
    assert game.check_invariants() == []
