"""A table's state and what a front end implements to show it: the :class:`Table` (lobby, seats, game,
questions asked, timers), the question numbers (:func:`track_prompts`) and the check that a press
answers the question still asked (:func:`chosen_action`), the :class:`TableListener` protocol, and the
:class:`ClusterHooks` the table service calls when several processes share the tables.  No Discord, no
I/O: the service (bot/service/table.py) and the cluster (bot/service/cluster.py) both build on it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine import Action, Game
from bot.engine.registry import RULE_SETS
from bot.engine.views import HandRecord
from bot.engine.wall import hand_seed, seed_commitment
from bot.service.refusal import Refusal
from bot.service.seats import Seat
from bot.service.timers import Timer


@dataclass(frozen=True)
class Timing:
    """Seconds a human has to answer, and the computer's human-like pause (0 in tests)."""

    turn: float = 60.0
    claim: float = 20.0
    computer: float = 0.8
    #: After a failed write (the database restarting, unreachable) the table pauses and retries: first
    #: after ``retry`` seconds, then twice as long each time up to ``retry_max``.
    retry: float = 0.5
    retry_max: float = 10.0


@dataclass
class Table:
    channel_id: int
    guild_id: int | None
    parent_channel_id: int | None
    creator_id: int
    rules: str
    options: dict[str, Any]
    members: list[Seat] = field(default_factory=list)  # lobby order; seats once started
    game: Game | None = None
    game_id: int | None = None
    seed: str = ""
    status: str = "lobby"  # lobby | running | finished | aborted
    prompts: dict[int, int] = field(default_factory=dict)  # seat -> seq of its current question
    deadlines: dict[int, float] = field(default_factory=dict)
    timeouts: dict[int, int] = field(default_factory=dict)  # seat -> timeouts in a row
    away: set[int] = field(default_factory=set)  # seats the computer plays until "I'm back"
    abort_votes: set[int] = field(default_factory=set)  # user ids
    aborted_by: int | None = None  # the user who closed the table (creator, admin or the last vote)
    announced_hand: int = -1  # the last hand whose wall commitment was published
    hands_recorded: int = 0
    stage: tuple[int, str, int] | None = None  # (hand, phase, current) when prompts were last given
    #: The lobby's message, once posted (kept with the lobby, so a restarted bot edits it when it starts).
    lobby_message: int | None = None
    #: A write failed (the database is down or restarting): the table waits and retries; nothing that
    #: was not stored was acknowledged.  Cleared when the database answers again.
    paused: bool = False
    backoff: float = 0.0  # seconds before the next retry while paused (0: the first retry's)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    notified: dict[int, int] = field(default_factory=dict, repr=False)  # seat -> seq told to listener
    timers: dict[int, Timer] = field(default_factory=dict, repr=False)
    dirty: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    worker: asyncio.Task[None] | None = field(default=None, repr=False)
    events: list[tuple[str, Any]] = field(default_factory=list, repr=False)  # for the listener

    @property
    def players(self) -> int:
        return RULE_SETS[self.rules].players

    @property
    def seats(self) -> list[Seat]:
        return self.members

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.members):
            if seat.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.members) if not s.is_computer]

    def computer_plays(self, seat: int) -> bool:
        return self.members[seat].is_computer or seat in self.away

    def running(self) -> Game:
        if self.game is None or self.status != "running":
            raise Refusal("table.error.not_running")
        return self.game

    def commitment(self) -> str | None:
        """SHA-256 of the current hand's seed (published at hand start)."""
        if self.game is None:
            return None
        return seed_commitment(self.seed, self.game.hand.index)

    def revealed_seeds(self) -> list[str]:
        """The seeds of the hands already finished (each one's wall can be rebuilt and checked)."""
        if self.game is None:
            return []
        return [hand_seed(self.seed, i).hex() for i in range(len(self.game.hands))]

    def hand_seed(self, hand_index: int) -> str:
        """Hand ``hand_index``'s seed (hex): revealed only once that hand is over."""
        return hand_seed(self.seed, hand_index).hex()


