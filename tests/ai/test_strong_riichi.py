"""The strong level's choices in the riichi family (bot/ai/strong_riichi.py), on hands worked out by hand.
Each test names the hand it checks and what ``normal`` does with it, where the two differ."""

from __future__ import annotations

from typing import Any

from bot.ai import make_player
from bot.ai.defence import kind_danger, threats
from bot.ai.riichi import MingjiangStrategy
from bot.ai.rulesets import strategy_for
from bot.ai.seatview import read_view
from bot.ai.strategy import Strategy
from bot.ai.strong_rules import strong_strategy_for
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import parse_kinds
from tests.ai.views import discarded_kind, discards, make_view


def kind(text: str) -> int:
    return parse_kinds(text)[0]


# 234m 567m 34p 57s 99p 1s and 8m drawn: one step from ready with one dora (the 5s; indicator 4s).
ONE_DORA_ONE_STEP = {"hand": "234m567m34p57s99p1s", "drawn": "8m", "dora": "4s"}


def ids_of(view: dict[str, Any], text: str) -> tuple[int, ...]:
    """The ids of ``text``'s tiles in the seat's concealed hand (for a call's ``using``)."""
    hand = list(view["seats"][view["seat"]]["concealed"])
    out: list[int] = []
    for k in parse_kinds(text):
        out.append(next(t for t in hand if t >> 2 == k and t not in out))
    return tuple(out)


def offered(view: dict[str, Any], kind_: str, using: str) -> list[Action]:
    call = Action(kind_, 0, view["offer"]["tile"], ids_of(view, using))
    return [call, Action(A.PASS, 0)]


def against_riichi(dealer: int) -> dict[str, Any]:
    """Seat 1 has declared riichi on its third discard, 3p: the only tile in the hand that cannot ron it
    (genbutsu); folding throws it and breaks the 34p shape, pushing keeps one step from ready."""
    return make_view(
        ONE_DORA_ONE_STEP["hand"],
        drawn=ONE_DORA_ONE_STEP["drawn"],
        dora=ONE_DORA_ONE_STEP["dora"],
        dealer=dealer,
        rivers={1: "1z2z3p"},
        riichi={1: 2},
    )


def test_strong_pushes_against_a_dealer_riichi_of_234m567m34p57s99p1s_8m() -> None:
    # Folding here against a dealer's riichi (value 2 needed instead of 1) was screened and dropped
    # (docs/AI.md, screen A): strong pushes as normal does.
    view = against_riichi(dealer=1)
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != kind("3p")
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) != kind("3p")


def test_strong_pushes_against_a_non_dealer_riichi_of_234m567m34p57s99p1s_8m() -> None:
    view = against_riichi(dealer=2)
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != kind("3p")


def test_strong_pons_to_all_simples_one_step_from_ready_of_234m67p35s88s46m22p() -> None:
    # Two steps out, no dora: pon 8s leaves all simples one step from ready.  normal opens a closed hand
    # one step out only with value 2; strong pons for the speed.
    view = make_view("234m67p35s88s46m22p", offer=("8s", 2), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.PON, "8s8s"), view).kind == A.PON
    assert make_player("normal", 1).decide(offered(view, A.PON, "8s8s"), view).kind == A.PASS


def test_strong_chis_to_all_simples_one_step_from_ready_of_234m67p35s88s46m22p() -> None:
    # The same hand offered 5p by its left: chi with 67p leaves all simples one step from ready, a sure
    # yaku (kuitan); normal opens a closed hand one step out only with value 2.
    view = make_view("234m67p35s88s46m22p", offer=("5p", 3), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.CHI, "6p7p"), view).kind == A.CHI
    assert make_player("normal", 1).decide(offered(view, A.CHI, "6p7p"), view).kind == A.PASS


def test_strong_passes_a_chi_to_all_simples_two_steps_out_without_dora_of_24m67p35s46m88s2p8m3p() -> None:
    # Three steps out, no dora: chi 5p with 67p leaves all simples two steps out, a 1,000-point hand
    # still slow; a dora would make it worth calling.
    view = make_view("24m67p35s46m88s2p8m3p", offer=("5p", 3), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.CHI, "6p7p"), view).kind == A.PASS


