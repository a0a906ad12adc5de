"""The toy rule set's descriptor: every fact the layers around the core read, in one object."""

from __future__ import annotations

from bot.engine.descriptor import (
    Glossary,
    MeldStyle,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
    ScoreForm,
)
from bot.hand.notation import TileSet

TOY = RuleSetDescriptor(
    id="toy",
    title="Toy rules (test only)",
    players=3,
    hand_size=7,
    tileset=TileSet("toy", frozenset(range(18))),
    flow="tests.rules.toy.flow:ToyRules",
    score_module="tests.rules.toy.request",
    names="tests.rules.toy.request:NAMES",
    strategy="bot.ai.strategy:Strategy",
    quick_reference="tests.rules.toy.request:sheets",
    example_hand="123m456p99m",
    render=RenderStyle(meld_style=MeldStyle(pon_given_face_down=True)),
    # its own word for a hand's value: a multiple of the base ("×2 base"), not the general "×2"
    glossary=Glossary(value="score.unit.multiple"),
    score=ScoreForm(flags={"tsumo": "--tsumo"}, value_field="multiplier"),
    # 1000 each at the start, 100 points a league point, +10/0/-10 by position
    league={
        "start_points": 1000,
        "return_points": 1000,
        "divisor": 100,
        "uma": [10, 0, -10],
        "scoring": "placement",
    },
    options=OptionsSchema(
        (
            OptionSpec("hands", "int", 3, "hands in the game", low=1, high=12, hints=("1", "3")),
            OptionSpec("base", "int", 100, "what one payer pays", low=1, high=10_000),
        )
    ),
    random_play_cap={"hands": 2},
    shape_flags={"seven_pairs": False, "thirteen_orphans": False},
)

DESCRIPTORS = (TOY,)
