"""The shapes of what the referee hands out: a seat's (or a spectator's) view, and a finished hand's
record.  They are TypedDicts, so readers keep plain key access (the views are JSON: stored, sent to
processes, compared) while mypy knows every key and its type.

``Game.view(seat)`` returns a :class:`TableView`; ``Game.hands[i]`` is a :class:`HandRecord` whose
``result`` is a :class:`HandResultRecord` with one :class:`WinRecord` per win.  Keys a rule set adds
(through ``RuleSet.seat_view`` / ``table_view`` / its result details) are listed as optional here, with
the rule set that adds them.
"""

from __future__ import annotations

from typing import Any, TypedDict


class MeldView(TypedDict):
    type: str  # MeldType value: chi, pon, kan, ankan, kakan
    tiles: list[int]
    called: int | None
    source: int  # the giver relative to the caller: 1 next, 2 opposite, 3 previous player


class SeatView(TypedDict, total=False):
    points: int
    melds: list[MeldView]
    discards: list[list[Any]]  # [tile, tsumogiri, riichi, called]
    passed: list[int]  # the others' discards since this seat last drew or called that nobody won on
    kita: list[int]
    flowers: list[int]
    riichi: bool
    concealed_count: int
    concealed: list[int]  # the viewer's own seat only
    drawn: int | None  # the viewer's own seat only
    # added by rule sets where a hand goes on after a win, with an exchange and a void suit
    won: bool
    win_tile: int | None
    win_from: int | None
    void: int | None
    exchange_pick: list[int]  # the own seat's tiles picked so far to pass (exchange three)
    void_choice: int | None  # the own seat's void suit chosen (before every seat has chosen)
    void_suggestion: int  # the own seat's suit with the fewest tiles
    # added by rule sets with ready declarations
    ready: str | None


class FinalPlace(TypedDict):
    """A seat's place at the game's end (``Game.final``)."""

    seat: int
    points: int
    rank: int
    score: float  # the rule set's final score (riichi: with uma and oka)


class OfferView(TypedDict):
    tile: int
    giver: int
    context: str  # discard, kakan, ankan, kita, flower


class TableView(TypedDict, total=False):
    rules: str
    seat: int | None  # the viewer (None: a spectator)
    hand_index: int
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    dora_indicators: list[int]
    live_left: int
    current: int
    phase: str  # turn, claim, ended, or a decision before play (exchange, void)
    offer: OfferView | None
    seats: list[SeatView]
    waiting_for: list[int]
    legal_actions: list[list[Any]]  # Action.to_json() of the viewer's legal actions
    final: list[FinalPlace] | None
    red_fives: list[int]
    options: dict[str, Any]  # the table's options as chosen (defaults left out)
    # added by rule sets with hands after the last round until one ends the game (a decider, 決勝局: no
    # round wind)
    decider: bool
    # added by rule sets that throw dice for the exchange
    dice: list[int]
    exchange_direction: int | None
    winners: list[int]


# "from" (the discarder, None for a self-draw) is a keyword: declared the functional way.
_From = TypedDict("_From", {"from": int | None}, total=False)


class WinRecord(_From, total=False):
    seat: int
    tile: int
    points: int
    deltas: list[int]
    yaku: list[list[Any]]  # [line id, value]: names come from bot.rules.names.line_name
    concealed: list[int]
    hand: list[int]  # the concealed tiles as the win was scored (where flowers are set aside)
    melds: list[MeldView]
    flowers: list[int]
    kita: list[int]
    # riichi family
    han: int
    fu: int
    yakuman: int
    liable: int | None
    dora: list[int]
    ura: list[int]
    sticks: int
    # other scoring units
    fan: int
    limit: str | None  # the limit hand reached, where fan are capped (its line id)
    tai: int
    multiplier: int


class ReadyHand(TypedDict, total=False):
    """A ready seat's hand at a draw, laid open as at the table."""

    seat: int
    concealed: list[int]
    melds: list[MeldView]
    flowers: list[int]


class HandResultRecord(TypedDict, total=False):
    kind: str  # win, draw, abort
    deltas: list[int]
    wins: list[WinRecord]
    reason: str
    tenpai: list[int]
    dealer_keeps: bool
    ready_hands: list[ReadyHand]  # at a draw: the ready seats' hands, laid open
    payments: list[list[Any]]  # [payer, payee, amount, reason] of every payment (checks, kans)


class _EveryHandRecord(TypedDict):
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    points: list[int]
    result: HandResultRecord


class HandRecord(_EveryHandRecord, total=False):
    decider: bool  # a hand after the last round, until one ends the game (決勝局): True, else absent


def label_of(round_wind: int, dealer: int, honba: int, *, decider: bool = False) -> str:
    """``E1-0``: round wind, dealer seat (1-based), honba; ``D1-0`` for a decider hand, which has no
    round wind.  Stored with each hand, and how the record readers name a hand."""
    wind = "D" if decider else "ESWN"[round_wind % 4]
    return f"{wind}{dealer + 1}-{honba}"