def test_strong_chis_to_all_simples_two_steps_out_with_a_dora_of_24m67p35s46m88s2p8m3p() -> None:
    # The same hand with 8s as dora (indicator 7s): the chi leaves two steps out, worth calling now.
    view = make_view("24m67p35s46m88s2p8m3p", offer=("5p", 3), dora="7s")
    assert make_player("strong", 1).decide(offered(view, A.CHI, "6p7p"), view).kind == A.CHI


def test_strong_pons_a_value_dragon_that_is_its_only_pair_of_77z12m456p135s79m2p2z() -> None:
    # Two steps out: pon 7z keeps two steps (the pair was the head) but gives the hand its yaku and a
    # set; strong pons the first value pair, normal waits for a pon that makes it faster.
    view = make_view("77z12m456p135s79m2p2z", offer=("7z", 2), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.PON, "7z7z"), view).kind == A.PON
    assert make_player("normal", 1).decide(offered(view, A.PON, "7z7z"), view).kind == A.PASS


def test_strong_pons_a_value_dragon_pair_three_steps_out_of_77z13m47p13s68s9m2p6m() -> None:
    # Three steps out, 7z the only pair: the pon keeps three steps but gives the hand its yaku and a set.
    view = make_view("77z13m47p13s68s9m2p6m", offer=("7z", 2), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.PON, "7z7z"), view).kind == A.PON
    assert make_player("normal", 1).decide(offered(view, A.PON, "7z7z"), view).kind == A.PASS


def test_strong_keeps_closed_all_simples_three_steps_out_without_dora_of_24m67p35s46m88s2p8m3p() -> None:
    # Three steps out, no dora: pon 8s leaves all simples two steps out, worth one han open; not worth
    # opening the hand for.
    view = make_view("24m67p35s46m88s2p8m3p", offer=("8s", 2), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.PON, "8s8s"), view).kind == A.PASS


def ready_with_1z_drawn(
    hand: str,
    dora: str,
    rivers: dict[int, str] | None = None,
    riichi: dict[int, int] | None = None,
    rules: str = "riichi",
) -> tuple[dict[str, Any], list[Action]]:
    """``hand`` ready (13 tiles) and 1z drawn: discarding 1z keeps it ready, riichi or not."""
    view = make_view(hand, rules=rules, drawn="1z", dora=dora, rivers=rivers, riichi=riichi)
    return view, discards(view) + [Action(A.RIICHI, 0, view["seats"][0]["drawn"])]


def test_strong_stays_dama_on_all_simples_with_three_dora_of_234m67m567p345s66s() -> None:
    # All simples on 5m-8m (8 tiles) with 6s6s and 5p dora (indicators 5s and 4p): 1 + 3 = 4 han by ron
    # without riichi (7,700); riichi would make it a mangan, at most one tier more.  normal declares.
    view, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="5s4p")
    action = make_player("strong", 1).decide(legal, view)
    assert action.kind == A.DISCARD and discarded_kind(action) == kind("1z")
    assert make_player("normal", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_all_simples_with_one_dora_of_234m67m567p345s66s() -> None:
    # The same hand with one dora (5p): 2 han without riichi, riichi doubles it.
    view, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="4p")
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_an_early_yakuless_closed_wait_of_123m789m567s44z35p() -> None:
    # No yaku, waiting on 4p alone at its first discard: riichi is its only way to win by ron.  Waiting
    # for 2p or 6p to make it two-sided first was screened and dropped (docs/AI.md, screen C).
    view, legal = ready_with_1z_drawn("123m789m567s44z35p", dora="9p")
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_pushes_a_cheap_open_hand_one_step_from_ready_of_234m34p57s99p1s_777z_8m() -> None:
    # Open with a pon of 777z (value 1), no dora, one step from ready after 8m, against a riichi whose
    # river holds 3p (the only safe tile in hand, breaking 34p).  Counting the pon as the yaku only and
    # folding was screened and dropped (docs/AI.md, screen D): strong pushes as normal does.
    view = make_view(
        "234m34p57s99p1s",
        drawn="8m",
        dora="1z",
        melds={0: [("pon", "777z")]},
        rivers={1: "1z2z3p"},
        riichi={1: 2},
    )
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != kind("3p")


def one_chance_view() -> dict[str, Any]:
    """One step from ready without value against seat 1's riichi (it folds): 5p and 5s are the least
    dangerous tiles in hand, fresh middle tiles; three 4p and three 6p lie in other rivers, so a
    two-sided wait through 5p (34p, 46p's sides 67p) needs the last 4p or 6p."""
    return make_view(
        "5p5s555m22m88m22s88s",
        drawn="8s",
        dora="1z",
        rivers={1: "1z2z9p", 2: "4p4p4p", 3: "6p6p6p"},
        riichi={1: 2},
    )


