"""What a win offered to a seat of the riichi family (riichi, sanma) would pay, from that seat's view.

The real scorer (bot/rules/riichi) scores the seat's own tiles with every fact the view shows: the
winds, the dora indicators, its riichi and kita, the last tile of the wall, the honba and the riichi
sticks. What the view cannot show is left out and handed to the caller as a number of han it may hope
for: the ura-dora and ippatsu of a riichi hand, a double riichi, a replacement draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.ai.seatview import SeatView
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import load_rules
from bot.hand.meld import Meld, MeldType

# Han a riichi hand may still get from what its view does not show: ura-dora (two hits or more in a
# few percent of riichi wins) and ippatsu.
RIICHI_HIDDEN_HAN = 3


@dataclass(frozen=True, slots=True)
class OfferedWin:
    """A win scored once from the seat's view, with what settling it needs."""

    score: Any  # the scorer's RiichiScore
    winner: int
    dealer: int
    discarder: int | None  # None for a tsumo
    players: int
    honba: int
    sticks: int

    def deltas(self, hoped_han: int = 0) -> list[int]:
        """The score change per seat, riichi sticks included, with ``hoped_han`` more han than the view
        shows (none for a yakuman)."""
        from bot.rules.riichi.points import base_points, settle

        base = self.score.base_points
        if hoped_han and not self.score.yakuman:
            base = base_points(self.score.han + hoped_han, self.score.fu)
        deltas = settle(
            base,
            winner=self.winner,
            dealer=self.dealer,
            discarder=self.discarder,
            players=self.players,
            honba=self.honba,
        )
        deltas[self.winner] += 1000 * self.sticks
        return deltas


def offered_win(sv: SeatView, action: Action) -> OfferedWin | None:
    """``action`` (a TSUMO or a RON of the riichi family) scored from ``sv``; None when the scorer finds
    no win in it (a view this module does not know how to read)."""
    if action.kind not in (A.TSUMO, A.RON) or action.tile is None:
        return None
    # imported when first needed, as the referee does: a table that never asks starts without the scorer
    from bot.rules.riichi import scoring

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
    return OfferedWin(score, sv.seat, sv.dealer, giver, sv.players, situation.honba, situation.sticks)


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
