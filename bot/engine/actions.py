"""What players decide (actions) and what the referee announces (events).

Both are small, frozen and JSON-serialisable: a game is its rule set, options, seed and the list of
actions; events are derived and never stored as the source of truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

DISCARD: Final = "discard"  # tile = the discarded id (tsumogiri when it is the tile just drawn)
RIICHI: Final = "riichi"  # declare riichi and discard ``tile``
TSUMO: Final = "tsumo"  # win on the tile just drawn (``tile``)
RON: Final = "ron"  # win on another seat's discard / added kan / kita (``tile``)
PASS: Final = "pass"  # decline every claim on the tile offered
CHI: Final = "chi"  # ``tile`` taken with ``using`` from the hand
PON: Final = "pon"
KAN: Final = "kan"  # open kan on a discard (daiminkan)
ANKAN: Final = "ankan"  # closed kan: ``using`` = the four ids
KAKAN: Final = "kakan"  # add ``tile`` to an earlier pon
KITA: Final = "kita"  # sanma: set a North aside (nuki-dora)
NINE_TERMINALS: Final = "nine_terminals"  # 九種九牌 abortive draw
EXCHANGE: Final = "exchange"  # before play: pass the three tiles in ``using`` (换三张)
VOID: Final = "void"  # before play: declare a void suit, named by its 1 tile in ``using`` (定缺)

CLAIMS: Final = frozenset({RON, CHI, PON, KAN, PASS})
ALL_KINDS: Final = (
    DISCARD,
    RIICHI,
    TSUMO,
    RON,
    PASS,
    CHI,
    PON,
    KAN,
    ANKAN,
    KAKAN,
    KITA,
    NINE_TERMINALS,
    EXCHANGE,
    VOID,
)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    seat: int
    tile: int | None = None
    using: tuple[int, ...] = ()

    def to_json(self) -> list[Any]:
        out: list[Any] = [self.kind, self.seat]
        if self.tile is not None or self.using:
            out.append(self.tile)
        if self.using:
            out.append(list(self.using))
        return out

    @classmethod
    def from_json(cls, data: list[Any]) -> Action:
        if not isinstance(data, list) or len(data) < 2 or data[0] not in ALL_KINDS:
            raise ValueError(f"not an action: {data!r}")
        tile = data[2] if len(data) > 2 else None
        using = tuple(data[3]) if len(data) > 3 else ()
        return cls(str(data[0]), int(data[1]), None if tile is None else int(tile), using)

    def __str__(self) -> str:
        parts = [f"seat {self.seat} {self.kind}"]
        if self.tile is not None:
            parts.append(f"tile {self.tile}")
        if self.using:
            parts.append(f"using {list(self.using)}")
        return " ".join(parts)


class Event:
    """Something that happened.  ``private`` events (a draw, a deal) are shown only to ``seat``.

    Read-only (``Final``: mypy refuses an assignment), a plain class with slots rather than a frozen
    dataclass: the referee announces a few events every decision, and a frozen dataclass's ``__init__``
    (one ``object.__setattr__`` a field) made them the loop's costliest objects.  Equal when all four
    fields are, as a dataclass would be; unhashable (its data is a dict)."""

    __slots__ = ("kind", "seat", "data", "private")

    kind: Final[str]
    seat: Final[int | None]
    data: Final[dict[str, Any]]
    private: Final[bool]

    def __init__(
        self, kind: str, seat: int | None = None, data: dict[str, Any] | None = None, private: bool = False
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.data = {} if data is None else data
        self.private = private

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return (self.kind, self.seat, self.data, self.private) == (
            other.kind,
            other.seat,
            other.data,
            other.private,
        )

    __hash__ = None  # type: ignore[assignment]  # its data is a dict

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r}, private={self.private!r})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        return out

    def visible_to(self, seat: int | None) -> bool:
        return not self.private or seat == self.seat


def discard_action(seat: int, tile: int) -> Action:
    """The DISCARD of ``tile`` by ``seat``, one shared object per pair: actions are frozen, and the
    referee lists every discard after every draw (no allocation on that hot path)."""
    return _DISCARDS[seat][tile]


_DISCARDS: Final = [[Action(DISCARD, seat, tile) for tile in range(144)] for seat in range(4)]


def discard_actions(seat: int) -> list[Action]:
    """Every DISCARD of ``seat`` indexed by tile id (``discard_actions(seat)[tile] is discard_action(seat,
    tile)``): one call for the whole hand's discards instead of one a tile."""
    return _DISCARDS[seat]


def pass_action(seat: int) -> Action:
    """The PASS of ``seat``, one shared object per seat (every claim window offers it to every seat asked)."""
    return _PASSES[seat]


_PASSES: Final = [Action(PASS, seat) for seat in range(4)]


class IllegalAction(ValueError):
    """An action that is not in ``legal_actions``; the message says why."""