def test_one_chance_halves_the_danger_of_5p_next_to_three_seen_4p_and_6p() -> None:
    sv = read_view(one_chance_view())
    threat = threats(sv, frozenset())[0]
    plain = {name: kind_danger(sv, kind(name), threat, frozenset()) for name in ("5p", "5s")}
    thin = {name: kind_danger(sv, kind(name), threat, frozenset(), one_chance=True) for name in ("5p", "5s")}
    assert plain["5p"] == plain["5s"] == thin["5s"]
    assert thin["5p"] < thin["5s"]


def test_strong_folds_with_the_one_chance_5p_of_5p5s555m22m88m22s88s_8s() -> None:
    view = one_chance_view()
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) == kind("5p")


def test_strong_passes_the_chi_toward_a_half_flush_of_12m45m789m99m44z3z6p() -> None:
    # Two steps out, no dora: chi 3m with 12m would leave a manzu half flush one step from ready.
    # Calling toward a flush there was screened and dropped (docs/AI.md, screen G): strong passes as
    # normal does (one step out it opens only with value 2).
    view = make_view("12m45m789m99m44z3z6p", offer=("3m", 3), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.CHI, "1m2m"), view).kind == A.PASS


def test_strong_pushes_a_cheap_ready_closed_wait_against_a_riichi_of_123m456m789p22s46s_8s() -> None:
    # Ready on 5s alone (4 unseen), no yaku and no dora, 8s drawn, against seat 1's riichi declared with
    # 1m: strong keeps it ready as normal does (from 3 winning tiles).  Folding such hands below 5 was
    # screened and dropped (docs/AI.md, screen H4).
    view = make_view("123m456m789p22s46s", drawn="8s", dora="1z", rivers={1: "1z2z1m"}, riichi={1: 2})
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != kind("1m")
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) != kind("1m")


def test_strong_stays_dama_late_on_all_simples_of_234m67m567p345s66s() -> None:
    # All simples, no dora: 1 han without riichi, on both waits (5m, 8m).  With nine tiles in its own
    # river strong keeps it dama (it may still fold, and few draws are left to add to a riichi);
    # normal declares, as strong does early.
    late, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="1z", rivers={0: "9m9p9s1m1p1s2z3z4z"})
    action = make_player("strong", 1).decide(legal, late)
    assert action.kind == A.DISCARD and discarded_kind(action) == kind("1z")
    assert make_player("normal", 1).decide(legal, late).kind == A.RIICHI
    early, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="1z")
    assert make_player("strong", 1).decide(legal, early).kind == A.RIICHI


def test_strong_stays_dama_against_a_riichi_on_all_simples_of_234m67m567p345s66s() -> None:
    # The same 1-han hand early, seat 1 in riichi: strong stays dama (a yaku wins by ron, and a dama
    # hand may still fold); normal chases with a riichi.
    view, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="1z", rivers={1: "1z2z3z"}, riichi={1: 2})
    action = make_player("strong", 1).decide(legal, view)
    assert action.kind == A.DISCARD and discarded_kind(action) == kind("1z")
    assert make_player("normal", 1).decide(legal, view).kind == A.RIICHI


def test_strong_chases_a_riichi_without_a_yaku_of_123m789m567s44z35p() -> None:
    view, legal = ready_with_1z_drawn("123m789m567s44z35p", dora="9p", rivers={1: "1z2z3z"}, riichi={1: 2})
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_late_without_a_yaku_of_123m789m567s44z35p() -> None:
    # No yaku: riichi is the only way to win by ron, late or not.
    view, legal = ready_with_1z_drawn("123m789m567s44z35p", dora="9p", rivers={0: "9m9p9s1m1p1s2z3z4z9m9p9s"})
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_chis_with_a_white_dragon_pair_to_pon_of_55z12m46p789s57m19p() -> None:
    # Two steps out: chi 3m with 12m leaves it one step from ready, its yaku the 5z pair whose two other
    # copies are both unseen (a pon or a draw of either makes it); normal passes.
    view = make_view("55z12m46p789s57m19p", offer=("3m", 3), dora="1z")
    assert make_player("strong", 1).decide(offered(view, A.CHI, "1m2m"), view).kind == A.CHI
    assert make_player("normal", 1).decide(offered(view, A.CHI, "1m2m"), view).kind == A.PASS


