"""A review by the computer: every decision of one seat beside what a computer level would have done.

For each decision the seat took (a discard, a call or a pass on one, riichi, a win taken or passed, a
closed kan, ...) where it had a choice, the referee's own game is stopped just before it and the
computer player (:mod:`bot.ai`, ``strong`` by default) is asked the very question a computer seat is
asked at that moment: ``decide(game.legal_actions(seat), game.view(seat))``, the seat's own view, which
never holds another seat's concealed tiles.  Its tie-breaking generator is seeded as a computer seat's
is at that decision (:func:`bot.ai.decision_seed`), so a game a computer level played at that seat is
reviewed as agreeing with itself everywhere.  Why, in numbers, comes from the player's own evaluation
(:mod:`bot.ai.explain`): shanten, accepted tiles, danger against the threats it reads, the hand's value,
and one ``difference`` by its own weights (0 where the actual decision is no worse), largest first.

A review works per hand (:func:`review_hand`), pure CPU work a front end runs off its event loop or
several at once in a process pool (:func:`review_game`).  The game data is ``Game.to_json()`` form:
a stored game after it ended (:func:`bot.service.replay.load_stored`), a Tenhou record's hands
(:func:`bot.service.replay.record_hand_data`, one game per hand) or this project's exported record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from bot.ai import LEVELS, AIPlayer, decision_seed
from bot.ai.explain import Numbers, difference, explain
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.service.refusal import Refusal
from bot.service.replay import StepAction, apply_decision, play_to_hand

__all__ = [
    "HandSource",
    "Review",
    "ReviewedDecision",
    "review_game",
    "game_sources",
    "record_sources",
    "review_hand",
    "stored_sources",
]


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the seat: ``hand`` from 1; ``step`` the replay's step whose table it was taken
    at (0 the deal, as ``/mahjong replay`` numbers them); ``decision`` its index in the game's log."""

    hand: int
    step: int
    decision: int
    actual: StepAction
    suggested: StepAction
    actual_numbers: Numbers
    suggested_numbers: Numbers
    difference: float
    concealed: tuple[int, ...]  # the seat's own concealed tiles at that moment (the drawn one included)
    own: dict[str, Any] = field(repr=False)  # the seat's own entry of its view then (hand, melds, drawn)
    red_fives: tuple[int, ...]
    rules: str

    def hand_view(self) -> dict[str, Any]:
        """A view holding only this seat's own entry (what ``bot.render.engine_view.hand_scene`` reads)."""
        seat = self.actual.seat
        return {"rules": self.rules, "red_fives": list(self.red_fives), "seats": [{}] * seat + [self.own]}

    @property
    def agrees(self) -> bool:
        return self.actual == self.suggested or (
            self.actual.kind == self.suggested.kind
            and self.actual.kind in (A.DISCARD, A.RIICHI)
            and self.actual.tile is not None
            and self.suggested.tile is not None
            and self.actual.tile >> 2 == self.suggested.tile >> 2
            and (self.actual.tile in self.red_fives) == (self.suggested.tile in self.red_fives)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "step": self.step,
            "decision": self.decision,
            "actual": self.actual.to_json(),
            "suggested": self.suggested.to_json(),
            "agree": self.agrees,
            "difference": round(self.difference, 2),
            "reason": {
                "actual": self.actual_numbers.to_json(),
                "suggested": self.suggested_numbers.to_json(),
            },
            "concealed": list(self.concealed),
        }


@dataclass(frozen=True)
class Review:
    """A seat's reviewed decisions in the game's order; :meth:`largest_first` is the reading order."""

    source: str
    rules: str
    seat: int
    level: str
    names: tuple[str, ...]
    decisions: tuple[ReviewedDecision, ...]
    hands: int  # hands reviewed

    @property
    def agreement(self) -> float:
        if not self.decisions:
            return 1.0
        return sum(d.agrees for d in self.decisions) / len(self.decisions)

    def largest_first(self) -> list[ReviewedDecision]:
        """Disagreements by their difference, largest first, then agreements; each in the game's order."""
        return sorted(self.decisions, key=lambda d: (d.agrees, -d.difference, d.hand, d.decision))

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "rules": self.rules,
            "seat": self.seat,
            "level": self.level,
            "names": list(self.names),
            "hands": self.hands,
            "agreement": round(self.agreement, 4),
            "decisions": [d.to_json() for d in self.largest_first()],
        }


@dataclass(frozen=True)
class HandSource:
    """What one hand's review needs, picklable for a worker process: the game data, which hand of it
    (from 0) and the hand's number to report (from 1)."""

    data: dict[str, Any] = field(repr=False)
    index: int
    number: int


