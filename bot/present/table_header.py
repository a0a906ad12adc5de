"""What a table's header says in each rule set, for every front end: the round, then what the rule set
counts (honba, sticks and dora indicators in the riichi family, the dealer's streak in taiwan, the
exchange direction while sichuan's players pick), then the wall.  A seat's void suit by its name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.views import TableView
from bot.i18n import t

SUITS = "mps"


def suit_name(suit: int, language: str) -> str:
    return t(f"suit.{SUITS[suit]}", language)


def header_parts(view: TableView, tiles: Callable[[Sequence[int]], str], language: str) -> list[str]:
    """The header's parts in ``language``; ``tiles`` writes indicator tiles as the front end shows them."""
    rules = view.get("rules", "")
    winds = t("table.winds", language)
    parts = [f"{winds[view['round_wind'] % len(winds)]} {view['dealer'] + 1}"]
    if view.get("dora_indicators"):
        parts.append(t("play.header.sticks", language, honba=view["honba"], sticks=view["sticks"]))
        parts.append(t("play.header.dora", language, tiles=tiles(view["dora_indicators"])))
    elif rules == "taiwan":
        parts.append(t("play.header.streak", language, streak=view["honba"]))
    elif view.get("honba"):
        parts.append(t("play.header.honba", language, honba=view["honba"]))
    direction = view.get("exchange_direction")
    if direction and view.get("phase") == "exchange":
        parts.append(
            t("play.header.exchange", language, direction=t(f"play.direction.{direction}", language))
        )
    parts.append(t("play.header.wall", language, left=view["live_left"]))
    return parts