def test_strong_passes_the_chi_when_a_white_dragon_is_gone_of_55z12m46p789s57m19p() -> None:
    # One 5z lies in a river: a single copy is left to give the hand its yaku; strong keeps it closed.
    view = make_view("55z12m46p789s57m19p", offer=("3m", 3), dora="1z", rivers={2: "5z"})
    assert make_player("strong", 1).decide(offered(view, A.CHI, "1m2m"), view).kind == A.PASS


def test_strong_chases_a_riichi_in_mingjiang_with_a_yaku_of_234m67m567p345s66s() -> None:
    # mingjiang: dama against a riichi was screened there and dropped (docs/AI.md, screen H9), so strong
    # declares with the hand it keeps dama in riichi.
    view, legal = ready_with_1z_drawn(
        "234m67m567p345s66s", dora="9p", rivers={1: "1z2z3z"}, riichi={1: 2}, rules="mingjiang"
    )
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_at_its_ninth_discard_in_mingjiang_of_234m67m567p345s66s() -> None:
    view, legal = ready_with_1z_drawn(
        "234m67m567p345s66s", dora="9p", rivers={0: "9m9p9s1m1p1s2z3z4z"}, rules="mingjiang"
    )
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_a_hand_worth_four_fan_without_riichi_in_mingjiang_of_234m67m567p345s66s() -> None:
    # Closed, all simples and four sequences (門摸斷平, three of the four by ron: 2 fan) and both
    # indicators' tiles (5p, 5s) in hand: 4 fan by ron without riichi, base 30.  明將's table has no
    # tier for a riichi to stop at (5 fan is 40): strong declares as normal does; in riichi the same
    # reckoning keeps such a hand dama (test_strong_stays_dama_on_all_simples_with_three_dora_...).
    view, legal = ready_with_1z_drawn("234m67m567p345s66s", dora="5p5s", rules="mingjiang")
    strat = strong_strategy_for("mingjiang")
    assert isinstance(strat, MingjiangStrategy)
    sv = read_view(view)
    hand = bytearray(sv.counts)
    hand[kind("1z")] -= 1
    hand[kind("5m")] += 1
    assert strat.fan_of(sv, bytes(hand), False, riichi=False) >= 4
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI
    assert make_player("normal", 1).decide(legal, view).kind == A.RIICHI


def test_strong_declares_at_its_twelfth_discard_in_mingjiang_of_234m67m567p345s66s() -> None:
    view, legal = ready_with_1z_drawn(
        "234m67m567p345s66s", dora="9p", rivers={0: "9m9p9s1m1p1s2z3z4z5z6z7z"}, rules="mingjiang"
    )
    assert make_player("strong", 1).decide(legal, view).kind == A.RIICHI


def undeclared_caller(river: str) -> tuple[dict[str, Any], list[Action]]:
    """Two steps from ready with 3p drawn; seat 1 has not declared, has called 345p chi and its river is
    ``river``.  The hand's lone 1m and 1p are equally slow to keep; the 1m lies in seat 1's river."""
    view = make_view(
        "1m1p1p2p2z3s3s4s5p5s7p7s9p", drawn="3p", dora="1z", rivers={1: river}, melds={1: [("chi", "345p")]}
    )
    return view, discards(view)


def test_strong_throws_the_1m_a_late_undeclared_caller_let_go_of_1m11p2p2z33s4s5p5s7p7s9p_3p() -> None:
    # Twelve discards and an open meld: by strong's curve that hand is ready to win by ron about a third
    # of the time (docs/AI.md, screen H10), so strong throws the 1m it cannot ron (genbutsu); normal reads
    # only declared hands and hands of two or three calls, and throws the fresh 1p.
    view, legal = undeclared_caller("6s9m5z3m8s5z1m9m6z5m4z4s")
    assert discarded_kind(make_player("strong", 1).decide(legal, view)) == kind("1m")
    assert discarded_kind(make_player("normal", 1).decide(legal, view)) == kind("1p")


def test_strong_throws_the_1p_while_the_undeclared_caller_is_early_of_1m11p2p2z33s4s5p5s7p7s9p_3p() -> None:
    # Five discards: the caller is hardly ever ready yet, and strong plays its hand as normal does.
    view, legal = undeclared_caller("6s9m5z1m8s")
    assert discarded_kind(make_player("strong", 1).decide(legal, view)) == kind("1p")


