"""Sichuan blood battle (血战到底): hand scoring and the pure settlement helpers.

Rules: ``docs/rules/sichuan.md``.  Decisions taken where the rules file is silent:

* The winning tile is the last concealed tile written unless the situation names it.
* ``all_simples`` (断幺九 1) and ``all_258`` (全是将 2) both count when every tile is a 2, 5 or 8:
  the rules file lists them as independent fan.
* ``outside`` (全幺九) and ``straight`` (一条龙) need a regular decomposition (not seven pairs).
* Heavenly/earthly: the hand's fan is counted without self-drawn; below 5 the hand scores the
  5-fan floor alone, from 5 up it scores its own fan (still without self-drawn).
* Option ``last_discard``: a ron on the last discard scores ``last_discard`` (海底炮) 1 fan.
* Not-tenpai value: the best fan over every waiting tile of the non-void suits, counted as a ron
  with no situational fan; a kind the player holds all four of is not a wait.
"""

from bot.rules.sichuan.score import (
    NotAWin,
    SichuanScore,
    best_waiting_fan,
    is_tenpai,
    score_hand,
    score_kinds,
    waiting_values,
)
from bot.rules.sichuan.settlement import (
    Payment,
    balances,
    end_of_hand_payments,
    false_win_payments,
    flower_pig_payments,
    is_flower_pig,
    kan_payments,
    next_dealer,
    not_tenpai_payments,
    returned_kan_income,
    transfer_payments,
    win_payments,
)
from bot.rules.sichuan.situation import SichuanOptions, SichuanSituation

__all__ = [
    "NotAWin",
    "Payment",
    "SichuanOptions",
    "SichuanScore",
    "SichuanSituation",
    "balances",
    "best_waiting_fan",
    "end_of_hand_payments",
    "false_win_payments",
    "flower_pig_payments",
    "is_flower_pig",
    "is_tenpai",
    "kan_payments",
    "next_dealer",
    "not_tenpai_payments",
    "returned_kan_income",
    "score_hand",
    "score_kinds",
    "transfer_payments",
    "waiting_values",
    "win_payments",
]
