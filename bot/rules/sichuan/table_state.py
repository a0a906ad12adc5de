"""What the Sichuan referee remembers during one hand (kept in ``HandState.extra``) and the table options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.rules.sichuan.descriptor import SICHUAN
from bot.rules.sichuan.settlement import Payment
from bot.rules.sichuan.situation import SichuanOptions

# Where the exchanged tiles go, by the sum of four dice: seat + offset (mod 4).
TO_PREVIOUS, ACROSS, TO_NEXT = 3, 2, 1
DIRECTION_NAMES = {TO_PREVIOUS: "previous", ACROSS: "across", TO_NEXT: "next"}


def exchange_offset(dice_sum: int) -> int:
    """4-10: to the previous player (clockwise); 11-17: across; 18-24: to the next player."""
    if dice_sum <= 10:
        return TO_PREVIOUS
    if dice_sum <= 17:
        return ACROSS
    return TO_NEXT


@dataclass(slots=True)
class SichuanHand:
    start_points: list[int]
    picks: dict[int, list[int]] = field(default_factory=dict)  # exchange picks so far (hidden)
    voids: dict[int, int] = field(default_factory=dict)  # seat -> declared void suit
    voids_shown: bool = False  # every seat has declared
    ledger: list[Payment] = field(default_factory=list)  # every payment of the hand, in order
    winners: list[int] = field(default_factory=list)  # in the order they won
    win_tiles: dict[int, int] = field(default_factory=dict)  # seat -> the tile it won on
    win_from: dict[int, int | None] = field(default_factory=dict)  # seat -> discarder (None: tsumo)
    first_win: tuple[tuple[int, ...], int | None] | None = None  # (winners, discarder of a multiple ron)
    wins: list[dict[str, Any]] = field(default_factory=list)  # records for the hand result
    barred: set[int] = field(default_factory=set)  # passed a ron: no ron until their next draw
    fresh_kans: dict[int, list[int]] = field(default_factory=dict)  # seat -> kans since its last discard

    def active(self, players: int = 4) -> list[int]:
        """Seats still in the hand (not won yet)."""
        return [s for s in range(players) if s not in self.winners]


def _cap(options: dict[str, Any]) -> int | None:
    """The fan cap: none (absent, or written "none") or a whole number."""
    cap: int | None = None if options.get("cap") == "none" else SICHUAN.options.value(options, "cap")
    return cap


@dataclass(frozen=True, slots=True)
class TableOptions:
    base: int = 1  # 底分
    cap: int | None = None  # fan cap (also for the flower pig and not-tenpai amounts)
    exchange: bool = True  # 换三张
    exchange_same_suit: bool = False
    void_first: bool = True  # while holding void-suit tiles, one of them must be discarded
    pig_pays_check: bool = False
    late_added_kan_pays: bool = False
    last_discard: bool = False
    hands: int = 8  # session length
    stack: int = 0  # starting chips

    @classmethod
    def read(cls, options: dict[str, Any]) -> TableOptions:
        """A game's options through the rule set's schema (a record's too: same checks, same bounds)."""
        return cls(
            base=SICHUAN.options.value(options, "base"),
            cap=_cap(options),
            exchange=SICHUAN.options.value(options, "exchange"),
            exchange_same_suit=SICHUAN.options.value(options, "exchange_same_suit"),
            void_first=SICHUAN.options.value(options, "void_first"),
            pig_pays_check=SICHUAN.options.value(options, "pig_pays_check"),
            late_added_kan_pays=SICHUAN.options.value(options, "late_added_kan_pays"),
            last_discard=SICHUAN.options.value(options, "last_discard"),
            hands=SICHUAN.options.value(options, "hands"),
            stack=SICHUAN.options.value(options, "stack"),
        )

    def scoring(self) -> SichuanOptions:
        return SichuanOptions(
            cap=self.cap,
            last_discard=self.last_discard,
            pig_pays_check=self.pig_pays_check,
            late_added_kan_pays=self.late_added_kan_pays,
        )
