"""Which strategy plays which rule set; an unknown rule set gets the plain :class:`Strategy`."""

from __future__ import annotations

from bot.ai.pihu import PihuStrategy
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy
from bot.ai.sichuan import SichuanStrategy
from bot.ai.strategy import Strategy
from bot.ai.taiwan import TaiwanStrategy

STRATEGIES: dict[str, Strategy] = {
    s.id: s
    for s in (
        RiichiStrategy(),
        SanmaStrategy(),
        MingjiangStrategy(),
        SichuanStrategy(),
        TaiwanStrategy(),
        PihuStrategy(),
    )
}

_PLAIN = Strategy()


def strategy_for(rules: str) -> Strategy:
    return STRATEGIES.get(rules, _PLAIN)
