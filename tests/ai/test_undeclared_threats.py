"""Threats nobody declared: the rule sets without riichi (pihu, sichuan, taiwan), and the strong level of
the riichi family, weigh every hand still playing by how far it has come; only the riichi family's
rivers are furiten."""

from __future__ import annotations

import pytest

from bot.ai import make_player
from bot.ai.defence import TenpaiCurve, Threat, kind_danger, safe_kinds
from bot.ai.player import AIPlayer, Tuning
from bot.ai.rulesets import strategy_for
from bot.ai.seatview import read_view
from bot.hand.notation import parse_kinds
from tests.ai.views import discarded_kind, discards, make_view
from tests.bench.fit_tenpai_curve import fit


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def test_tenpai_curve_grows_with_discards_and_calls_up_to_its_cap() -> None:
    curve = TenpaiCurve(start=3.0, slope=0.05, per_meld=0.1, cap=0.6)
    assert curve.estimate(2, 0) == 0.0
    assert curve.estimate(5, 0) < curve.estimate(9, 0) < curve.estimate(9, 1)
    assert curve.estimate(30, 3) == 0.6


def test_a_long_river_is_a_threat_in_pihu_but_not_yet_an_early_one() -> None:
    strat = strategy_for("pihu")
    view = make_view(
        "123m456p789s1z2z3z", drawn="4z", rules="pihu", rivers={1: "9m8m1p2p6z7z1s9s2m3s5z8p9p", 2: "1m2z"}
    )
    found = {t.seat: t for t in strat.threats(read_view(view))}
    assert 1 in found and found[1].weight > 0.2
    assert 2 not in found  # two discards: hardly ever ready
    assert strat.threats(read_view(view), undeclared=False) == []


def test_a_pihu_river_tile_is_only_less_likely_while_riichi_genbutsu_is_safe() -> None:
    river = "9m8m1p2p6z7z1s9s2m3s5z8p5p"
    pihu = read_view(make_view("123m456p789s11z", drawn="5p", rules="pihu", rivers={1: river}))
    threat = next(t for t in strategy_for("pihu").threats(pihu) if t.seat == 1)
    assert kind("5p") not in threat.safe and kind("5p") in threat.likely_safe
    five = kind_danger(pihu, kind("5p"), threat, frozenset())
    fresh_five = kind_danger(pihu, kind("5s"), threat, frozenset())
    assert 0 < five < fresh_five
    riichi = read_view(make_view("123m456p789s11z", drawn="5p", rivers={1: river}, riichi={1: 12}))
    declared = next(t for t in strategy_for("riichi").threats(riichi) if t.seat == 1)
    assert kind_danger(riichi, kind("5p"), declared, frozenset()) == 0


def test_sichuan_void_suit_of_a_threat_is_safe_against_it() -> None:
    view = make_view(
        "1234567m23456p",
        drawn="9p",
        rules="sichuan",
        rivers={1: "1s2s3s9m8m7m4s5s6s1m"},
        extra={1: {"void": 2}, 0: {"void": 2}},
    )
    sv = read_view(view)
    threat = Threat(1, 0.5, safe_kinds(sv, 1, sv.others[1], river_furiten=False))
    assert kind_danger(sv, kind("5s"), threat, frozenset()) == 0
    assert kind_danger(sv, kind("5p"), threat, frozenset()) > 0


def test_strong_folds_a_slow_pihu_hand_when_every_river_is_long() -> None:
    # Three shanten late in the hand, three opponents fourteen discards in: the discarder pays for all
    # (包糊) and a draw pays nothing, so the strong player breaks the pair nobody can wait on (the other
    # two copies are visible) instead of the lone terminal that efficiency drops.
    rivers = {
        1: "7z1z9m8m1p2p6z1s9s2m3s5z8p9p",
        2: "7z2z9m8m1p2p6z1s9s2m3s5z8p9p",
        3: "3z2z9m8m1p2p6z1s9s2m3s5z8p9p",
    }
    view = make_view("1379m2468p46s77z", drawn="1s", rules="pihu", rivers=rivers, live_left=20)
    reading = AIPlayer("strong", 1, tuning=Tuning(undeclared=True))  # an option since s3 (off by default)
    assert discarded_kind(reading.decide(discards(view), view)) == kind("7z")
    easy = make_player("easy", 1).decide(discards(view), view)
    assert discarded_kind(easy) != kind("7z")


def test_an_open_hands_curve_climbs_faster_with_each_meld_by_meld_slope() -> None:
    curve = TenpaiCurve(start=4.0, slope=0.01, per_meld=0.1, cap=0.7, meld_slope=0.02)
    assert curve.estimate(14, 0) == pytest.approx(0.1)
    assert curve.estimate(14, 1) == pytest.approx(0.1 + 0.1 + 0.2)
    assert curve.estimate(14, 2) == 0.7  # 0.1 + 0.2 + 0.4 = 0.7 at the cap
    assert curve.estimate(4, 1) == pytest.approx(0.1)  # at the start only the meld counts


def test_the_fit_recovers_the_curve_the_hands_were_drawn_from() -> None:
    truth = TenpaiCurve(start=3.5, slope=0.01, per_meld=0.15, cap=1.0, meld_slope=0.012)
    buckets = [(river, melds) for river in range(4, 18) for melds in range(3)]
    counts = {b: [1000, round(1000 * truth.estimate(*b))] for b in buckets}
    fitted = fit(counts)
    for b in buckets:
        assert fitted.estimate(*b) == pytest.approx(truth.estimate(*b), abs=0.01)
    assert fitted.meld_slope == pytest.approx(0.012, abs=0.001)
