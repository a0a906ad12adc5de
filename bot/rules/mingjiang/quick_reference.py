"""``/score table rules:mingjiang``: base points and a ron's value per fan, and the two limits."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.mingjiang.limits import Limit
from bot.rules.mingjiang.points import FAN_CAP, MINIMUM_FAN, RON_FACTOR, base_points

Sheets = tuple[list[tuple[str, tuple[str, ...]]], str]


def mingjiang_sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Sheets:
    rows = []
    for fan in range(MINIMUM_FAN, FAN_CAP + 1):
        base = base_points(fan)
        label = say("score.unit.fan", n=f"{fan}+" if fan == FAN_CAP else fan)
        rows.append(say("qr.mingjiang.row", fan=label, base=base, ron=RON_FACTOR * base))
    for limit in (Limit.SMALL, Limit.BIG):
        base = base_points(0, limit)
        rows.append(
            say("qr.mingjiang.row", fan=say(f"score.limit.{limit.value}"), base=base, ron=RON_FACTOR * base)
        )
    return [(say("qr.mingjiang.head"), tuple(rows))], ""
