"""Refusals every scorer of a win shares: a fifth copy of a kind, and a situation flag that belongs to
the other way of winning (after a kan is self-drawn, robbing a kan is on another player's tile).

Each rule set names its own flags (in its own words and characters); the check and its messages
(``refusal.hand.*`` in bot/i18n) are one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.hand.notation import kind_name
from bot.hand.refusal import NotAWin


def refuse_a_fifth_copy(counts: Sequence[int]) -> None:
    """Raise :class:`NotAWin` naming the first kind a whole hand holds more than four of."""
    over = [kind for kind, count in enumerate(counts) if count > 4]
    if over:
        raise NotAWin(f"more than four {kind_name(over[0])}", "hand.fifth_copy", tile=kind_name(over[0]))


def refuse_the_wrong_way_of_winning(
    tsumo: bool, self_drawn_only: Mapping[str, bool], on_discard_only: Mapping[str, bool]
) -> None:
    """Raise :class:`NotAWin` for the first flag set (name -> set) that the way of winning rules out:
    a self-drawn-only flag on a win on a discard, or a discard-only flag on a self-drawn win."""
    for name, flag in self_drawn_only.items():
        if flag and not tsumo:
            raise NotAWin(f"{name} is a self-drawn win: say tsumo", "hand.needs_tsumo", name=name)
    for name, flag in on_discard_only.items():
        if flag and tsumo:
            raise NotAWin(
                f"{name} is a win on another player's tile, not a self-drawn one", "hand.needs_ron", name=name
            )
