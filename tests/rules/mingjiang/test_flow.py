"""Rules of docs/rules/mingjiang.md played through the referee (seat 0 deals), one test per rule."""

from __future__ import annotations

from bot.ai.random_player import RandomPlayer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.hand import start_hand
from bot.engine.ruleset import NextHand
from bot.engine.state import HandResult, HandState
from bot.engine.wall import shuffled_wall, untouched_tiles
from bot.hand.notation import parse_kinds
from bot.hand.tiles import EAST, kind_of
from bot.rules.mingjiang import MingjiangSituation, score_hand, settle_win
from bot.rules.mingjiang.flow import MingjiangRules, final_ranking
from bot.store.gamekeys import round_label
from tests.engine.tables import (
    discard,
    kinds,
    pass_all,
    table,
    tsumogiri_round,
    tsumogiri_to_the_end,
    wall_for,
)
from tests.rules.mingjiang.dragon_calls import south_pons_the_three_dragons

# Hands with no pair, no wait and no knitted shape, for seats that only draw and discard.
JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"
JUNK_C = "58m1478p147s1234z"
READY_14M = "23m678m567p345s66s"  # closed, waits 1m and 4m (4m: all simples + four sequences)
HEAVENLY = "123m456m789m123p5p"  # the dealer completes it with a drawn 5p


def _kind(name: str) -> int:
    return parse_kinds(name)[0]


def _dealer_tsumo_walls(count: int) -> list[list[int]]:
    return [wall_for("mingjiang", [HEAVENLY, JUNK_A, JUNK_B, JUNK_C], "5p") for _ in range(count)]


def test_dora_indicators_are_two_three_four_as_the_dealer_repeats() -> None:
    # Heavenly hands (a small limit, 120 from each) for four hands in a row: points enough to pay.
    game = Game("mingjiang", seed="dora", walls=_dealer_tsumo_walls(5), start_points=[1000] * 4)
    counts = []
    for _ in range(4):
        wall = game.hand.wall
        counts.append(len(wall.dora_indicators()))
        assert wall.dora_indicators() == wall.tiles[-10 : -10 + counts[-1]]
        game.apply(Action(A.TSUMO, 0, game.hand.drawn))  # a dealer win keeps the deal
    assert counts == [2, 3, 4, 4]
    assert [h["honba"] for h in game.hands] == [0, 1, 2, 3]


def test_kan_replacement_comes_from_the_live_wall_end_and_the_dead_wall_stays() -> None:
    game = table(["1111m234p567s99s1z", JUNK_A, JUNK_B, JUNK_C], "2z", rules="mingjiang")
    wall = game.hand.wall
    dead_before = list(wall.tiles[-14:])
    indicators = wall.dora_indicators()
    live_before = wall.live_left
    ankan = kinds(game.legal_actions(0), A.ANKAN)
    game.apply(ankan[0])
    assert wall.live_left == live_before - 1  # the replacement shortened the live wall
    assert game.hand.drawn == wall.tiles[-15]  # the last live tile, not a dead-wall tile
    assert wall.tiles[-14:] == dead_before and set(dead_before) <= set(untouched_tiles(wall))
    assert wall.dora_indicators() == indicators  # no kan dora


def test_furiten_own_discard_of_the_winning_tile_but_another_wait_may_ron() -> None:
    # Seat 1 discards 1m from 1m23m...: now waiting 1m-4m with 1m in its own river.
    game = table([JUNK_A, "1m23m678m567p345s6s", JUNK_B, JUNK_C], "7z6s1m4m", rules="mingjiang")
    tsumogiri_round(game, 1)
    discard(game, 1, "1m")
    pass_all(game)
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 1m
    assert 1 not in game.waiting_for()
    pass_all(game)
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))  # 4m: the other wait, not in the river
    assert kinds(game.legal_actions(1), A.RON)


def test_furiten_same_kind_discarded_in_the_same_go_around_but_passing_makes_no_more() -> None:
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C], "6z7z4m4m1m7z4m", rules="mingjiang")
    tsumogiri_round(game, 2)  # seat 0 and seat 1 discard what they draw
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    assert kinds(game.legal_actions(1), A.RON)
    game.apply(Action(A.PASS, 1))
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))  # 4m again, same go-around: no ron
    assert 1 not in game.waiting_for()
    pass_all(game)
    game.apply(Action(A.DISCARD, 0, game.hand.drawn))  # 1m: passing 4m made no furiten for it
    assert kinds(game.legal_actions(1), A.RON)
    game.apply(Action(A.PASS, 1))
    tsumogiri_round(game, 1)  # seat 1's own draw and discard start a new go-around
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    assert kinds(game.legal_actions(1), A.RON)


