"""A game record independent of its file format: what the log readers produce and the replayer checks.

Steps are kept close to the source: the deal, each draw, discard, call, riichi, dora and the result
attributes, so the replayer can both drive the referee and compare what it computes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.engine.views import label_of
from bot.hand.meld import Meld
from bot.hand.refusal import Refusal

# Tenhou's log id: date and hour, "gm", the lobby type bits (hex), the lobby number, a hash.
TENHOU_REF = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})gm-([0-9a-f]{4})-(\d{4,5})-[0-9a-fx]+")


class RecordError(Refusal):
    """A file that is not a game record this project can read; the message says which file and why.

    The English text is for the command line; ``message_id`` and ``values`` let a front end say the
    reason in the reader's language (``refusal.<id>``: bot/i18n/record_refusal_messages.toml), after the
    file's name (the ``prefix``).  The English may add a parser's own words (the JSON or XML library's,
    in English only) that the translations leave out.
    """

    def __init__(self, source: str, reason: str, message_id: str, **values: object) -> None:
        super().__init__(
            f"{source}: not a game record: {reason}" if source else f"not a game record: {reason}",
            message_id,
            **values,
        )
        self.source = source
        self.reason = reason
        self.prefix = source


@dataclass(frozen=True)
class Step:
    kind: str  # draw | discard | call | riichi | dora | win | draw_end
    seat: int = -1
    tile: int = -1
    meld: Meld | None = None
    kita: bool = False
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class RecordedHand:
    round_wind: int  # 0 East, 1 South, 2 West (Tenhou numbers rounds wind * 4 + dealer, sanma too)
    honba: int
    sticks: int
    dora_indicator: int
    points: list[int]
    dealer: int
    deal: list[list[int]]
    steps: list[Step] = field(default_factory=list)
    dice: tuple[int, int] = (1, 1)
    # Other readings of the same hand when the record does not say who called a tile (tenhou.net/6
    # gives the calls, not their order): tried in turn when ``steps`` does not replay.
    alternatives: list[list[Step]] = field(default_factory=list)

    def steps_end(self) -> bool:
        """Whether the record shows how this hand ended."""
        return any(s.kind in ("win", "draw_end") for s in self.steps)

    @property
    def label(self) -> str:
        """East 1, 2 honba -> "E1-2" (the dealer is seat 0 in East 1)."""
        return label_of(self.round_wind, self.dealer, self.honba)


@dataclass
class TenhouHeader:
    """What Tenhou writes around the hands: kept to write a replayed record back the way Tenhou does."""

    ref: str = ""
    disp: str = ""
    lobby: int = 0
    ratingc: str | None = None
    dan: list[str] | None = None
    rate: list[float] | None = None
    sx: list[str] | None = None
    connection: list[dict[str, Any]] | None = None  # Tenhou's note of who lost the connection, and when


@dataclass
class RecordedGame:
    rules: str  # riichi | sanma
    options: dict[str, Any]
    players: int
    hands: list[RecordedHand]
    final: list[tuple[int, float]] | None  # (points, score) per seat at the end; None: not in the record
    standard_lobby: bool = True  # the lobby's rules are Tenhou's ranked rules (uma, return, flow)
    source: str = ""
    complete: bool = False  # every hand is there even though ``final`` is unknown
    dora_timing: bool = True  # the steps show when each kan dora was turned (mjlog, not tenhou.net/6)
    names: list[str] = field(default_factory=list)
    lobby: int = 0  # Tenhou's lobby number: 0 is the ranked lobby, others are private lobbies
    date: str = ""  # YYYY-MM-DD from Tenhou's log id, when the record carries it
    header: TenhouHeader = field(default_factory=TenhouHeader)
    notes: list[str] = field(default_factory=list)  # what the reader noticed (shown with the report)

    @property
    def lobby_rules_known(self) -> bool:
        return self.standard_lobby and self.lobby == 0

    def starts_at_game_start(self, start_points: int) -> bool:
        if not self.hands:
            return False
        first = self.hands[0]
        return (first.round_wind, first.dealer, first.honba, first.sticks) == (0, 0, 0, 0) and all(
            p == start_points for p in first.points
        )


def ref_facts(ref: str) -> tuple[str, int | None, int | None]:
    """(date, lobby type bits, lobby number) from a Tenhou log id found in ``ref`` ("" / None when absent)."""
    match = TENHOU_REF.search(ref)
    if match is None:
        return "", None, None
    year, month, day, _hour, bits, lobby = match.groups()
    return f"{year}-{month}-{day}", int(bits, 16), int(lobby)


def lobby_options(bits: int) -> dict[str, Any]:
    """Rule options from Tenhou's lobby type bits (0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan)."""
    return {
        "red": 0 if bits & 0x02 else 3,
        "kuitan": not bits & 0x04,
        "length": "hanchan" if bits & 0x08 else "east",
    }


def lobby_disp(bits: int) -> str:
    """Tenhou's name for a lobby type: 三鳳南喰赤, 般東喰赤速, ..."""
    level = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[bits & 0xA0]
    return (
        ("三" if bits & 0x10 else "")
        + level
        + ("南" if bits & 0x08 else "東")
        + ("" if bits & 0x04 else "喰")
        + ("" if bits & 0x02 else "赤")
        + ("速" if bits & 0x40 else "")
    )


def final_rounding(final: list[tuple[int, float]] | None) -> str:
    """How the record's final scores were made: Tenhou's ranked lobbies rounded them to whole thousands
    until some time after 2020 and keep the hundreds since; a score with a decimal says which.  (With every
    point total a whole thousand both rules give the same scores.)"""
    if final and any(score != int(score) for _, score in final):
        return "none"
    return "thousand"


START_POINTS = {"riichi": 25000, "sanma": 35000}


def points_at_end(game: RecordedGame) -> list[int] | None:
    """Each seat's points when the game ended: the record's final points, or (a tenhou.net/6 file without
    ``sc``) the last hand's start + its score changes - the riichi deposits it made, the deposits left on
    the table going to first place, as Tenhou does.  None when the file does not start at the game's
    start (an excerpt: its last hand need not be the game's)."""
    if game.final is not None:
        return [points for points, _ in game.final]
    start = START_POINTS[game.rules]
    if not game.starts_at_game_start(start):
        return None
    last = game.hands[-1]
    points = list(last.points)
    for step in last.steps:
        if step.kind in ("win", "draw_end") and "sc" in step.attrs:
            values = [int(x) for x in step.attrs["sc"].split(",")]
            points = [p + 100 * values[2 * i + 1] for i, p in enumerate(points)]
    for seat in _deposits(last.steps):
        points[seat] -= 1000
    leftover = start * game.players - sum(points)
    if leftover > 0:
        top = max(range(game.players), key=lambda s: (points[s], -s))
        points[top] += leftover
    return points


def _deposits(steps: list[Step]) -> list[int]:
    """Seats whose riichi stood (a riichi whose declaring discard is ronned puts no stick down)."""
    discards = [i for i, s in enumerate(steps) if s.kind == "discard"]
    ronned_from = {
        int(s.attrs["fromWho"]) for s in steps if s.kind == "win" and s.attrs["who"] != s.attrs["fromWho"]
    }
    seats = []
    for i, step in enumerate(steps):
        if step.kind != "riichi" or step.attrs.get("step") != 1:
            continue
        declared = next((j for j in discards if j > i and steps[j].seat == step.seat), None)
        if declared is None:
            continue
        if declared == discards[-1] and step.seat in ronned_from:
            continue
        seats.append(step.seat)
    return seats
