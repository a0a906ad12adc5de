"""台灣16張 (Taiwanese 16-tile): the facts every layer reads."""

from __future__ import annotations

from bot.engine.descriptor import (
    COMMON_ACTIONS,
    COMMON_SCORE_FLAGS,
    MOST_HANDS,
    MOST_PAYMENT,
    Glossary,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
    ScoreForm,
)
from bot.hand.notation import TileSet
from bot.hand.tiles import NUM_KINDS

_SCORE_NUMBERS = (
    ("base", 50, "what one payer pays before tai (底)"),
    ("tai_value", 20, "what one tai is worth (台)"),
    ("full_flush", 12, "tai of 清一色"),
    ("last_tile", 1, "tai of 海底撈月"),
    ("heavenly", 24, "tai of 天胡"),
    ("human", 8, "tai of 人胡"),
    ("tianting", 16, "tai of 天聽"),
    ("migi", 8, "tai of MIGI"),
    ("diting", 8, "tai of 地聽"),
)
_SCORE_SWITCHES = (
    ("stack_heavenly", "天胡/地胡/人胡 add to the pattern tai"),
    ("pinghu_flowers", "平胡 allowed with flowers"),
    ("pinghu_tsumo", "平胡 allowed on a self-drawn win"),
    ("pinghu_any_wait", "平胡 allowed on any wait"),
    ("extras", "the optional special patterns"),
    ("extras_second_values", "the optional patterns at their second value"),
)

TAIWAN = RuleSetDescriptor(
    id="taiwan",
    title="Taiwanese 16-tile 台灣16張",
    players=4,
    hand_size=16,
    tileset=TileSet("taiwan", frozenset(range(NUM_KINDS)), flowers=True),
    flow="bot.rules.taiwan.flow:TaiwanRules",
    score_module="bot.rules.taiwan.request",
    names="bot.rules.taiwan.names:NAMES",
    strategy="bot.ai.taiwan:TaiwanStrategy",
    quick_reference="bot.rules.taiwan.quick_reference:taiwan_sheets",
    example_hand="123m456m789m123p456p11s",
    render=RenderStyle(streak_always=True),
    glossary=Glossary.own("taiwan", value="score.unit.tai", streak="play.header.streak"),
    score=ScoreForm(
        flags={
            **COMMON_SCORE_FLAGS,
            "round": "--round",
            "flowers": "--flowers",
            "dealer": "--dealer",
            "streak": "--streak",
        },
        # without `dealer` (and `seat`) /score's winner sits South, not dealing (the command line's
        # winner sits East, dealing)
        defaults={"--seat": "S"},
        value_field="tai",
    ),
    league={"scoring": "points"},  # ranked by the money won (tai x its value), no uma
    options=OptionsSchema(
        (
            OptionSpec(
                "length",
                "choice",
                "round",
                "one wind round or four",
                choices=("round", "jiang"),
                hints=("jiang",),
            ),
            OptionSpec("flowers", "switch", True, "play with the eight flowers", hints=("off",)),
            OptionSpec(
                "max_hands", "int", 0, "hands at most (0: no limit)", low=0, high=MOST_HANDS, hints=("8",)
            ),
            OptionSpec("multi_ron", "switch", False, "several seats may win on one discard", hints=("on",)),
            OptionSpec("reserve", "int", 16, "tiles kept back at the end of the wall", low=0, high=60),
            OptionSpec("ready", "choice", "migi", "ready declarations", choices=("migi", "dishen")),
            *(
                OptionSpec(key, "int", default, help, low=0, high=MOST_PAYMENT)
                for key, default, help in _SCORE_NUMBERS
            ),
            *(OptionSpec(key, "switch", False, help) for key, help in _SCORE_SWITCHES),
        )
    ),
    random_play_cap={"max_hands": 16},
    actions=COMMON_ACTIONS | {"riichi"},  # riichi: the ready declaration (天聽, 地聽, MIGI)
    shape_flags={"seven_pairs": False, "thirteen_orphans": False},  # the special shapes are extras, off
)

DESCRIPTORS = (TAIWAN,)
