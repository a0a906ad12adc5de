"""``/score table rules:riichi`` (and sanma): the points table from the scorer's own functions.

Text comes from ``say(message_id, **values)`` (the caller's language); ``limit_label`` names a limit
as the scorer writes it (``mangan`` ...).  Returns the sections (heading, rows) and a note.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.riichi import fu as riichi_fu
from bot.rules.riichi.points import KAZOE_HAN, base_points, limit_name, ron_value, tsumo_shares

Sheets = tuple[list[tuple[str, tuple[str, ...]]], str]

FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_COLUMNS = (1, 2, 3, 4)


def riichi_sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Sheets:
    def cell(han: int, fu: int, dealer: bool) -> str | None:
        # 20 fu is only pinfu tsumo (2 han at least); 25 fu only seven pairs (2 han at least).
        if fu in (riichi_fu.PINFU_TSUMO_FU, riichi_fu.SEVEN_PAIRS_FU) and han < 2:
            return None
        base = base_points(han, fu)
        from_dealer, from_other = tsumo_shares(base, dealer)
        tsumo = say("qr.riichi.all", n=from_other) if dealer else f"{from_other}/{from_dealer}"
        if fu == riichi_fu.PINFU_TSUMO_FU:
            return f"{fu}: - ({tsumo})"
        return f"{fu}: {ron_value(base, dealer)} ({tsumo})"

    sections = []
    for dealer, key in ((False, "qr.riichi.non_dealer"), (True, "qr.riichi.dealer")):
        for han in HAN_COLUMNS:
            rows = tuple(row for fu in FU_ROWS if (row := cell(han, fu, dealer)) is not None)
            sections.append((say(key, han=say("score.unit.han", n=han)), rows))
    limits = []
    seen: set[int] = set()
    for han in range(max(HAN_COLUMNS) + 1, KAZOE_HAN + 1):
        base = base_points(han, riichi_fu.BASE_FU)
        if base in seen:
            continue
        seen.add(base)
        suffix = "+" if han == KAZOE_HAN else ""
        limits.append(
            say(
                "qr.riichi.limit_row",
                han=say("score.unit.han", n=f"{han}{suffix}"),
                limit=limit_label(limit_name(han, 0, base)) or "",
                ron=ron_value(base, False),
                dealer_ron=ron_value(base, True),
            )
        )
    sections.append((say("qr.riichi.limits"), tuple(limits)))
    return sections, say("qr.riichi.how")
