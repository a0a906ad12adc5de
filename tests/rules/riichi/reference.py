"""The ``mahjong`` package (PyPI) set to Tenhou's options, as a test-only reference scorer."""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as RefMeld

from bot.hand.meld import Meld, MeldType
from tests.rules.riichi.generate import GeneratedHand

TENHOU_OPTIONS = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=True,
    has_double_yakuman=False,
    kazoe_limit=HandConstants.KAZOE_LIMITED,
    kiriage=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
)

_REF_TYPES = {
    MeldType.CHI: RefMeld.CHI,
    MeldType.PON: RefMeld.PON,
    MeldType.KAN: RefMeld.KAN,
    MeldType.ANKAN: RefMeld.KAN,
    MeldType.KAKAN: RefMeld.SHOUMINKAN,
}


def reference_melds(melds: list[Meld]) -> list[RefMeld]:
    return [
        RefMeld(_REF_TYPES[m.type], list(m.tiles), opened=m.type is not MeldType.ANKAN, called_tile=m.called)
        for m in melds
    ]


def reference_config(hand: GeneratedHand) -> HandConfig:
    s = hand.situation
    return HandConfig(
        is_tsumo=s.tsumo,
        is_riichi=s.riichi or s.double_riichi,
        is_daburu_riichi=s.double_riichi,
        is_ippatsu=s.ippatsu,
        is_rinshan=s.rinshan,
        is_chankan=s.chankan,
        is_haitei=s.haitei,
        is_houtei=s.houtei,
        is_tenhou=s.tenhou,
        is_chiihou=s.chiihou,
        player_wind=s.seat_wind,
        round_wind=s.round_wind,
        options=TENHOU_OPTIONS,
    )


def reference_score(hand: GeneratedHand, ref_melds: list[RefMeld], config: HandConfig) -> HandResponse:
    tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    return HandCalculator.estimate_hand_value(
        tiles,
        hand.situation.win_tile,
        melds=ref_melds,
        dora_indicators=list(hand.situation.dora_indicators),
        config=config,
        ura_dora_indicators=list(hand.situation.ura_indicators),
    )


def reference_points(response: HandResponse) -> int:
    """The hand's total points as the package reports them (no honba, no sticks)."""
    assert response.cost is not None, response.error
    return int(response.cost["total"])


def reference_is_yakuman(response: HandResponse) -> bool:
    return any(y.is_yakuman for y in response.yaku or [])
