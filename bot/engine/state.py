"""The mutable state of one hand (局) and of its seats.  Only the engine and the rule-set hooks
write to it; everything else reads views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine.actions import Action
from bot.engine.wall import Wall
from bot.hand.meld import Meld
from bot.hand.tiles import counts_of, kind_of

TURN = "turn"  # ``current`` must act on a full hand (discard, win, kan, ...)
CLAIM = "claim"  # other seats answer an offered tile (discard, added kan, kita)
ENDED = "ended"


@dataclass(slots=True)
class Discard:
    tile: int
    tsumogiri: bool
    riichi: bool = False  # the riichi declaration tile
    called: bool = False  # taken by another seat


@dataclass(slots=True)
class SeatState:
    concealed: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    kita: list[int] = field(default_factory=list)  # sanma nuki-dora set aside
    flowers: list[int] = field(default_factory=list)  # tiles set aside on drawing (flowers)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    riichi_pending: bool = False  # declared, discard not yet passed
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    forbidden_kinds: frozenset[int] = frozenset()  # kuikae after a call
    let_go: set[int] = field(default_factory=set)  # kinds let go, for rule sets' own furiten (they clear it)
    # tiles the other seats discarded since this seat last drew or called that nobody won on: public (they
    # lie in the rivers); a rule set whose furiten bars the kinds let go this go-around reads them here
    passed: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)  # winning tiles set aside while the hand goes on (血战到底)
    turns_taken: int = 0  # own discards so far
    # The referee's memo of what these concealed tiles answer, a SeatFacts or None (bot/engine/waits.py
    # seat_facts checks which, and reads this module: hence not named here); not part of the seat's
    # state, so neither compared nor shown.  (Any, not object: the compiled build's dataclass looks an
    # annotation's name up in this module.)
    facts: Any = field(default=None, compare=False, repr=False)

    def counts(self) -> list[int]:
        return counts_of(self.concealed)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def discard_kinds(self) -> set[int]:
        return {kind_of(d.tile) for d in self.discards}


@dataclass(slots=True)
class Claim:
    """A tile offered to the other seats: who may answer, with what, and what they said."""

    tile: int
    giver: int
    context: str  # "discard" | "kakan" | "ankan" | "kita"
    options: dict[int, list[Action]]
    answers: dict[int, Action] = field(default_factory=dict)
    # A decision every listed seat takes at once before play (exchange, void suit): no pass, no tile
    # on offer, resolved by ``RuleSet.resolve_decision``; the seat to play keeps its full hand meanwhile.
    decision: bool = False

    def waiting_for(self) -> list[int]:
        return [s for s in self.options if s not in self.answers]


@dataclass(slots=True)
class HandResult:
    """How a hand ended.  ``deltas`` include riichi sticks and honba; ``kind`` is "win", "draw"
    (exhaustive) or "abort"."""

    kind: str
    deltas: list[int]
    wins: list[dict[str, Any]] = field(default_factory=list)
    reason: str = ""  # abort reason or "exhaustive" / "nagashi"
    tenpai: list[int] = field(default_factory=list)  # seats tenpai at a draw
    dealer_keeps: bool = False
    sticks_taken: int = 0  # deposits (in sticks) removed from the table
    details: dict[str, Any] = field(default_factory=dict)  # a rule set's own record (payments, hands shown)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "deltas": self.deltas,
            "wins": self.wins,
            "reason": self.reason,
            "tenpai": self.tenpai,
            "dealer_keeps": self.dealer_keeps,
        }
        out.update(self.details)
        return out


@dataclass(slots=True)
class HandState:
    index: int  # hands played before this one in the game
    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    dealer: int
    honba: int
    sticks: int  # riichi deposits on the table (in sticks of 1000)
    points: list[int]
    wall: Wall
    seats: list[SeatState]
    current: int
    phase: str = TURN
    drawn: int | None = None  # the tile just drawn by ``current`` (None after a call)
    replacement_draw: bool = False  # ``drawn`` came from the dead wall (rinshan)
    claim: Claim | None = None
    calls_made: bool = False  # any call, closed kan or kita this hand (ends the first go-around)
    kans: list[int] = field(default_factory=list)  # seat of each kan in order
    pending_dora: int = 0  # kan dora to turn after the kanner's discard
    pending_kakan: Action | None = None
    liable: dict[int, int] = field(default_factory=dict)  # pao: winner seat -> liable seat
    result: HandResult | None = None
    first_discards: list[int] = field(default_factory=list)  # kinds, for four winds
    dice: tuple[int, ...] = ()  # rolled at hand start (``RuleSet.dice_count`` of them)
    extra: dict[str, Any] = field(default_factory=dict)  # the rule set's own bookkeeping for this hand

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_wind(self, seat: int) -> int:
        """0 East ... 3 North, counted from the dealer."""
        return (seat - self.dealer) % self.players
