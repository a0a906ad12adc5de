"""Everything about a win that the tiles alone do not say."""

from __future__ import annotations

from dataclasses import dataclass

from bot.hand.tiles import EAST


@dataclass(frozen=True, slots=True)
class MingjiangSituation:
    """How and where the hand was won.

    ``win_tile`` is the winning tile's kind (0-33), None meaning the last concealed tile given.
    ``round_wind`` is None in the decider hands (決勝局 has no round wind).  The dealer is always
    the East seat.  Dora and ura indicators are kinds; the indicator itself is the dora.
    """

    win_tile: int | None = None
    tsumo: bool = False
    riichi: bool = False
    after_kan: bool = False  # 槓上開花: tsumo on a kan replacement tile
    robbing_kan: bool = False  # 搶槓: ron on another player's added kan
    last_tile_draw: bool = False  # 海底撈月
    last_tile_claim: bool = False  # 河底撈魚
    heavenly: bool = False  # 天和
    earthly: bool = False  # 地和 (this rule set's meaning: ron on the dealer's first discard)
    human: bool = False  # 人和: a non-dealer wins in the first go-around, nobody has called
    seat_wind: int = EAST
    round_wind: int | None = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == EAST
