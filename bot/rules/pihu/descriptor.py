"""屁糊/大糊 (pon/kan only): the facts every layer reads."""

from __future__ import annotations

from bot.engine.descriptor import (
    COMMON_ACTIONS,
    COMMON_SCORE_FLAGS,
    MOST_HANDS,
    MOST_PAYMENT,
    MOST_POINTS,
    Glossary,
    MeldStyle,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
    ScoreForm,
)
from bot.hand.notation import TileSet
from bot.hand.tiles import NUM_KINDS

PIHU = RuleSetDescriptor(
    id="pihu",
    title="屁糊/大糊 pon-kan only",
    players=4,
    hand_size=13,
    tileset=TileSet("pihu", frozenset(range(NUM_KINDS))),
    flow="bot.rules.pihu.flow:PihuRules",
    score_module="bot.rules.pihu.request",
    names="bot.rules.pihu.names:NAMES",
    strategy="bot.ai.pihu:PihuStrategy",
    quick_reference="bot.rules.pihu.quick_reference:pihu_sheets",
    example_hand="11m22m33m44m55m66m77m",
    render=RenderStyle(meld_style=MeldStyle(pon_given_face_down=True)),
    glossary=Glossary.own("pihu"),
    # the value is a multiplier of the base (the glossary's general word), shown beside it
    score=ScoreForm(
        flags={**COMMON_SCORE_FLAGS, "dealer": "--dealer"},
        value_field="multiplier",
        notes=("base",),
    ),
    league={"scoring": "points"},  # ranked by the points won, no uma
    options=OptionsSchema(
        (
            OptionSpec(
                "hands",
                "int",
                0,
                "hands in the game (0: a whole session)",
                low=0,
                high=MOST_HANDS,
                hints=("4", "8"),
            ),
            OptionSpec(
                "dealer", "choice", "stay", "who deals next", choices=("stay", "winner"), hints=("winner",)
            ),
            OptionSpec("start", "int", 0, "starting points", low=0, high=MOST_POINTS, hints=("100",)),
            OptionSpec("base", "int", 10, "base payment (底金)", low=1, high=MOST_PAYMENT),
            OptionSpec("kan_open", "int", 15, "an open kan: paid by the discarder", low=0, high=MOST_PAYMENT),
            OptionSpec(
                "kan_added", "int", 15, "an added kan: paid by the pon's giver", low=0, high=MOST_PAYMENT
            ),
            OptionSpec(
                "kan_closed", "int", 10, "a closed kan: paid by each other player", low=0, high=MOST_PAYMENT
            ),
            OptionSpec("length", "choice", "hanchan", "session length", choices=("hanchan", "east")),
            OptionSpec("max_hands", "int", 0, "hands at most (0: no limit)", low=0, high=MOST_HANDS),
        )
    ),
    random_play_cap={"max_hands": 4 * 8},  # 4 hands per dealer of East and South
    actions=COMMON_ACTIONS - {"chi"},
    shape_flags={"four_as_two_pairs": True, "thirteen_orphans": False},
)

DESCRIPTORS = (PIHU,)
