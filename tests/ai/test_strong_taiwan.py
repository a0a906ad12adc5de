"""The strong level's taiwan: the two-step measure (bot/ai/twostep.py) reaches hands three steps from
ready (bot/ai/strong_rules.py TWO_STEP_REACH), where 16-tile hands spend much of their time."""

from __future__ import annotations

import pytest

from bot.ai import make_player, strong_rules
from bot.ai.player import AIPlayer
from bot.ai.seatview import read_view
from bot.ai.strong_rules import two_step_reach
from bot.ai.taiwan import TaiwanStrategy
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
