"""The strong level's taiwan: the two-step measure (bot/ai/twostep.py) reaches hands three steps from
ready (bot/ai/strong_rules.py TWO_STEP_REACH), where 16-tile hands spend much of their time, and a ready
declaration is made on any wait with a winning tile unseen (bot/ai/strong_taiwan.py)."""

from __future__ import annotations

import pytest

from bot.ai import make_player, strong_rules
from bot.ai.player import AIPlayer
from bot.ai.seatview import read_view
from bot.ai.strong_rules import two_step_reach
from bot.ai.taiwan import TaiwanStrategy
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import parse_kinds
from tests.ai.views import discarded_kind, discards, make_view


def strict(level: str) -> AIPlayer:
    player = make_player(level, 7)
    player.strict = True
    return player


def test_strong_measures_a_16_tile_hand_three_steps_from_ready_two_draws_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 33668m12p11445799s1z with 8s drawn, three steps from ready after any fastest discard.  Measured
    # two draws ahead from three steps out, strong lets the lone 1z go; with the measure from two
    # steps only, its seeded tie-break among equal counts throws 9s.
    view = make_view("33668m12p11445799s1z", drawn="8s", rules="taiwan", dora="", live_left=53)
    sv = read_view(view)
    after = list(sv.counts)
    after[parse_kinds("1z")[0]] -= 1
    assert TaiwanStrategy().shanten(sv, after) == 3
    assert two_step_reach("taiwan") == 3
    assert discarded_kind(strict("strong").decide(discards(view), view)) == parse_kinds("1z")[0]
    monkeypatch.setitem(strong_rules.TWO_STEP_REACH, "taiwan", 2)
    assert discarded_kind(strict("strong").decide(discards(view), view)) == parse_kinds("9s")[0]


def offered_chi(hand: str) -> tuple[dict, list[Action]]:
    # 2m offered by seat 3, the previous player: a chi of 1m2m3m from the 1m and 3m in hand.
    view = make_view(hand, rules="taiwan", dora="", offer=("2m", 3))
    hand_ids = view["seats"][0]["concealed"]
    using = tuple(next(t for t in hand_ids if t >> 2 == parse_kinds(k)[0]) for k in ("1m", "3m"))
    return view, [Action(A.CHI, 0, view["offer"]["tile"], using), Action(A.PASS, 0)]


def test_strong_keeps_13m46p79s2355m789p1z5z2s_closed_where_normal_chis_the_2m() -> None:
    # Three steps from ready; the chi of 2m leaves it two steps out.  The closed hand's 門清 (1 tai,
    # 門清自摸 3) is worth more than one step this early: strong passes, normal calls.
    view, legal = offered_chi("13m46p79s2355m789p1z5z2s")
    assert TaiwanStrategy().shanten(read_view(view)) == 3
    assert strict("normal").decide(legal, view).kind == A.CHI
    assert strict("strong").decide(legal, view).kind == A.PASS


def test_strong_chis_the_2m_that_makes_13m456p79s55m789p123s1z_ready() -> None:
    # One step from ready; the chi makes it ready once 1z goes: strong opens the hand.
    view, legal = offered_chi("13m456p79s55m789p123s1z")
    assert strict("strong").decide(legal, view).kind == A.CHI
