"""What each seat may see at a Sichuan table: exchange picks, void choices and a winner's concealed hand
stay hidden from the others until everyone has decided (or the hand has ended)."""

from __future__ import annotations

import json

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from tests.rules.sichuan.test_flow import (
    FULL_DRAWS,
    FULL_HANDS,
    NO_EXCHANGE,
    M,
    S,
    answer,
    declare,
    discard,
    sichuan,
)


def test_exchange_picks_are_seen_only_by_their_owner_until_all_are_in() -> None:
    game = Game("sichuan", {}, "views", dice=[(1, 1, 1, 1)])
    pick = game.legal_actions(1)[-1].tile
    events = game.apply(Action(A.EXCHANGE, 1, pick))
    assert events == []  # nothing is announced while picks are missing
    assert game.view(1)["seats"][1]["exchange_pick"] == [pick]
    for viewer in (0, 2, 3, None):
        view = game.view(viewer)
        assert all("exchange_pick" not in view["seats"][s] for s in range(4) if s != viewer)
        assert view["phase"] == "exchange" and view["offer"] is None
    for seat in (0, 2, 3):
        game.apply(game.legal_actions(seat)[0])
    second = game.legal_actions(1)[0].tile
    game.apply(Action(A.EXCHANGE, 1, second))
    assert game.view(1)["seats"][1]["exchange_pick"] == [pick, second]
    assert all("exchange_pick" not in game.view(0)["seats"][s] for s in (1, 2, 3))


def test_received_tiles_are_private_events() -> None:
    game = Game("sichuan", {}, "views", dice=[(1, 1, 1, 1)])
    for _ in range(2):
        for seat in range(4):
            game.apply(game.legal_actions(seat)[0])
    for seat in range(3):
        game.apply(game.legal_actions(seat)[0])
    events = game.apply(game.legal_actions(3)[0])
    received = [e for e in events if e.kind == "received"]
    assert len(received) == 4 and all(e.private for e in received)
    assert [e.kind for e in events if not e.private] == ["exchange", "decide"]
    assert all("exchange_pick" not in game.view(1)["seats"][s] for s in range(4))  # the phase is over


def test_void_choices_are_hidden_until_every_seat_has_declared() -> None:
    game = Game("sichuan", NO_EXCHANGE, "views")
    suggestion = game.view(2)["seats"][2]["void_suggestion"]
    counts = [sum(1 for t in game.hand.seats[2].concealed if t // 36 == suit) for suit in range(3)]
    assert counts[suggestion] == min(counts)
    game.apply(Action(A.VOID, 2, None, (36 * S,)))
    assert game.view(2)["seats"][2]["void_choice"] == S
    for viewer in (0, 1, 3, None):
        seat_entry = game.view(viewer)["seats"][2]
        assert seat_entry["void"] is None and "void_choice" not in seat_entry
        assert "void_suggestion" not in seat_entry
    for seat in (0, 1, 3):
        game.apply(Action(A.VOID, seat, None, (36 * M,)))
    assert [game.view(0)["seats"][s]["void"] for s in range(4)] == [M, M, S, M]
    assert game.view(0)["phase"] == "turn" and game.hand.current == 0


def test_a_winners_concealed_hand_stays_hidden_until_the_hand_ends() -> None:
    game = sichuan(FULL_HANDS, FULL_DRAWS, NO_EXCHANGE)
    declare(game, [M, M, S, S])
    for seat, name in ((0, "9m"), (1, "9m"), (2, "9s"), (3, "7s"), (0, "3m")):
        discard(game, seat, name)
    win_tile = game.hand.drawn
    answer(game, 1, A.TSUMO)
    hidden = sorted(game.hand.seats[1].concealed)
    assert len(hidden) == 13
    for viewer in (0, 2, 3, None):
        entry = game.view(viewer)["seats"][1]
        assert "concealed" not in entry and entry["won"] and entry["win_tile"] == win_tile
        # no concealed id of the winner appears anywhere in another seat's view
        text = json.dumps(game.view(viewer)["seats"][1])
        assert all(f" {t}," not in text and f"[{t}," not in text for t in hidden)
    assert game.view(1)["seats"][1]["concealed"] == hidden
    assert game.view(2)["winners"] == [1]
    discard(game, 2, "1s")
    discard(game, 3, "3s")
    discard(game, 0, "5m")
    answer(game, 2, A.RON)
    answer(game, 3, A.RON)
    assert game.hands[0]["result"]["hands"][1] == hidden  # shown with the result
