"""明將 (Hong Kong flavoured house riichi): the facts every layer reads."""

from __future__ import annotations

from bot.engine.descriptor import (
    MOST_HANDS,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
)
from bot.hand.notation import TileSet
from bot.hand.tiles import NUM_KINDS

MINGJIANG = RuleSetDescriptor(
    id="mingjiang",
    title="明將 Hong Kong flavoured riichi",
    players=4,
    hand_size=13,
    tileset=TileSet("mingjiang", frozenset(range(NUM_KINDS))),
    flow="bot.rules.mingjiang.flow:MingjiangRules",
    score_module="bot.rules.mingjiang.request",
    names="bot.rules.mingjiang.names:NAMES",
    strategy="bot.ai.riichi:MingjiangStrategy",
    quick_reference="bot.rules.mingjiang.quick_reference:mingjiang_sheets",
    example_hand="234m567p33s789s555z",
    render=RenderStyle(riichi_family=True),
    options=OptionsSchema(
        (
            OptionSpec("uma", "text", "10-20", "uma as SMALL-BIG", hints=("10-20",)),
            OptionSpec(
                "decider_hands",
                "int",
                0,
                "decider hands at most (0: no limit)",
                low=0,
                high=MOST_HANDS,
                hints=("1", "0"),
            ),
            OptionSpec("length", "choice", "hanchan", "game length", choices=("hanchan", "east")),
        )
    ),
    random_play_cap={"decider_hands": 20},
    shape_flags={"four_as_two_pairs": True, "knitted": True},
)

DESCRIPTORS = (MINGJIANG,)
