"""Blood-battle cases played through the referee, each worked out by hand from sichuan.md: the kans
paid at once and their transfer (呼叫转移) to the winner of the kanner's first discard after them, the
flower pig (查花猪) and the not-tenpai check (查大叫) with their options, the void (定缺) against kans
and claims, the last tiles of the wall, the announcements before play, and three winners on one
discard.

Hands are dealt with tests/engine/tables.py: seat 0 deals and draws the first of the draws; after a
discard nobody claims, the next seat still in the hand draws the next one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action, Event, IllegalAction
from bot.engine.game import Game
from bot.engine.state import CLAIM, TURN
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kind_of
from tests.engine.tables import tsumogiri_to_the_end
from tests.rules.sichuan.test_flow import NO_EXCHANGE, M, P, S, answer, declare, discard, sichuan, tile


def _kinds_offered(game: Game, seat: int) -> list[str]:
    return [a.kind for a in game.legal_actions(seat)]


def _ledger(game: Game) -> list[tuple[int, int, int, str]]:
    """Every payment of the hand so far, in order (the result's ``payments`` once the hand is over)."""
    return [(p.payer, p.payee, p.amount, p.reason) for p in game.hand.extra["sichuan"].ledger]


def _draw_and_discard(game: Game, seat: int) -> None:
    """``seat`` has drawn and discards the tile it drew; nobody may claim it."""
    assert game.hand.current == seat and game.hand.phase == TURN
    game.apply(Action(A.DISCARD, seat, game.hand.drawn))
    assert game.hand.phase == TURN, "nobody was meant to be able to claim that tile"


# --- kans: paid at once, and their transfer (呼叫转移) -----------------------------------------------

# Seat 0 (void s) holds four 1p: its closed kan is paid 2 by each other player.  Its first discard after
# the kan is 5s (the void tile it must play first), which seat 1 (void p) rons with 123m 456m 789m 34s 11s.
CLOSED_KAN_HANDS = [
    "1111p234p678p99p5s",
    "123m456m789m34s11s",
    "1345678m234567p",  # waits on 1m
    "2345678m234567p",  # waits on 8m
]


def test_the_closed_kans_income_goes_once_to_the_winner_of_the_kanners_next_discard() -> None:
    """The winner of the kanner's first discard after its kan takes the kan's income (6, two from each
    player, its own two included); the kanner's next ronned discard transfers nothing again."""
    game = sichuan(CLOSED_KAN_HANDS, "5p" + "3p" + "9s9s" + "8m" + "7s", NO_EXCHANGE)
    declare(game, [S, P, S, S])
    answer(game, 0, A.ANKAN)
    assert game.hand.points == [6, -2, -2, -2]
    assert kind_of(game.hand.drawn or 0) == parse_kinds("3p")[0]  # the replacement: the next tile
    discard(game, 0, "5s")
    answer(game, 1, A.RON)  # after a kan replacement draw: 杠上炮 1 + straight 1 = 2 fan, 4
    assert _ledger(game)[3:] == [
        (0, 1, 4, "win"),
        (0, 1, 2, "transfer"),
        (0, 1, 2, "transfer"),
        (0, 1, 2, "transfer"),
    ]
    assert game.hand.points == [-4, 8, -2, -2]
    for seat in (2, 3):  # seat 1 has left the hand: seats 2 and 3 draw 9s each and let it go
        _draw_and_discard(game, seat)
    discard(game, 0, "8m")  # seat 3 rons: 234m 567m 88m 234p 567p, all simples 1 fan, 2
    assert game.waiting_for() == [3]
    answer(game, 3, A.RON)
    assert _ledger(game)[7:] == [(0, 3, 2, "win")]  # the kan's income was transferred already
    assert game.hand.points == [-6, 8, -2, 0]
    _draw_and_discard(game, 0)  # after seat 3, seat 0 draws (7s); after it, seat 2: the winners are skipped
    assert game.hand.current == 2 and game.view(2)["winners"] == [1, 3]


def test_only_the_kans_since_the_kanners_previous_discard_are_transferred() -> None:
    """Seat 0 makes a closed kan of 1p, discards 9s unclaimed, later makes a second closed kan of 9p and
    its next discard, 5s, is ronned: only the second kan's 6 go to the winner."""
    hands = ["1111p999p678p88p5s", "123m456m789m34s11s", "1345678m234567p", "2345678m234567p"]
    game = sichuan(hands, "9s" + "4p" + "5p8s7s" + "9p" + "5p", NO_EXCHANGE)
    declare(game, [S, P, S, S])
    answer(game, 0, A.ANKAN)
    discard(game, 0, "9s")
    for seat in (1, 2, 3):  # seat 1 (void p) lets its 5p go, seats 2 and 3 (void s) their bamboo
        _draw_and_discard(game, seat)
    assert game.hand.current == 0 and kind_of(game.hand.drawn or 0) == parse_kinds("9p")[0]
    answer(game, 0, A.ANKAN)
    discard(game, 0, "5s")
    answer(game, 1, A.RON)  # 杠上炮 + straight: 4
    kans = [(payer, 0, 2, "kan") for payer in (1, 2, 3)]
    transfers = [(0, 1, 2, "transfer")] * 3
    assert _ledger(game) == kans + kans + [(0, 1, 4, "win")] + transfers
    assert game.hand.points == [12 - 4 - 6, -4 + 4 + 6, -4, -4]


# Seat 1 (void p) pons seat 0's 5s and, a go-around later, draws the fourth: its added kan is paid 1 by
# each other player.  Its first discard after the kan, 9m, is ronned by seat 3 (void p: 78m 123m 456m 11s
# 234s, a straight).
ADDED_KAN_HANDS = ["123p456p789p11p5s9s", "55s123m456m789m1s9p", "2345678m234567p", "78m123m456m11s234s"]


def _pon_5s_then_draw(seat_1: str, draws: str, options: dict[str, Any] | None = None) -> Game:
    """Seat 1 (dealt ``seat_1``) pons the dealer's 5s and plays its void 9p; seats 2, 3 and 0 each let
    the tile they draw go; seat 1 draws the next of ``draws`` (the first four are the others' draws)."""
    hands = [ADDED_KAN_HANDS[0], seat_1, *ADDED_KAN_HANDS[2:]]
    game = sichuan(hands, "3p" + "9s6p9s" + draws, {**NO_EXCHANGE, **(options or {})})
    declare(game, [S, P, S, P])
    discard(game, 0, "5s")
    answer(game, 1, A.PON)
    discard(game, 1, "9p")  # its void tile first
    for seat in (2, 3, 0):
        _draw_and_discard(game, seat)
    assert game.hand.current == 1
    return game


@pytest.mark.parametrize("late_added_kan_pays", [False, True])
def test_the_added_kans_income_goes_to_the_winner_of_the_kanners_next_discard(
    late_added_kan_pays: bool,
) -> None:
    """The fourth tile is the one just drawn, so the kan pays with the option late_added_kan_pays too."""
    game = _pon_5s_then_draw(ADDED_KAN_HANDS[1], "5s" + "9m", {"late_added_kan_pays": late_added_kan_pays})
    assert kind_of(game.hand.drawn or 0) == parse_kinds("5s")[0]
    answer(game, 1, A.KAKAN)  # nobody can rob it: it is paid at once
    assert game.hand.points == [-1, 3, -1, -1]
    discard(game, 1, "9m")  # the replacement; 杠上炮 + straight: 4
    answer(game, 3, A.RON)
    kan = [(payer, 1, 1, "kan") for payer in (0, 2, 3)]
    assert _ledger(game) == kan + [(1, 3, 4, "win")] + [(1, 3, 1, "transfer")] * 3
    assert game.hand.points == [-1, 3 - 4 - 3, -1, -1 + 4 + 3]


# --- the end of the hand: flower pig (查花猪) and the not-tenpai check (查大叫) ----------------------

# Seat 0 (void s) waits on 1p/4p with a straight (1 fan).  Seat 1 (void m) pons the dealer's 9s and keeps
# m and p tiles in hand: a flower pig through its pon.  Seat 2 (void p) would wait on 5p but holds that
# void tile: not ready.  Seat 3 (void m) is far from ready.  Everyone then discards what they draw.
END_HANDS = ["123m456m789m11p23p", "12m123456789p99s", "234m567m888m999m5p", "135679p1234579s"]


@pytest.mark.parametrize(
    ("options", "expected", "deltas"),
    [
        (
            {},
            [(1, seat, 16, "flower_pig") for seat in (0, 2, 3)]  # 16x base to every non-pig
            + [(2, 0, 2, "not_tenpai"), (3, 0, 2, "not_tenpai")],  # seat 0's best: 2**1
            [16 + 2 + 2, -48, 16 - 2, 16 - 2],
        ),
        (
            {"cap": 3, "pig_pays_check": True},
            [(1, seat, 8, "flower_pig") for seat in (0, 2, 3)]  # capped at 3 fan: 8
            + [(payer, 0, 2, "not_tenpai") for payer in (1, 2, 3)],  # the pig pays the check too
            [8 + 6, -24 - 2, 8 - 2, 8 - 2],
        ),
    ],
)
def test_the_exhaustive_draw_charges_the_flower_pig_and_the_players_not_ready(
    options: dict[str, Any], expected: list[tuple[int, int, int, str]], deltas: list[int]
) -> None:
    game = sichuan(END_HANDS, "9s", {**NO_EXCHANGE, "void_first": False, **options})
    declare(game, [S, M, P, M])
    discard(game, 0, "9s")
    answer(game, 1, A.PON)
    discard(game, 1, "1m")
    tsumogiri_to_the_end(game)
    result = game.hands[0]["result"]
    assert (result["kind"], result["reason"]) == ("draw", "exhaustive")
    assert result["flower_pigs"] == [1] and result["tenpai"] == [0]
    assert sorted(tuple(p) for p in result["payments"]) == sorted(expected)
    assert result["deltas"] == deltas and game.points == deltas
    assert result["dealer_keeps"] is True and game.hand.dealer == 0  # nobody won: the same dealer


# --- three winners on one discard (一炮多响) -----------------------------------------------------

# Seats 0, 2 and 3 all wait on 5p; seat 1 (void m) holds it and discards it in the second go-around.
ONE_DISCARD_HANDS = ["123m456m789m11p46p", "5p8p9p44556677s88s", "234m567m88m234p46p", "46p111s222s333s99s"]


def test_three_winners_on_one_discard_each_paid_by_the_discarder_who_deals_next() -> None:
    """Each winner is paid by the discarder alone (straight 2, all simples 2, a plain hand 1); the third
    win ends the hand, and the discarder of a first multiple ron deals the next (sichuan.md)."""
    game = sichuan(ONE_DISCARD_HANDS, "7p" + "1m9m3m7p" + "3p", NO_EXCHANGE)
    declare(game, [S, M, S, M])
    for seat in (0, 1, 2, 3, 0):
        _draw_and_discard(game, seat)
    discard(game, 1, "5p")
    assert [a.kind for a in game.legal_actions(2)] == [A.RON, A.PASS]
    for seat in (2, 3, 0):
        answer(game, seat, A.RON)
    result = game.hands[0]["result"]
    assert (result["kind"], result["reason"]) == ("win", "third_win")
    assert [(w["seat"], w["from"], w["fan_keys"]) for w in result["wins"]] == [
        (2, 1, ["all_simples"]),
        (3, 1, ["plain"]),
        (0, 1, ["straight"]),
    ]
    paid = [(1, 0, 2, "win"), (1, 2, 2, "win"), (1, 3, 1, "win")]
    assert sorted(tuple(p) for p in result["payments"]) == paid
    assert result["deltas"] == [2, -5, 2, 1] and result["flower_pigs"] == [] and result["tenpai"] == []
    assert result["dealer_keeps"] is False and game.hand.dealer == 1


def test_a_closed_kan_and_an_added_kan_are_offered_together() -> None:
    """Seat 1 holds four 6s besides its pon of 5s, and draws the fourth 5s: both kans are offered."""
    game = _pon_5s_then_draw("55s6666s456m789m9p", "5s")
    sixes = tuple(sorted(t for t in game.hand.seats[1].concealed if kind_of(t) == parse_kinds("6s")[0]))
    kans = [a for a in game.legal_actions(1) if a.kind != A.DISCARD]
    assert kans == [Action(A.ANKAN, 1, None, sixes), Action(A.KAKAN, 1, game.hand.drawn)]


# --- the void (定缺) against kans, wins and claims ------------------------------------------------

OTHERS_P_AND_S = "123456789p5678s"


@pytest.mark.parametrize(("void", "offered"), [(S, False), (P, True)])
def test_no_closed_kan_of_the_void_suit(void: int, offered: bool) -> None:
    """sichuan.md: a player may not kan the void suit.  The dealer holds four 2s: a kan unless its
    void is bamboo."""
    game = sichuan(["2222s123m456m789m", *[OTHERS_P_AND_S] * 3], "9m", NO_EXCHANGE)
    declare(game, [void, M, M, M])
    assert (A.ANKAN in _kinds_offered(game, 0)) is offered


@pytest.mark.parametrize("live_left", [1, 0])
def test_no_kan_without_a_tile_left_to_replace_it(live_left: int) -> None:
    game = sichuan(CLOSED_KAN_HANDS, "5p", NO_EXCHANGE)
    declare(game, [S, P, S, S])
    game.hand.wall.next_live = game.hand.wall.live_end - live_left  # the dealer's 5p left this many
    assert (A.ANKAN in _kinds_offered(game, 0)) is (live_left > 0)


# --- 杠上开花: a self-drawn win on the kan's replacement tile --------------------------------------


def test_a_self_drawn_win_on_the_kans_replacement_tile_scores_after_kan() -> None:
    """The dealer's closed kan of 1p (2 from each) draws 6p: 1111p 234p 567p 678p 99p, self-drawn 1 +
    root 1 + after kan 1 + full flush 2 = 5 fan, 32 from each (not heavenly: a kan was declared)."""
    others = "123456789m1234s"
    game = sichuan(["1111p234p678p99p5p", others, others, others], "7p" + "6p", NO_EXCHANGE)
    declare(game, [S, P, P, P])
    answer(game, 0, A.ANKAN)
    answer(game, 0, A.TSUMO)
    [win] = game.hand.extra["sichuan"].wins
    assert (sorted(win["fan_keys"]), win["fan"]) == (["after_kan", "full_flush", "root", "self_drawn"], 5)
    assert game.hand.points == [6 + 96, -34, -34, -34]


# --- claims: passing a ron, and what each offer names ---------------------------------------------


def test_a_player_who_passed_a_ron_may_not_ron_again_until_their_next_draw() -> None:
    """Seat 2 waits on 5p and lets the dealer's 5p go: seat 1's 5p is not offered to it; after its own
    draw, seat 3's 5p is."""
    hands = ["123m456m789m11p79p", "123456789s1122m", "234m567m88m234p46p", "1122334455667s"]
    game = sichuan(hands, "5p" + "5p" + "9s" + "5p", NO_EXCHANGE)
    declare(game, [S, P, S, P])
    discard(game, 0, "5p")
    assert _kinds_offered(game, 2) == [A.RON, A.PASS]
    answer(game, 2, A.PASS)
    discard(game, 1, "5p")
    assert game.hand.phase == TURN and game.hand.current == 2  # nobody was asked: seat 2 drew
    _draw_and_discard(game, 2)
    discard(game, 3, "5p")
    assert game.hand.phase == CLAIM and _kinds_offered(game, 2) == [A.RON, A.PASS]


# Seat 1 (void p) waits on 7s with three 5s.
NAMING_HANDS = ["123456789p1199m", "123m456m789m555s7s", "2345678m234567p", "2345678m234567p"]


@pytest.mark.parametrize(("offered", "kinds"), [("7s", [A.RON, A.PASS]), ("5s", [A.PON, A.KAN, A.PASS])])
def test_each_offer_names_the_offered_tile(offered: str, kinds: list[str]) -> None:
    game = sichuan(NAMING_HANDS, offered, NO_EXCHANGE)
    declare(game, [S, P, S, S])
    given = tile(game, 0, offered)
    discard(game, 0, offered)
    fives = sorted(t for t in game.hand.seats[1].concealed if kind_of(t) == kind_of(given))
    using = {A.RON: (), A.PON: tuple(fives[:2]), A.KAN: tuple(fives), A.PASS: ()}
    assert game.legal_actions(1) == [
        Action(kind, 1, None if kind == A.PASS else given, using[kind]) for kind in kinds
    ]


# --- before play: what the table announces ---------------------------------------------------------


def test_the_table_announces_each_decision_before_play_and_then_every_void() -> None:
    """Each of the three exchange picks is announced as a decision, then the void declaration; the voids
    are made public once all four have declared, and the dealer plays."""
    game = Game("sichuan", {}, "announce", dice=[(1, 2, 3, 4)])
    assert game.start_events[-1] == Event("decide", None, {"context": "exchange"})
    for pick in range(3):
        for seat in range(4):
            events = game.apply(game.legal_actions(seat)[0])
            if seat < 3:
                assert events == []  # nothing is told before every seat has picked
        assert events[-1] == Event("decide", None, {"context": "void" if pick == 2 else "exchange"})
    voids = [P, S, M, S]
    for seat, suit in enumerate(voids):
        events = game.apply(Action(A.VOID, seat, None, (36 * suit,)))
    assert events == [Event("voids", None, {"voids": voids})]
    assert game.hand.phase == TURN and game.hand.current == 0


def test_no_dora_indicator_and_without_the_exchange_no_exchange_direction() -> None:
    """Sichuan has no dora (every tile of the wall can be drawn: none is shown), and a table playing
    without the exchange of three names no direction for it."""
    for options, direction in (({}, "previous"), (NO_EXCHANGE, None)):
        game = Game("sichuan", options, "shown", dice=[(1, 2, 3, 4)])
        view = game.view(1)
        assert view["dora_indicators"] == [] and not [e for e in game.start_events if e.kind == "dora"]
        assert view["exchange_direction"] == direction


def test_there_is_no_abortive_draw_to_declare() -> None:
    """The blood battle has no abortive draw: nine terminals is refused (three rons on one discard are
    three wins: test_three_winners_on_one_discard_each_paid_by_the_discarder_who_deals_next)."""
    game = sichuan(["19m19p19s1239m1p1s5m", *["2345678m234567p"] * 3], "9s", NO_EXCHANGE)
    declare(game, [M, S, S, S])
    assert A.NINE_TERMINALS not in _kinds_offered(game, 0)
    with pytest.raises(IllegalAction):
        game.apply(Action(A.NINE_TERMINALS, 0))
