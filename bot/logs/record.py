"""A game record independent of its file format: what the log reader produces and the replayer checks.

Steps are kept close to the source: the deal, each draw, discard, call, riichi, dora and the result
attributes, so the replayer can both drive the referee and compare what it computes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.hand.meld import Meld


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
    round_index: int  # round_wind * players + dealer position
    honba: int
    sticks: int
    dora_indicator: int
    points: list[int]
    dealer: int
    deal: list[list[int]]
    steps: list[Step] = field(default_factory=list)
    dice: tuple[int, int] = (1, 1)

    def steps_end(self) -> bool:
        """Whether the record shows how this hand ended."""
        return any(s.kind in ("win", "draw_end") for s in self.steps)


@dataclass
class RecordedGame:
    rules: str  # riichi | sanma
    options: dict[str, Any]
    players: int
    hands: list[RecordedHand]
    final: list[tuple[int, float]] | None  # (points, score) per seat from ``owari``; None: record cut short
    standard_lobby: bool = True  # the final score formula is the ranked lobby's
    source: str = ""
    complete: bool = False  # every hand is there even though ``final`` is unknown (tenhou.net/6)
    dora_timing: bool = True  # the steps show when each kan dora was turned (mjlog, not tenhou.net/6)
