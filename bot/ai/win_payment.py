"""What a win offered to a seat of the riichi family (riichi, sanma) would pay, from that seat's view.

The real scorer (bot/rules/riichi) scores the seat's own tiles with every fact the view shows: the
winds, the dora indicators, its riichi and kita, the last tile of the wall, the honba and the riichi
sticks. What the view cannot show is left out and handed to the caller as a number of han it may hope
for: the ura-dora and ippatsu of a riichi hand, a double riichi, a replacement draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.seatview import SeatView
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import load_rules
from bot.hand.meld import Meld, MeldType

# Han a riichi hand may still get from what its view does not show: ura-dora (two hits or more in a
# few percent of riichi wins) and ippatsu.
RIICHI_HIDDEN_HAN = 3


def win_deltas(sv: SeatView, action: Action, hoped_han: int = 0) -> list[int] | None:
    """The score change per seat if ``sv``'s seat takes ``action`` (a TSUMO or a RON of the riichi
    family), riichi sticks included, with ``hoped_han`` more han than its view shows; None when the
    scorer finds no win in it (a view this module does not know how to read)."""
    if action.kind not in (A.TSUMO, A.RON) or action.tile is None:
        return None
    # imported when first needed, as the referee does: a table that never asks starts without the scorer
    from bot.rules.riichi import scoring
    from bot.rules.riichi.points import base_points, settle

    me = sv.raw["seats"][sv.seat]
    tsumo = action.kind == A.TSUMO
    concealed = [int(t) for t in me["concealed"]]
    giver: int | None = None
    if not tsumo:
        concealed.append(action.tile)
        offer = sv.raw.get("offer")
        giver = offer.get("giver") if isinstance(offer, Mapping) else None
        if not isinstance(giver, int) or giver == sv.seat:
            return None
    last_tile = sv.live_left == 0
    situation = scoring.WinSituation(
        win_tile=action.tile,
        tsumo=tsumo,
        seat_wind=sv.seat_wind,
        round_wind=sv.round_wind_kind,
        riichi=bool(me.get("riichi")),
        haitei=tsumo and last_tile,
        houtei=not tsumo and last_tile,
        dora_indicators=tuple(int(t) for t in sv.raw.get("dora_indicators", ())),
        kita=len(me.get("kita", ())),
        honba=int(sv.raw.get("honba", 0)),
        sticks=int(sv.raw.get("sticks", 0)),
    )
    rules: Any = load_rules(sv.rules, dict(sv.raw.get("options") or {}))
    try:
        score = scoring.score_hand(concealed, _melds(me), situation, rules.score_options())
    except (scoring.NotAWin, ValueError):
        return None
    base = score.base_points
    if hoped_han and not score.yakuman:
        base = base_points(score.han + hoped_han, score.fu)
    deltas = settle(
        base,
        winner=sv.seat,
        dealer=sv.dealer,
        discarder=giver,
        players=sv.players,
        honba=situation.honba,
    )
    deltas[sv.seat] += 1000 * situation.sticks
    return deltas


def _melds(seat: Mapping[str, Any]) -> list[Meld]:
    return [
        Meld(
            MeldType(m["type"]),
            tuple(int(t) for t in m["tiles"]),
            m.get("called"),
            int(m.get("source") or 0),
        )
        for m in seat.get("melds", ())
    ]
