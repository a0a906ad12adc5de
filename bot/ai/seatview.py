"""What a computer player knows: the per-seat view of ``Game.view(seat)``, read once into plain facts.

Nothing here looks at hidden tiles: the view holds only this seat's concealed tiles, and every count
below is built from those and from what lies face up on the table (rivers, melds, indicators, kita).
Fields that only some rule sets will have (a declared ready hand, a void suit, a finished winner) are
read with defaults, so a view of a rule set this module has not seen still works.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.hand.tiles import EAST, NUM_KINDS, kind_of


@dataclass(frozen=True, slots=True)
class MeldView:
    type: str  # "chi" "pon" "kan" "ankan" "kakan" (or a rule set's own word)
    kinds: tuple[int, ...]
    called: int | None

    @property
    def is_open(self) -> bool:
        return self.type != "ankan"

    @property
    def is_sequence(self) -> bool:
        return len(set(self.kinds)) > 1


@dataclass(frozen=True, slots=True)
class OtherSeat:
    """What everyone can see of one seat."""

    discards: tuple[int, ...]  # kinds in order, called ones included (genbutsu)
    riichi_at: int | None  # index in ``discards`` of the declaration tile (riichi or a ready hand)
    declared: bool  # riichi, or a rule set's declared ready hand
    melds: tuple[MeldView, ...]
    out: bool  # already won and out of the hand (sichuan), nothing to fear
    void_suit: int | None  # a declared void suit, once shown
    points: int
    passed: frozenset[int] = frozenset()  # kinds others discarded since it last drew or called


@dataclass(frozen=True, slots=True)
class SeatView:
    rules: str
    seat: int
    players: int
    dealer: int
    round_wind: int  # 0 East ...
    live_left: int
    concealed: tuple[int, ...]  # ids, flowers included
    drawn: int | None
    counts: tuple[int, ...]  # 34 concealed counts (flowers left out)
    melds: tuple[MeldView, ...]
    flowers: tuple[int, ...]  # own flower ids set aside or in hand
    kita: int  # own North tiles set aside
    seen: tuple[int, ...]  # 34: copies face up anywhere (all melds, rivers, indicators, kita)
    dora_indicators: tuple[int, ...]  # ids
    others: dict[int, OtherSeat]
    own_discards: frozenset[int]  # kinds this seat has discarded (called ones included)
    offer: Mapping[str, Any] | None
    raw: Mapping[str, Any]

    @property
    def seat_wind(self) -> int:
        """The seat's wind as a kind (27 East ...)."""
        return EAST + (self.seat - self.dealer) % self.players

    @property
    def round_wind_kind(self) -> int:
        return EAST + self.round_wind

    @property
    def has_round_wind(self) -> bool:
        """False in hands without a round wind: mingjiang's decider (決勝局), whose view keeps the last
        round's wind for display only."""
        return not self.raw.get("decider")

    @property
    def value_winds(self) -> tuple[int, ...]:
        """The winds whose sets have value for this seat: its own and the round's (a double wind is
        listed twice)."""
        return (self.seat_wind, self.round_wind_kind) if self.has_round_wind else (self.seat_wind,)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    def unseen(self, kind: int) -> int:
        """Copies of ``kind`` that may still be drawn or sit in other hands."""
        return max(0, 4 - self.counts[kind] - self.seen[kind])

    def my_field(self, name: str, default: Any = None) -> Any:
        return self.raw["seats"][self.seat].get(name, default)


def read_view(view: Mapping[str, Any]) -> SeatView:
    """Raises ValueError when ``view`` is not a seated player's view."""
    seat = view.get("seat")
    seats = view.get("seats")
    if not isinstance(seat, int) or not isinstance(seats, list) or not 0 <= seat < len(seats):
        raise ValueError("a computer player needs its own seat's view")
    me = seats[seat]
    if "concealed" not in me:
        raise ValueError(f"the view for seat {seat} does not show its concealed tiles")
    concealed = tuple(int(t) for t in me["concealed"])
    counts = [0] * NUM_KINDS
    for t in concealed:
        if t < 136:
            counts[t >> 2] += 1
    seen = [0] * NUM_KINDS
    others: dict[int, OtherSeat] = {}
    my_melds: tuple[MeldView, ...] = ()
    own_discards: frozenset[int] = frozenset()
    for index, entry in enumerate(seats):
        melds = tuple(_meld(m) for m in entry.get("melds", ()))
        for m in melds:
            for k in m.kinds:
                seen[k] += 1
        kinds = []
        riichi_at = None
        for d in entry.get("discards", ()):
            tile, called = int(d[0]), bool(d[3]) if len(d) > 3 else False
            if tile >= 136:
                continue
            kinds.append(tile >> 2)
            if not called:
                seen[tile >> 2] += 1  # a called tile is counted in the caller's meld
            if len(d) > 2 and d[2] and riichi_at is None:
                riichi_at = len(kinds) - 1
        for t in entry.get("kita", ()):
            if t < 136:
                seen[t >> 2] += 1
        if index == seat:
            my_melds = melds
            own_discards = frozenset(kinds)
            continue
        declared = bool(entry.get("riichi") or entry.get("ready") or entry.get("declared"))
        void = entry.get("void")
        others[index] = OtherSeat(
            discards=tuple(kinds),
            riichi_at=riichi_at if declared else None,
            declared=declared,
            melds=melds,
            out=bool(entry.get("won") or entry.get("out")),
            void_suit=void if isinstance(void, int) and 0 <= void <= 2 else None,
            points=int(entry.get("points", 0)),
            passed=frozenset(int(t) >> 2 for t in entry.get("passed", ()) if int(t) < 136),
        )
    indicators = tuple(int(t) for t in view.get("dora_indicators", ()) if int(t) < 136)
    for t in indicators:
        seen[t >> 2] += 1
    for k in range(NUM_KINDS):  # never more than the four copies, whatever a rule set shows
        seen[k] = min(seen[k], 4 - min(4, counts[k]))
    drawn = me.get("drawn")
    flowers = tuple(int(t) for t in me.get("flowers", ()) if int(t) >= 136)
    flowers += tuple(t for t in concealed if t >= 136)
    return SeatView(
        rules=str(view.get("rules", "")),
        seat=seat,
        players=len(seats),
        dealer=int(view.get("dealer", 0)),
        round_wind=int(view.get("round_wind", 0)),
        live_left=int(view.get("live_left", 0)),
        concealed=concealed,
        drawn=int(drawn) if drawn is not None else None,
        counts=tuple(counts),
        melds=my_melds,
        flowers=flowers,
        kita=len(me.get("kita", ())),
        seen=tuple(seen),
        dora_indicators=indicators,
        others=others,
        own_discards=own_discards,
        offer=view.get("offer"),
        raw=view,
    )


def _meld(data: Mapping[str, Any]) -> MeldView:
    tiles = [int(t) for t in data.get("tiles", ()) if int(t) < 136]
    called = data.get("called")
    return MeldView(str(data.get("type", "")), tuple(kind_of(t) for t in tiles), called)
