"""The toy rule set's scorer request, names table and quick reference."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.hand.notation import parse_hand
from bot.rules.request import RequestError
from tests.rules.toy.descriptor import TOY
from tests.rules.toy.flow import wins

FLAGS_HELP = "Toy flags:\n  HAND   seven tiles, the winning tile last\n  --tsumo  won by self-draw"
NAMES = {"toy_win": {"en": "Toy win", "ja": "おもちゃ和了", "zh-TW": "玩具胡", "zh-CN": "玩具胡"}}


def score_request(words: list[str]) -> dict[str, Any]:
    tsumo = "--tsumo" in words
    hand = parse_hand(" ".join(w for w in words if w != "--tsumo"), TOY.tileset)
    if not wins(hand.concealed):
        raise RequestError("not a winning toy hand")
    payments = {"E": 100, "W": 100} if tsumo else {"discarder": 200}
    return {"ok": True, "multiplier": 1, "yaku": [["Toy win", 1]], "points": 200, "payments": payments}


def sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Any:
    return [("Toy", ("every win: 100 from each, or 200 from the discarder",))], ""
