"""Three-player rules (docs/rules/riichi.md, "Three players"): no chi, kita, dead-wall replacements."""

from __future__ import annotations

from bot.engine import actions as A
from bot.engine.actions import Action
from tests.engine.tables import discard, kinds, pass_all, table, tsumogiri_round

S0 = "1m258p3679s12345z"
S2 = "19m1467p258s1267z"


def test_sanma_has_no_chi() -> None:
    g = table([S0, "9m46p14789s12367z", "19m17p2568s34567z"], "9p", rules="sanma")
    discard(g, 0, "5p")  # 46p would chi it in four-player
    assert g.hand.phase == "turn" and g.hand.current == 1


def test_kita_can_be_ronned_and_draws_a_replacement_from_the_dead_wall() -> None:
    g = table(
        ["1m258p3679s12346z", "555z234p567s789s4z", S2],
        "9p",
        rules="sanma",
        replacements="8p",
    )
    live_before = g.hand.wall.live_left
    kita = kinds(g.legal_actions(0), A.KITA)
    assert len(kita) == 1
    g.apply(kita[0])
    assert kinds(g.legal_actions(1), A.RON)  # haku + North tanki robs the kita (no chankan yaku)
    g.apply(Action(A.PASS, 1))
    pass_all(g)
    seat = g.hand.seats[0]
    assert len(seat.kita) == 1 and g.hand.drawn is not None and g.hand.drawn // 4 == 16  # the 8p
    assert g.hand.replacement_draw
    assert g.hand.wall.live_left == live_before - 1  # the replacement shortens the live wall


def test_no_kita_right_after_a_pon() -> None:
    g = table(["1m258p3679s11244z", "9m369p14789s1236z", "19m1467p258s3567z"], "9p8p", rules="sanma")
    discard(g, 0, "9p")
    pass_all(g)
    discard(g, 1, "1z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert not kinds(g.legal_actions(0), A.KITA)
    assert {a.kind for a in g.legal_actions(0)} == {A.DISCARD}


def test_sanma_uses_108_tiles_and_35000_points() -> None:
    g = table([S0, "9m369p1478s12367z", S2], "", rules="sanma")
    assert len(g.rules.tile_ids()) == 108
    assert g.points == [35000, 35000, 35000]
    assert g.check_invariants() == []


def test_kita_ends_ippatsu_only_when_not_robbed() -> None:
    hands = ["1m258p3679s12356z", "234p567p789s111s4z", "99m1689p2458s477z"]
    g = table(hands, "6z5z3z", rules="sanma")
    tsumogiri_round(g, 1)
    discard(g, 1, "5z", riichi=True)
    pass_all(g)
    assert g.hand.seats[1].ippatsu
    g.apply(kinds(g.legal_actions(2), A.KITA)[0])
    ron = kinds(g.legal_actions(1), A.RON)
    assert ron
    g.apply(ron[0])
    win = g.hands[0]["result"]["wins"][0]
    assert "ippatsu" in [name for name, _ in win["yaku"]]


def test_kita_that_is_not_robbed_ends_ippatsu() -> None:
    hands = ["1m258p3679s12356z", "234p567p789s111s4z", "99m1689p2458s477z"]
    g = table(hands, "6z5z3z", rules="sanma")
    tsumogiri_round(g, 1)
    discard(g, 1, "5z", riichi=True)
    pass_all(g)
    g.apply(kinds(g.legal_actions(2), A.KITA)[0])
    g.apply(Action(A.PASS, 1))
    assert not g.hand.seats[1].ippatsu


def test_kita_is_sanmas_alone() -> None:
    # The four-player dealer holds a North (4z) and is asked nothing about it.
    g = table(["258m369p147s1234z", "369m147p258s5671z", "147m258p369s2356z", "2345678m2345p66s"], "6z")
    assert kinds(g.legal_actions(0), A.DISCARD) and not kinds(g.legal_actions(0), A.KITA)


def test_kita_needs_a_tile_left_to_replace_it() -> None:
    # Seat 0 holds a North (4z) on its first turn: with one live tile left it may set it aside (the
    # replacement comes from the dead wall and shortens the live wall), with none it may not.
    hands = ["1m258p3679s12346z", "555z234p567s789s4z", S2]
    one_left = table(hands, "9p", rules="sanma")
    one_left.hand.wall.next_live = one_left.hand.wall.live_end - 1
    assert one_left.hand.wall.live_left == 1 and kinds(one_left.legal_actions(0), A.KITA)
    none_left = table(hands, "9p", rules="sanma")
    none_left.hand.wall.next_live = none_left.hand.wall.live_end
    assert none_left.hand.wall.live_left == 0 and not kinds(none_left.legal_actions(0), A.KITA)


def test_in_riichi_only_a_north_just_drawn_may_be_set_aside() -> None:
    # Seat 0 waits on 4z alone (111m 234p 567p 789s 4z) and declares riichi; then it draws 9p: the North
    # it holds is part of its hand, and the 9p is no North, so there is no kita.
    g = table(["111m234p567p789s4z", "9m369p14789s1236z", S2], "7z6z5z9p", rules="sanma")
    discard(g, 0, "7z", riichi=True)
    tsumogiri_round(g, 2)
    assert g.hand.current == 0 and g.hand.drawn is not None and g.hand.drawn // 4 == 17  # 9p
    assert not kinds(g.legal_actions(0), A.KITA)
