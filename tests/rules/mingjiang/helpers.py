"""Score a hand written in mpsz notation (mingjiang tile set)."""

from __future__ import annotations

from typing import Any

from bot.engine.registry import rule_set
from bot.hand.notation import parse_hand, parse_kinds
from bot.hand.tiles import EAST, SOUTH
from bot.rules.mingjiang import MingjiangScore, MingjiangSituation, score_hand

WIND = {"E": EAST, "S": SOUTH, "W": EAST + 2, "N": EAST + 3}


def kind(text: str) -> int:
    (k,) = parse_kinds(text)
    return k


def score(
    text: str,
    *,
    win: str | None = None,
    seat: str = "E",
    round_wind: str | None = "E",
    dora: str = "",
    ura: str = "",
    **flags: Any,
) -> MingjiangScore:
    hand = parse_hand(text, rule_set("mingjiang").tileset)
    situation = MingjiangSituation(
        win_tile=kind(win) if win else None,
        seat_wind=WIND[seat],
        round_wind=WIND[round_wind] if round_wind else None,
        dora_indicators=tuple(parse_kinds(dora)),
        ura_indicators=tuple(parse_kinds(ura)),
        **flags,
    )
    return score_hand(hand.concealed, hand.melds, situation)


def yaku(text: str, **kwargs: Any) -> dict[str, int]:
    """The fan lines of a hand as {id: fan}."""
    return {line.id: line.fan for line in score(text, **kwargs).yaku}


def limits(text: str, **kwargs: Any) -> tuple[str | None, set[str]]:
    result = score(text, **kwargs)
    return (result.limit.value if result.limit else None), {line.id for line in result.yaku}
