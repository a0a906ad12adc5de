"""Every rule set's strategy decides legally on many random seat views (turns and offers), in strict
mode so that any failure inside a hook shows instead of falling back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai.player import AIPlayer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import RULE_SETS
from bot.hand.tiles import kind_of
from tests.ai.views import seat_entry


def random_view(rules: str, rng: random.Random, claim: bool) -> tuple[dict[str, Any], list[Action]]:
    info = RULE_SETS[rules]
    pool = [t for t in range(136) if kind_of(t) in info.tileset.kinds]
    if info.tileset.flowers:
        pool += list(range(136, 144))
    rng.shuffle(pool)
    seats = [seat_entry() for _ in range(info.players)]
    size = info.hand_size + (0 if claim else 1)
    hand = [pool.pop() for _ in range(size)]
    seats[0]["concealed"] = sorted(hand)
    seats[0]["drawn"] = None if claim else hand[-1]
    for s in range(1, info.players):
        river = [pool.pop() for _ in range(rng.randrange(0, 12))]
        at = rng.randrange(len(river)) if river and rng.random() < 0.3 else None
        seats[s]["discards"] = [[t, False, i == at, False] for i, t in enumerate(river)]
        seats[s]["riichi"] = at is not None
    view = {
        "rules": rules,
        "seat": 0,
        "round_wind": 0,
        "dealer": rng.randrange(info.players),
        "dora_indicators": [pool.pop()],
        "live_left": rng.randrange(1, 60),
        "offer": None,
        "seats": seats,
    }
    if claim:
        tile = pool.pop()
        view["offer"] = {"tile": tile, "giver": 1, "context": "discard"}
        same = tuple(t for t in hand if kind_of(t) == kind_of(tile))[:2]
        legal = [Action(A.PON, 0, tile, same)] if len(same) == 2 else []
        return view, legal + [Action(A.PASS, 0)]
    legal = [Action(A.DISCARD, 0, t) for t in hand]
    legal += [Action(A.RIICHI, 0, t) for t in hand[:3]]
    legal += [Action("flower", 0, t) for t in hand if t >= 136]
    return view, legal


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_random_views_get_legal_decisions(rules: str, level: str) -> None:
    rng = random.Random(f"{rules}:{level}")
    player = AIPlayer(level, 3, strict=True)
    for i in range(40):
        view, legal = random_view(rules, rng, claim=i % 4 == 3)
        assert player.decide(legal, view) in legal