Melds = dict[int, list[tuple[str, str]]]


def strong_threat_weights(rules: str, players: int, melds: Melds) -> dict[int, float]:
    """The weight the strong level gives each seat it fears, seat 1 having made ``melds``, declared
    nothing and discarded fifteen tiles (no 2m-8m, so the river fits sanma's wall too)."""
    view = make_view(
        "234p567p33s45s78s3z",
        drawn="4z",
        rules=rules,
        players=players,
        rivers={1: "6s9m5z1s8s5z1m9m6z9s4z4s2z3z7z"},
        melds=melds,
    )
    player = make_player("strong", 1)
    strat = player.strategy_for(rules)
    return {t.seat: t.weight for t in strat.threats(read_view(view), player.reads_undeclared(strat))}


def test_strong_reads_a_late_closed_river_in_mingjiang_and_sanma_but_not_in_riichi() -> None:
    # A closed hand that has not declared after fifteen discards is ready some of the time: strong weighs
    # it in mingjiang and sanma (screens H11, H12); in riichi it reads open hands alone (H13: reading the
    # closed ones too cost placement in H10), so a closed river is no threat there but a caller's is.
    for rules, players in (("mingjiang", 4), ("sanma", 3)):
        assert strong_threat_weights(rules, players, {}).get(1, 0.0) > 0.03, rules
    assert 1 not in strong_threat_weights("riichi", 4, {})
    assert strong_threat_weights("riichi", 4, {1: [("pon", "777p")]})[1] > 0.2


def late_yakuless_chi(rules: str, live_left: int) -> tuple[dict[str, Any], list[Action]]:
    """123m 789m 46p 78s 11s 3z, one step from ready without a yaku, offered 9s by its left: chi 789s
    and the 3z out leaves it ready on 5p, still without a yaku (no simples-only, no value set)."""
    view = make_view("123m789m46p78s11s3z", rules=rules, offer=("9s", 3), dora="1z", live_left=live_left)
    return view, offered(view, A.CHI, "7s8s")


def test_strong_chis_a_yakuless_hand_ready_four_draws_before_the_end_of_123m789m46p78s11s3z() -> None:
    # 16 tiles left, four draws a seat: a ready shape is paid at the exhaustive draw (by shape, no yaku
    # needed), which the hand is unlikely to reach closed; normal never opens a hand into no yaku.
    for rules in ("riichi", "mingjiang"):
        view, legal = late_yakuless_chi(rules, live_left=16)
        assert make_player("strong", 1).decide(legal, view).kind == A.CHI, rules
        assert make_player("normal", 1).decide(legal, view).kind == A.PASS, rules


def test_strong_passes_the_yakuless_chi_five_draws_before_the_end_of_123m789m46p78s11s3z() -> None:
    for rules in ("riichi", "mingjiang"):
        view, legal = late_yakuless_chi(rules, live_left=17)
        assert make_player("strong", 1).decide(legal, view).kind == A.PASS, rules


def open_all_simples_drawn_5m(live_left: int) -> tuple[dict[str, Any], list[Action]]:
    """Chi 234m open; 567p 345s 66s 12p and 5m drawn: throwing 5m keeps it ready on 3p without a yaku
    (the 1p stays), throwing 1p keeps all simples one step from ready."""
    view = make_view(
        "567p345s66s12p", drawn="5m", melds={0: [("chi", "234m")]}, dora="1z", live_left=live_left
    )
    return view, discards(view)


def test_strong_keeps_an_open_hand_ready_late_before_its_yaku_of_234m_567p345s66s12p_5m() -> None:
    view, legal = open_all_simples_drawn_5m(live_left=12)
    assert discarded_kind(make_player("strong", 1).decide(legal, view)) == kind("5m")
    assert discarded_kind(make_player("normal", 1).decide(legal, view)) == kind("1p")


def test_strong_keeps_all_simples_early_at_a_step_of_234m_567p345s66s12p_5m() -> None:
    view, legal = open_all_simples_drawn_5m(live_left=40)
    assert discarded_kind(make_player("strong", 1).decide(legal, view)) == kind("1p")


def danger_of_7p(level_strategy: Strategy, river: str, riichi_at: int) -> float:
    """Seat 1's riichi, in the strategy's rule set, with ``river``: the danger of 7p as that strategy
    reads it, where 4p is 7p's suji."""
    view = make_view(
        "123m456m789s7p1z2z3z", rules=level_strategy.id, dora="1z", rivers={1: river}, riichi={1: riichi_at}
    )
    sv = read_view(view)
    threat = level_strategy.threats(sv)[0]
    return kind_danger(sv, kind("7p"), threat, frozenset())


