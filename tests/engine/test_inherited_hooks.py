"""Mingjiang plays through riichi's turn and claim hooks (bot/rules/riichi/flow.py) with shapes and a
riichi lock of its own (rules/mingjiang.md): seven pairs may hold a four as two pairs, and after riichi a
closed kan may not change the waits (no reading check).  These check that the inherited hooks ask
mingjiang's shapes and lock, not riichi's, on hand-built tables (seat 0 deals)."""

from __future__ import annotations

import pytest

from bot.engine import actions as A
from tests.engine.tables import discard, kinds, table, tsumogiri_round

# Mingjiang hands without pairs or waits (as in tests/engine/test_furiten_paths.py).
JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"
JUNK_C = "58m1478p147s1234z"
# 11 11m 22p 33p 44s 55s and a 6z: seven pairs in mingjiang (the four of 1m as two pairs), waiting on 6z;
# in riichi's shapes no wait at all (its seven pairs must be seven different kinds).
SEVEN_PAIRS_WITH_A_FOUR = "1111m22p33p44s55s6z"


def test_mingjiang_seven_pairs_holding_a_four_is_offered_the_ron() -> None:
    g = table([JUNK_A, SEVEN_PAIRS_WITH_A_FOUR, JUNK_B, JUNK_C], "6z", rules="mingjiang")
    discard(g, 0, "6z")
    assert kinds(g.legal_actions(1), A.RON)


def test_mingjiang_riichi_is_offered_on_seven_pairs_holding_a_four() -> None:
    g = table([JUNK_A, SEVEN_PAIRS_WITH_A_FOUR, JUNK_B, JUNK_C], "5z7z", rules="mingjiang")
    tsumogiri_round(g, 1)
    riichi = kinds(g.legal_actions(1), A.RIICHI)
    # Either lone honour may go: 6z leaves a wait on 7z, the 7z just drawn a wait on 6z.
    assert sorted(a.tile // 4 for a in riichi if a.tile is not None) == [32, 33]


@pytest.mark.parametrize("riichi", [True, False], ids=["in-riichi", "not-in-riichi"])
def test_mingjiang_after_riichi_a_kan_that_changes_the_waits_is_refused(riichi: bool) -> None:
    # 1113m waits on 2m and 3m; with 1m as a kan only 3m is left: refused after riichi, offered before.
    g = table([JUNK_A, "1113m456p789p123s", JUNK_B, JUNK_C], "5z7z6z5z6z1m", rules="mingjiang")
    tsumogiri_round(g, 1)
    discard(g, 1, "7z", riichi=riichi)
    tsumogiri_round(g, 3)
    assert g.hand.current == 1 and g.hand.drawn is not None and g.hand.drawn // 4 == 0  # the fourth 1m
    assert bool(kinds(g.legal_actions(1), A.ANKAN)) is not riichi
