"""More rules of docs/rules/riichi.md: ippatsu, double riichi, kokushi robbing a closed kan, kans by one
player, three-player noten payments, nine terminals only on the first draw."""

from __future__ import annotations

import json

import pytest

from bot.engine import actions as A
from bot.engine.descriptor import OptionError
from bot.engine.registry import load_rules
from tests.engine.tables import closed_kans, discard, kinds, pass_all, table, tsumogiri_round

TENPAI = "23m456p789p234s55s"  # waits 1m-4m
Q1 = "369m147p258s5671z"


def test_ippatsu_and_double_riichi_after_a_first_turn_riichi_and_any_call_ends_ippatsu() -> None:
    g = table(["258m369p147s1244z", Q1, TENPAI, "147m258p369s2345z"], "6z6z7z8s")
    tsumogiri_round(g, 2)
    discard(g, 2, "7z", riichi=True)
    pass_all(g)
    seat = g.hand.seats[2]
    assert seat.riichi and seat.double_riichi and seat.ippatsu
    assert g.sticks + g.hand.sticks >= 1 and g.hand.points[2] == 24000
    discard(g, 3, "4z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert not seat.ippatsu


def test_riichi_after_the_first_turn_is_not_double_riichi() -> None:
    g = table(["258m369p147s1244z", Q1, TENPAI, "147m258p369s2345z"], "6z6z7z8s6s1z4p")
    tsumogiri_round(g, 6)
    discard(g, 2, "4p", riichi=True)
    pass_all(g)
    assert g.hand.seats[2].riichi and not g.hand.seats[2].double_riichi


def test_own_next_discard_ends_ippatsu() -> None:
    g = table(["258m369p147s1234z", Q1, TENPAI, "147m258p369s2356z"], "6z6z7z8s6s1z4p")
    tsumogiri_round(g, 2)
    discard(g, 2, "7z", riichi=True)
    tsumogiri_round(g, 3)
    assert g.hand.seats[2].ippatsu
    g.apply(kinds(g.legal_actions(2), A.DISCARD)[0])
    assert not g.hand.seats[2].ippatsu


def test_thirteen_orphans_may_rob_a_closed_kan() -> None:
    g = table(["1111m2345678p23s", "99m19p19s1234567z", "2345678m2345s66s", "2345678s3467p88m"], "5m")
    g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
    ron = kinds(g.legal_actions(1), A.RON)
    assert ron
    g.apply(ron[0])
    pass_all(g)
    win = g.hands[0]["result"]["wins"][0]
    assert win["seat"] == 1 and win["yakuman"] >= 1


def test_four_kans_by_one_player_do_not_abort() -> None:
    g = table(
        ["1111m2222m3333m4m", "689m147p258s5671z", "3467p2345678s99p", "2568p13689s2347z"],
        "7z",
        replacements="4m4m4m8p",
    )
    closed_kans(g, 0, 4)
    assert len(g.hand.kans) == 4
    discard(g, 0, "7z")
    pass_all(g)
    assert not g.hands  # no abort: all four kans are seat 0's
    assert g.hand.phase == "turn" and g.hand.current == 1


def test_three_player_noten_payments() -> None:
    sanma = load_rules("sanma")
    assert sanma.noten_payments(3, [0]) == [2000, -1000, -1000]  # type: ignore[attr-defined]
    assert sanma.noten_payments(3, [0, 2]) == [1000, -2000, 1000]  # type: ignore[attr-defined]


def test_nine_terminals_only_on_the_first_draw() -> None:
    g = table(["19m19p19s1234567z", "2345678m2345p66s", "2345678s3467p88m", "2345678p23457s9p"], "5m5s6s7m1m")
    assert kinds(g.legal_actions(0), A.NINE_TERMINALS)
    tsumogiri_round(g, 4)
    assert g.hand.current == 0 and not kinds(g.legal_actions(0), A.NINE_TERMINALS)


def test_the_uma_option_small_big_sets_the_four_and_three_player_uma() -> None:
    assert load_rules("riichi", {"uma": "10-20"}).uma == (20, 10, -10, -20)  # type: ignore[attr-defined]
    assert load_rules("riichi", {"uma": " 5-10 "}).uma == (10, 5, -5, -10)  # type: ignore[attr-defined]
    assert load_rules("riichi", {"uma": "0-1000"}).uma == (1000, 0, -0, -1000)  # type: ignore[attr-defined]
    assert load_rules("riichi", {"uma": "15-15"}).uma == (15, 15, -15, -15)  # type: ignore[attr-defined]
    assert load_rules("sanma", {"uma": "10-20"}).uma == (20, 0, -20)  # type: ignore[attr-defined]
    assert load_rules("riichi").uma == (20, 10, -10, -20)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text", ["20-10", "10-1001", "10", "-10", "a-b", "10-", "10-20-30", "12345-20000", "00010-20", "10-00020"]
)
def test_an_uma_option_that_is_not_small_big_up_to_1000_is_refused_by_name(text: str) -> None:
    with pytest.raises(OptionError) as refused:
        load_rules("riichi", {"uma": text})
    assert str(refused.value) == (
        f"uma must be SMALL-BIG, two whole numbers up to 1000 (e.g. 10-20), not {text!r}"
    )
    assert refused.value.message_id == "option.uma"
    assert refused.value.values == {"most": 1000, "value": text}