def test_strong_counts_no_suji_from_a_4p_thrown_before_a_mingjiang_riichi() -> None:
    # 明將's furiten bars only the kind in the river: a 56p wait still rons 7p with 4p thrown before the
    # riichi.  normal reads suji as in riichi.
    strong, normal = strong_strategy_for("mingjiang"), strategy_for("mingjiang")
    assert danger_of_7p(strong, "4p9m1s2s", riichi_at=3) > danger_of_7p(normal, "4p9m1s2s", riichi_at=3)
    assert danger_of_7p(strong, "4p9m1s2s", riichi_at=3) == danger_of_7p(strong, "9m9m1s2s", riichi_at=3)


def test_strong_counts_suji_from_a_4p_thrown_after_a_mingjiang_riichi() -> None:
    # A 4p thrown from the locked hand after the declaration cannot win it: no 56p wait, 7p is suji.
    strong, normal = strong_strategy_for("mingjiang"), strategy_for("mingjiang")
    assert danger_of_7p(strong, "9m1s2s4p", riichi_at=2) == danger_of_7p(normal, "9m1s2s4p", riichi_at=2)
    assert danger_of_7p(strong, "9m1s2s4p", riichi_at=2) < danger_of_7p(strong, "9m1s2s9m", riichi_at=2)


def test_a_river_suji_share_puts_the_mingjiang_7p_between_none_and_riichis_reading() -> None:
    # The switch screened as H24 (docs/AI.md): a 4p thrown before the riichi closes half of the 56p side.
    strong, normal = strong_strategy_for("mingjiang"), strategy_for("mingjiang")
    half = type("HalfRiverSuji", (type(strong),), {"river_suji": 0.5})()
    between = danger_of_7p(half, "4p9m1s2s", riichi_at=3)
    assert (
        danger_of_7p(normal, "4p9m1s2s", riichi_at=3)
        < between
        < danger_of_7p(strong, "4p9m1s2s", riichi_at=3)
    )
    assert danger_of_7p(half, "9m9m1s2s", riichi_at=3) == danger_of_7p(strong, "9m9m1s2s", riichi_at=3)


def test_riichi_counts_suji_from_the_whole_river_at_every_level() -> None:
    for strategy in (strong_strategy_for("riichi"), strategy_for("riichi")):
        assert danger_of_7p(strategy, "4p9m1s2s", riichi_at=3) < danger_of_7p(
            strategy, "9m9m1s2s", riichi_at=3
        )


def second_dora_7p() -> tuple[dict[str, Any], list[Action]]:
    """明將, 7p the dora (the indicator itself): 578m 34p 7789p 4s 2z5z7z with 4m drawn.  The spare 7p
    and the lone guest 2z are about as slow to keep."""
    view = make_view("5m7m8m3p4p7p7p8p9p4s2z5z7z", rules="mingjiang", drawn="4m", dora="7p")
    return view, discards(view)


def test_strong_throws_the_second_dora_7p_in_mingjiang_of_578m34p7789p4s257z_4m() -> None:
    # One 7p in the winning hand is the dora's whole fan: the second copy adds nothing and goes before
    # the 2z.  normal counts dora by copies, as in riichi, and keeps both.
    view, legal = second_dora_7p()
    assert discarded_kind(make_player("strong", 1).decide(legal, view)) == kind("7p")
    assert discarded_kind(make_player("normal", 1).decide(legal, view)) == kind("2z")


def test_strong_counts_a_ponned_dora_as_one_fan_in_mingjiang_and_three_han_in_riichi() -> None:
    # 777p ponned with the 7p the dora (mingjiang's indicator 7p, riichi's 6p): one fan in 明將.
    mingjiang = read_view(
        make_view("234m567m11s345s", rules="mingjiang", dora="7p", melds={0: [("pon", "777p")]})
    )
    assert strong_strategy_for("mingjiang").dora_value(mingjiang) == 1
    assert strategy_for("mingjiang").dora_value(mingjiang) == 3
    riichi = read_view(make_view("234m567m11s345s", dora="6p", melds={0: [("pon", "777p")]}))
    assert strong_strategy_for("riichi").dora_value(riichi) == 3


