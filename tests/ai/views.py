"""Hand-made seat views, shaped like ``Game.view(seat)``, for testing computer players."""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import FULL_TILESET, TileAllocator, parse_tiles
from bot.hand.tiles import kind_of


class Tiles:
    """Distinct physical ids for every tile written in one view."""

    def __init__(self) -> None:
        self.alloc = TileAllocator(FULL_TILESET)

    def __call__(self, text: str) -> list[int]:
        return parse_tiles(text, allocator=self.alloc) if text else []


def seat_entry(points: int = 25000) -> dict[str, Any]:
    return {
        "points": points,
        "melds": [],
        "discards": [],
        "kita": [],
        "riichi": False,
        "concealed_count": 13,
    }


def make_view(
    hand: str,
    *,
    drawn: str = "",
    rules: str = "riichi",
    players: int = 4,
    seat: int = 0,
    dealer: int = 0,
    round_wind: int = 0,
    dora: str = "9p",
    live_left: int = 50,
    rivers: dict[int, str] | None = None,
    riichi: dict[int, int] | None = None,
    melds: dict[int, list[tuple[str, str]]] | None = None,
    offer: tuple[str, int] | None = None,
    extra: dict[int, dict[str, Any]] | None = None,
    tiles: Tiles | None = None,
) -> dict[str, Any]:
    """``hand`` (and ``drawn``) for ``seat``; ``rivers`` per seat; ``riichi``: seat -> index of its
    riichi tile in its river; ``melds``: seat -> [(type, tiles)]; ``offer``: (tile, giver)."""
    t = tiles or Tiles()
    seats = [seat_entry() for _ in range(players)]
    me = seats[seat]
    concealed = t(hand)
    drawn_ids = t(drawn)
    me["concealed"] = sorted(concealed + drawn_ids)
    me["drawn"] = drawn_ids[0] if drawn_ids else None
    for s, text in (rivers or {}).items():
        at = (riichi or {}).get(s)
        seats[s]["discards"] = [[x, False, i == at, False] for i, x in enumerate(t(text))]
        seats[s]["riichi"] = at is not None
    for s, groups in (melds or {}).items():
        for meld_type, text in groups:
            ids = t(text)
            seats[s]["melds"].append({"type": meld_type, "tiles": ids, "called": ids[0]})
    for s, fields in (extra or {}).items():
        seats[s].update(fields)
    offered = None
    if offer is not None:
        offered = {"tile": t(offer[0])[0], "giver": offer[1], "context": "discard"}
    return {
        "rules": rules,
        "seat": seat,
        "hand_index": 0,
        "round_wind": round_wind,
        "dealer": dealer,
        "honba": 0,
        "sticks": 0,
        "dora_indicators": t(dora),
        "live_left": live_left,
        "current": seat,
        "phase": "claim" if offer else "turn",
        "offer": offered,
        "seats": seats,
        "waiting_for": [seat],
        "legal_actions": [],
        "final": None,
    }


def discards(view: dict[str, Any]) -> list[Action]:
    seat = view["seat"]
    return [Action(A.DISCARD, seat, t) for t in view["seats"][seat]["concealed"] if t < 136]


def kinds_in(actions: list[Action]) -> list[str]:
    return [a.kind for a in actions]


def discarded_kind(action: Action) -> int:
    assert action.tile is not None
    return kind_of(action.tile)
