"""``/score table rules:sichuan``: the payment multiple of each fan count."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.sichuan.settlement import win_payments

Sheets = tuple[list[tuple[str, tuple[str, ...]]], str]
FAN_ROWS = range(0, 9)


def sichuan_sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Sheets:
    rows = []
    for fan in FAN_ROWS:
        # One base point, a ron by seat 1 on seat 0: the discarder's payment is the multiple.
        (payment,) = win_payments(0, fan, 1, False, range(4), discarder=1)
        rows.append(say("qr.sichuan.row", fan=say("score.unit.fan", n=fan), multiple=payment.amount))
    return [(say("qr.sichuan.head"), tuple(rows))], ""
