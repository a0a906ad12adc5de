"""The referee's events, as the mjai events one seat may see.

The referee (:mod:`bot.engine`) announces every event with the seat allowed to see it
(:meth:`~bot.engine.actions.Event.visible_to`).  :class:`SeatStream` turns those a seat may see into
mjai events; another seat's draw becomes ``{"type": "tsumo", "pai": "?"}`` and the other seats'
hands at the deal are ``?``, so nothing concealed reaches the outside AI.  Scores come from the
public points of the hand (:class:`PublicTable`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine.actions import Event
from bot.hand.tiles import kind_of
from bot.mjai.tiles import UNKNOWN, names, tile_name

WINDS = "ESWN"
_PLAY = frozenset({"draw", "discard", "call", "kakan_declared", "kan", "kita", "hand_end", "game_end"})

Mjai = dict[str, Any]


class PublicTable(Protocol):
    """What the stream reads besides the events: the points on the table now (public)."""

    def public_points(self) -> list[int]: ...


@dataclass
class SeatStream:
    """mjai events for ``seat`` from the referee's events, in order."""

    seat: int
    players: int
    red_ids: frozenset[int]
    names: list[str] = field(default_factory=list)
    _start: Mjai | None = None  # start_kyoku being filled (deal, first dora) until the first draw
    _last_discard: dict[int, int] = field(default_factory=dict)  # seat -> tile id of its last discard
    _pons: dict[tuple[int, int], list[int]] = field(default_factory=dict)  # (seat, kind) -> pon ids
    _reach: int | None = None  # seat whose riichi discard waits to be accepted
    own_reach_sent: bool = False  # the seat echoed its own reach already (while asking for the discard)

    def start_game(self) -> list[Mjai]:
        return [
            {
                "type": "start_game",
                "id": self.seat,
                "names": self.names or [f"seat{i}" for i in range(self.players)],
            }
        ]

    def convert(self, events: Sequence[Event], table: PublicTable) -> list[Mjai]:
        out: list[Mjai] = []
        for event in events:
            out += self._one(event, table)
        return out

    # ------------------------------------------------------------------ one event
    def _one(self, event: Event, table: PublicTable) -> list[Mjai]:
        kind, data = event.kind, event.data
        actor = event.seat if event.seat is not None else -1  # -1: a table event (no seat)
        if kind == "hand_start":
            self._start = {
                "type": "start_kyoku",
                "bakaze": WINDS[data["round_wind"] % 4],
                "kyoku": data["dealer"] + 1,
                "honba": data["honba"],
                "kyotaku": data["sticks"],
                "oya": data["dealer"],
                "dora_marker": None,
                "scores": table.public_points(),
                "tehais": [[UNKNOWN] * 13 for _ in range(self.players)],
            }
            self._last_discard.clear()
            self._pons.clear()
            self._reach = None
            return []
        if kind == "deal":
            if self._start is not None and event.visible_to(self.seat) and actor is not None:
                self._start["tehais"][actor] = names(data["tiles"], self.red_ids)
            return []
        if kind == "dora":
            marker = tile_name(data["indicator"], self.red_ids)
            if self._start is not None and self._start["dora_marker"] is None:
                self._start["dora_marker"] = marker
                return []
            return [{"type": "dora", "dora_marker": marker}]
        if kind not in _PLAY:
            return []  # offers, wall commitments and seeds: nothing an mjai seat is told
        out = self._flush_start()
        if kind == "draw":
            out += self._accept_reach(table)
            pai = tile_name(data["tile"], self.red_ids) if event.visible_to(self.seat) else UNKNOWN
            out.append({"type": "tsumo", "actor": actor, "pai": pai})
        elif kind == "discard":
            tile = data["tile"]
            self._last_discard[actor] = tile
            if data.get("riichi"):
                if not (actor == self.seat and self.own_reach_sent):
                    out.append({"type": "reach", "actor": actor})
                self.own_reach_sent = False
                self._reach = actor
            out.append(
                {
                    "type": "dahai",
                    "actor": actor,
                    "pai": tile_name(tile, self.red_ids),
                    "tsumogiri": bool(data.get("tsumogiri")),
                }
            )
        elif kind == "call":
            out += self._accept_reach(table)
            out.append(self._call(actor, data))
        elif kind == "kakan_declared":
            tile = data["tile"]
            pon = self._pons.get((actor, kind_of(tile)), [])
            out.append(
                {
                    "type": "kakan",
                    "actor": actor,
                    "pai": tile_name(tile, self.red_ids),
                    "consumed": names(pon, self.red_ids),
                }
            )
        elif kind == "kan" and data.get("type") == "ankan":
            out.append({"type": "ankan", "actor": actor, "consumed": names(data["tiles"], self.red_ids)})
        elif kind == "kita":
            out.append({"type": "nukidora", "actor": actor, "pai": tile_name(data["tile"], self.red_ids)})
        elif kind == "hand_end":
            out += self._end(data)
        elif kind == "game_end":
            out.append({"type": "end_game"})
        return out

    def _flush_start(self) -> list[Mjai]:
        if self._start is None:
            return []
        start, self._start = self._start, None
        return [start]

    def _accept_reach(self, table: PublicTable) -> list[Mjai]:
        if self._reach is None:
            return []
        actor, self._reach = self._reach, None
        deltas = [0] * self.players
        deltas[actor] = -1000
        return [{"type": "reach_accepted", "actor": actor, "deltas": deltas, "scores": table.public_points()}]

    def _call(self, actor: int, data: dict[str, Any]) -> Mjai:
        giver = data["from"]
        tiles = list(data["tiles"])
        called = self._last_discard.get(giver, tiles[0])
        tiles.remove(called)
        kind = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[data["type"]]
        if kind == "pon":
            self._pons[(actor, kind_of(called))] = sorted(tiles + [called])
        return {
            "type": kind,
            "actor": actor,
            "target": giver,
            "pai": tile_name(called, self.red_ids),
            "consumed": names(tiles, self.red_ids),
        }

    def _end(self, result: dict[str, Any]) -> list[Mjai]:
        out: list[Mjai] = []
        self._reach = None  # a riichi discard that ended the hand (ron, abort) was never accepted
        deltas = list(result.get("deltas", [0] * self.players))
        if result.get("kind") == "win":
            for win in result.get("wins", ()):
                target = win["from"] if win.get("from") is not None else win["seat"]
                out.append(
                    {
                        "type": "hora",
                        "actor": win["seat"],
                        "target": target,
                        "pai": tile_name(win["tile"], self.red_ids),
                        "deltas": win.get("deltas", deltas),
                    }
                )
        else:
            out.append({"type": "ryukyoku", "reason": result.get("reason", ""), "deltas": deltas})
        out.append({"type": "end_kyoku"})
        return out