def chosen_action(table: Table, user_id: int, seq: int, index: int) -> tuple[int, Action]:
    """The seat pressing and the action it chose: choice ``index`` of the question asked at ``seq``.

    Refused (stale) when the seat is not asked that question any more; the same check wherever the
    press arrives (this process, or another one for a table run here: bot/service/cluster.py).
    """
    game = table.running()
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal("error.not_your_seat")
    legal = game.legal_actions(seat)
    if seat not in game.waiting_for() or table.prompts.get(seat) != seq or not 0 <= index < len(legal):
        raise Refusal("error.stale_button")
    return seat, legal[index]


def track_prompts(table: Table, actor: Action | None) -> None:
    """Give a new seq to every seat that is asked something new after ``actor``'s decision."""
    game = table.game
    assert game is not None
    seq = len(game.decisions)
    waiting = set(game.waiting_for())
    stage = (game.hand.index, game.hand.phase, game.hand.current)
    for seat in list(table.prompts):
        if seat not in waiting:
            del table.prompts[seat]
    for seat in waiting:
        fresh = seat not in table.prompts or actor is None or actor.seat == seat or table.stage != stage
        if fresh:
            table.prompts[seat] = seq
    table.stage = stage


class ClusterHooks(Protocol):
    """What the table service calls when several processes share the tables (bot/service/table.py,
    table_recovery.py); :class:`bot.service.cluster.Cluster` implements it."""

    async def shadow(self, game_id: int) -> Table | None: ...

    async def decide_remote(self, game_id: int, user_id: int, seq: int, index: int) -> Action: ...

    async def back_remote(self, game_id: int, user_id: int) -> Table: ...

    #: Whether this process runs a guild's shard (a stored lobby is restored by its guild's process).
    runs_guild: Callable[[int | None], bool]

    async def table_started(self, table: Table) -> None: ...

    def table_released(self, table: Table) -> None: ...

    async def claim_at_start(self, stored: Any) -> bool: ...

    async def remember_message(self, game_id: int, message_id: int) -> None: ...

    async def stored_message(self, game_id: int) -> int | None: ...

    async def ended_here(self, game_id: int, by: int) -> None:
        """A table another process runs was ended (aborted) here: tell its owner."""
        ...


class TableListener(Protocol):
    """What a front end shows.  Called from the table's worker, one call at a time per table."""

    async def table_changed(self, table: Table) -> None: ...

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None: ...

    async def prompt_closed(self, table: Table, seat: int, seq: int, action: Action, reason: str) -> None:
        """``reason``: "timeout" (played for them) or "computer" (the seat is away)."""
        ...

    async def seat_away(self, table: Table, seat: int) -> None: ...

    async def pressed_elsewhere(self, table: Table, seat: int) -> None:
        """The seat's player answered through another process (in a cluster, shard 0's process takes
        every DM press): for the front end, as good as a click on the seat's panel here."""
        ...

    async def hand_started(self, table: Table, hand_index: int, commitment: str) -> None:
        """A hand was dealt: publish its wall commitment."""
        ...

    async def hand_ended(self, table: Table, hand: HandRecord) -> None: ...

    async def game_ended(self, table: Table) -> None: ...


class QuietListener:
    """A listener that shows nothing (terminal tools, tests of the service alone)."""

    async def table_changed(self, table: Table) -> None:
        return None

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        return None

    async def prompt_closed(self, table: Table, seat: int, seq: int, action: Action, reason: str) -> None:
        return None

    async def seat_away(self, table: Table, seat: int) -> None:
        return None

    async def pressed_elsewhere(self, table: Table, seat: int) -> None:
        return None

    async def hand_started(self, table: Table, hand_index: int, commitment: str) -> None:
        return None

    async def hand_ended(self, table: Table, hand: HandRecord) -> None:
        return None

    async def game_ended(self, table: Table) -> None:
        return None