def test_kuikae_after_chi_forbids_the_called_kind_but_not_the_other_end() -> None:
    game = table(["19m2589p258s1234z", "1234m59p258s1234z", JUNK_B, JUNK_C], "7z", rules="mingjiang")
    discard(game, 0, "1m")
    chi = kinds(game.legal_actions(1), A.CHI)
    assert chi
    game.apply(chi[0])
    allowed = {kind_of(a.tile) for a in game.legal_actions(1) if a.kind == A.DISCARD and a.tile is not None}
    assert _kind("4m") in allowed and _kind("1m") not in allowed


def test_head_bump_only_the_first_ron_in_turn_order_wins() -> None:
    game = table([JUNK_A, READY_14M, "23m456p789p234s55s", JUNK_C], "4m", rules="mingjiang")
    discard(game, 0, "4m")
    assert sorted(game.waiting_for()) == [1, 2]
    game.apply(Action(A.RON, 2, game.hand.claim.tile if game.hand.claim else None))
    game.apply(kinds(game.legal_actions(1), A.RON)[0])
    assert [w["seat"] for w in game.hands[-1]["result"]["wins"]] == [1]


def test_riichi_ron_payment_through_the_engine_equals_the_scorer() -> None:
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C], "6z7z4m", rules="mingjiang", dora="5p1z", ura="6s")
    tsumogiri_round(game, 1)
    concealed = list(game.hand.seats[1].concealed)
    game.apply(Action(A.RIICHI, 1, game.hand.drawn))
    pass_all(game)
    assert game.hand.sticks == 1 and game.hand.points[1] == 240
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    tile = game.hand.claim.tile if game.hand.claim else -1
    game.apply(Action(A.RON, 1, tile))
    concealed.remove(next(t for t in concealed if kind_of(t) == _kind("7z")))
    situation = MingjiangSituation(
        win_tile=_kind("4m"),
        riichi=True,
        seat_wind=EAST + 1,
        round_wind=EAST,
        dora_indicators=(_kind("5p"), _kind("1z")),
        ura_indicators=(_kind("6s"),),
    )
    score = score_hand([*concealed, tile], [], situation)
    expected = settle_win(score, winner=1, discarder=2, deposits=1)
    result = game.hands[-1]["result"]
    assert result["deltas"] == expected
    assert score.fan == 5 and expected[1] == 3 * 40 + 10  # riichi 1 + menmo 2 + dora 1 + ura 1
    assert sum(game.points) + 10 * game.sticks == 1000


def test_exhaustive_draw_one_tenpai_each_noten_pays_ten_and_the_deal_passes() -> None:
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C], rules="mingjiang")
    tsumogiri_to_the_end(game)
    result = game.hands[0]["result"]
    assert result["kind"] == "draw" and result["tenpai"] == [1]
    assert result["deltas"] == [-10, 30, -10, -10]
    assert game.hand.dealer == 1


def _hand(
    rules: MingjiangRules, index: int, dealer: int, points: list[int], round_wind: int = 1
) -> HandState:
    tiles = shuffled_wall("decider", index, rules.tile_ids())
    hand, _ = start_hand(
        rules,
        index=index,
        round_wind=round_wind,
        dealer=dealer,
        honba=0,
        sticks=0,
        points=points,
        tiles=tiles,
    )
    return hand


def _win(seat: int) -> HandResult:
    return HandResult("win", [0, 0, 0, 0], [{"seat": seat}], dealer_keeps=False)


DRAW = HandResult("draw", [0, 0, 0, 0], dealer_keeps=False)


def test_decider_starts_after_south_4_with_the_leader_as_dealer_and_no_round_wind() -> None:
    rules = MingjiangRules()
    points = [240, 280, 230, 250]
    south4 = _hand(rules, 7, 3, points)
    assert rules.win_situation(south4, 0, 0, "tsumo").round_wind == EAST + 1
    nxt = rules.next_hand(south4, DRAW, points, 8)
    assert nxt is not None and nxt.dealer == 1 and rules.decider_from == 8
    decider = _hand(rules, 8, nxt.dealer, points)
    assert rules.win_situation(decider, 1, 0, "tsumo").round_wind is None


