"""The strong level's sichuan (bot/ai/strong_sichuan.py): the void suit and the exchange of three, judged
by the hand the other two suits leave (normal keeps its fewest-tiles rule), and pairs kept toward all
triplets or seven pairs."""

from __future__ import annotations

import pytest

from bot.ai import make_player
from bot.ai.player import AIPlayer
from bot.ai.seatview import read_view
from bot.ai.sichuan import choose_void
from bot.ai.strong_sichuan import (
    StrongSichuanStrategy,
    kept_shanten,
    pair_sets,
    short_shanten,
    strong_exchange_picks,
    strong_void,
)
from bot.engine.actions import Action
from bot.hand.notation import parse_kinds
from bot.hand.tiles import counts_of, kind_of
from tests.ai.views import discarded_kind, discards, make_view


def strict(level: str) -> AIPlayer:
    player = make_player(level, 7)
    player.strict = True
    return player


def kinds_counts(text: str) -> list[int]:
    counts = [0] * 34
    for k in parse_kinds(text):
        counts[k] += 1
    return counts


def test_strong_voids_the_four_loose_man_where_normal_voids_the_three_sou_holding_a_pair() -> None:
    # 2459m are four loose tiles; 288s hold the pair 88s.  Without man the hand keeps 789p, 99p and 88s
    # (four tiles short of ready and one more: shanten 4); without sou it is shanten 5.
    view = make_view("2459m257899p288s", rules="sichuan", dora="")
    counts = counts_of(view["seats"][0]["concealed"])
    assert [kept_shanten(counts, s) for s in range(3)] == [4, 6, 5]
    assert choose_void(counts) == 2
    assert strong_void(counts) == 0
    offered = [Action("void", 0, suit) for suit in range(3)]
    assert strict("strong").decide(offered, view) == Action("void", 0, 0)
    assert strict("normal").decide(offered, view) == Action("void", 0, 2)


def test_a_short_hand_counts_the_tiles_seven_pairs_still_needs() -> None:
    # 44m 88m 22p with 6m and 5p: eight tiles, so seven pairs needs two matches and two whole pairs more
    # (six tiles: shanten 5), not the full hand's 6 - 3 pairs = 3.
    assert short_shanten(kinds_counts("44688m225p")) == 5
    assert short_shanten(kinds_counts("1199m2288p3355s7s")) == 0  # a full hand, six pairs: ready


def test_strong_exchange_passes_the_two_man_it_will_void_and_keeps_the_pin_run() -> None:
    # 19m are two loose man; 1235p hold the run 123p.  normal passes three pins (the weakest suit with
    # three or more); strong passes 1m and 9m and one loose kept tile, never a tile of 123p.
    view = make_view("19m1235p1245789s", rules="sichuan", dora="")
    hand = view["seats"][0]["concealed"]
    counts = counts_of(hand)
    picks = strong_exchange_picks(hand, counts)
    kinds = sorted(kind_of(t) for t in picks)
    assert len(set(picks)) == 3
    assert kinds[:2] == [0, 8]
    assert not {9, 10, 11} & set(kinds)
    singles = [Action("exchange", 0, t) for t in hand]
    assert strict("strong").decide(singles, view).tile in picks
    assert kind_of(strict("normal").decide(singles, view).tile) // 9 == 1


def test_strong_keeps_888p_of_2m33m66m7m1p22p77p888p_and_lets_the_lone_1p_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Four pairs and 888p (void sou): one step from seven pairs whatever single goes.  Counted by
    # accepted tiles, 8p goes (the lone 1p, 2m and 7m each have three copies unseen, the fourth 8p
    # one); keeping pairs and triplets toward all triplets (1 fan) or seven pairs (2 fan), strong lets
    # the lone 1p go instead.
    view = make_view("2m33m66m7m1p22p77p88p", drawn="8p", rules="sichuan", dora="", extra={0: {"void": 2}})
    assert pair_sets(read_view(view)) == 5
    assert discarded_kind(strict("strong").decide(discards(view), view)) == parse_kinds("1p")[0]
    monkeypatch.setattr(StrongSichuanStrategy, "pairs_bonus", 0.0)
    assert discarded_kind(strict("strong").decide(discards(view), view)) == parse_kinds("8p")[0]
