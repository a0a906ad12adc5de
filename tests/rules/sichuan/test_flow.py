"""Sichuan blood battle through the referee: exchange, void suit, wins that leave the hand, kans paid at
once, transfer, the end-of-hand checks and the chips."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.state import CLAIM, TURN
from bot.hand.notation import parse_kinds
from bot.hand.tiles import counts_of, kind_of
from bot.rules.sichuan.table_state import exchange_offset
from tests.engine.tables import wall_for

M, P, S = 0, 1, 2
NO_EXCHANGE = {"exchange": False}


def sichuan(
    hands: list[str],
    draws: str = "",
    options: dict[str, Any] | None = None,
    dice: tuple[int, ...] = (1, 2, 3, 4),
) -> Game:
    """A table dealing ``hands`` (seat 0 deals and draws the first of ``draws``)."""
    wall = wall_for("sichuan", hands, draws, options=options)
    return Game("sichuan", options, "test", walls=[wall] * 9, dice=[dice] * 9)


def declare(game: Game, voids: list[int]) -> None:
    for seat, suit in enumerate(voids):
        game.apply(Action(A.VOID, seat, None, (36 * suit,)))


def tile(game: Game, seat: int, name: str) -> int:
    kind = parse_kinds(name)[0]
    for t in game.hand.seats[seat].concealed:
        if kind_of(t) == kind:
            return t
    raise AssertionError(f"seat {seat} holds no {name}")


def discard(game: Game, seat: int, name: str) -> None:
    assert game.hand.current == seat and game.hand.phase == TURN
    game.apply(Action(A.DISCARD, seat, tile(game, seat, name)))


def answer(game: Game, seat: int, kind: str) -> None:
    [action] = [a for a in game.legal_actions(seat) if a.kind == kind]
    game.apply(action)


def pass_all(game: Game) -> None:
    hand = game.hand
    while game.hand is hand and hand.phase == CLAIM:
        game.apply(Action(A.PASS, game.waiting_for()[0]))


def payments(game: Game, index: int = -1) -> list[tuple[int, int, int, str]]:
    return sorted(tuple(p) for p in game.hands[index]["result"]["payments"])  # type: ignore[misc]


# --- the exchange of three ------------------------------------------------------------------------


def exchange(game: Game) -> dict[int, list[int]]:
    """Every seat picks its three tiles (the first legal pick), one round at a time."""
    picks: dict[int, list[int]] = {seat: [] for seat in range(4)}
    for _ in range(3):
        for seat in range(4):
            action = game.legal_actions(seat)[0]
            assert action.tile is not None
            picks[seat].append(action.tile)
            game.apply(action)
    return picks


@pytest.mark.parametrize(
    ("dice", "offset"),
    [
        ((1, 1, 1, 1), 3),
        ((1, 3, 3, 3), 3),
        ((2, 3, 3, 3), 2),
        ((5, 4, 4, 4), 2),
        ((6, 4, 4, 4), 1),
        ((6,) * 4, 1),
    ],
)
def test_exchange_direction_follows_the_sum_of_four_dice(dice: tuple[int, ...], offset: int) -> None:
    game = Game("sichuan", {}, "dice", dice=[dice])
    assert exchange_offset(sum(dice)) == offset
    picks = exchange(game)
    for seat in range(4):
        receiver = (seat + offset) % 4
        assert set(picks[seat]) <= set(game.hand.seats[receiver].concealed)
        assert not set(picks[seat]) & set(game.hand.seats[seat].concealed)
    assert game.view(0)["exchange_direction"] == {3: "previous", 2: "across", 1: "next"}[offset]
    assert game.view(0)["phase"] == "void"
    assert not game.check_invariants()


def test_each_pick_offers_one_tile_per_kind_not_picked_yet() -> None:
    game = Game("sichuan", {}, "picks")
    kinds = {kind_of(t) for t in game.hand.seats[1].concealed}
    legal = game.legal_actions(1)
    assert sorted(kind_of(a.tile or 0) for a in legal) == sorted(kinds)
    first = legal[0]
    game.apply(first)
    assert game.legal_actions(1) == []  # one pick per round
    for seat in (0, 2, 3):
        game.apply(game.legal_actions(seat)[0])
    assert first.tile not in [a.tile for a in game.legal_actions(1)]  # the second round


def test_exchange_same_suit_keeps_the_picks_in_the_first_picks_suit() -> None:
    game = Game("sichuan", {"exchange_same_suit": True}, "same")
    for seat in range(4):
        concealed = game.hand.seats[seat].concealed
        for a in game.legal_actions(seat):
            suit = kind_of(a.tile or 0) // 9
            assert sum(1 for t in concealed if kind_of(t) // 9 == suit) >= 3
    first = game.legal_actions(2)[0]
    for seat in range(4):
        game.apply(first if seat == 2 else game.legal_actions(seat)[0])
    assert {kind_of(a.tile or 0) // 9 for a in game.legal_actions(2)} == {kind_of(first.tile or 0) // 9}


def test_no_pass_during_the_phases_before_play() -> None:
    game = Game("sichuan", {}, "phases")
    with pytest.raises(IllegalAction):
        game.apply(Action(A.PASS, 1))
    assert game.view(1)["offer"] is None


# --- void suit and void first --------------------------------------------------------------------

FILLER = "2345678m234567p"
HANDS_VOID = ["1m1p2p3p4p5p6p7p8p9p1s2s3s", FILLER, FILLER, FILLER]


def test_void_first_allows_only_void_suit_discards_while_one_is_held() -> None:
    game = sichuan(HANDS_VOID, "9s", NO_EXCHANGE)
    declare(game, [M, S, S, S])
    kinds = {kind_of(a.tile) for a in game.legal_actions(0) if a.kind == A.DISCARD and a.tile is not None}
    assert kinds == {parse_kinds("1m")[0]}
    relaxed = sichuan(HANDS_VOID, "9s", {"exchange": False, "void_first": False})
    declare(relaxed, [M, S, S, S])
    assert len({a.tile for a in relaxed.legal_actions(0) if a.kind == A.DISCARD}) == 14


@pytest.mark.parametrize(("void", "offered"), [(M, []), (P, [A.PON, A.PASS])])
def test_no_chi_and_no_pon_of_the_void_suit(void: int, offered: list[str]) -> None:
    # Seat 1 (next after the dealer) holds 11m and 23m: a pon unless m is void, never a chi.
    hands = ["1m1p2p3p4p5p6p7p8p9p1s2s3s", "11m23m2345678p89s", FILLER, FILLER]
    game = sichuan(hands, "9p", NO_EXCHANGE)
    declare(game, [M, void, S, S])
    discard(game, 0, "1m")
    if offered:
        assert [a.kind for a in game.legal_actions(1)] == offered
    else:  # nobody was asked: seat 1 has drawn and plays
        assert game.hand.phase == TURN and game.hand.current == 1


@pytest.mark.parametrize(("pair", "can_ron"), [("11p", False), ("11s", True)])
def test_a_hand_holding_a_void_tile_cannot_win(pair: str, can_ron: bool) -> None:
    # Seat 1 (void p) waits on 6s with a pair of 1p (void tiles: no win) or a pair of 1s.
    hands = ["1m1p2p3p4p5p6p7p8p9p2s3s6s", "123m789m234s66s" + pair, FILLER, FILLER]
    game = sichuan(hands, "9s", {"exchange": False, "void_first": False})
    declare(game, [M, P, S, S])
    discard(game, 0, "6s")
    assert any(a.kind == A.RON for a in game.legal_actions(1)) is can_ron


# --- a whole hand: a tsumo, then a multiple ron, the fourth player a flower pig ---------------------

# Seat 0 (dealer, void m) keeps all three suits; seat 1 (void m) wins by tsumo; seats 2 and 3 (void s)
# both wait on 5m and ron it together from seat 0.
FULL_HANDS = [
    "1359m25p5566889s",  # the 14th (7s) is the first draw below
    "123456789p11s2s9m",
    "123m789m234p678p9s",
    "22m46m456p678p99p7s",
]
FULL_DRAWS = "7s" + "3s5m9p" + "3p" + "4s1s3s2s"


def test_full_hand_three_winners_and_a_flower_pig() -> None:
    game = sichuan(FULL_HANDS, FULL_DRAWS, NO_EXCHANGE)
    declare(game, [M, M, S, S])
    discard(game, 0, "9m")
    discard(game, 1, "9m")
    discard(game, 2, "9s")
    discard(game, 3, "7s")
    discard(game, 0, "3m")
    # Seat 1 draws 4s: 123p 456p 789p 234s 11s, self-drawn + straight = 2 fan, 4 from each of the others.
    answer(game, 1, A.TSUMO)
    assert game.hand.phase == TURN and game.hand.current == 2  # the seat after the winner draws
    assert game.points == [0, 0, 0, 0] and game.hand.points == [-4, 12, -4, -4]
    discard(game, 2, "1s")
    discard(game, 3, "3s")
    discard(game, 0, "5m")
    assert sorted(game.waiting_for()) == [2, 3]
    answer(game, 2, A.RON)
    answer(game, 3, A.RON)
    assert len(game.hands) == 1
    result = game.hands[0]["result"]
    assert result["reason"] == "third_win"
    assert [(w["seat"], w["from"], w["fan"]) for w in result["wins"]] == [(1, None, 2), (2, 0, 0), (3, 0, 0)]
    assert [w["fan_keys"] for w in result["wins"]][0] == ["self_drawn", "straight"]
    assert result["wins"][0]["yaku"] == [["self_drawn", 1], ["straight", 1]]  # line ids, not display names
    assert result["flower_pigs"] == [0]
    assert payments(game) == sorted(
        [
            (0, 1, 4, "win"),
            (2, 1, 4, "win"),
            (3, 1, 4, "win"),
            (0, 2, 1, "win"),
            (0, 3, 1, "win"),
            (0, 1, 16, "flower_pig"),
            (0, 2, 16, "flower_pig"),
            (0, 3, 16, "flower_pig"),
        ]
    )
    assert result["deltas"] == [-54, 28, 13, 13]
    assert game.points == [-54, 28, 13, 13] and sum(game.points) == 0
    assert game.hand.dealer == 1  # the first winner deals next
    assert not game.check_invariants()


def test_first_multiple_ron_makes_the_discarder_deal_next() -> None:
    game = sichuan(FULL_HANDS, "7s3s5m9p3p1s", NO_EXCHANGE)
    declare(game, [M, M, S, S])
    for seat, name in ((0, "9m"), (1, "9m"), (2, "9s"), (3, "7s"), (0, "3m"), (1, "1s")):
        discard(game, seat, name)
        pass_all(game)
    assert game.hand.current == 2
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))
    pass_all(game)
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))
    pass_all(game)
    discard(game, 0, "5m")
    answer(game, 2, A.RON)
    answer(game, 3, A.RON)
    # Two winners: the hand goes on with seat 1 alone against seat 0 ... until the wall ends.
    assert game.hand.current == 0 and game.view(1)["winners"] == [2, 3]
    while len(game.hands) == 0:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        wins = [a for a in legal if a.kind in (A.TSUMO, A.RON)]
        game.apply(wins[0] if wins else next(a for a in legal if a.kind in (A.PASS, A.DISCARD)))
    wins = game.hands[0]["result"]["wins"]
    assert [(w["seat"], w["from"]) for w in wins[:2]] == [(2, 0), (3, 0)]
    assert game.hand.dealer == 0  # the discarder of the first (multiple) ron
    assert sum(game.points) == 0


# --- kans pay at once (刮风下雨), transfer (呼叫转移), robbing an added kan -------------------------

KAN_HANDS = ["1111p234p678p99p5s", "555s23p456p78p9m11s", "2345678m234567p", "78m123m456m55m234p"]


def test_closed_and_open_kans_pay_at_once_and_transfer_on_the_kanners_ronned_discard() -> None:
    game = sichuan(KAN_HANDS, "9s" + "5p" + "9p", NO_EXCHANGE)
    declare(game, [S, M, S, S])
    kan = next(a for a in game.legal_actions(0) if a.kind == A.ANKAN)
    game.apply(kan)
    assert game.hand.points == [6, -2, -2, -2]  # closed kan: 2x base from each player
    # No dead wall: the replacement is the next tile of the normal drawing end.
    assert game.hand.drawn is not None and kind_of(game.hand.drawn) == parse_kinds("5p")[0]
    discard(game, 0, "5s")
    answer(game, 1, A.KAN)  # open kan on a discard: the discarder pays 2x base
    assert game.hand.points == [4, 0, -2, -2]
    assert game.hand.current == 1 and kind_of(game.hand.drawn or 0) == parse_kinds("9p")[0]
    discard(game, 1, "9m")  # the kanner's first discard after the kan: seat 3 rons it
    answer(game, 3, A.RON)
    st_payments = [(p.payer, p.payee, p.amount, p.reason) for p in game.hand.extra["sichuan"].ledger]
    assert st_payments == [
        (1, 0, 2, "kan"),
        (2, 0, 2, "kan"),
        (3, 0, 2, "kan"),
        (0, 1, 2, "kan"),
        (1, 3, 4, "win"),  # kan_discard 1 + straight 1 = 2 fan
        (1, 3, 2, "transfer"),  # seat 1's income from its kan goes to the winner
    ]
    assert game.hand.points == [4, -6, -2, 4] and sum(game.hand.points) == 0
    assert game.hand.extra["sichuan"].wins[0]["fan_keys"] == ["kan_discard", "straight"]
    assert game.hand.current == 0  # the seat after the winner plays on
    assert not game.check_invariants()


PON_HANDS = ["234567p2345p99p5s", "55s123m456m789m19p", "2345678m678p1p88p", "34s678s456m789m11m"]


def _pon_then_draw_the_fourth(a_hand: str, a_draw: str, options: dict[str, Any] | None = None) -> Game:
    hands = [PON_HANDS[0], a_hand, PON_HANDS[2], PON_HANDS[3]]
    game = sichuan(hands, "9s" + "1s9m3p" + a_draw, {"exchange": False, **(options or {})})
    declare(game, [S, P, S, P])
    discard(game, 0, "5s")
    answer(game, 3, A.PASS)  # seat 3 could ron 5s: passing bars it until its next draw
    answer(game, 1, A.PON)
    assert game.hand.extra["sichuan"].barred == {3}
    discard(game, 1, "9p")
    pass_all(game)
    for seat in (2, 3):
        game.apply(Action(A.DISCARD, seat, game.hand.drawn))
        pass_all(game)
    assert game.hand.extra["sichuan"].barred == set()  # seat 3 drew again
    discard(game, 0, "9s")
    pass_all(game)
    assert game.hand.current == 1
    return game


def test_added_kan_pays_each_player_once_nobody_robs_it() -> None:
    game = _pon_then_draw_the_fourth(PON_HANDS[1], "5s")
    before = list(game.hand.points)
    game.apply(Action(A.KAKAN, 1, game.hand.drawn))
    assert [a.kind for a in game.legal_actions(3)] == [A.RON, A.PASS]  # only an added kan can be robbed
    answer(game, 3, A.PASS)
    gained = [p - b for p, b in zip(game.hand.points, before, strict=True)]
    assert gained == [-1, 3, -1, -1]
    assert game.hand.seats[1].melds[-1].type == "kakan"


def test_robbing_an_added_kan_the_kanner_pays_and_the_pon_stays() -> None:
    game = _pon_then_draw_the_fourth(PON_HANDS[1], "5s")
    before = list(game.hand.points)
    robbed = game.hand.drawn
    game.apply(Action(A.KAKAN, 1, robbed))
    answer(game, 3, A.RON)
    gained = [p - b for p, b in zip(game.hand.points, before, strict=True)]
    assert gained == [0, -2, 0, 2]  # robbing_kan 1 fan, paid by the kanner alone; no kan payment
    assert game.hand.seats[1].melds[-1].type == "pon"
    assert robbed in game.hand.seats[3].won and robbed not in game.hand.seats[1].concealed
    assert game.hand.extra["sichuan"].wins[0]["fan_keys"] == ["robbing_kan"]
    assert game.hand.current == 0 and not game.check_invariants()


@pytest.mark.parametrize(("option", "gained"), [(False, [-1, 3, -1, -1]), (True, [0, 0, 0, 0])])
def test_late_added_kan_with_a_tile_kept_since_an_earlier_turn(option: bool, gained: list[int]) -> None:
    game = _pon_then_draw_the_fourth("555s123m456m789m9p", "1m", {"late_added_kan_pays": option})
    before = list(game.hand.points)
    game.apply(Action(A.KAKAN, 1, tile(game, 1, "5s")))
    pass_all(game)
    assert [p - b for p, b in zip(game.hand.points, before, strict=True)] == gained


def test_no_transfer_when_the_kanners_discard_is_a_multiple_ron() -> None:
    hands = [KAN_HANDS[0], KAN_HANDS[1], "78m123m456m22s234s", KAN_HANDS[3]]
    game = sichuan(hands, "9s" + "5p" + "9p", NO_EXCHANGE)
    declare(game, [S, M, P, S])
    game.apply(next(a for a in game.legal_actions(0) if a.kind == A.ANKAN))
    discard(game, 0, "5s")
    answer(game, 1, A.KAN)
    discard(game, 1, "9m")
    answer(game, 2, A.RON)
    answer(game, 3, A.RON)
    reasons = [p.reason for p in game.hand.extra["sichuan"].ledger]
    assert reasons == ["kan", "kan", "kan", "kan", "win", "win"]
    assert game.hand.points == [4, -8, 2, 2]  # each winner: kan_discard + straight = 4 from seat 1


def play_to_the_end(game: Game) -> None:
    """Every seat discards what it draws and passes every offer until the hand ends."""
    hand = game.hand
    while game.hand is hand:
        if hand.phase == CLAIM:
            game.apply(Action(A.PASS, game.waiting_for()[0]))
        else:
            game.apply(Action(A.DISCARD, hand.current, hand.drawn))


def test_exhaustive_draw_not_tenpai_players_pay_the_ready_ones_and_return_kan_income() -> None:
    hands = ["123m456m789m11p23p", "5555s13579p8p2s7s9s", "123456789m1s3s6s8s", "22m345m678m234s99s"]
    game = sichuan(hands, "", NO_EXCHANGE)
    declare(game, [S, M, P, P])
    game.apply(Action(A.DISCARD, 0, game.hand.drawn))
    pass_all(game)
    game.apply(next(a for a in game.legal_actions(1) if a.kind == A.ANKAN))
    assert game.hand.points == [-2, 6, -2, -2]
    play_to_the_end(game)
    result = game.hands[0]["result"]
    assert result["kind"] == "draw" and result["reason"] == "exhaustive" and result["tenpai"] == [0, 3]
    assert payments(game) == sorted(
        [
            (0, 1, 2, "kan"),
            (2, 1, 2, "kan"),
            (3, 1, 2, "kan"),
            (1, 0, 2, "not_tenpai"),  # seat 0 could score a straight: 1 fan
            (1, 3, 1, "not_tenpai"),  # seat 3: a plain hand, 0 fan
            (2, 0, 2, "not_tenpai"),
            (2, 3, 1, "not_tenpai"),
            (1, 0, 2, "kan_return"),  # seat 1 is not ready: its kan income goes back
            (1, 2, 2, "kan_return"),
            (1, 3, 2, "kan_return"),
        ]
    )
    assert game.points == [4, -3, -3, 2]
    assert game.hand.dealer == 0  # nobody won: the same dealer


def test_earthly_ron_on_the_dealers_first_discard_scores_the_five_fan_floor() -> None:
    game = sichuan([KAN_HANDS[0], KAN_HANDS[3], FILLER, "234567p2345678s"], "9m", NO_EXCHANGE)
    declare(game, [M, S, S, M])
    discard(game, 0, "9m")
    answer(game, 1, A.RON)
    win = game.hand.extra["sichuan"].wins[0]
    assert (win["fan_keys"], win["fan"]) == (["earthly"], 5)
    assert game.hand.points == [-32, 32, 0, 0]  # a ron earthly hand: the discarder alone pays


def test_heavenly_dealer_tsumo_on_the_dealt_tiles() -> None:
    game = sichuan(["123m456m789m11p23p", FILLER, FILLER, FILLER], "4p", NO_EXCHANGE)
    declare(game, [S, S, S, S])
    answer(game, 0, A.TSUMO)
    win = game.hand.extra["sichuan"].wins[0]
    assert (win["fan_keys"], win["fan"]) == (["heavenly"], 5)
    assert game.hand.points == [96, -32, -32, -32]
    assert game.hand.current == 1  # the dealer is out; the next seat draws


def test_a_whole_session_replays_from_its_decisions_with_chips_summing_to_zero() -> None:
    from bot.ai import make_player
    from bot.ai.random_player import play_out

    game = Game("sichuan", {"hands": 3}, "replay")
    checks, problems = play_out(game, [make_player("normal", f"r{s}") for s in range(4)])
    assert problems == [] and checks > 0
    assert game.over and len(game.hands) == 3 and sum(game.points) == 0
    assert [f["score"] for f in game.final or []] == game.points
    again = Game.from_json(game.to_json())
    assert again.hands == game.hands and again.points == game.points


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hands": "eight"}, "hands must be a whole number"),
        ({"base": 0}, "base must be between 1 and 1000000, not 0"),
        ({"exchange": "maybe"}, "exchange must be on or off"),
    ],
)
def test_bad_table_options_are_refused_with_the_option_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game("sichuan", options, "bad")


def test_session_length_and_starting_stack_options() -> None:
    from bot.ai.random_player import RandomPlayer, play_out

    game = Game("sichuan", {"hands": 2, "stack": 50}, "short")
    assert game.points == [50] * 4
    play_out(game, [RandomPlayer(s) for s in range(4)])
    assert len(game.hands) == 2 and sum(game.points) == 200
    assert sorted(f["score"] for f in game.final or []) == sorted(p - 50 for p in game.points)


def _ready_sichuan_hand(rng: random.Random) -> list[int]:
    """13 tile ids, two suits at most, one short of four sets and a pair or of seven pairs (often ready)."""
    suits = rng.sample(range(3), rng.choice((1, 2)))
    kinds = [9 * suit + k for suit in suits for k in range(9)]
    counts = [0] * 27
    if rng.random() < 0.3:
        for kind in rng.sample(kinds, 7):  # seven pairs, a four of a kind now and then
            counts[kind] += 4 if rng.random() < 0.1 else 2
    else:
        pair = rng.choice(kinds)
        counts[pair] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                first = rng.choice([k for k in kinds if k % 9 <= 6])
                for kind in (first, first + 1, first + 2):
                    counts[kind] += 1
            else:
                counts[rng.choice(kinds)] += 3
    if max(counts) > 4:
        return []
    tiles = [4 * kind + copy for kind, n in enumerate(counts) for copy in range(n)]
    tiles.remove(rng.choice(tiles))
    return tiles[:13]


def test_ron_kinds_are_the_offered_kinds_that_make_a_winning_shape() -> None:
    """The claim window checks the full win only for ron_kinds: they must be exactly the kinds whose
    tile makes could_be_complete true with the void suit clear (compared on 3,000 near-ready hands)."""
    from bot.rules.sichuan.flow import could_be_complete, ron_kinds

    rng = random.Random(18)
    checked = ready = 0
    while checked < 3000:
        concealed = _ready_sichuan_hand(rng)
        if len(concealed) != 13:
            continue
        void = rng.randrange(3)
        counts = counts_of(concealed)
        void_clear = all(t // 36 != void for t in concealed)
        expected = set()
        for kind in range(27):
            if kind // 9 == void or counts[kind] >= 4 or not void_clear:
                continue
            counts[kind] += 1
            if could_be_complete(counts):
                expected.add(kind)
            counts[kind] -= 1
        assert ron_kinds(concealed, void) == expected, (concealed, void)
        assert ron_kinds(concealed, None) == frozenset()
        checked += 1
        ready += bool(expected)
    assert ready > 1000  # the test saw plenty of ready hands, seven pairs among them