def test_only_thirteen_orphans_robs_a_closed_kan() -> None:
    # Seat 1 waits on 1m-4m; seat 0's closed kan of 1m offers it nothing (docs/rules/riichi.md: a closed
    # kan is robbed by kokushi alone), and seat 0 goes on with its replacement draw.
    g = table(["1111m258p369s123z", TENPAI, Q1, "2468m1357p2468s5z"], "7z", replacements="6z")
    g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
    assert not kinds(g.legal_actions(1), A.RON)
    pass_all(g)
    assert g.hand.current == 0 and g.hand.drawn is not None and g.hand.drawn // 4 == 32  # 6z


def test_an_uma_given_as_a_list_is_taken_seat_by_seat() -> None:
    # A record's options have not been through the table's schema: its uma may be the list itself.
    assert load_rules("riichi", {"uma": [30, 10, -10, -30]}).uma == (30, 10, -10, -30)  # type: ignore[attr-defined]
    assert load_rules("sanma", {"uma": ["15", "0", "-15"]}).uma == (15, 0, -15)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("rules", "left", "offered"), [("riichi", 4, True), ("sanma", 3, True), ("sanma", 2, False)]
)
def test_riichi_is_offered_down_to_the_last_draw_still_to_come(rules: str, left: int, offered: bool) -> None:
    # Four tiles left in four-player (docs/rules/riichi.md), three in sanma (one draw per player).
    hands = (
        ["258m369p147s1234z", "369m147p258s5671z", "23m456p789p234s55s", "147m258p369s2356z"]
        if rules == "riichi"
        else ["1m258p3679s12345z", "9m369p14789s1236z", "111m234p567p789s4z"]
    )
    g = table(hands, "6z6z7z" if rules == "riichi" else "6z7z", rules=rules)
    tsumogiri_round(g, 2)
    g.hand.wall.next_live = g.hand.wall.live_end - left
    assert bool(kinds(g.legal_actions(2), A.RIICHI)) is offered


# Noten payments by the number of ready seats (docs/rules/riichi.md): 3000 in four-player, 2000 in sanma,
# split among the ready and paid by the others; nothing moves when all or none are ready.
FOUR = {0: (0, 0), 1: (3000, -1000), 2: (1500, -1500), 3: (1000, -3000), 4: (0, 0)}
THREE = {0: (0, 0), 1: (2000, -1000), 2: (1000, -2000), 3: (0, 0)}


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_noten_payments_for_every_pattern_of_ready_seats(rules: str) -> None:
    ruleset = load_rules(rules)
    players, table_of = (4, FOUR) if rules == "riichi" else (3, THREE)
    for pattern in range(2**players):
        ready = [seat for seat in range(players) if pattern >> seat & 1]
        gain, loss = table_of[len(ready)]
        paid = ruleset.noten_payments(players, ready)  # type: ignore[attr-defined]
        assert paid == [gain if seat in ready else loss for seat in range(players)], ready
        assert json.dumps(paid) == json.dumps([gain if seat in ready else loss for seat in range(players)])
