"""``/score table rules:taiwan``: what one payer pays per tai, with the default base and tai value."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.taiwan.situation import TaiwanOptions

Sheets = tuple[list[tuple[str, tuple[str, ...]]], str]
TAI_ROWS = range(0, 17)


def taiwan_sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Sheets:
    options = TaiwanOptions()
    rows = tuple(
        say("qr.taiwan.row", tai=say("score.unit.tai", n=tai), amount=options.payment(tai))
        for tai in TAI_ROWS
    )
    return [(say("qr.taiwan.head", base=options.base, per_tai=options.tai_value), rows)], ""
