"""The six rule sets and the facts every layer needs before importing a rule set's module."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.hand.notation import TileSet
from bot.hand.tiles import NUM_KINDS, RED_FIVE_IDS

SUITS_ONLY = frozenset(range(27))
ALL_PLAYING = frozenset(range(NUM_KINDS))
SANMA_KINDS = frozenset(k for k in range(NUM_KINDS) if not 1 <= k <= 7)


@dataclass(frozen=True)
class RuleSetInfo:
    id: str
    title: str
    players: int
    hand_size: int  # tiles in a waiting hand (13 or 16)
    tileset: TileSet
    score_module: str  # module providing ``score_request(words) -> dict``

    @property
    def sets_in_hand(self) -> int:
        return (self.hand_size - 1) // 3


RULE_SETS: dict[str, RuleSetInfo] = {
    info.id: info
    for info in (
        RuleSetInfo(
            "riichi",
            "Tenhou riichi (4 players)",
            4,
            13,
            TileSet("riichi", ALL_PLAYING, red_ids=RED_FIVE_IDS),
            "bot.rules.riichi.request",
        ),
        RuleSetInfo(
            "sanma",
            "Tenhou three-player riichi",
            3,
            13,
            TileSet("sanma", SANMA_KINDS, red_ids=frozenset({52, 88})),
            "bot.rules.riichi.request_sanma",
        ),
        RuleSetInfo(
            "mingjiang",
            "明將 Hong Kong flavoured riichi",
            4,
            13,
            TileSet("mingjiang", ALL_PLAYING),
            "bot.rules.mingjiang.request",
        ),
        RuleSetInfo(
            "sichuan",
            "Sichuan blood battle 血战到底",
            4,
            13,
            TileSet("sichuan", SUITS_ONLY),
            "bot.rules.sichuan.request",
        ),
        RuleSetInfo(
            "taiwan",
            "Taiwanese 16-tile 台灣16張",
            4,
            16,
            TileSet("taiwan", ALL_PLAYING, flowers=True),
            "bot.rules.taiwan.request",
        ),
        RuleSetInfo(
            "pihu",
            "屁糊/大糊 pon-kan only",
            4,
            13,
            TileSet("pihu", ALL_PLAYING),
            "bot.rules.pihu.request",
        ),
    )
}


class UnknownRuleSet(ValueError):
    pass


def rule_set(rule_id: str) -> RuleSetInfo:
    try:
        return RULE_SETS[rule_id]
    except KeyError:
        raise UnknownRuleSet(f"unknown rule set {rule_id!r} (choose from {', '.join(RULE_SETS)})") from None


def score_request_function(rule_id: str) -> Callable[[list[str]], dict[str, Any]]:
    """The rule set's ``score_request``; raises ModuleNotFoundError while it is not written yet."""
    module = importlib.import_module(rule_set(rule_id).score_module)
    fn: Callable[[list[str]], dict[str, Any]] = module.score_request
    return fn