def test_decider_ends_only_on_a_strictly_highest_winner_with_300_or_a_bust() -> None:
    rules = MingjiangRules()
    rules.next_hand(_hand(rules, 7, 3, [250] * 4), DRAW, [250] * 4, 8)
    hand = _hand(rules, 8, 0, [250] * 4)
    not_300 = rules.next_hand(hand, _win(2), [230, 230, 290, 250], 9)
    assert not_300 is not None and not_300.dealer == 2  # the winner deals next
    tied = rules.next_hand(hand, _win(2), [100, 300, 300, 300], 9)
    assert tied is not None
    not_winner = rules.next_hand(hand, _win(2), [310, 200, 290, 200], 9)
    assert not_winner is not None
    after_draw = rules.next_hand(hand, DRAW, [310, 200, 290, 200], 9)
    assert after_draw is not None and after_draw.dealer == 1  # the dealer's next player
    assert rules.next_hand(hand, _win(2), [200, 200, 300, 300 - 1], 9) is None
    assert rules.next_hand(hand, DRAW, [410, 200, 400, -10], 9) is None


def test_a_computer_game_reaches_the_decider_with_the_leader_dealing() -> None:
    game = Game("mingjiang", seed="decider-1")
    players = [RandomPlayer(seat) for seat in range(4)]
    rules = game.rules
    assert isinstance(rules, MingjiangRules)
    while rules.decider_from is None and not game.over:
        assert game.view(None)["decider"] is False
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    assert not game.over and game.check_invariants() == []
    assert game.view(None)["decider"] is True and game.view(game.hand.dealer)["decider"] is True
    last = game.hands[-1]
    assert (last["round_wind"], last["dealer"]) == (1, 3) and last["result"]["dealer_keeps"] is False
    points = game.points
    leader = max(range(4), key=lambda s: (points[s], -((s - 3) % 4)))
    assert game.hand.dealer == leader and game.hand.index == rules.decider_from
    assert not any("decider" in record for record in game.hands)
    while len(game.hands) == rules.decider_from and not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    decider_hand = game.hands[rules.decider_from]
    assert decider_hand["decider"] is True and round_label(decider_hand) == f"D{decider_hand['dealer'] + 1}-0"


def test_final_ranking_ties_go_by_turn_order_from_first_place_and_first_by_the_dealer() -> None:
    assert final_ranking([225, 100, 450, 225], dealer=0) == [2, 3, 0, 1]
    assert final_ranking([300, 300, 200, 200], dealer=1) == [1, 0, 2, 3]
    rules = MingjiangRules()
    rules.last_dealer = 2
    final = rules.final_scores([225, 100, 450, 225], sticks=2)
    assert [f["rank"] for f in final] == [3, 4, 1, 2]
    assert final[2]["points"] == 470  # the deposits go to first place
    assert final[2]["score"] == (470 - 300) / 10 + 20 + 20


def test_a_short_game_goes_to_the_decider_after_east_4() -> None:
    rules = MingjiangRules({"length": "east"})
    points = [250, 240, 260, 250]
    east4 = _hand(rules, 3, 3, points, round_wind=0)
    nxt = rules.next_hand(east4, DRAW, points, 4)
    assert nxt is not None and nxt.dealer == 2 and rules.decider_from == 4
    hanchan = MingjiangRules()
    nxt = hanchan.next_hand(_hand(hanchan, 3, 3, points, round_wind=0), DRAW, points, 4)
    assert nxt is not None and (nxt.round_wind, nxt.dealer) == (1, 0) and hanchan.decider_from is None


def test_a_game_with_decider_hands_rebuilds_identically_from_its_decisions() -> None:
    game = Game("mingjiang", seed="replay-1", options={"length": "east", "decider_hands": 3})
    players = [RandomPlayer(seat) for seat in range(4)]
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    rules = game.rules
    assert isinstance(rules, MingjiangRules) and rules.decider_from is not None
    again = Game.from_json(game.to_json())
    assert again.hands == game.hands and again.final == game.final


def test_liability_the_feeder_of_the_third_dragon_set_pays_a_tsumo_alone() -> None:
    game = table(
        ["59m2589p258s1235z", "55z66z77z23m44p19s9p", JUNK_B, JUNK_C],
        "1z2z3z3s6s7s4m",
        rules="mingjiang",
    )
    south_pons_the_three_dragons(game, "1s", "9s")
    assert game.hand.liable == {1: 2}
    discard(game, 1, "9p")
    tsumogiri_round(game, 3)  # seats 2, 3 and 0
    game.apply(kinds(game.legal_actions(1), A.TSUMO)[0])
    result = game.hands[-1]["result"]
    assert result["wins"][0]["limit"] == "small" and result["wins"][0]["liable"] == 2
    assert result["deltas"] == [0, 360, -360, 0]  # all three shares of 120


