"""Furiten on each path, in riichi, sanma and mingjiang, on hand-built tables (seat 0 deals).

Riichi and sanma (rules/riichi.md, Tenhou): a wait in one's own river refuses every ron (permanent while
it stays there), a win let go refuses ron until one's own next discard (temporary), and after riichi a win
let go refuses ron for the rest of the hand; tsumo is never refused.  Mingjiang (rules/mingjiang.md) is
lighter: only the winning kind in one's own river or discarded since one's last discard refuses a ron,
passing a win makes no extra furiten, riichi changes nothing, tsumo is never refused.
"""

from __future__ import annotations

from bot.engine import actions as A
from bot.engine.actions import Action
from tests.engine.tables import discard, kinds, pass_all, table, tsumogiri_round

# Riichi hands without pairs, waits or nine terminals, for seats that only draw and discard.
Q1 = "369m147p258s5671z"
Q2 = "147m258p369s2356z"
PINFU_14M = "23m456p789p234s55s"  # closed, waits 1m and 4m, pinfu


def test_riichi_after_riichi_a_win_let_go_refuses_ron_after_own_draws_but_tsumo_wins() -> None:
    g = table(["4m258m369p47s1234z", Q1, PINFU_14M, Q2], "6z6z7z2p8s" + "9p5z3p8p9s1m")
    tsumogiri_round(g, 2)
    discard(g, 2, "7z", riichi=True)
    pass_all(g)
    discard(g, 3, "1m")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    tsumogiri_round(g, 3)  # seats 0, 1 and seat 2 itself (5z): an own discard ends only temporary furiten
    pass_all(g)
    discard(g, 3, "4m")
    assert 2 not in g.waiting_for()  # riichi furiten outlasts the own discard
    tsumogiri_round(g, 2)  # seats 0 and 1
    assert g.hand.current == 2 and g.hand.drawn is not None and g.hand.drawn // 4 == 0  # 1m
    assert kinds(g.legal_actions(2), A.TSUMO)  # furiten never refuses tsumo


def test_riichi_temporary_furiten_refuses_ron_but_not_tsumo_in_the_same_go_around() -> None:
    g = table(["1m258m369p47s1234z", "4m369m147p258s671z", "23m456p789p555z11s", Q2], "7z6z4m")
    pass_all(g)
    discard(g, 0, "1m")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    pass_all(g)
    discard(g, 1, "4m")
    assert not kinds(g.legal_actions(2), A.RON)  # chi is offered, ron is not
    pass_all(g)
    assert g.hand.current == 2 and g.hand.drawn is not None and g.hand.drawn // 4 == 3  # it draws 4m
    assert kinds(g.legal_actions(2), A.TSUMO)


# Sanma: 1m and 9m only in man; seat 1 of the four-player tests becomes seat 2 here.
SANMA_PINFU_14P = "23p456s789s234p55p"  # closed, waits 1p and 4p, pinfu
SANMA_0 = "1m258p3679s12345z"
SANMA_1 = "9m46p14789s12367z"
SANMA_2 = "19m1467p258s1267z"


def test_sanma_own_discard_of_a_wait_refuses_ron_on_both_waits_but_not_tsumo() -> None:
    g = table([SANMA_0, SANMA_PINFU_14P, SANMA_2], "7z4p1p6z1p", rules="sanma")
    tsumogiri_round(g, 1)
    assert kinds(g.legal_actions(1), A.TSUMO)  # 4p drawn: a win, not taken
    discard(g, 1, "4p")
    pass_all(g)
    discard(g, 2, "1p")  # the other wait, not in seat 1's river: still refused
    assert 1 not in g.waiting_for()
    tsumogiri_round(g, 1)  # seat 0
    assert g.hand.current == 1 and g.hand.drawn is not None and g.hand.drawn // 4 == 9  # 1p
    assert kinds(g.legal_actions(1), A.TSUMO)


def test_sanma_temporary_furiten_lasts_until_the_own_discard() -> None:
    g = table(["1p1m258p3679s1235z", SANMA_1, SANMA_PINFU_14P], "7z6z7z4p", rules="sanma")
    pass_all(g)
    discard(g, 0, "1p")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    pass_all(g)
    discard(g, 1, "4p")
    assert not kinds(g.legal_actions(2), A.RON), g.legal_actions(2)  # same go-around
    pass_all(g)
    g.apply(Action(A.DISCARD, 2, g.hand.drawn))  # 7z: the own discard ends it
    pass_all(g)
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 4p
    assert kinds(g.legal_actions(2), A.RON)


def test_sanma_riichi_furiten_lasts_past_the_own_discard() -> None:
    g = table(["1p1m258p3679s1235z", SANMA_1, SANMA_PINFU_14P], "6z7z3z8s2z4p", rules="sanma")
    pass_all(g)
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 6z
    pass_all(g)
    g.apply(Action(A.DISCARD, 1, g.hand.drawn))  # 7z
    pass_all(g)
    discard(g, 2, "3z", riichi=True)
    pass_all(g)
    discard(g, 0, "1p")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    tsumogiri_round(g, 2)  # seat 1 (8s) and seat 2 itself (2z)
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 4p
    assert 2 not in g.waiting_for()
    assert g.hand.seats[2].riichi_furiten


# Mingjiang (hands from tests/engine/test_mingjiang_flow.py).
JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"
JUNK_C = "58m1478p147s1234z"
READY_14M = "23m678m567p345s66s"  # closed, waits 1m and 4m (4m: all simples + four sequences)


def test_mingjiang_own_discard_of_the_winning_kind_never_refuses_tsumo() -> None:
    game = table([JUNK_A, "4m23m678m567p345s6s", JUNK_B, JUNK_C], "7z6s7z6z5z4m", rules="mingjiang")
    tsumogiri_round(game, 1)
    discard(game, 1, "4m")  # now waiting 1m-4m with 4m in the river
    tsumogiri_round(game, 3)
    assert game.hand.current == 1 and game.hand.drawn is not None and game.hand.drawn // 4 == 3  # 4m
    assert kinds(game.legal_actions(1), A.TSUMO)


def test_mingjiang_riichi_passing_a_win_makes_no_furiten_past_the_go_around() -> None:
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C], "6z7z4m4m1m7z4m", rules="mingjiang")
    tsumogiri_round(game, 1)
    discard(game, 1, "7z", riichi=True)
    pass_all(game)
    assert game.hand.seats[1].riichi
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    assert kinds(game.legal_actions(1), A.RON)
    game.apply(Action(A.PASS, 1))
    pass_all(game)
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))  # 4m again, same go-around: refused
    assert 1 not in game.waiting_for()
    pass_all(game)
    game.apply(Action(A.DISCARD, 0, game.hand.drawn))  # 1m: passing 4m made no furiten for it
    assert kinds(game.legal_actions(1), A.RON)
    game.apply(Action(A.PASS, 1))
    tsumogiri_round(game, 1)  # seat 1's own draw and discard start a new go-around, riichi or not
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    assert kinds(game.legal_actions(1), A.RON)
