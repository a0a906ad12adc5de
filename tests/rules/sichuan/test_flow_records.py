"""What a sichuan game tells its players about a win and about the end of a session: the win's record
(who won, from whom, on which tile, how), what every seat sees of it, a capped win's payments, and the
final ranking (sichuan.md: chips won and lost against the starting stack; equal chips rank by seat), the
fan that depend on when a win comes (heavenly only on the dealer's first draw, the last tile, the last
discard), and the void suggested to a seat before it declares."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.registry import load_rules
from bot.engine.state import TURN
from bot.hand.tiles import kind_of
from bot.rules.sichuan.flow import fewest_suit
from tests.rules.sichuan.test_flow import (
    FILLER,
    KAN_HANDS,
    NO_EXCHANGE,
    M,
    S,
    answer,
    declare,
    discard,
    pass_all,
    sichuan,
)

FOUR_P = 12  # kind of 4p (0-8 m, 9-17 p)
NINE_M = 8


def test_a_ron_is_recorded_with_its_discarder_tile_and_way_and_shown_to_every_seat() -> None:
    # Seat 1 rons the dealer's first discard, 9m (the earthly hand of test_flow.py).
    game = sichuan([KAN_HANDS[0], KAN_HANDS[3], FILLER, "234567p2345678s"], "9m", NO_EXCHANGE)
    declare(game, [M, S, S, M])
    discard(game, 0, "9m")
    answer(game, 1, A.RON)
    [win] = game.hand.extra["sichuan"].wins
    assert (win["seat"], win["from"], kind_of(win["tile"]), win["context"]) == (1, 0, NINE_M, "discard")
    for viewer in range(4):
        seats = game.view(viewer)["seats"]
        assert [(s["won"], s["win_from"]) for s in seats] == [
            (False, None),
            (True, 0),
            (False, None),
            (False, None),
        ]
        assert kind_of(seats[1]["win_tile"]) == NINE_M


def test_a_self_drawn_win_is_recorded_as_such_and_a_capped_one_pays_the_cap() -> None:
    # The dealer's heavenly hand is 5 fan (32 from each, test_flow.py); at a table capped at 3 fan each
    # of the others pays 2**3 = 8.
    game = sichuan(["123m456m789m11p23p", FILLER, FILLER, FILLER], "4p", {**NO_EXCHANGE, "cap": 3})
    declare(game, [S, S, S, S])
    answer(game, 0, A.TSUMO)
    [win] = game.hand.extra["sichuan"].wins
    assert (win["seat"], win["from"], kind_of(win["tile"]), win["context"]) == (0, None, FOUR_P, "tsumo")
    assert (win["fan_keys"], win["fan"], win["points"], win["deltas"]) == (
        ["heavenly"],
        3,
        24,
        [24, -8, -8, -8],
    )
    assert game.hand.points == [24, -8, -8, -8]


def test_the_final_ranking_orders_by_chips_and_equal_chips_by_seat() -> None:
    rules = load_rules("sichuan", {"stack": 50})
    assert rules.final_scores([60, 40, 60, 40], 0) == [
        {"seat": 0, "rank": 1, "points": 60, "score": 10},
        {"seat": 1, "rank": 3, "points": 40, "score": -10},
        {"seat": 2, "rank": 2, "points": 60, "score": 10},
        {"seat": 3, "rank": 4, "points": 40, "score": -10},
    ]
    assert [f["rank"] for f in rules.final_scores([10, 90, 50, 50], 0)] == [4, 1, 2, 3]


# The dealer's 123m 456m 789m 11p 23p waits on 1p and 4p; everyone's void is bamboo (s).
DEALER_WAITING = ["123m456m789m11p23p", FILLER, FILLER, FILLER]


def _after_a_go_around(draws: str, options: dict[str, Any] | None = None, discards: int = 4) -> Game:
    """Each of the first ``discards`` seats, dealer first, discards the 9s it drew (nobody can use it)."""
    game = sichuan(DEALER_WAITING, draws, {**NO_EXCHANGE, **(options or {})})
    declare(game, [S, S, S, S])
    for seat in range(discards):
        discard(game, seat, "9s")
        pass_all(game)
    return game


def _win_of_the_first_hand(game: Game) -> dict[str, Any]:
    wins = game.hands[0]["result"]["wins"] if game.hands else game.hand.extra["sichuan"].wins
    return wins[0]


def test_the_dealers_self_drawn_win_after_the_first_go_around_is_no_heavenly_hand() -> None:
    game = _after_a_go_around("9s9s9s9s4p")
    answer(game, 0, A.TSUMO)
    win = _win_of_the_first_hand(game)
    assert (win["fan_keys"], win["fan"], win["deltas"]) == (["self_drawn", "straight"], 2, [12, -4, -4, -4])


def test_a_self_drawn_win_on_the_last_tile_adds_its_fan() -> None:
    game = _after_a_go_around("9s9s9s9s4p")
    game.hand.wall.next_live = game.hand.wall.live_end  # the 4p just drawn was the wall's last tile
    answer(game, 0, A.TSUMO)
    win = _win_of_the_first_hand(game)
    assert (win["fan_keys"], win["fan"]) == (["self_drawn", "last_tile", "straight"], 3)
    assert win["deltas"] == [24, -8, -8, -8]
    # The wall is empty: the hand ends, recorded as won, with everyone's void (bamboo, suit 2).
    result = game.hands[0]["result"]
    assert (result["kind"], result["reason"], result["voids"]) == ("win", "exhaustive", [S, S, S, S])


@pytest.mark.parametrize(
    ("option", "fan_keys"), [(True, ["last_discard", "straight"]), (False, ["straight"])]
)
def test_a_ron_on_the_last_discard_adds_its_fan_with_the_option(option: bool, fan_keys: list[str]) -> None:
    game = _after_a_go_around("9s9s9s4p", {"last_discard": option}, discards=3)
    game.hand.wall.next_live = game.hand.wall.live_end  # seat 3 drew the wall's last tile, 4p
    discard(game, 3, "4p")
    answer(game, 0, A.RON)
    win = _win_of_the_first_hand(game)
    assert (win["fan_keys"], win["from"]) == (fan_keys, 3)
    assert win["deltas"] == [2 ** len(fan_keys), 0, 0, -(2 ** len(fan_keys))]


M1, M2, P1, P2, P3, S1, S2, S3 = 0, 4, 36, 40, 44, 72, 76, 80  # tile ids (m 0-35, p 36-71, s 72-107)


@pytest.mark.parametrize(
    ("tiles", "suggested"),
    [
        ([M1, M2, P1, S1], 1),  # 2 1 1: the fewest, p and s, and of those the lower, p
        ([M1, P1, S1, S2], 0),  # 1 1 2: m before p
        ([M1, M2, P1, P2, S1], 2),  # 2 2 1: s
        ([P1, P2, P3, S1, S2, S3], 0),  # no m at all
        ([M1, M2, P1, S1, S2, S3], 1),
    ],
)
def test_the_suggested_void_is_the_suit_with_the_fewest_tiles_the_lowest_on_a_tie(
    tiles: list[int], suggested: int
) -> None:
    assert fewest_suit(tiles) == suggested


def test_the_exchange_tells_everyone_its_direction_and_each_receiver_alone_what_it_got() -> None:
    """Dice 1+2+3+4 = 10: each seat passes its three tiles to the previous seat (sichuan.md).  The dealer
    gives away the 4p it drew, so the tile it holds as drawn becomes the highest it received.  With
    exchange_same_suit, a suit of exactly three tiles may be picked (seat 1's 1p2p3p), a single 4s not."""
    hands = ["123m456m789m11p23p", "123m456m789m1p2p3p4s", FILLER, FILLER]
    game = sichuan(hands, "4p", {"exchange_same_suit": True}, dice=(1, 2, 3, 4))
    assert {kind_of(a.tile or 0) // 9 for a in game.legal_actions(1)} == {M, 1}
    picks: dict[int, list[int]] = {seat: [] for seat in range(4)}
    events = []
    for _ in range(3):
        for seat in range(4):
            legal = game.legal_actions(seat)
            action = legal[-1] if seat == 0 else legal[0]  # the dealer gives its p tiles, 4p first
            assert action.tile is not None
            picks[seat].append(action.tile)
            events = game.apply(action)
    assert kind_of(picks[0][0]) == FOUR_P
    public = [(e.kind, e.data) for e in events if not e.private and e.kind == "exchange"]
    assert public == [("exchange", {"direction": "previous", "dice": [1, 2, 3, 4]})]
    received = {e.seat: e.data for e in events if e.private and e.kind == "received"}
    assert received == {(seat + 3) % 4: {"tiles": picks[seat], "from": seat} for seat in range(4)}
    assert game.hand.drawn == max(picks[1]) and game.hand.drawn in game.hand.seats[0].concealed


# Seat 1 holds three 5p; the dealer draws the fourth and discards it (no other seat holds a 5p).
THREE_5P = ["123m456m789m11p23p", "2345678m2345p55p", "2345678m234678p", "2345678m234678p"]


@pytest.mark.parametrize("live_left", [1, 0])
def test_the_last_discard_of_the_wall_cannot_be_called(live_left: int) -> None:
    """sichuan.md: the last discard of the wall cannot be called; with one tile still to draw it can.
    The hand that ends on it is a draw, and the next starts with the same dealer, no wind, no count."""
    game = sichuan(THREE_5P, "5p", NO_EXCHANGE)
    declare(game, [S, S, S, S])
    game.hand.wall.next_live = game.hand.wall.live_end - live_left
    discard(game, 0, "5p")
    if live_left:
        assert game.waiting_for() == [1] and {A.PON, A.KAN} <= {a.kind for a in game.legal_actions(1)}
    else:
        assert game.hands[0]["result"]["kind"] == "draw" and game.hand.phase != TURN
        assert (game.hand.dealer, game.hand.round_wind, game.hand.honba) == (0, 0, 0)


def test_no_transfer_once_the_kanners_first_discard_after_the_kan_went_unclaimed() -> None:
    """呼叫转移 takes the kan's income only when the kanner's first discard after the kan is ronned
    (sichuan.md).  Here seat 3 lets that 9m go, and rons seat 1's next 9m a go-around later: a plain win,
    nothing transferred."""
    game = sichuan(KAN_HANDS, "9s" + "5p" + "9p" + "8s7s6s9m", NO_EXCHANGE)
    declare(game, [S, M, S, S])
    game.apply(next(a for a in game.legal_actions(0) if a.kind == A.ANKAN))
    discard(game, 0, "5s")
    answer(game, 1, A.KAN)  # seat 1's open kan: seat 0 pays it 2
    discard(game, 1, "9m")
    answer(game, 3, A.PASS)
    for seat in (2, 3, 0):  # each discards the bamboo it drew (everyone's void but seat 1's)
        game.apply(Action(A.DISCARD, seat, game.hand.drawn))
        pass_all(game)
    discard(game, 1, "9m")  # drawn again
    answer(game, 3, A.RON)
    ledger = [(p.payer, p.payee, p.amount, p.reason) for p in game.hand.extra["sichuan"].ledger]
    assert ledger[-1] == (1, 3, 2, "win") and not [p for p in ledger if p[3] == "transfer"]
