"""One tenhou.net/6 hand -> :class:`RecordedHand`: the order of events rebuilt from the lists per seat.

A hand is ``[[round, honba, sticks], points, dora, ura, (deal, takes, discards) per seat, result]``.
The format gives each seat's draws and calls ("takes") and its discards, not the order between seats:
the reader follows turn order and, after each discard, asks who called it.  A call names its giver by
where its letter stands, in four-seat geometry even with three players (``47p4747`` was called from
the seat opposite, ``4747p47`` from the next seat, ``p474747`` from the previous one; in sanma seat 2
calling seat 0 is "opposite").  When a discard matches the next call of two seats (a pon and a chi, or
a call that could also be on a later discard of the same tile), every reading is tried: pon and kan
before chi, a call now before a call later.  A reading that leaves a seat holding a tile it discards,
or a call with no discard to take, is dropped; the readings that use every entry of the record are
returned in that order, and the replayer keeps the first under which the referee accepts every action.

Tile ids are assigned per hand (the red fives keep their Tenhou ids), since the format gives kinds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import ids_of_kind, kind_of
from bot.logs.record import RecordError, Step
from bot.text import whole_number

RED_CODES = {51: 16, 52: 52, 53: 88}
RED_IDS = {tile: code for code, tile in RED_CODES.items()}
TSUMOGIRI = 60
KAN_PLACEHOLDER = 0  # in the discards where an open kan used the caller's turn
TILE_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53])
MAX_READINGS = 8  # readings kept per hand (real records have one or two)
MAX_BRANCHES = 4000  # readings tried per hand before giving up (a crafted file cannot loop forever)
# Where the letter stands -> the giver relative to the caller in four-seat geometry (1 next, 2 opposite,
# 3 previous); tenhou.net/6 writes three-player calls the same way.
CALL_SHAPES = {
    "c": (re.compile(r"c\d{6}"), {0: 3}),
    "p": (re.compile(r"(?:\d\d){0,2}p\d{2}(?:\d\d){0,2}"), {0: 3, 2: 2, 4: 1}),
    "m": (re.compile(r"(?:\d\d){0,3}m\d{2}(?:\d\d){0,3}"), {0: 3, 2: 2, 6: 1}),
}
DECLARATIONS = {
    "a": re.compile(r"(?:\d\d){0,3}a\d{2}(?:\d\d){0,3}"),
    "k": re.compile(r"(?:\d\d){0,3}k\d{2}(?:\d\d){0,3}"),
    "f": re.compile(r"f\d{2}"),
}


def code_kind(code: int) -> int:
    if code in RED_CODES:
        return kind_of(RED_CODES[code])
    return (code // 10 - 1) * 9 + code % 10 - 1


def codes_of(text: str) -> list[int]:
    digits = re.sub("[a-z]", "", text)
    return [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


@dataclass(frozen=True)
class Call:
    """A chi/pon/open kan in the takes: its kind, the called tile's code, the caller's own codes."""

    letter: str
    called: int
    own: tuple[int, ...]
    offset: int  # giver = (caller + offset) % 4

    @classmethod
    def parse(cls, text: str) -> Call | None:
        letter = re.search("[a-z]", text)
        if letter is None or letter.group() not in CALL_SHAPES:
            return None
        shape, offsets = CALL_SHAPES[letter.group()]
        if not shape.fullmatch(text) or letter.start() not in offsets:
            return None
        codes = codes_of(text)
        called = int(text[letter.end() : letter.end() + 2])
        own = list(codes)
        own.remove(called)
        if len(codes) != {"c": 3, "p": 3, "m": 4}[letter.group()] or not set(codes) <= TILE_CODES:
            return None
        return cls(letter.group(), called, tuple(own), offsets[letter.start()])

    @property
    def priority(self) -> int:
        return 1 if self.letter == "c" else 0  # pon and kan before chi


@dataclass
class _Reading:
    """One reading in progress: who holds which tile ids, what is left unread, the steps so far."""

    held: list[list[int]]
    free: dict[int, list[int]]
    took: list[int]
    dropped: list[int]
    steps: list[Step]

    def copy(self) -> _Reading:
        return _Reading(
            [list(h) for h in self.held],
            {k: list(v) for k, v in self.free.items()},
            list(self.took),
            list(self.dropped),
            list(self.steps),
        )


class HandReader:
    def __init__(self, entry: list[Any], players: int, red: bool, source: str, label: str) -> None:
        self.entry = entry
        self.players = players
        self.red = red
        self.source = source
        self.label = label
        self.takes = [list(entry[5 + 3 * s]) for s in range(players)]
        self.discards = [list(entry[6 + 3 * s]) for s in range(players)]
        self.branches = 0
        self.first_error: RecordError | None = None

    def fail(self, reason: str, message_id: str, **values: object) -> RecordError:
        return RecordError(self.source, f"hand {self.label}: {reason}", message_id, hand=self.label, **values)

    # ------------------------------------------------------------------------------------ tile ids
    def new_id(self, r: _Reading, code: int) -> int:
        if self.red and code in RED_CODES:
            tile = RED_CODES[code]
            pool = r.free.setdefault(-1, list(RED_IDS))
            if tile not in pool:
                raise self.fail(f"red five {code} appears twice", "record.hand.red_twice", code=code)
            pool.remove(tile)
            return tile
        kind = code_kind(code)
        pool = r.free.setdefault(kind, [t for t in ids_of_kind(kind) if not (self.red and t in RED_IDS)])
        if not pool:
            raise self.fail(f"a fifth copy of tile {code}", "record.hand.fifth_copy", code=code)
        return pool.pop(0)

    def from_hand(self, r: _Reading, seat: int, code: int, avoid: int | None = None) -> int:
        want_red = self.red and code in RED_CODES
        kind = code_kind(code)
        matches = [t for t in r.held[seat] if kind_of(t) == kind and (t in RED_IDS) == want_red]
        if not matches and not self.red:
            matches = [t for t in r.held[seat] if kind_of(t) == kind]
        if not matches:
            raise self.fail(
                f"seat {seat} does not hold tile {code}", "record.hand.not_held", seat=seat, code=code
            )
        choice = next((t for t in matches if t != avoid), matches[0])
        r.held[seat].remove(choice)
        return choice

    def code(self, tile: int) -> int:
        if self.red and tile in RED_IDS:
            return RED_IDS[tile]
        kind = kind_of(tile)
        return (kind // 9 + 1) * 10 + kind % 9 + 1

    # ------------------------------------------------------------------------------------ readings
    def readings(
        self, dealer: int, indicators: list[int]
    ) -> tuple[list[list[int]], list[int], list[list[Step]]]:
        """(deal ids, indicator ids, the steps of each complete reading best first); raises the first
        problem found when no reading uses the whole record."""
        start = _Reading([], {}, [0] * self.players, [0] * self.players, [])
        deals = [[self.new_id(start, c) for c in self.entry[4 + 3 * s]] for s in range(self.players)]
        start.held = [list(d) for d in deals]
        shown = [self.new_id(start, code) for code in indicators]  # dead-wall tiles: no seat holds them
        found: list[list[Step]] = []
        try:
            for reading in self.run(start, dealer, None, drawing=True):
                found.append(reading.steps)
                if len(found) >= MAX_READINGS:
                    break
        except RecordError as exc:
            self.first_error = self.first_error or exc
        if not found:
            raise self.first_error or self.fail(
                "the calls cannot be placed in any order", "record.hand.call_order"
            )
        return deals, shown, found

    def run(self, r: _Reading, seat: int, drawn: int | None, drawing: bool) -> Any:
        """Play on from ``seat`` (drawing first when ``drawing``); yields every complete reading."""
        while True:
            if drawing:
                if r.took[seat] >= len(self.takes[seat]):
                    yield from self.finished(r)
                    return
                drawn = self.draw(r, seat)
            if r.dropped[seat] >= len(self.discards[seat]):
                yield from self.finished(r)
                return
            item = self.discards[seat][r.dropped[seat]]
            r.dropped[seat] += 1
            if isinstance(item, str) and item[:1] != "r":
                self.declare(r, seat, item)
                drawing = True
                continue
            tile = self.discard(r, seat, item, drawn)
            callers = self.callers(r, seat, tile)
            if not callers:
                seat, drawing = (seat + 1) % self.players, True
                continue
            yield from self.branch(r, seat, tile, callers)
            return

    def branch(self, r: _Reading, giver: int, tile: int, callers: list[tuple[int, Call]]) -> Any:
        """Each seat that may have called ``tile`` (by priority), then nobody: every reading of each."""
        for caller in [*callers, None]:
            self.branches += 1
            if self.branches > MAX_BRANCHES:
                raise self.fail(
                    f"the calls cannot be ordered (more than {MAX_BRANCHES} readings tried)",
                    "record.hand.call_order",
                )
            attempt = r.copy()
            try:
                if caller is None:
                    yield from self.run(attempt, (giver + 1) % self.players, None, drawing=True)
                else:
                    seat, call = caller
                    kan = self.call(attempt, seat, giver, tile, call)
                    yield from self.run(attempt, seat, None, drawing=kan)
            except RecordError as exc:
                self.first_error = self.first_error or exc

    def finished(self, r: _Reading) -> Any:
        """A reading is complete when it used every draw, call and discard of every seat."""
        for seat in range(self.players):
            for what, used, items in (
                ("a draw or call", r.took[seat], self.takes[seat]),
                ("a discard", r.dropped[seat], self.discards[seat]),
            ):
                if used < len(items):
                    item = items[used]
                    raise self.fail(
                        f"seat {seat} has {what} left over ({item!r})",
                        "record.hand.left_over",
                        seat=seat,
                        item=item,
                    )
        yield r

    # ------------------------------------------------------------------------------------ actions
    def draw(self, r: _Reading, seat: int) -> int:
        item = self.takes[seat][r.took[seat]]
        r.took[seat] += 1
        if not isinstance(item, int) or isinstance(item, bool):
            raise self.fail(
                f"seat {seat} calls {item!r} where no discard of its giver is open",
                "record.hand.call_without_discard",
                seat=seat,
                item=item,
            )
        tile = self.new_id(r, item)
        r.held[seat].append(tile)
        r.steps.append(Step("draw", seat, tile))
        return tile

    def discard(self, r: _Reading, seat: int, item: Any, drawn: int | None) -> int:
        riichi = isinstance(item, str)
        code = item[1:] if riichi else item
        if isinstance(code, str):
            number = whole_number(code)
            if number is None:
                raise self.fail(f"unreadable discard {item!r}", "record.hand.move", item=item)
            code = number
        if code == TSUMOGIRI:
            if drawn is None or drawn not in r.held[seat]:
                raise self.fail(
                    f"seat {seat} discards the drawn tile (60) without a draw",
                    "record.hand.no_drawn_tile",
                    seat=seat,
                )
            r.held[seat].remove(drawn)
            tile = drawn
        elif code in TILE_CODES:
            tile = self.from_hand(r, seat, code, avoid=drawn)
        else:
            raise self.fail(f"unreadable discard {item!r}", "record.hand.move", item=item)
        if riichi:
            r.steps.append(Step("riichi", seat, attrs={"step": 1}))
        r.steps.append(Step("discard", seat, tile))
        return tile

    def callers(self, r: _Reading, giver: int, tile: int) -> list[tuple[int, Call]]:
        """Seats whose next take is a call of ``tile`` from ``giver``, pon and kan before chi."""
        found = []
        for k in range(1, self.players):
            seat = (giver + k) % self.players
            if r.took[seat] >= len(self.takes[seat]) or not isinstance(self.takes[seat][r.took[seat]], str):
                continue
            call = Call.parse(self.takes[seat][r.took[seat]])
            if call is None:
                item = self.takes[seat][r.took[seat]]
                raise self.fail(f"unreadable call {item!r} of seat {seat}", "record.hand.move", item=item)
            if (seat + call.offset) % 4 == giver and call.called == self.code(tile):
                found.append((seat, call))
        return sorted(found, key=lambda found_call: found_call[1].priority)

    def call(self, r: _Reading, seat: int, giver: int, tile: int, call: Call) -> bool:
        r.took[seat] += 1
        using = tuple(sorted(self.from_hand(r, seat, c) for c in call.own))
        kind = {"c": MeldType.CHI, "p": MeldType.PON, "m": MeldType.KAN}[call.letter]
        relative = (giver - seat) % self.players
        source = 3 if relative == self.players - 1 else 1 if relative == 1 else 2
        r.steps.append(Step("call", seat, meld=Meld(kind, tuple(sorted(using + (tile,))), tile, source)))
        if kind is not MeldType.KAN:
            return False
        discards = self.discards[seat]
        if r.dropped[seat] < len(discards) and discards[r.dropped[seat]] == KAN_PLACEHOLDER:
            r.dropped[seat] += 1
        return True

    def declare(self, r: _Reading, seat: int, item: str) -> None:
        letter = re.search("[a-z]", item)
        shape = DECLARATIONS.get(letter.group()) if letter else None
        if (
            letter is None
            or shape is None
            or not shape.fullmatch(item)
            or not set(codes_of(item)) <= TILE_CODES
        ):
            raise self.fail(f"unreadable discard {item!r} of seat {seat}", "record.hand.move", item=item)
        if letter.group() == "f":
            tile = self.from_hand(r, seat, int(item[1:]))
            r.steps.append(Step("call", seat, tile=tile, kita=True))
            return
        if letter.group() == "a":
            codes = codes_of(item)
            if len(codes) != 4 or len({code_kind(c) for c in codes}) != 1:
                raise self.fail(f"unreadable closed kan {item!r}", "record.hand.move", item=item)
            tiles = tuple(sorted(self.from_hand(r, seat, c) for c in codes))
            r.steps.append(Step("call", seat, meld=Meld(MeldType.ANKAN, tiles)))
            return
        added = self.from_hand(r, seat, int(item[letter.end() : letter.end() + 2]))
        meld = Meld(MeldType.KAKAN, tuple(ids_of_kind(kind_of(added))), None, 0, added)
        r.steps.append(Step("call", seat, meld=meld))


def read_hand(
    entry: list[Any], players: int, red: bool, source: str, label: str
) -> tuple[list[list[int]], list[int], list[int], list[list[Step]]]:
    """(deal ids, dora indicator ids, ura indicator ids, the steps of each reading best first)."""
    reader = HandReader(entry, players, red, source, label)
    dora, ura = list(entry[2]), list(entry[3])
    deals, shown, readings = reader.readings(int(entry[0][0]) % 4, dora + ura)
    return deals, shown[: len(dora)], shown[len(dora) :], readings
