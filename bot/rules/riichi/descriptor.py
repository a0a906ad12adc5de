"""Riichi (Tenhou four-player) and sanma (Tenhou three-player): the facts every layer reads."""

from __future__ import annotations

from typing import Any

from bot.engine.descriptor import (
    COMMON_ACTIONS,
    RIICHI_SCORE_FLAGS,
    Glossary,
    OptionSpec,
    OptionsSchema,
    RenderStyle,
    RuleSetDescriptor,
    ScoreForm,
)
from bot.rules.riichi.tilesets import RIICHI_TILESET, SANMA_TILESET


def _options(red_hints: tuple[str, ...]) -> OptionsSchema:
    return OptionsSchema(
        (
            OptionSpec("red", "choice", "3", "red fives (0: none)", choices=("0", "3"), hints=red_hints),
            OptionSpec("kuitan", "switch", True, "tanyao in an open hand", hints=("off",)),
            OptionSpec("uma", "text", "10-20", "uma as SMALL-BIG", hints=("10-20", "5-10")),
            OptionSpec("length", "choice", "hanchan", "game length", choices=("hanchan", "east")),
            OptionSpec("tenpai_stop", "switch", True, "the dealer may stop the game in the last hand"),
        )
    )


_FAMILY = RenderStyle(riichi_family=True, dead_wall=5)
_GLOSSARY = Glossary.own("riichi", value="score.unit.han")
_SCORE = ScoreForm(
    flags={**RIICHI_SCORE_FLAGS, "honba": "--honba", "sticks": "--sticks"},
    value_field="han",
    also=(("fu", "score.unit.fu"),),
    limit="aside",
)


def _league(start: int, back: int, uma: list[int], oka: int) -> dict[str, Any]:
    """riichi.md: Tenhou's rounding, ties by seat, sticks left go to first, 1000-point sticks, chombo 20."""
    return {
        "start_points": start,
        "return_points": back,
        "divisor": 1000,
        "uma": uma,
        "oka": oka,
        "tie_rule": "seat",
        "leftover_to_first": True,
        "deposit_value": 1000,
        "chombo_penalty": 20,
        "rounding": "tenhou",
        "scoring": "placement",
    }


RIICHI = RuleSetDescriptor(
    id="riichi",
    title="Tenhou riichi (4 players)",
    players=4,
    hand_size=13,
    tileset=RIICHI_TILESET,
    flow="bot.rules.riichi.flow:RiichiRules",
    score_module="bot.rules.riichi.request",
    names="bot.rules.riichi.names:YAKU_NAMES",
    strategy="bot.ai.riichi:RiichiStrategy",
    quick_reference="bot.rules.riichi.quick_reference:riichi_sheets",
    example_hand="234m456m567p33s678s",
    render=_FAMILY,
    glossary=_GLOSSARY,
    score=_SCORE,
    # 25000 start, 30000 return, uma +20/+10/-10/-20, oka 20 to first
    league=_league(25000, 30000, [20, 10, -10, -20], 20),
    options=_options(("0", "3")),
    actions=COMMON_ACTIONS | {"riichi", "nine_terminals"},
)

SANMA = RuleSetDescriptor(
    id="sanma",
    title="Tenhou three-player riichi",
    players=3,
    hand_size=13,
    tileset=SANMA_TILESET,
    flow="bot.rules.riichi.flow:SanmaRules",
    score_module="bot.rules.riichi.request_sanma",
    names="bot.rules.riichi.names:YAKU_NAMES",  # sanma scores with riichi's yaku
    strategy="bot.ai.riichi:SanmaStrategy",
    quick_reference="bot.rules.riichi.quick_reference:riichi_sheets",
    example_hand="111m99m123p456p789p",
    render=_FAMILY,
    glossary=_GLOSSARY,
    score=_SCORE,
    league=_league(35000, 40000, [20, 0, -20], 15),  # 35000 start, 40000 return, uma +20/0/-20, oka 15
    options=_options(("0",)),
    actions=(COMMON_ACTIONS - {"chi"}) | {"riichi", "nine_terminals", "kita"},
    shape_flags={"three_player": True},
)

DESCRIPTORS = (RIICHI, SANMA)
