"""明將 (Hong Kong flavoured house riichi): the facts every layer reads."""

from __future__ import annotations

from bot.engine.descriptor import (
    COMMON_ACTIONS,
    MOST_HANDS,
    RIICHI_SCORE_FLAGS,
    Glossary,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
    ScoreForm,
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
    glossary=Glossary.own("mingjiang"),
    score=ScoreForm(
        flags={**RIICHI_SCORE_FLAGS, "streak": "--dealer-streak", "sticks": "--deposits"},
        # without `dealer` (and `seat`) /score's winner sits South, not dealing (the command line's
        # winner sits East, dealing)
        defaults={"--seat": "S"},
        value_field="fan",
        limit="alone",
        notes=("base",),
    ),
    # mingjiang.md: (points - 300)/10 + uma (default 10/20), oka (300-250) x 4 = 200 points = 20 league
    # pts; 10-point deposits left go to first.  The false-win penalty is paid in game points (entered by
    # hand).  Ties below first: nearer to first place in turn order ("turn_after_first").
    league={
        "start_points": 250,
        "return_points": 300,
        "divisor": 10,
        "uma": [20, 10, -10, -20],
        "oka": 20,
        "tie_rule": "turn_after_first",
        "leftover_to_first": True,
        "deposit_value": 10,
        "scoring": "placement",
    },
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
    actions=COMMON_ACTIONS | {"riichi"},
    shape_flags={"four_as_two_pairs": True, "knitted": True},
)

DESCRIPTORS = (MINGJIANG,)
