"""Score a hand written in mpsz notation (tests only)."""

from __future__ import annotations

from typing import Any

from bot.hand.notation import parse_hand, parse_tiles
from bot.hand.tiles import EAST, SOUTH, kind_of
from bot.rules.riichi.scoring import RiichiOptions, RiichiScore, WinSituation, score_hand


def score(
    text: str,
    win: str | None = None,
    *,
    tsumo: bool = False,
    seat: int = SOUTH,
    round_wind: int = EAST,
    dora: str = "",
    ura: str = "",
    players: int = 4,
    red: bool = True,
    kuitan: bool = True,
    **flags: Any,
) -> RiichiScore:
    """``win`` names the winning tile's kind (default: the last concealed tile)."""
    hand = parse_hand(text)
    win_tile = hand.concealed[-1]
    if win is not None:
        kind = kind_of(parse_tiles(win)[0])
        win_tile = next(t for t in reversed(hand.concealed) if kind_of(t) == kind)
    situation = WinSituation(
        win_tile=win_tile,
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_wind,
        dora_indicators=tuple(parse_tiles(dora.replace("0", "5"))) if dora else (),
        ura_indicators=tuple(parse_tiles(ura.replace("0", "5"))) if ura else (),
        **flags,
    )
    return score_hand(hand.concealed, hand.melds, situation, RiichiOptions(players, red, kuitan))


def yaku_ids(result: RiichiScore) -> dict[str, int]:
    return dict(result.yaku)
