"""A review names each decision in its rule set's own words, as the replay does."""

from __future__ import annotations

from bot.ai.explain import Numbers
from bot.service.replay import StepAction
from bot.service.review import ReviewedDecision
from bot.service.review_text import decision_line


def _declared_ready(rules: str) -> ReviewedDecision:
    """Seat 0 declared ready discarding 2m (tile 5) where the computer would have discarded 1m (tile 0)."""
    numbers = Numbers(shanten=0, accepted=4, danger=None, value=0, threats=0)
    return ReviewedDecision(
        hand=1,
        step=14,
        decision=20,
        actual=StepAction(seat=0, kind="riichi", tile=5, using=()),
        suggested=StepAction(seat=0, kind="discard", tile=0, using=()),
        actual_numbers=numbers,
        suggested_numbers=numbers,
        difference=1.5,
        concealed=(),
        own={},
        red_fives=(),
        rules=rules,
    )


def test_a_taiwan_ready_declaration_is_reviewed_as_bao_ting_and_a_riichi_as_riichi() -> None:
    computer = "；電腦：打出 1m（差異 1.5）"
    assert decision_line(_declared_ready("taiwan"), "zh-TW") == "第 1 局第 14 步：你打 報聽 2m" + computer
    assert decision_line(_declared_ready("riichi"), "zh-TW") == "第 1 局第 14 步：你打 立直 2m" + computer
