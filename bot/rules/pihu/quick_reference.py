"""``/score table rules:pihu``: what a ron and a self-draw cost per multiplier."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.pihu.payments import DEFAULT_BASE, settle_win
from bot.rules.pihu.score import PihuScore

Sheets = tuple[list[tuple[str, tuple[str, ...]]], str]
MULTIPLIERS = (1, 2, 4, 8, 16, 32)


def pihu_sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Sheets:
    winner, dealer, discarder = 1, 0, 2  # a non-dealer wins; the discarder is not the dealer
    rows = []
    for multiplier in MULTIPLIERS:
        ron = settle_win(PihuScore((), multiplier, False), winner=winner, dealer=dealer, discarder=discarder)
        tsumo = settle_win(PihuScore((), multiplier, True), winner=winner, dealer=dealer)
        rows.append(
            say(
                "qr.pihu.row",
                multiplier=say("score.unit.multiplier", n=multiplier),
                ron=-ron[discarder],
                tsumo=-tsumo[discarder],
                dealer=-tsumo[dealer],
            )
        )
    return [(say("qr.pihu.head", base=DEFAULT_BASE), tuple(rows))], ""
