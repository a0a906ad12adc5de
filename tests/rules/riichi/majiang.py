"""Read kobalab/majiang-core's hule.json cases into this project's hands and situations."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.hand.meld import NEXT_PLAYER, OPPOSITE, PREVIOUS_PLAYER
from bot.hand.notation import parse_hand
from bot.hand.tiles import EAST
from bot.rules.riichi.scoring import WinSituation

MARK_SOURCE = {"+": NEXT_PLAYER, "=": OPPOSITE, "-": PREVIOUS_PLAYER}


def _suit_first_to_mpsz(text: str) -> str:
    """``m345p406`` -> ``345m406p`` (majiang writes the suit letter before its digits)."""
    return "".join(digits + suit for suit, digits in re.findall(r"([mpsz])([\d\-+=]+)", text))


def meld_token(text: str) -> str:
    """A majiang meld (``m34-0``, ``z111=``, ``z111=1``, ``m7777+``, ``z6666``) as our meld token."""
    suit, body = text[0], text[1:]
    digits = re.sub(r"[\-+=]", "", body)
    if len(digits) == 3:
        kind = "chi" if len(set(digits.replace("0", "5"))) == 3 else "pon"
    elif not re.search(r"[\-+=]", body):
        kind = "ankan"
    elif body[-1] in "-+=":
        kind = "kan"
    else:
        kind = "kakan"
    return f"{kind}:{body}{suit}"


@dataclass
class HuleCase:
    concealed: list[int]
    melds: list[Any]
    situation: WinSituation
    winner: int  # seat 0 = East
    discarder: int | None


def read_case(case: dict[str, Any]) -> HuleCase:
    given = case["in"]
    param = given["param"]
    parts = given["shoupai"].split(",")
    concealed_text = _suit_first_to_mpsz(parts[0])
    ron = given.get("rongpai")
    if ron:
        concealed_text += ron[1] + ron[0]
    hand = parse_hand(" ".join([concealed_text] + [meld_token(m) for m in parts[1:] if m]))
    concealed = hand.concealed
    win_tile = concealed[-1]
    winner = param["menfeng"]
    discarder = None if not ron else (winner + MARK_SOURCE[ron[2]]) % 4
    flags = param["hupai"]
    sticks = param["jicun"]

    def indicators(tiles: list[str]) -> tuple[int, ...]:
        # Indicators are only looked at by kind; any id of the kind will do.
        return tuple(parse_hand(_suit_first_to_mpsz(t).replace("0", "5")).concealed[0] for t in tiles)

    situation = WinSituation(
        win_tile=win_tile,
        tsumo=not ron,
        seat_wind=EAST + param["menfeng"],
        round_wind=EAST + param["zhuangfeng"],
        riichi=flags.get("lizhi") == 1,
        double_riichi=flags.get("lizhi") == 2,
        ippatsu=bool(flags.get("yifa")),
        rinshan=bool(flags.get("lingshang")),
        chankan=bool(flags.get("qianggang")),
        haitei=flags.get("haidi") == 1,
        houtei=flags.get("haidi") == 2,
        tenhou=flags.get("tianhu") == 1,
        chiihou=flags.get("tianhu") == 2,
        dora_indicators=indicators(param["baopai"]),
        ura_indicators=indicators(param["fubaopai"] or []),
        honba=sticks["changbang"],
        sticks=sticks["lizhibang"],
    )
    return HuleCase(concealed, hand.melds, situation, winner, discarder)
