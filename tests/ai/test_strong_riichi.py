"""The strong level's choices in the riichi family (bot/ai/strong_riichi.py), on hands worked out by hand.
Each test names the hand it checks and what ``normal`` does with it, where the two differ."""

from __future__ import annotations

from typing import Any

from bot.ai import make_player
from bot.hand.notation import parse_kinds
from tests.ai.views import discarded_kind, discards, make_view


def kind(text: str) -> int:
    return parse_kinds(text)[0]


# 234m 567m 34p 57s 99p 1s and 8m drawn: one step from ready with one dora (the 5s; indicator 4s).
ONE_DORA_ONE_STEP = {"hand": "234m567m34p57s99p1s", "drawn": "8m", "dora": "4s"}


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


def test_strong_folds_one_dora_one_step_from_ready_against_a_dealer_riichi() -> None:
    view = against_riichi(dealer=1)
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) == kind("3p")
    # normal pushes with one dora against any riichi
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) != kind("3p")


def test_strong_pushes_one_dora_one_step_from_ready_against_a_non_dealer_riichi() -> None:
    view = against_riichi(dealer=2)
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != kind("3p")
