"""What the renderer draws: plain frozen dataclasses, independent of the engine.

The engine (or any other source: a replay, a test) fills these in; an adapter from the engine's per-seat
view is written separately.  Seats are listed in turn order; ``TableScene.viewer`` is the seat drawn at
the bottom, or ``None`` for the spectators' view, which never shows a concealed tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.hand.meld import Meld, MeldStyle
from bot.hand.tiles import RED_FIVE_IDS

HIDDEN = -1  # a tile whose face the viewer may not see (e.g. another seat's drawn tile)
#: The rank shown for a league player with too few games to be ranked, in the standings picture and text.
UNRANKED = "–"


@dataclass(frozen=True)
class RiverTile:
    tile: int
    riichi: bool = False  # the riichi declaration tile, laid sideways
    called: bool = False  # taken by another seat: drawn greyed


@dataclass(frozen=True)
class SeatScene:
    name: str
    wind: int  # 0 East, 1 South, 2 West, 3 North
    score: int
    is_dealer: bool = False
    river: tuple[RiverTile, ...] = ()
    melds: tuple[Meld, ...] = ()
    concealed: tuple[int, ...] | int = ()  # tile ids, or only a count when the viewer may not see them
    drawn: int | None = None  # the tile just drawn (HIDDEN when not visible), kept apart from the hand
    flowers: tuple[int, ...] = ()  # flowers set aside
    kita: tuple[int, ...] = ()  # norths set aside (three-player riichi)
    riichi: bool = False
    winner: bool = False  # this seat has won and sits out the rest of a hand that goes on
    win_tile: int | None = None  # the tile it won on, shown beside its hidden hand
    void_suit: int | None = None  # the declared void suit (定缺): 0 man, 1 pin, 2 sou


@dataclass(frozen=True)
class TableScene:
    seats: tuple[SeatScene, ...]
    viewer: int | None = None  # the bottom seat; None: spectators (hands face down unless open_hands)
    round_label: str = ""  # e.g. "East 1"
    honba: int = 0
    riichi_sticks: int = 0
    dora_indicators: tuple[int, ...] = ()
    dead_wall: int = 0  # tiles of the dora row to draw (5 in riichi); unrevealed ones face down
    wall_count: int = 0
    turn: int | None = None  # whose turn
    last_discard: tuple[int, int] | None = None  # (seat, index in its river)
    red_ids: frozenset[int] = RED_FIVE_IDS
    style: MeldStyle = MeldStyle()  # how the sets are laid out (the rule set's descriptor says)
    wall_label: str = ""  # e.g. "wall 52" in the table's language (empty: the English default)
    # A finished hand's replay: every seat's concealed tiles face up (the scene must then hold them all).
    open_hands: bool = False


@dataclass(frozen=True)
class HandScene:
    """One player's hand, as sent by DM or shown in a result."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    drawn: int | None = None
    flowers: tuple[int, ...] = ()
    kita: tuple[int, ...] = ()
    void_suit: int | None = None
    red_ids: frozenset[int] = RED_FIVE_IDS
    style: MeldStyle = MeldStyle()


@dataclass(frozen=True)
class HandResultScene:
    title: str  # e.g. "Alice wins by tsumo"
    hand: HandScene  # the winning hand without the winning tile
    win_tile: int
    lines: tuple[tuple[str, str | int], ...]  # yaku / fan / tai lines with their value
    total: str  # e.g. "30 fu 4 han: 7700"
    score_changes: tuple[tuple[str, int], ...]  # (seat name, change)
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    dora_label: str = "Dora"
    ura_label: str = "Ura"


@dataclass(frozen=True)
class RankingRow:
    rank: int
    name: str
    points: int
    league_points: float


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int | None  # None: unranked (fewer games than the league's minimum), shown as UNRANKED
    name: str
    games: int
    points: float
    rating: float


@dataclass(frozen=True)
class DrawResultScene:
    """A hand that ended without a win: why, who was ready (their hands laid open), the payments."""

    title: str  # e.g. "Draw: wall exhausted"
    ready: tuple[tuple[str, HandScene], ...]  # (name, hand) of each seat that was ready
    not_ready: tuple[str, ...]  # names of the others
    score_changes: tuple[tuple[str, int], ...]
    ready_label: str = "ready"
    not_ready_label: str = "not ready"
    payments_label: str = "Payments"
    notes: tuple[str, ...] = ()  # payment lines that need a reason (查大叫, 查花猪, kans)
