"""血战到底 (Sichuan blood battle): the facts every layer reads."""

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


def _switch(key: str, default: bool, help: str, hints: tuple[str, ...] = ()) -> OptionSpec:
    return OptionSpec(key, "switch", default, help, hints=hints)


SICHUAN = RuleSetDescriptor(
    id="sichuan",
    title="Sichuan blood battle 血战到底",
    players=4,
    hand_size=13,
    tileset=TileSet("sichuan", frozenset(range(27))),
    flow="bot.rules.sichuan.flow:SichuanRules",
    score_module="bot.rules.sichuan.request",
    names="bot.rules.sichuan.names:NAMES",
    strategy="bot.ai.sichuan:SichuanStrategy",
    quick_reference="bot.rules.sichuan.quick_reference:sichuan_sheets",
    example_hand="123456789m22233p",
    render=RenderStyle(meld_style=MeldStyle(closed_kan_face_up=1)),
    glossary=Glossary.own("sichuan", value="score.unit.fan"),
    score=ScoreForm(
        flags={**COMMON_SCORE_FLAGS, "void": "--void"},  # no dealer to name
        value_field="fan",
        aside=("multiple", "score.unit.multiple"),
    ),
    league={"scoring": "points"},  # sichuan.md: the league result is the net chips, no uma by default
    options=OptionsSchema(
        (
            OptionSpec("hands", "int", 8, "hands in the session", low=1, high=MOST_HANDS, hints=("4", "8")),
            _switch("exchange", True, "exchange three tiles before play", hints=("off",)),
            OptionSpec("cap", "int", None, "fan cap (none: no cap)", low=0, hints=("3",)),
            OptionSpec("base", "int", 1, "base points", low=1, high=MOST_PAYMENT, hints=("2",)),
            OptionSpec("stack", "int", 0, "starting chips", low=0, high=MOST_POINTS, hints=("100",)),
            _switch("exchange_same_suit", False, "the three exchanged tiles are of one suit"),
            _switch("void_first", True, "void-suit tiles must be discarded first"),
            _switch("pig_pays_check", False, "the flower pig also pays the not-ready check"),
            _switch(
                "late_added_kan_pays", False, "an added kan of a tile kept from an earlier turn pays nothing"
            ),
            _switch("last_discard", False, "the last discard of the wall counts as haidi"),
        )
    ),
    actions=(COMMON_ACTIONS - {"chi"}) | {"exchange", "void"},
    shape_flags={"four_as_two_pairs": True, "thirteen_orphans": False},
)

DESCRIPTORS = (SICHUAN,)
