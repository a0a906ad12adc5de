"""The taiwan referee (bot/rules/taiwan/flow.py) in the situations its rules single out, each worked out
by hand from docs/rules/taiwan.md: a table's stakes and the win record, who pays, the dealer's streak and
seat, the round wind, the ready declarations (天聽, MIGI, 地聽) and their windows, passing a win or a call,
robbing a kan or a flower, the last tile and discard, kans and the wall's end, the game's length."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.hand import HandEngine, start_hand
from bot.engine.registry import load_rules
from bot.engine.state import HandResult
from bot.hand.tiles import kind_of
from tests.rules.taiwan.test_flow import (
    WAITING_ON_9S,
    kind,
    legal_kinds,
    pass_offer,
    taiwan_game,
    taiwan_wall,
    tile_in,
    tsumogiri,
)

STAKES = {"base": 100, "tai_value": 30}  # a payment of T tai: 100 + 30 T


def table_at(
    seats: dict[int, str],
    draws: str = "",
    back: str = "",
    *,
    dealer: int = 0,
    round_wind: int = 0,
    streak: int = 0,
    options: dict[str, Any] | None = None,
) -> HandEngine:
    """One hand with ``seats`` = {seat: its 16 dealt tiles} (the others filler); ``dealer`` deals and
    draws ``draws[0]`` first, in the round of ``round_wind``, on a streak of ``streak``."""
    rules = load_rules("taiwan", options)
    dealt = [seats.get((dealer + k) % 4, "") for k in range(4)]
    tiles = taiwan_wall(dealt, draws, back, options=options)
    hand, _ = start_hand(
        rules, index=0, round_wind=round_wind, dealer=dealer, honba=streak, sticks=0, points=[0] * 4,
        tiles=tiles,
    )  # fmt: skip
    return HandEngine(rules, hand)


def by_seat(hands: list[str]) -> dict[int, str]:
    return dict(enumerate(hands))


def result_of(table: HandEngine) -> Any:
    result = table.hand.result
    assert result is not None
    return result


def yaku_of(table: HandEngine) -> dict[str, int]:
    result = result_of(table)
    assert result.kind == "win"
    return dict(result.wins[0]["yaku"])


def riichi_tiles(table: HandEngine, seat: int) -> list[int]:
    return sorted(kind_of(a.tile or 0) for a in table.legal_actions(seat) if a.kind == A.RIICHI)


# --- stakes, payments and the win record -------------------------------------------------------


def test_a_ron_is_paid_by_the_discarder_alone_at_the_tables_stakes_and_recorded_in_full() -> None:
    # Seat 1 (123m 456m 789m 123p 456p 9s) waits on 9s alone; seat 2 lets it go as the hand's 7th
    # discard: 門清 1 + 獨聽 1 = 2 tai, neither seat the dealer: 100 + 2 x 30 = 160 from seat 2 alone.
    table = table_at(by_seat(WAITING_ON_9S), "1z 2z 3z 4z 5z 6z 9s", options=STAKES)
    tsumogiri(table, 6)
    nine = table.hand.drawn
    assert table.hand.current == 2 and nine is not None and kind_of(nine) == kind("9s")
    held = sorted(table.hand.seats[1].concealed)
    table.apply(Action(A.DISCARD, 2, nine))
    table.apply(Action(A.RON, 1, nine))
    pass_offer(table)
    result = result_of(table)
    assert (result.kind, result.deltas, result.dealer_keeps) == ("win", [0, 160, -160, 0], False)
    assert result.wins == [
        {
            "seat": 1,
            "from": 2,
            "tile": nine,
            "context": "discard",
            "yaku": [["concealed_hand", 1], ["single_wait", 1]],
            "tai": 2,
            "points": 160,
            "payments": [[2, 160]],
            "deltas": [0, 160, -160, 0],
            "hand": held,
            "flowers": [],
        }
    ]


def test_a_self_drawn_win_is_paid_by_all_three_the_dealer_adding_the_dealer_and_streak_tai() -> None:
    # Seat 1 draws its 9s: 門清自摸 3 + 獨聽 1 = 4 tai.  The dealer, on a streak of 1, adds 莊家 1 + 連莊 2:
    # it pays 100 + 7 x 30 = 310, the two others 100 + 4 x 30 = 220 each.
    table = table_at(by_seat(WAITING_ON_9S), "1z 2z 3z 4z 5z 9s", streak=1, options=STAKES)
    tsumogiri(table, 5)
    nine = table.hand.drawn
    assert table.hand.current == 1 and nine is not None and kind_of(nine) == kind("9s")
    table.apply(Action(A.TSUMO, 1, nine))
    result = result_of(table)
    assert (result.deltas, result.dealer_keeps) == ([-310, 750, -220, -220], False)
    win = result.wins[0]
    assert (win["from"], win["tile"], win["context"], win["tai"], win["points"]) == (
        None,
        nine,
        "tsumo",
        7,
        750,
    )
    assert win["yaku"] == [["concealed_self_drawn", 3], ["single_wait", 1], ["dealer", 1], ["streak", 2]]
    assert sorted(win["payments"]) == [[0, 310], [2, 220], [3, 220]]
    assert win["deltas"] == [-310, 750, -220, -220]


def test_the_dealer_keeps_the_deal_on_its_own_win() -> None:
    # The dealer (seat 0) rons seat 1's 9s: 門清 1 + 獨聽 1 + 莊家 1 = 3 tai, 50 + 3 x 20 = 110.
    hands = ["123m 456m 789m 123p 456p 9s", "1357m 2468p 1357s 1234z"]
    table = table_at(by_seat(hands), "1z 2z 3z 4z 5z 9s")
    tsumogiri(table, 5)
    table.apply(Action(A.DISCARD, 1, table.hand.drawn or 0))
    table.apply(Action(A.RON, 0, table.hand.seats[1].discards[-1].tile))
    pass_offer(table)
    result = result_of(table)
    assert (result.deltas, result.dealer_keeps) == ([110, -110, 0, 0], True)


def test_the_dealers_seat_and_the_round_wind_decide_the_wind_and_dealer_tai() -> None:
    # South round, seat 2 deals: seat 3 sits South.  Its 222z is its seat wind (1) and the round wind (+1);
    # it rons the dealer's 9s: 門清 1 + 獨聽 1 + 風台 2 + 莊家 1 = 5 tai, 50 + 5 x 20 = 150 from seat 2.
    seats = {3: "222z 123m 456m 789m 123p 9s", 2: "1357m 2468p 1357s 1134z"}
    table = table_at(seats, "1z 3z 4z 5z 9s", dealer=2, round_wind=1)
    tsumogiri(table, 4)
    assert table.hand.current == 2
    table.apply(Action(A.DISCARD, 2, table.hand.drawn or 0))
    table.apply(Action(A.RON, 3, table.hand.seats[2].discards[-1].tile))
    pass_offer(table)
    assert yaku_of(table) == {
        "concealed_hand": 1,
        "single_wait": 1,
        "seat_wind": 1,
        "round_wind": 1,
        "dealer": 1,
    }
    assert result_of(table).deltas == [0, 0, -150, 150]


def test_with_multi_ron_the_dealer_keeps_the_deal_when_it_is_one_of_the_winners() -> None:
    # Seat 1 lets 9s go; seats 2 and 0 (the dealer) both wait on it: both win, seat 2 the nearer, and
    # the dealer keeps the deal on a streak of 1 (docs/rules/taiwan.md: the dealer keeps on a win).
    hands = ["123m 456m 789m 234p 567p 9s", "", "111s 222s 333s 444s 567s 9s"]
    game = taiwan_game(hands, "1z 9s", options={"multi_ron": "on"})
    tsumogiri(game)
    nine = game.hand.drawn
    game.apply(Action(A.DISCARD, 1, nine or 0))
    for seat in (2, 0):
        game.apply(Action(A.RON, seat, nine))
    pass_offer(game)
    assert [w["seat"] for w in game.hands[0]["result"]["wins"]] == [2, 0]
    assert (game.hand.dealer, game.hand.honba) == (0, 1)


def _draw_out(game: Game) -> None:
    """Every seat discards what it draws and passes every offer until the hand ends in a draw."""
    played = len(game.hands)
    while len(game.hands) == played:
        if game.hand.phase == "claim":
            game.apply(Action(A.PASS, game.waiting_for()[0]))
        else:
            game.apply(Action(A.DISCARD, game.hand.current, game.hand.drawn or 0))


@pytest.mark.parametrize(("max_hands", "over"), [(2, True), (3, False), (0, False)])
def test_max_hands_ends_the_game_after_that_many_hands(max_hands: int, over: bool) -> None:
    # Two exhaustive draws: the dealer keeps the deal, so only max_hands can end the game this early.
    game = Game("taiwan", {"max_hands": max_hands}, "max-hands")
    _draw_out(game)
    assert game.final is None
    _draw_out(game)
    assert [h["result"]["kind"] for h in game.hands] == ["draw", "draw"]
    assert (game.final is not None) == over


def test_a_jiang_ends_when_norths_deal_passes_in_the_north_round() -> None:
    rules = load_rules("taiwan", {"length": "jiang"})
    table = table_at({})
    table.hand.round_wind, table.hand.dealer = 3, 3
    seat_1_won = HandResult("win", [0] * 4, [{"seat": 1}])
    assert rules.next_hand(table.hand, seat_1_won, [0] * 4, 16) is None
    table.hand.round_wind = 2  # the West round: the North round follows, East dealing
    where = rules.next_hand(table.hand, seat_1_won, [0] * 4, 12)
    assert where is not None and (where.round_wind, where.dealer, where.honba) == (3, 0, 0)


# --- ready declarations ------------------------------------------------------------------------

# Ready once a second 7z comes: 123m 456m 789m 123p 46p 77z waits on 5p alone (discarding 9s).
ONE_AWAY = "123m 456m 789m 123p 46p 7z 9s"


def test_migi_is_declared_on_a_later_turn_within_the_first_eight_discards_and_scores_8() -> None:
    # Seat 3 gets its 7z with its second draw, the hand's 8th discard to come: MIGI.  It then rons the
    # dealer's 5p: 門清 1 + 獨聽 1 + MIGI 8 + 莊家 1 = 11 tai, 50 + 11 x 20 = 270.
    table = table_at({3: ONE_AWAY}, "1z 2z 3z 6z 1z 2z 3z 7z 5p")
    tsumogiri(table, 7)
    assert table.hand.current == 3 and riichi_tiles(table, 3) == [kind("9s")]
    table.apply(Action(A.RIICHI, 3, tile_in(table, 3, "9s")))
    pass_offer(table)
    assert table.rules.seat_view(table.hand, 3, None) == {"ready": "migi"}
    assert table.rules.seat_view(table.hand, 1, None) == {}  # no declaration, nothing shown
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    table.apply(Action(A.RON, 3, table.hand.seats[0].discards[-1].tile))
    pass_offer(table)
    assert yaku_of(table) == {"concealed_hand": 1, "single_wait": 1, "migi": 8, "dealer": 1}
    assert result_of(table).deltas == [-270, 0, 0, 270]


def test_no_migi_from_the_ninth_discard_on() -> None:
    # The dealer gets its 7z with its third draw: 8 discards were made, discarding 9s would leave it
    # ready, but the MIGI window is closed.
    table = table_at({0: ONE_AWAY}, "6z 1z 2z 3z 5z 1z 2z 3z 7z")
    tsumogiri(table, 8)
    assert table.hand.current == 0 and kind_of(table.hand.drawn or 0) == kind("7z")
    assert riichi_tiles(table, 0) == [] and A.DISCARD in legal_kinds(table, 0)


def test_with_dishen_a_later_turn_declares_nothing() -> None:
    # ready=dishen: 地聽 is declared with one's first discard only; seat 3's second draw is too late.
    table = table_at({3: ONE_AWAY}, "1z 2z 3z 6z 1z 2z 3z 7z", options={"ready": "dishen"})
    tsumogiri(table, 7)
    assert table.hand.current == 3 and riichi_tiles(table, 3) == []


@pytest.mark.parametrize(("options", "declared"), [({}, "migi"), ({"ready": "dishen"}, "diting")])
def test_a_first_discard_from_the_dealt_hand_declares_migi_or_diting_not_tianting(
    options: dict[str, Any], declared: str
) -> None:
    # Seat 2 draws 1z and lets 9s go, a tile it was dealt: not 天聽 (a non-dealer's keeps the dealt hand)
    # but MIGI, or 地聽 with ready=dishen.  Locked, it must take the 5p it draws next: 門清自摸 3 + 獨聽 1
    # + 8, and the dealer paying adds 莊家 1.
    table = table_at({2: "123m 456m 789m 123p 46p 1z 9s"}, "2z 3z 1z 4z 5z 6z 5p", options=options)
    tsumogiri(table, 2)
    assert riichi_tiles(table, 2) == [kind("9s")]
    table.apply(Action(A.RIICHI, 2, tile_in(table, 2, "9s")))
    pass_offer(table)
    assert table.rules.seat_view(table.hand, 2, None) == {"ready": declared}
    tsumogiri(table, 3)
    five = table.hand.drawn
    assert table.hand.current == 2 and kind_of(five or 0) == kind("5p")
    assert table.legal_actions(2) == [Action(A.TSUMO, 2, five)]  # a winning tile cannot be let go
    table.apply(Action(A.TSUMO, 2, five))
    assert yaku_of(table) == {"concealed_self_drawn": 3, "single_wait": 1, declared: 8, "dealer": 1}


def test_a_non_dealers_tianting_after_someone_called_keeps_the_dealt_hand() -> None:
    # Seat 2 was dealt a hand waiting on 9s.  With no call before, its first draw (1z) or its 9s may
    # go with a declaration (天聽, or MIGI with the 9s).  After seat 1's pon only 天聽 is left: the drawn
    # tile goes, the dealt hand stays.
    ready = "123m 456m 789m 123p 456p 9s"
    caller = "77z 111p 999p 111s 999s 2s 5m"
    calm = table_at({1: caller, 2: ready}, "7z 5z 1z")
    tsumogiri(calm, 2)
    assert calm.hand.current == 2 and riichi_tiles(calm, 2) == [kind("9s"), kind("1z")]

    called = table_at({1: caller, 2: ready}, "7z 1z")
    called.apply(Action(A.DISCARD, 0, called.hand.drawn or 0))
    called.apply(next(a for a in called.legal_actions(1) if a.kind == A.PON))
    pass_offer(called)
    called.apply(Action(A.DISCARD, 1, tile_in(called, 1, "5m")))
    pass_offer(called)
    assert called.hand.current == 2 and riichi_tiles(called, 2) == [kind("1z")]
    called.apply(Action(A.RIICHI, 2, called.hand.drawn or 0))
    pass_offer(called)
    assert called.rules.seat_view(called.hand, 2, None) == {"ready": "tianting"}


def test_the_dealers_tianting_may_let_any_tile_go() -> None:
    # The dealer is ready after its first discard whichever tile it is: 9s, kept from the deal, leaves
    # 55p 11z waiting on 5p or 1z, and that is 天聽 (the dealer's hand is only whole with its 17th).
    table = table_at({0: "123m 456m 789m 123p 55p 1z 9s"}, "1z")
    table.apply(Action(A.RIICHI, 0, tile_in(table, 0, "9s")))
    pass_offer(table)
    assert table.rules.seat_view(table.hand, 0, None) == {"ready": "tianting"}


def test_no_tianting_after_a_closed_kan_of_ones_own() -> None:
    # The dealer kans its four 1m on its first turn and draws 9s: letting 9s go would leave 123p 456p
    # 789p 567s 1z ready, but a declaration needs a hand without a meld of one's own.
    table = table_at({0: "1111m 123p 456p 789p 5s 6s 7s"}, "1z", "9s")
    table.apply(next(a for a in table.legal_actions(0) if a.kind == A.ANKAN))
    pass_offer(table)
    assert table.hand.current == 0 and kind_of(table.hand.drawn or 0) == kind("9s")
    assert table.hand.seats[0].turns_taken == 0 and legal_kinds(table, 0) == {A.DISCARD}


@pytest.mark.parametrize("extras", ["on", "off"])
def test_eight_pairs_is_declared_and_won_only_with_the_optional_patterns(extras: str) -> None:
    # 11m 44m 77m 22p 55p 88p 33s 66s: eight pairs, five sets and a pair far away.  With extras=on the
    # dealer may declare 天聽 letting its 9s go, and a ninth 1m makes 哩咕哩咕 (seven pairs and a triplet).
    table = table_at({0: "11m 44m 77m 22p 55p 88p 33s 66s"}, "9s 1z 2z 3z 1m", options={"extras": extras})
    nine = table.hand.drawn
    if extras == "off":
        assert A.RIICHI not in legal_kinds(table, 0)
        return
    assert Action(A.RIICHI, 0, nine) in table.legal_actions(0)
    table.apply(Action(A.RIICHI, 0, nine))
    pass_offer(table)
    tsumogiri(table, 3)
    one = table.hand.drawn
    assert table.hand.current == 0 and table.legal_actions(0) == [Action(A.TSUMO, 0, one)]


# --- robbing, passing, the end of the wall -----------------------------------------------------


def test_a_kan_added_to_a_pon_may_be_robbed_and_the_kanner_pays_robbing_kan() -> None:
    # Seat 1 pons the dealer's 3s (seat 2 lets that 3s go, then draws, which ends its bar) and draws the
    # fourth 3s: seat 2, waiting on 3s/6s with 123m 456m 789m 123p 99p 45s, robs the added kan.
    # 搶槓 1 + 門清 1 + 平胡 2 (all sequences, two-sided, no honour, no flower) = 4 tai: 50 + 80 = 130.
    seats = {1: "33s 111z 222z 555z 666z 77z", 2: "123m 456m 789m 123p 99p 45s"}
    table = table_at(seats, "3s 3z 3z 4z 3s")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    assert A.RON in legal_kinds(table, 2)
    table.apply(next(a for a in table.legal_actions(1) if a.kind == A.PON))
    table.apply(Action(A.PASS, 2))
    table.apply(Action(A.DISCARD, 1, tile_in(table, 1, "7z")))
    pass_offer(table)
    tsumogiri(table, 3)
    fourth = table.hand.drawn
    assert table.hand.current == 1 and kind_of(fourth or 0) == kind("3s")
    table.apply(Action(A.KAKAN, 1, fourth))
    assert table.legal_actions(2) == [Action(A.RON, 2, fourth), Action(A.PASS, 2)]
    table.apply(Action(A.RON, 2, fourth))
    assert yaku_of(table) == {"robbing_kan": 1, "concealed_hand": 1, "pinghu": 2}
    assert result_of(table).deltas == [0, -130, 130, 0] and result_of(table).wins[0]["from"] == 1


def test_a_ron_on_the_discard_after_the_last_tile_adds_last_discard() -> None:
    # 河底撈魚: seat 2 drew the last drawable tile, a 9s, and lets it go; seat 1 rons it:
    # 門清 1 + 獨聽 1 + 河底撈魚 1 = 3 tai, 50 + 60 = 110 from seat 2.
    table = table_at(by_seat(WAITING_ON_9S), "1z 2z 3z 4z 5z 6z 9s")
    tsumogiri(table, 6)
    table.hand.wall.next_live = table.hand.wall.live_end  # the 9s seat 2 just drew was the last
    table.apply(Action(A.DISCARD, 2, table.hand.drawn or 0))
    table.apply(Action(A.RON, 1, table.hand.seats[2].discards[-1].tile))
    pass_offer(table)
    assert yaku_of(table) == {"concealed_hand": 1, "single_wait": 1, "last_discard": 1}
    assert result_of(table).deltas == [0, 110, -110, 0]


def test_a_heavenly_hand_on_a_flowers_replacement_is_no_win_on_a_kan_even_stacked() -> None:
    # The dealer's 17th tile is 1f (its own seat flower), replaced by the 9s it waits on: 天胡.  With
    # stack_heavenly the hand's tai add up: 天胡 24 + 門清自摸 3 + 獨聽 1 + flower 1 + 莊家 1, and no
    # 槓上開花: 天胡 is not also a win on a replacement.
    table = table_at({0: "123m 456m 789m 234p 567p 9s"}, "1f", "9s", options={"stack_heavenly": "on"})
    assert table.hand.replacement_draw and kind_of(table.hand.drawn or 0) == kind("9s")
    table.apply(Action(A.TSUMO, 0, table.hand.drawn))
    assert yaku_of(table) == {
        "heavenly": 24, "concealed_self_drawn": 3, "single_wait": 1, "seat_flower": 1, "dealer": 1,
    }  # fmt: skip


def test_passing_a_pon_is_not_passing_a_win() -> None:
    # Seat 2 (123m 456m 789m 234p 11z 67s, waiting on 5s/8s) lets the dealer's 1z go instead of a pon:
    # 過水 bars only a passed win, so seat 1's 5s may be ronned before seat 2 draws again.
    table = table_at({2: "123m 456m 789m 234p 11z 6s 7s"}, "1z 5s")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    assert legal_kinds(table, 2) == {A.PON, A.PASS}
    table.apply(Action(A.PASS, 2))
    table.apply(Action(A.DISCARD, 1, table.hand.drawn or 0))
    assert A.RON in legal_kinds(table, 2)


def test_a_declared_seat_may_decline_robbing_the_eighth_flower_and_still_ron_before_its_next_draw() -> None:
    # Seat 2 holds 2f-8f and declared 天聽 (waiting on 1p/4p/7p).  Seat 3 draws 1f: seat 2, locked, may
    # still decline 七搶一 (a locked hand only may not let a winning *tile* go); declining is no 過水, so
    # the 7p seat 3 gets as the flower's replacement and lets go is seat 2's, and it must take it.
    seven = "2f 3f 4f 5f 6f 7f 8f 123m 456m 789m"
    table = table_at({2: seven}, "1z 2z 3z 1f", "1p 2p 3p 4p 5p 6p 7p 7p")
    tsumogiri(table, 2)
    table.apply(Action(A.RIICHI, 2, table.hand.drawn or 0))
    pass_offer(table)
    claim = table.hand.claim
    assert claim is not None and claim.context == "flower" and kind_of(claim.tile) == kind("1f")
    assert set(table.legal_actions(2)) == {Action(A.RON, 2, claim.tile), Action(A.PASS, 2)}
    table.apply(Action(A.PASS, 2))
    seven_pin = table.hand.drawn
    assert table.hand.current == 3 and kind_of(seven_pin or 0) == kind("7p")
    table.apply(Action(A.DISCARD, 3, seven_pin or 0))
    assert table.legal_actions(2) == [Action(A.RON, 2, seven_pin)]


def test_no_win_in_the_turn_of_a_pon_even_when_the_pon_completes_the_hand() -> None:
    # Seat 1 (123m 456m 789m 123p 99p 55z) may ron the dealer's 5z; it pons instead: its 17 tiles now
    # make five sets and a pair, but the turn of a pon allows only a discard.
    table = table_at({1: "123m 456m 789m 123p 99p 55z"}, "5z")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    assert legal_kinds(table, 1) == {A.RON, A.PON, A.PASS}
    table.apply(next(a for a in table.legal_actions(1) if a.kind == A.PON))
    pass_offer(table)
    assert table.hand.current == 1 and legal_kinds(table, 1) == {A.DISCARD}


@pytest.mark.parametrize(("left", "offered"), [(1, True), (0, False)])
def test_a_closed_kan_needs_a_drawable_tile_left(left: int, offered: bool) -> None:
    table = table_at({0: "1111m 123p 456p 789p 5s 6s 7s"}, "1z")
    table.hand.wall.next_live = table.hand.wall.live_end - left
    assert (A.ANKAN in legal_kinds(table, 0)) == offered


def test_a_closed_kan_and_an_added_kan_are_offered_together() -> None:
    # Seat 1 holds four 1m and pons 7z; when it draws the fourth 7z both kans are open to it.
    table = table_at({1: "1111m 77z 123p 456p 789p 5s"}, "7z 1z 2z 3z 7z")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    table.apply(next(a for a in table.legal_actions(1) if a.kind == A.PON))
    pass_offer(table)
    table.apply(Action(A.DISCARD, 1, tile_in(table, 1, "5s")))
    pass_offer(table)
    tsumogiri(table, 3)
    assert table.hand.current == 1 and {A.ANKAN, A.KAKAN} <= legal_kinds(table, 1)


def test_a_pon_and_an_open_kan_name_the_tile_they_call() -> None:
    # A decision is recorded and matched as offered: the pon and the kan of the dealer's 7z carry it.
    table = table_at({1: "777z 123m 456m 789m 234p 9s"}, "7z")
    seven = table.hand.drawn
    table.apply(Action(A.DISCARD, 0, seven or 0))
    calls = [(a.kind, a.tile, len(a.using)) for a in table.legal_actions(1) if a.kind in (A.PON, A.KAN)]
    assert calls == [(A.PON, seven, 2), (A.KAN, seven, 3)]


def test_one_chi_per_shape_whichever_copies_the_hand_holds() -> None:
    # Seat 1 holds two 2m and two 3m: the dealer's 1m makes one chi (1-2-3m), offered once.
    table = table_at({1: "2233m 111z 222z 333z 44z 5z"}, "1m")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    assert [a.kind for a in table.legal_actions(1)].count(A.CHI) == 1


def test_no_chi_of_winds_or_dragons() -> None:
    # Seat 1 holds 5z 6z (and 1z-4z): the dealer's 7z makes no chi, only the numbers of a suit do.
    table = table_at({1: "12345z 6z 123m 456m 789p 1s"}, "7z")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn or 0))
    assert A.CHI not in legal_kinds(table, 1)


def test_eight_immortals_of_a_dealer_on_a_streak_in_another_seat_at_the_tables_stakes() -> None:
    # Seat 2 deals, on a streak of 1, with all eight flowers: 八仙過海 8 + 莊家 1 + 連莊 2 = 11 tai, each
    # of the three pays 100 + 11 x 30 = 430 (flower tai are not added to a flower win).
    seats = {2: "1f 2f 3f 4f 5f 6f 7f 8f 123m 456m 78m"}
    table = table_at(seats, "1z", dealer=2, streak=1, options=STAKES)
    flowers = table.hand.seats[2].flowers
    assert len(flowers) == 8
    table.apply(Action(A.TSUMO, 2, flowers[-1]))
    assert result_of(table).deltas == [-430, -430, 1290, -430]


def test_seven_flowers_rob_the_first_flower_1f_too() -> None:
    # 1f is the first flower id: 七搶一 on it is a flower win like the others (8 tai, the drawer pays:
    # seat 1, 50 + 8 x 20 = 210).
    seven = "2f 3f 4f 5f 6f 7f 8f 123m 456m 789m"
    table = table_at({2: seven}, "1z 1f", "1p 2p 3p 4p 5p 6p 7p 9s")
    tsumogiri(table)
    claim = table.hand.claim
    assert claim is not None and claim.context == "flower" and kind_of(claim.tile) == kind("1f")
    table.apply(Action(A.RON, 2, claim.tile))
    assert yaku_of(table) == {"seven_rob_one": 8}
    assert result_of(table).deltas == [0, -210, 210, 0]


def test_a_taiwan_table_shows_no_dora_indicator_and_no_ready_mark_before_a_declaration() -> None:
    game = taiwan_game([])
    view = game.view(0)
    assert view["dora_indicators"] == []
    assert all("ready" not in seat for seat in view["seats"])


def test_a_taiwan_hand_has_no_abortive_draw_nine_kinds_of_terminals_are_refused() -> None:
    # The rules know no abortive draw (a table's abort by its creator, an admin or a vote ends the game
    # in the service, not the hand): the dealer's 13 terminal and honour kinds cannot end the hand.
    table = table_at({0: "19m 19p 19s 1234567z 234m"}, "5m")
    assert legal_kinds(table, 0) == {A.DISCARD}
    with pytest.raises(IllegalAction, match="nine_terminals is not allowed now"):
        table.apply(Action(A.NINE_TERMINALS, 0))
    assert table.hand.phase == "turn" and table.hand.result is None