def review_hand(source: HandSource, seat: int, level: str = "strong") -> list[ReviewedDecision]:
    """The seat's decisions of one hand with ``level``'s suggestion for each.  Pure CPU work."""
    if level not in LEVELS:
        raise Refusal("review.no_level", level=level, levels=", ".join(LEVELS))
    game, decisions, position = play_to_hand(source.data, source.index)
    if not 0 <= seat < game.rules.players:
        raise Refusal("review.no_seat", seat=seat, last=game.rules.players - 1)
    player = AIPlayer(level, f"review:{seat}", strict=False)
    game_seed = str(source.data["seed"])
    reviewed: list[ReviewedDecision] = []
    step = 0
    while len(game.hands) == source.index and position < len(decisions) and not game.over:
        action = decisions[position]
        if action.seat == seat:
            legal = game.legal_actions(seat)
            if len(legal) > 1:
                reviewed.append(_review_one(game, player, game_seed, legal, action, source.number, step))
        apply_decision(game, action, position)
        position += 1
        if action.kind != A.PASS:
            step += 1
    return reviewed


def _review_one(
    game: Game,
    player: AIPlayer,
    game_seed: str,
    legal: list[Action],
    action: Action,
    hand: int,
    step: int,
) -> ReviewedDecision:
    """The computer's answer to the question the seat was asked, from the seat's own view alone."""
    seat = action.seat
    view = game.view(seat)
    player.rng.seed(decision_seed(game_seed, seat, len(game.decisions)))
    suggested = player.decide(legal, view)
    actual_numbers = explain(player, view, action)
    suggested_numbers = actual_numbers if suggested == action else explain(player, view, suggested)
    own = view["seats"][seat]
    concealed = tuple(int(t) for t in own.get("concealed", ()))
    return ReviewedDecision(
        hand=hand,
        step=step,
        decision=len(game.decisions),
        actual=StepAction.of(action),
        suggested=StepAction.of(suggested),
        actual_numbers=actual_numbers,
        suggested_numbers=suggested_numbers,
        difference=0.0 if suggested == action else difference(player, actual_numbers, suggested_numbers),
        concealed=concealed,
        own=dict(own),
        red_fives=tuple(int(t) for t in view.get("red_fives", ())),
        rules=str(view.get("rules", game.rules_id)),
    )


def review_game(
    sources: Sequence[HandSource],
    seat: int,
    level: str = "strong",
    *,
    source: str,
    rules: str,
    names: Iterable[str] = (),
    executor: Executor | None = None,
) -> Review:
    """Every hand of ``sources`` reviewed for ``seat``; in ``executor`` (a process pool) when given,
    one hand a task, collected in the game's order."""
    if executor is None:
        per_hand = [review_hand(hand, seat, level) for hand in sources]
    else:
        run: Callable[[HandSource], list[ReviewedDecision]] = _Reviewer(seat, level)
        per_hand = list(executor.map(run, sources))
    return Review(
        source=source,
        rules=rules,
        seat=seat,
        level=level,
        names=tuple(names),
        decisions=tuple(d for hand in per_hand for d in hand),
        hands=len(sources),
    )


@dataclass(frozen=True)
class _Reviewer:
    """``review_hand`` with the seat and level bound, picklable for a process pool."""

    seat: int
    level: str

    def __call__(self, source: HandSource) -> list[ReviewedDecision]:
        return review_hand(source, self.seat, self.level)


# ------------------------------------------------------------------------------------- sources
def stored_sources(stored: Any, hand: int | None = None) -> list[HandSource]:
    """The finished hands of an ended stored game (:class:`bot.service.replay.StoredGame`), or hand
    ``hand`` (from 1) alone."""
    return _numbered(stored.data, stored.hands, hand)


def game_sources(data: dict[str, Any], hand: int | None = None) -> list[HandSource]:
    """The finished hands of a game given as ``Game.to_json()`` data (this project's exported record)."""
    from bot.service.replay import _finished_hands

    return _numbered(data, _finished_hands(data), hand)


def record_sources(record: Any, hand: int | None = None) -> list[HandSource]:
    """A Tenhou record's hands, each replayed alone from where the record starts it."""
    from bot.service.replay import record_hand_data

    numbers = range(1, len(record.hands) + 1) if hand is None else [hand]
    return [HandSource(record_hand_data(record, n), 0, n) for n in numbers]


def _numbered(data: dict[str, Any], hands: int, hand: int | None) -> list[HandSource]:
    if hand is not None and not 1 <= hand <= hands:
        raise Refusal("replay.no_hand", hand=hand, hands=hands)
    numbers = range(1, hands + 1) if hand is None else [hand]
    return [HandSource(data, n - 1, n) for n in numbers]