def mingjiang_ron_value(level: str, hand: str) -> float:
    """What ``level`` reckons a closed mingjiang ron of ``hand`` (with riichi; the indicator, 7z, is the
    dora and not in the hand) collects."""
    sv = read_view(make_view(hand, rules="mingjiang", dora="7z"))
    strat = make_player(level, 1).strategy_for("mingjiang")
    return strat.hand_value(sv, bytes(sv.counts), False)


def test_strong_counts_five_gates_in_a_mingjiang_ron_of_123m456p789s222z55z() -> None:
    # Riichi 1 and 五門齊 2: 3 fan, a ron of 3 x 16; without the five gates 1 fan, 3 x 4.
    assert mingjiang_ron_value("strong", "123m456p789s222z55z") == 48
    assert mingjiang_ron_value("normal", "123m456p789s222z55z") == 12


def test_strong_counts_a_pure_straight_in_a_mingjiang_ron_of_123456789m123p11z() -> None:
    # Riichi 1, 門摸斷平 1 (closed, four sequences) and 清龍 2: 4 fan, a ron of 3 x 30.
    assert mingjiang_ron_value("strong", "123456789m123p11z") == 90
    assert mingjiang_ron_value("normal", "123456789m123p11z") == 24


def test_strong_counts_a_mixed_triple_in_a_mingjiang_ron_of_123m123p123s456m99p() -> None:
    # Riichi 1, 門摸斷平 1 (closed, four sequences) and 三色同順 2: 4 fan, a ron of 3 x 30.
    assert mingjiang_ron_value("strong", "123m123p123s456m99p") == 90
    assert mingjiang_ron_value("normal", "123m123p123s456m99p") == 24


def test_strong_counts_three_concealed_triplets_in_a_mingjiang_ron_of_111m555p999s234s66z() -> None:
    # Riichi 1 and 三暗刻 2: 3 fan (the green dragon is a pair, no set).
    assert mingjiang_ron_value("strong", "111m555p999s234s66z") == 48
    assert mingjiang_ron_value("normal", "111m555p999s234s66z") == 12


def dealer_riichi_weight(level: str, rules: str) -> float:
    """The weight ``level`` gives seat 1's riichi, seat 1 dealing."""
    view = make_view(
        ONE_DORA_ONE_STEP["hand"], drawn="8m", dealer=1, rivers={1: "1z2z3p"}, riichi={1: 2}, rules=rules
    )
    player = make_player(level, 1)
    strat = player.strategy_for(rules)
    found = strat.threats(read_view(view), player.reads_undeclared(strat))
    return next(t.weight for t in found if t.seat == 1)


def test_strong_weighs_a_dealer_riichi_as_any_other_in_mingjiang_where_the_dealer_gets_no_more() -> None:
    assert dealer_riichi_weight("strong", "mingjiang") == 1.0
    assert dealer_riichi_weight("normal", "mingjiang") == 1.2
    assert dealer_riichi_weight("strong", "riichi") == 1.2  # a riichi dealer's win is worth half again


def let_pass_view() -> dict[str, Any]:
    """Mingjiang, one step from ready without value against seat 1's riichi (it folds); seat 2 threw 5s
    after the declaration, in the same go-around, and seat 1 let it pass (it has not drawn since)."""
    view = make_view(
        "5p5s555m22m88m22s88s",
        drawn="8s",
        dora="1z",
        rules="mingjiang",
        rivers={1: "1z2z9p", 2: "3m4m5s", 3: "6m7m"},
        riichi={1: 2},
    )
    view["seats"][1]["passed"] = [view["seats"][2]["discards"][-1][0]]
    return view


def test_a_kind_the_riichi_let_pass_this_go_around_is_safe_against_it_in_strong_mingjiang() -> None:
    sv = read_view(let_pass_view())
    strong = strong_strategy_for("mingjiang").threats(sv)
    normal = strategy_for("mingjiang").threats(sv)
    assert kind("5s") in next(t for t in strong if t.seat == 1).safe
    assert kind("5s") not in next(t for t in normal if t.seat == 1).safe


def test_strong_folds_with_the_5s_the_riichi_let_pass_in_mingjiang_of_5p5s555m22m88m22s88s_8s() -> None:
    # Without the go-around (normal) 5s is a fresh middle tile and 8s, the least dangerous, goes.
    view = let_pass_view()
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) == kind("5s")
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) == kind("8s")
