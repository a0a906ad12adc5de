"""A seat played by an outside AI speaking mjai (a subprocess), for ``riichi`` and ``sanma`` tables.

The seat is the referee's side of the protocol, like an mjai server: it keeps a private copy of the
table (the same rule set, options and seed, replaying the table's decisions), so it knows every event
and sends the AI only those its seat may see (:class:`~bot.mjai.events.SeatStream`).  A decision:

1. the events since the last question go to the AI (one JSON line holding the list, as mjai.app and
   Mortal read them; or one line per event, each answered, as the original mjai and akochan do);
2. the answer must come within ``timeout`` seconds and name one of the seat's legal actions
   (:func:`~bot.mjai.answer.match_answer`; ``reach`` is followed by a second question for its discard);
3. otherwise (no answer in time, not JSON, not legal, the process gone) the ``normal`` computer player
   decides from the seat's view, the reason is logged, and the table goes on.  A process that has
   ended, or that was dropped (:mod:`bot.mjai.process`: it flooded its output or left its input
   unread), is not restarted during the game: every later decision of the seat falls back at once.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.ai import make_player
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.mjai.answer import REACH, BadAnswer, match_answer, read_answer
from bot.mjai.events import Mjai, SeatStream
from bot.mjai.process import ChannelClosed, LineChannel

log = logging.getLogger(__name__)

MJAI_RULES = frozenset({"riichi", "sanma"})
PROTOCOLS = ("batch", "event")
#: The least time an AI is given to read a message before it is dropped (process.py), in seconds.
MIN_WRITE_TIMEOUT = 1.0


class _Shadow:
    """The seat's private copy of the table, and the mjai stream it produces."""

    def __init__(self, table: Any, seat: int) -> None:
        self.game = Game(
            table.rules_id,
            dict(table.options),
            table.seed,
            walls=table.walls,
            start_points=list(table.start_points),
            dice=table.dice,
        )
        red_ids = frozenset(getattr(self.game.rules, "red_ids", frozenset()))
        self.stream = SeatStream(seat, self.game.rules.players, red_ids)
        self.pending: list[Mjai] = self.stream.start_game() + self.stream.convert(
            self.game.start_events, self
        )

    def public_points(self) -> list[int]:
        return list(self.game.hand.points)

    def catch_up(self, decisions: Sequence[Action]) -> None:
        for action in decisions[len(self.game.decisions) :]:
            self.pending += self.stream.convert(self.game.apply(action), self)

    def take(self) -> list[Mjai]:
        events, self.pending = self.pending, []
        return events


class MjaiPlayer:
    """A computer seat whose decisions come from an mjai AI (see the module notes)."""

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        name: str = "mjai",
        seed: int | str | None = None,
        timeout: float = 2.0,
        protocol: str = "batch",
        env: Mapping[str, str] | None = None,
        pass_env: Iterable[str] = (),
        channel_factory: Callable[..., LineChannel] = LineChannel,
    ) -> None:
        if protocol not in PROTOCOLS:
            raise ValueError(f"unknown mjai protocol {protocol!r} (choose from {', '.join(PROTOCOLS)})")
        self.command = command
        self.name = name
        self.timeout = timeout
        self.protocol = protocol
        self.env = dict(env or {})  # the AI's environment besides PATH, HOME and LANG (process.py)
        self.pass_env = tuple(pass_env)
        self.fallback = make_player("normal", seed)
        self.fallbacks = 0  # decisions the normal computer took instead
        self.fallbacks_by_reason: Counter[str] = Counter()  # why (the reasons never name a tile)
        self.answered = 0  # decisions the AI took
        self._factory = channel_factory
        self._channel: LineChannel | None = None
        self._dead: str | None = None  # why the AI is out of the game
        self._shadow: _Shadow | None = None

    def __repr__(self) -> str:
        return f"MjaiPlayer({self.name!r})"

    @property
    def rng(self) -> Any:
        """The fallback player's random generator (front ends reseed it per decision)."""
        return self.fallback.rng

    # ------------------------------------------------------------------ the decision
    def choose(self, table: Any, seat: int) -> Action:
        legal = table.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no decision to make")
        try:
            action = self._ask_ai(table, seat, legal)
            self.answered += 1
            return action
        except (BadAnswer, ChannelClosed, TimeoutError) as exc:
            self.fallbacks += 1
            self.fallbacks_by_reason[str(exc)] += 1
            log.warning(
                "mjai AI %s at seat %d: %s; the normal computer decides instead", self.name, seat, exc
            )
        return self.fallback.decide(legal, table.view(seat))

    def _ask_ai(self, table: Any, seat: int, legal: list[Action]) -> Action:
        shadow = self._sync(table, seat)
        if self._dead is not None:
            raise ChannelClosed(self._dead)
        channel = self._open()
        view = table.view(seat)
        drawn = view["seats"][seat].get("drawn")
        red_ids = shadow.stream.red_ids
        answer = read_answer(self._exchange(channel, shadow.take()))
        found = match_answer(answer, legal, red_ids, drawn)
        if found == REACH:
            shadow.stream.own_reach_sent = True
            echo = [{"type": "reach", "actor": seat}]
            found = match_answer(
                read_answer(self._exchange(channel, echo)), legal, red_ids, drawn, reaching=True
            )
        assert isinstance(found, Action)
        return found

    def _exchange(self, channel: LineChannel, events: list[Mjai]) -> str:
        """Send ``events`` and return the answer to the last one."""
        if self.protocol == "batch":
            answers = [channel.ask(events, self.timeout)]
        else:
            answers = [channel.ask(e, self.timeout) for e in events]
        line = answers[-1] if answers else None
        if line is None:
            raise TimeoutError(f"no answer within {self.timeout:g} s")
        return line

    def _sync(self, table: Any, seat: int) -> _Shadow:
        if self._shadow is None or len(table.decisions) < len(self._shadow.game.decisions):
            self._shadow = _Shadow(table, seat)
        self._shadow.catch_up(table.decisions)
        return self._shadow

    def _open(self) -> LineChannel:
        if self._channel is None:
            try:
                self._channel = self._factory(
                    self.command,
                    name=self.name,
                    env=self.env,
                    pass_env=self.pass_env,
                    # a message it has not even read in the time it has to answer is one too many
                    write_timeout=max(self.timeout, MIN_WRITE_TIMEOUT),
                )
            except ChannelClosed as exc:
                self._dead = str(exc)
                raise
        if not self._channel.alive:
            self._dead = self._channel.ended()
            raise ChannelClosed(self._dead)
        return self._channel

    # ------------------------------------------------------------------ the end
    def close(self, table: Any | None = None, *, wait: bool = True) -> None:
        """Tell the AI how the game went on (end_game included) and stop its process.  ``wait``: until
        it is gone (at most a few seconds); the event loop passes False and never waits for an AI."""
        channel, self._channel = self._channel, None
        if channel is None:
            return
        try:
            if table is not None and self._shadow is not None and self._dead is None and channel.alive:
                self._shadow.catch_up(table.decisions)
                events = self._shadow.take()
                for message in ([events] if self.protocol == "batch" else events) if events else []:
                    channel.send(message)
        except ChannelClosed:
            pass
        channel.close(wait=wait)


def close_players(players: Sequence[Any], table: Any) -> None:
    """Stop the processes of the outside AIs among ``players`` (the game over or given up)."""
    for player in players:
        if isinstance(player, MjaiPlayer):
            player.close(table)