def test_a_win_on_an_open_kan_replacement_is_paid_by_the_kan_discarder_alone() -> None:
    wall = wall_for(
        "mingjiang", ["59m2589p258s1237z", "777z23m678m567p66s", JUNK_C, "69m1367p369s1256z"], "4z"
    )
    last_live = len(wall) - 15
    four = next(i for i in range(53, last_live) if kind_of(wall[i]) == _kind("4m"))
    wall[four], wall[last_live] = wall[last_live], wall[four]
    game = Game("mingjiang", None, "kan", walls=[wall, *_dealer_tsumo_walls(1)])
    discard(game, 0, "7z")
    game.apply(kinds(game.legal_actions(1), A.KAN)[0])
    assert kind_of(game.hand.drawn or 0) == _kind("4m")
    game.apply(kinds(game.legal_actions(1), A.TSUMO)[0])
    win = game.hands[-1]["result"]["wins"][0]
    assert ["after_kan", 1] in win["yaku"] and win["from"] == 0
    assert game.hands[-1]["result"]["deltas"] == [-win["points"], win["points"], 0, 0]


def test_the_next_hand_in_each_case_of_the_rules_progression() -> None:
    # "Hand and game progression", each case with its round wind, dealer and streak written out.
    rules = MingjiangRules()
    east2 = _hand(rules, 1, 1, [250] * 4, round_wind=0)
    keeps = HandResult("win", [0, 0, 0, 0], [{"seat": 1}], dealer_keeps=True)
    assert rules.next_hand(east2, keeps, [250] * 4, 2) == NextHand(0, 1, 1)  # the streak grows
    assert rules.next_hand(east2, DRAW, [250] * 4, 2) == NextHand(0, 2, 0)  # the deal passes, no streak
    east4 = _hand(rules, 3, 3, [250] * 4, round_wind=0)
    assert rules.next_hand(east4, DRAW, [250] * 4, 4) == NextHand(1, 0, 0)  # South 1
    # Zero points plays on; below zero ends the game at once.
    assert rules.next_hand(east2, DRAW, [0, 300, 350, 350], 2) == NextHand(0, 2, 0)
    assert rules.next_hand(east2, DRAW, [-10, 310, 350, 350], 2) is None
    # After South 4 the leader deals the decider (the round wind stays South for display), streak 0.
    south4 = _hand(rules, 7, 3, [250] * 4)
    assert rules.next_hand(south4, DRAW, [240, 230, 280, 250], 8) == NextHand(1, 2, 0)
    decider = _hand(rules, 8, 2, [240, 230, 280, 250])
    decider.honba = 1
    # The decider dealer wins without ending it: it deals again, its streak one more.
    assert rules.next_hand(decider, _win(2), [240, 220, 290, 250], 9) == NextHand(1, 2, 2)
    # Another winner deals next with no streak; after a draw the dealer's next player deals.
    assert rules.next_hand(decider, _win(0), [290, 220, 250, 240], 9) == NextHand(1, 0, 0)
    assert rules.next_hand(decider, DRAW, [240, 230, 280, 250], 9) == NextHand(1, 3, 0)


def test_decider_hands_ends_the_game_after_that_many_decider_hands() -> None:
    rules = MingjiangRules({"decider_hands": 2})
    points = [240, 230, 280, 250]
    rules.next_hand(_hand(rules, 7, 3, points), DRAW, points, 8)
    assert rules.decider_from == 8
    assert rules.next_hand(_hand(rules, 8, 2, points), DRAW, points, 9) == NextHand(1, 3, 0)
    assert rules.next_hand(_hand(rules, 9, 3, points), DRAW, points, 10) is None


def test_final_scores_written_out_uma_oka_and_tenths() -> None:
    # (points - 300) / 10 + uma 20/10/-10/-20, and the oka of 20 to first place: 302 -> 0.2 + 20 + 20.
    rules = MingjiangRules()
    assert rules.final_scores([263, 187, 302, 248], sticks=0) == [
        {"seat": 0, "rank": 2, "points": 263, "score": 6.3},
        {"seat": 1, "rank": 4, "points": 187, "score": -31.3},
        {"seat": 2, "rank": 1, "points": 302, "score": 40.2},
        {"seat": 3, "rank": 3, "points": 248, "score": -15.2},
    ]


def test_exhaustive_draw_with_only_the_dealer_tenpai_passes_the_deal() -> None:
    game = table([READY_14M, JUNK_A, JUNK_B, JUNK_C], rules="mingjiang")
    tsumogiri_to_the_end(game)
    result = game.hands[0]["result"]
    assert (result["kind"], result["reason"], result["tenpai"]) == ("draw", "exhaustive", [0])
    assert result["deltas"] == [30, -10, -10, -10] and result["dealer_keeps"] is False
    assert (game.hand.dealer, game.hand.honba) == (1, 0)
