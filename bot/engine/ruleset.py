"""The hooks a rule set gives the referee.

The engine (bot/engine/hand.py, bot/engine/game.py) owns the shared flow: deal, flowers set aside and
replaced, draw, discard, offers of a discarded tile to the other seats with priorities (ron > pon/kan >
chi; more rons than ``max_ron`` abort, or with ``extra_rons_abort = False`` only the seats nearest the
discarder win: ``max_ron = 1`` is head bump), chi/pon/kan, replacement draws,
kan dora timing, kan payments, settlement bookkeeping and the move to the next hand.  A rule set is a
subclass of :class:`RuleSet`: data attributes for the fixed facts and small methods for the decisions
that differ between rule sets.  Each rule set's descriptor names its class (bot/rules/<id>/descriptor.py);
bot.engine.registry finds it.

Where replacement tiles come from is data: ``dead_size`` tiles are kept back and the first
``replacement_slots`` replacements come from the dead wall's own slots; later ones (all of them with
``replacement_slots = 0``, i.e. "from the back of the live wall") shorten the live wall.

``replacement_from_back = False`` takes replacement tiles from the normal drawing end instead (血战到底).

Phases before play where every seat decides at once (exchange three, void suit): ``start_play`` may
open a :class:`~bot.engine.state.Claim` with ``decision=True`` (no pass, no tile on offer) and
``resolve_decision`` acts once every seat has answered (it may open the next one, or set the phase to
the dealer's turn).  Wins that do not end the hand: ``settle_wins`` returns None after recording them
(and moving the winning tiles itself); the engine lets ``next_seat`` after the last winner draw, or
settles the exhaustive draw when the wall is empty.  ``next_seat`` also skips seats that left the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine.actions import Action, Event
from bot.engine.calls import kuikae
from bot.engine.native import mypyc_attr

if TYPE_CHECKING:
    from bot.engine.state import Claim, HandResult, HandState
    from bot.hand.meld import Meld


@dataclass(frozen=True)
class NextHand:
    """Where the game goes after a hand: the next hand's round wind, dealer and honba."""

    round_wind: int
    dealer: int
    honba: int


# Subclassed, its class attributes overridden, by modules never compiled (bot/engine/native.py).
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class RuleSet:
    """Defaults describe a plain four-player 13-tile game; rule sets override what differs."""

    id = "base"
    players = 4
    hand_size = 13
    dead_size = 14  # tiles kept back from the live wall
    replacement_slots = 4  # replacement tiles of the dead wall itself
    start_points = 25000
    has_chi = True
    has_kita = False
    max_ron = 2  # most winners on one tile
    extra_rons_abort = True  # more rons than max_ron: abort (riichi's triple ron) or keep the nearest
    stick_points = 1000  # points in one riichi deposit on the table (``HandState.sticks`` counts them)
    kan_dora = True  # a kan turns a new dora indicator
    replacement_from_back = True  # False: kan replacements come from the normal drawing end
    dice_count = 2  # dice rolled at hand start (HandState.dice)
    has_decider = False  # hands after the last round until one ends the game (the view's "decider")

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})

    # --- the tile set -------------------------------------------------------------------
    def tile_ids(self) -> list[int]:
        return list(range(136))

    def indicators_at_start(self, hand: HandState) -> int:
        """Dora indicators turned when the hand starts (0: a rule set without dora)."""
        return 1

    # --- before play ---------------------------------------------------------------------
    def start_play(self, hand: HandState) -> list[Event]:
        """After the deal and the dealer's first draw: may open a decision every seat takes before
        play (a Claim with ``decision=True``).  Nothing by default: the dealer plays at once."""
        return []

    def resolve_decision(self, hand: HandState, claim: Claim) -> list[Event]:
        """Every seat has answered a decision Claim: apply it, then open the next one or set
        ``hand.phase`` to the turn of ``hand.current``."""
        raise NotImplementedError

    def next_seat(self, hand: HandState, seat: int) -> int:
        """The seat that draws after ``seat`` (a bloody battle skips the seats that have won)."""
        return (seat + 1) % hand.players

    # --- turn and claims ----------------------------------------------------------------
    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        """Actions besides a plain discard for the seat whose turn it is (``only``: just that kind,
        which lets the referee check one action without listing every riichi discard)."""
        return []

    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        raise NotImplementedError

    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        """What ``seat`` may answer to ``tile`` offered in ``context`` (without PASS)."""
        return []

    def may_pass(self, hand: HandState, seat: int, offered: list[Action]) -> bool:
        """Whether ``seat`` may decline what it was offered (a locked ready hand must take its win)."""
        return True

    def rob_set_aside(self, hand: HandState, seat: int, tile: int, drawer: int) -> list[Action]:
        """What ``seat`` may answer when ``drawer`` sets ``tile`` aside on drawing it (RON: a flower win
        robbing it); offered like a discard in the context "flower", replaced once nobody robs it."""
        return []

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        """A seat let a tile go (furiten bookkeeping)."""

    def tile_passed_unasked(self, hand: HandState, seat: int, tile: int, context: str) -> None:
        """A tile went by a seat that had nothing to answer (furiten by shape, e.g. a win without yaku)."""

    def on_call(self, hand: HandState, seat: int, giver: int) -> None:
        """After a chi/pon/kan from a discard (liability bookkeeping)."""

    def on_draw(self, hand: HandState, seat: int, tile: int) -> None:
        """After every draw, replacement draws included (furiten that lasts until the next draw)."""

    def forbidden_after_call(self, meld: Meld) -> frozenset[int]:
        """Kinds the caller may not discard right after a chi/pon (kuikae); riichi's rule by default."""
        return kuikae(meld)

    def set_aside_on_draw(self, tile: int) -> bool:
        """Tiles put aside as soon as they are drawn or dealt, with a replacement draw (flowers)."""
        return False

    def kan_payment(self, hand: HandState, seat: int, kind: str) -> list[int] | None:
        """Points that move at once when ``seat`` declares a kan (kind: kan, ankan, kakan)."""
        return None

    def kan_dora_at_once(self, kind: str) -> bool:
        """A closed kan turns its indicator at once; open and added kans after the discard."""
        return kind == "ankan"

    # --- ends of a hand -----------------------------------------------------------------
    def after_discard_passed(self, hand: HandState, seat: int) -> HandResult | None:
        """Bookkeeping once a discard was not claimed; may abort the hand."""
        return None

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult | None:
        """How the wins end the hand; None when the hand goes on without the winners (血战到底)."""
        raise NotImplementedError

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        raise NotImplementedError

    def settle_abort(self, hand: HandState, reason: str) -> HandResult:
        """An abortive draw (``reason``: nine_terminals, triple_ron, or the rule set's own).  The engine
        asks only when the rule set offers nine terminals or sets ``extra_rons_abort``, so a rule set
        without abortive draws leaves this as it is; a table aborted by its players is not a hand result."""
        raise NotImplementedError(f"{type(self).__name__} has no abortive draws ({reason})")

    # --- views ----------------------------------------------------------------------------
    def seat_view(self, hand: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        """Entries added to ``seat``'s part of the view of ``viewer`` (None: a spectator)."""
        return {}

    def in_decider(self, hand: HandState) -> bool:
        """Whether ``hand`` is one of the hands after the last round (:attr:`has_decider`)."""
        return False

    def table_view(self, hand: HandState, viewer: int | None) -> dict[str, Any]:
        """Entries added to the top level of the view of ``viewer``."""
        return {}

    # --- the game -----------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        """None when the game is over."""
        raise NotImplementedError

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        raise NotImplementedError
