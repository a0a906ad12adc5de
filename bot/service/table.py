"""Tables in channels: the lobby, the game loop, persistence, timers, computer seats and resume.

No Discord here: a front end (cogs/table.py, or a test) calls the service and implements
:class:`TableListener` to show what happens.  Rules kept here:

* One table per channel (a thread is a channel).  Seats are random, shuffled by the game seed.
* Every decision is appended to the store *before* it is acknowledged; a restarted bot replays the
  stored decisions (:meth:`TableService.restore`) and the table carries on where it stopped.
* A prompt is identified by ``(game id, seat, seq)``: ``seq`` is the number of decisions when the seat
  was asked.  A press carrying another seq is stale and refused; a seat's legal actions do not change
  while it is being asked, so the index of the action in ``legal_actions`` identifies the choice.
* A human who does not answer in time is played for (:func:`bot.service.seats.safe_default`); after
  ``AFK_AFTER`` timeouts in a row the computer plays that seat until the player says they are back.
* Refusals are :class:`~bot.service.refusal.Refusal` carrying an i18n key of bot/i18n/table_messages.toml.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from bot.ai import LEVELS, make_player
from bot.engine import Action, Game, IllegalAction, load_rules
from bot.engine.registry import RULE_SETS
from bot.engine.state import CLAIM
from bot.engine.wall import new_seed, seed_commitment
from bot.service.refusal import Refusal
from bot.service.seats import Seat, majority, safe_default, seat_order
from bot.service.table_model import (
    ClusterHooks,
    QuietListener,
    Table,
    TableListener,
    Timing,
    chosen_action,
    track_prompts,
)
from bot.service.table_recovery import SEED_KEY, TableRecovery, stored_lobby
from bot.service.timers import LoopScheduler, Scheduler
from bot.store import DecisionConflict, DuplicateKey, FinalResult, Store, StoreError
from bot.store.gamekeys import CREATOR_KEY, round_label

if TYPE_CHECKING:
    from bot.mjai.config import MjaiSpec

log = logging.getLogger(__name__)

__all__ = [
    "AFK_AFTER",
    "SEED_KEY",
    "QuietListener",
    "Table",
    "TableListener",
    "TableService",
    "Timing",
    "chosen_action",
    "round_label",
]

AFK_AFTER = 2  # timeouts in a row after which the computer takes the seat


class TableService(TableRecovery):
    def __init__(
        self,
        store: Store,
        listener: TableListener | None = None,
        *,
        scheduler: Scheduler | None = None,
        timing: Timing | None = None,
        mjai: Sequence[MjaiSpec] = (),
    ) -> None:
        self.store = store
        #: Outside mjai AIs the operator configured, by their computer level ("mjai:NAME").
        self.mjai = {spec.choice: spec for spec in mjai}
        self.listener: TableListener = listener or QuietListener()
        self.scheduler: Scheduler = scheduler or LoopScheduler()
        self.timing = timing or Timing()
        self.by_channel: dict[int, Table] = {}
        self.by_game: dict[int, Table] = {}
        self._computers: dict[tuple[int, int], Any] = {}
        #: Abort votes for tables another process runs (their channel's commands arrive here).
        self._remote_votes: dict[int, set[int]] = {}
        #: Several bot processes on one PostgreSQL (bot/service/cluster.py): leases, decisions taken for
        #: tables another process runs, takeovers.  None: this process runs every table it knows.
        self.cluster: ClusterHooks | None = None
        self._closed = False

    # ------------------------------------------------------------------ lobby
    def table_in(self, channel_id: int) -> Table | None:
        """The channel's table in this process (a lobby, or a table it runs); see :meth:`channel_table`."""
        return self.by_channel.get(channel_id)

    async def channel_table(self, channel_id: int) -> Table | None:
        """The channel's open table wherever it runs: this process's lobby or table, else (in a cluster)
        a read-only copy of the running table another process runs, found through the database.

        After a takeover a channel's commands still reach its guild's process while its table runs in
        another one; every channel command asks here, so it answers about that table, and ``new`` never
        opens a second one beside it."""
        table = self.by_channel.get(channel_id)
        if table is not None and table.status in ("lobby", "running"):
            return table
        if self.cluster is None:
            return None
        stored = await self.store.running_game_in_channel(channel_id)
        if stored is None:
            return None
        try:
            return await self.find_table(stored.id)
        except Refusal:  # it ended meanwhile
            return None

    async def lobby_refused(self, channel_id: int, refusal: Refusal) -> Refusal:
        """What a lobby command (join, leave, add a computer, start) that found no lobby here answers:
        "already started" when the channel's table runs in another process."""
        if refusal.key == "table.error.no_table" and await self.channel_table(channel_id) is not None:
            return Refusal("table.error.already_started")
        return refusal

    def table_of_game(self, game_id: int) -> Table:
        table = self.by_game.get(game_id)
        if table is None:
            raise Refusal("table.error.no_such_game")
        return table

    async def find_table(self, game_id: int) -> Table:
        """The table of ``game_id``: ours, or (in a cluster) a read-only copy of another process's table."""
        table = self.by_game.get(game_id)
        if table is None and self.cluster is not None:
            table = await self.cluster.shadow(game_id)
        if table is None:
            raise Refusal("table.error.no_such_game")
        return table

    async def open(
        self,
        channel_id: int,
        guild_id: int | None,
        creator: Seat,
        rules: str,
        options: dict[str, Any] | None = None,
        *,
        parent_channel_id: int | None = None,
    ) -> Table:
        if await self.channel_table(channel_id) is not None:
            raise Refusal("table.error.table_exists")
        if rules not in RULE_SETS:
            raise Refusal("table.error.unknown_rules", rules=rules)
        try:
            # Typed by the rule set's schema (unknown keys and bad values refused by name), so the
            # referee sees what the CLI's --option gives it: "tenpai_stop=off" is False, not "off".
            options = RULE_SETS[rules].options.parse(options or {})
            load_rules(rules, options)
        except ModuleNotFoundError:
            raise Refusal("table.error.no_referee", rules=rules) from None
        except ValueError as exc:  # the reason is said in the reader's language where it has an id
            key = "table.error.no_referee" if "no referee" in str(exc) else "table.error.bad_option"
            raise Refusal(key, rules=rules, reason=exc) from None
        table = Table(channel_id, guild_id, parent_channel_id, int(creator.user_id or 0), rules, options)
        await self._keep_lobby(table, [creator])  # kept before it is shown: a restart keeps it
        table.members.append(creator)
        self.by_channel[channel_id] = table
        return table

    async def _keep_lobby(self, table: Table, members: list[Seat]) -> None:
        """Store the lobby as it will be with ``members`` (before the change is made and acknowledged:
        a StoreError leaves the lobby as it was); a lobby without humans is deleted."""
        if not any(not s.is_computer for s in members):
            await self.store.delete_lobby(table.channel_id)
        else:
            await self.store.save_lobby(stored_lobby(table, members))

    async def lobby_posted(self, table: Table, message_id: int) -> None:
        """The front end posted the lobby's message: kept with the lobby, so a restarted bot edits it."""
        table.lobby_message = message_id
        if table.status == "lobby":
            await self.store.set_lobby_message(table.channel_id, message_id)

    def _lobby(self, channel_id: int) -> Table:
        table = self.by_channel.get(channel_id)
        if table is None or table.status not in ("lobby", "running"):
            raise Refusal("table.error.no_table")
        if table.status != "lobby":
            raise Refusal("table.error.already_started")
        return table

    async def join(self, channel_id: int, seat: Seat) -> Table:
        table = self._lobby(channel_id)
        if seat.user_id is not None and table.seat_of(seat.user_id) is not None:
            raise Refusal("table.error.already_seated")
        if len(table.members) >= table.players:
            raise Refusal("table.error.table_full")
        await self._keep_lobby(table, [*table.members, seat])
        table.members.append(seat)
        return table

    async def leave(self, channel_id: int, user_id: int) -> Table:
        table = self._lobby(channel_id)
        index = table.seat_of(user_id)
        if index is None:
            raise Refusal("table.error.not_seated")
        await self._keep_lobby(table, table.members[:index] + table.members[index + 1 :])
        del table.members[index]
        if not table.humans():
            del self.by_channel[channel_id]
            table.status = "aborted"
        return table

    def computer_choices(self, rules: str) -> list[str]:
        """The computer levels a table of ``rules`` may seat: the built-in levels, then the configured
        outside AIs that play these rules."""
        return list(LEVELS) + [c for c, spec in self.mjai.items() if rules in spec.rules]

    async def add_computer(self, channel_id: int, user_id: int, level: str = "normal") -> Table:
        table = self._lobby(channel_id)
        if table.seat_of(user_id) is None:
            raise Refusal("table.error.not_seated")
        if len(table.members) >= table.players:
            raise Refusal("table.error.table_full")
        if level not in self.computer_choices(table.rules):
            raise Refusal("table.error.unknown_computer", level=level)
        number = sum(1 for s in table.members if s.is_computer) + 1
        spec = self.mjai.get(level)
        name = f"{spec.name} {number}" if spec is not None else f"Computer {number}"
        computer = Seat(name, None, None, level)
        await self._keep_lobby(table, [*table.members, computer])
        table.members.append(computer)
        return table

    async def start(self, channel_id: int, user_id: int, *, seed: str | None = None) -> Table:
        """Seat everyone (random order from the seed), store the game and deal."""
        table = self._lobby(channel_id)
        if table.seat_of(user_id) is None:
            raise Refusal("table.error.not_seated")
        if len(table.members) != table.players:
            raise Refusal("table.error.need_players", players=table.players, seated=len(table.members))
        if self.cluster is not None and await self.store.running_game_in_channel(channel_id) is not None:
            raise Refusal("table.error.table_exists")  # taken over into this channel while in the lobby
        table.seed = seed or new_seed()
        seated = seat_order(table.seed, table.members)
        stored: list[Seat] = []
        for index, s in enumerate(seated):
            if s.is_computer:
                player = await self.store.ensure_player(s.name, local_key=s.computer_key(index))
            else:
                player = await self.store.ensure_player(s.name, discord_id=s.user_id)
            stored.append(Seat(s.name, s.user_id, player.id, s.level))
        game = Game(table.rules, table.options, table.seed)
        table.game_id = await self.store.create_game(
            table.rules,
            [s.player_id for s in stored if s.player_id is not None],
            options={**table.options, SEED_KEY: table.seed, CREATOR_KEY: table.creator_id},
            seed_commitment=seed_commitment(table.seed, 0),
            guild_id=table.guild_id,
            channel_id=table.channel_id,
        )
        table.members = stored
        table.game = game
        table.status = "running"
        try:  # the game is stored: the lobby is done (one left behind by a crash here is dropped at restore)
            await self.store.delete_lobby(channel_id)
        except StoreError:
            log.warning("the lobby of channel %s stays stored; dropped at the next restart", channel_id)
        if self.cluster is not None:  # the lease first: a lease round must never see ours without it
            await self.cluster.table_started(table)
        self.by_game[table.game_id] = table
        track_prompts(table, None)
        self._kick(table)
        return table

    # ------------------------------------------------------------------ decisions
    def question(self, game_id: int, user_id: int) -> tuple[Table, int, int, list[Action]]:
        """The pressing user's seat, the seq of its current question and its legal actions."""
        table = self.table_of_game(game_id)
        game = table.running()
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("error.not_your_seat")
        if seat not in game.waiting_for():
            raise Refusal("error.not_your_turn")
        return table, seat, table.prompts.get(seat, -1), game.legal_actions(seat)

    async def decide(self, game_id: int, user_id: int, seq: int, index: int) -> Action:
        """A human's choice: action ``index`` of the question asked at ``seq``; refused when stale."""
        if game_id not in self.by_game and self.cluster is not None:
            return await self.cluster.decide_remote(game_id, user_id, seq, index)
        table = self.table_of_game(game_id)
        async with table.lock:
            seat, action = chosen_action(table, user_id, seq, index)
            try:
                await self._apply(table, action)
            except StoreError:  # not stored, so not taken: the player is told to press again
                self._pause(table)
                self._kick(table)  # the worker shows the pause and retries until the database answers
                raise
            table.timeouts[seat] = 0
        self._kick(table)
        return action

    async def _apply(self, table: Table, action: Action) -> None:
        """Append (durably) then apply; record finished hands and the end of the game.  Under the lock."""
        game = table.running()
        assert table.game_id is not None
        if action not in game.legal_actions(action.seat):
            raise Refusal("error.stale_button")
        seq = len(game.decisions)
        try:
            await self.store.append_decision(table.game_id, seq, action.seat, action.to_json())
        except DecisionConflict:  # another process stored decision ``seq`` first: theirs stands
            await self.apply_stored(table)
            raise Refusal("error.stale_button") from None
        try:
            game.apply(action)
        except IllegalAction:  # cannot happen after the check above; never leave the store ahead
            log.exception("referee refused a checked action %s", action)
            raise
        self._cancel_timer(table, action.seat)
        track_prompts(table, action)
        try:
            await self._record_results(table)
        except StoreError:  # the decision stands (it is stored); the worker records the rest later
            log.warning("game %s: results not recorded yet (the database failed)", table.game_id)
            self._pause(table)

    async def _record_results(self, table: Table) -> None:
        game = table.game
        assert game is not None and table.game_id is not None
        while table.hands_recorded < len(game.hands):
            hand = game.hands[table.hands_recorded]
            result = hand["result"]
            winners = [w["seat"] for w in result["wins"]]
            lines = [w.get("yaku", []) for w in result["wins"]] or result["reason"]
            # Each write may fail (the database restarting): the exception leaves, ``hands_recorded``
            # stays, and the worker's retry records the hand again from here; each write is idempotent.
            try:
                await self.store.record_hand_result(
                    table.game_id, table.hands_recorded, round_label(hand), winners, lines, result["deltas"]
                )
            except DuplicateKey:
                log.info("hand %d of game %s was already recorded", table.hands_recorded, table.game_id)
            await self._reveal_seed(table, table.hands_recorded)
            table.events.append(("hand", hand))
            table.hands_recorded += 1
        if game.over and table.status == "running":
            await self._finish(table)

    async def _announce_hand(self, table: Table) -> None:
        """Keep the new hand's wall commitment and tell the listener (once per hand, also after a restart)."""
        game = table.game
        if game is None or table.status != "running" or game.over or table.announced_hand >= game.hand.index:
            return
        index = game.hand.index
        assert table.game_id is not None
        commitment = seed_commitment(table.seed, index)
        # Kept before it is published (a StoreError leaves and the worker retries): a published
        # commitment the store lost could never be checked.
        await self.store.record_hand_commitment(table.game_id, index, commitment)
        table.announced_hand = index
        await _told(self.listener.hand_started(table, index, commitment))

    async def _reveal_seed(self, table: Table, index: int) -> None:
        assert table.game_id is not None
        await self.store.reveal_hand_seed(  # an upsert: a retry writes the same
            table.game_id, index, seed_commitment(table.seed, index), table.hand_seed(index)
        )

    async def _finish(self, table: Table) -> None:
        game = table.game
        assert game is not None and game.final is not None and table.game_id is not None
        # The results first: a game marked finished always has them (a crash between the two commits
        # leaves a running game with results, which recovery finishes; the other order would lose them).
        # Either write may fail (the database restarting): the table stays running and the worker's
        # retry comes back here; a write that was done before is recognised.
        try:
            await self.store.record_final_results(
                table.game_id,
                [
                    FinalResult(
                        f["seat"],
                        int(table.members[f["seat"]].player_id or 0),
                        f["points"],
                        f["rank"],
                        Decimal(str(f["score"])),
                    )
                    for f in game.final
                ],
            )
        except DuplicateKey:
            log.info("the final results of game %s were already recorded", table.game_id)
        try:
            await self.store.finish_game(table.game_id, revealed_seed=table.seed)
        except StoreError:
            if (await self.store.get_game(table.game_id)).status != "finished":
                raise
        table.status = "finished"
        await self.league_hook(table)
        table.events.append(("end", None))
        self._release(table)

    async def league_hook(self, table: Table) -> None:
        """Count the game in the league bound to the channel (bot/service/league decides if it counts)."""
        assert table.game_id is not None
        try:
            from bot.service.league import record_bot_game

            await record_bot_game(self.store, table.game_id, parent_channel_id=table.parent_channel_id)
        except Exception:
            log.exception("could not record game %s in a league", table.game_id)

    def _release(self, table: Table) -> None:
        """Forget a table that ended (a later press on its buttons is answered "that game is over")."""
        self._forget(table)
        if self.cluster is not None:
            self.cluster.table_released(table)

    def _forget(self, table: Table) -> None:
        """Stop the table's timers and let go of it (it ended here, or another process runs it now)."""
        for seat in list(table.timers):
            self._cancel_timer(table, seat)
        if self.by_channel.get(table.channel_id) is table:
            del self.by_channel[table.channel_id]
        if table.game_id is not None and self.runs_here(table):
            del self.by_game[table.game_id]
        for key in [k for k in self._computers if k[0] == table.game_id]:
            close = getattr(self._computers.pop(key), "close", None)
            if close is not None:  # an outside AI's process, stopped by a thread of its own
                close(table.game, wait=False)

    # ------------------------------------------------------------------ away and timeouts
    async def back(self, game_id: int, user_id: int) -> Table:
        if game_id not in self.by_game and self.cluster is not None:
            return await self.cluster.back_remote(game_id, user_id)
        table = self.table_of_game(game_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("error.not_your_seat")
        table.running()
        async with table.lock:
            table.away.discard(seat)
            table.timeouts[seat] = 0
            table.notified.pop(seat, None)  # ask again, now as a human
        self._kick(table)
        return table

    def _cancel_timer(self, table: Table, seat: int) -> None:
        timer = table.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        table.deadlines.pop(seat, None)

    def _start_timer(self, table: Table, seat: int, seq: int) -> float:
        game = table.running()
        seconds = self.timing.claim if game.hand.phase == CLAIM else self.timing.turn
        deadline = self.scheduler.now() + seconds
        self._cancel_timer(table, seat)

        async def expire() -> None:
            await self._timeout(table, seat, seq)

        table.timers[seat] = self.scheduler.call_at(deadline, expire)
        table.deadlines[seat] = deadline
        return deadline

    async def _timeout(self, table: Table, seat: int, seq: int) -> None:
        async with table.lock:
            if table.status != "running" or table.prompts.get(seat) != seq:
                return
            game = table.running()
            table.timers.pop(seat, None)
            action = safe_default(game.legal_actions(seat), game.hand.drawn)
            try:
                await self._apply(table, action)
            except Refusal:  # a decision taken in another process came first (now applied)
                pass
            except StoreError:  # not stored: the question stays open; try again after a pause
                self._pause(table)
                self._retry_timeout(table, seat, seq)
            else:  # counted only once stored: a timeout that did not happen sends nobody away
                table.timeouts[seat] = table.timeouts.get(seat, 0) + 1
                if table.timeouts[seat] >= AFK_AFTER and seat not in table.away:
                    table.away.add(seat)
                    table.events.append(("away", seat))
                table.events.append(("closed", (seat, seq, action, "timeout")))
        self._kick(table)

    def _retry_timeout(self, table: Table, seat: int, seq: int) -> None:
        """The timeout's default could not be stored: play it again after the table's backoff."""

        async def expire() -> None:
            await self._timeout(table, seat, seq)

        table.timers[seat] = self.scheduler.call_at(self.scheduler.now() + self._backoff(table), expire)

    # ------------------------------------------------------------------ pauses (the database failing)
    def _pause(self, table: Table) -> None:
        """A write failed: the table waits (shown to its players) and its worker retries with backoff."""
        if not table.paused:
            log.warning("table of game %s paused: the database failed; retrying", table.game_id)
        table.paused = True
        table.dirty.set()

    def _backoff(self, table: Table) -> float:
        """Seconds to wait before the next retry: ``retry``, then doubling up to ``retry_max``."""
        table.backoff = min(max(table.backoff * 2, self.timing.retry), self.timing.retry_max)
        return table.backoff

    async def _resume_if_paused(self, table: Table) -> None:
        """A paused table goes on once the database answers (a StoreError leaves while it does not)."""
        if not table.paused:
            return
        await self.store.ping()
        table.paused = False
        table.backoff = 0.0
        log.info("table of game %s goes on: the database answers again", table.game_id)

    def needs_work(self, table: Table) -> bool:
        """A running table here with something left to do: a pause to end, results to record, a
        computer to move, a question not yet asked."""
        game = table.game
        if table.status != "running" or game is None or not self.runs_here(table):
            return False
        waiting = game.waiting_for()
        return (
            table.paused
            or bool(table.events)
            or table.hands_recorded < len(game.hands)
            or game.over
            or any(table.computer_plays(s) for s in waiting)
            or any(table.notified.get(s) != table.prompts.get(s) for s in waiting)
        )

    def revive(self) -> int:
        """Start the worker again of every table here that has work but no worker (a worker that ended
        while the database was down, a notice that never came); returns how many were started."""
        started = 0
        for table in list(self.by_game.values()):
            if (table.worker is None or table.worker.done()) and self.needs_work(table):
                self._kick(table)
                started += 1
        return started

    # ------------------------------------------------------------------ the worker
    def _kick(self, table: Table) -> None:
        table.dirty.set()
        if self._closed:
            # Stopping: a decision that still arrives (a press, another process's notice) is stored, and
            # whoever runs the table next goes on from the store; a worker started now would outlive us.
            return
        if table.worker is None or table.worker.done():
            table.worker = asyncio.get_running_loop().create_task(self._work(table))

    async def _work(self, table: Table) -> None:
        """Run steps while there is work.  A step that fails never ends the table: a StoreError (the
        database restarting) pauses it, any other error is logged; either way the step is tried again
        after a backoff, or as soon as something new happens (a press stored, a notice)."""
        while table.dirty.is_set():
            table.dirty.clear()
            try:
                await self._step(table)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                newly_paused = not table.paused
                if isinstance(exc, StoreError):
                    self._pause(table)
                else:
                    log.exception("table in channel %s: the worker failed; retrying", table.channel_id)
                if newly_paused and table.paused:
                    await _told(self.listener.table_changed(table))  # shows the pause at once
                if self._closed or table.status != "running":
                    return
                table.dirty.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.dirty.wait(), self._backoff(table))
                table.dirty.set()

    async def _step(self, table: Table) -> None:
        """Tell the listener what changed, then ask the humans and let the computers play."""
        await self._flush_events(table)
        async with table.lock:
            await self._resume_if_paused(table)
            await self._record_results(table)  # what a failed write left unrecorded
        await self._announce_hand(table)
        await _told(self.listener.table_changed(table))
        if table.status != "running" or table.game is None:
            return
        game = table.game
        for seat in sorted(game.waiting_for()):
            seq = table.prompts.get(seat)
            if seq is None or table.notified.get(seat) == seq:
                continue
            table.notified[seat] = seq
            if table.computer_plays(seat):
                continue
            deadline = self._start_timer(table, seat, seq)
            await _told(self.listener.prompt(table, seat, seq, deadline))
        computer = [s for s in game.waiting_for() if table.computer_plays(s)]
        if computer:
            await self.scheduler.pause(self.timing.computer)
            await self._computer_moves(table, computer)

    async def _computer_moves(self, table: Table, seats: list[int]) -> None:
        async with table.lock:
            if table.status != "running" or table.game is None:
                return
            game = table.game
            for seat in seats:
                if (
                    seat not in game.waiting_for()
                    or not table.computer_plays(seat)
                    or table.status != "running"
                ):
                    continue
                seq = table.prompts.get(seat, -1)
                player = self._computer(table, seat)
                # Off the event loop: a computer's decision may take a while (nobody changes the game
                # meanwhile: every change happens under this table's lock).
                action = await asyncio.to_thread(player.choose, game, seat)
                try:
                    await self._apply(table, action)
                except Refusal:  # another process's decision came first; the next step looks again
                    break
                if not table.members[seat].is_computer:
                    table.events.append(("closed", (seat, seq, action, "computer")))
        table.dirty.set()

    def _computer(self, table: Table, seat: int) -> Any:
        assert table.game_id is not None
        key = (table.game_id, seat)
        if key not in self._computers:
            level = table.members[seat].level
            spec = self.mjai.get(level)
            if spec is not None:
                self._computers[key] = spec.player(f"{table.seed}:{seat}")
            else:
                if level not in LEVELS:  # an outside AI no longer configured: the normal player sits in
                    log.warning(
                        "table %s seat %d: no computer %r configured; normal plays",
                        table.channel_id,
                        seat,
                        level,
                    )
                    level = "normal"
                self._computers[key] = make_player(level, f"{table.seed}:{seat}")
        return self._computers[key]

    async def _flush_events(self, table: Table) -> None:
        events, table.events = table.events, []
        for kind, data in events:
            if kind == "hand":
                await _told(self.listener.hand_ended(table, data))
            elif kind == "end":
                await _told(self.listener.game_ended(table))
            elif kind == "away":
                await _told(self.listener.seat_away(table, data))
            elif kind == "pressed":
                await _told(self.listener.pressed_elsewhere(table, data))
            elif kind == "closed":
                seat, seq, action, reason = data
                await _told(self.listener.prompt_closed(table, seat, seq, action, reason))

    async def idle(self, table: Table) -> None:
        """Wait until the table's worker has nothing left to do (tests and shutdown)."""
        while table.worker is not None and not table.worker.done():
            await asyncio.shield(table.worker)

    # ------------------------------------------------------------------ abort
    async def abort(self, channel_id: int, user_id: int, *, admin: bool = False) -> tuple[bool, int, int]:
        """The creator or an admin ends the table at once; others vote.  Returns (ended, votes, needed)."""
        table = self.by_channel.get(channel_id)
        if table is None:
            remote = await self.channel_table(channel_id)
            if remote is None or self.cluster is None:
                raise Refusal("table.error.no_table")
            return await self._abort_elsewhere(remote, user_id, admin=admin)
        humans = table.humans()
        if not (admin or user_id == table.creator_id):
            if table.seat_of(user_id) is None:
                raise Refusal("table.error.not_seated")
            table.abort_votes.add(user_id)
            if not majority(len(table.abort_votes), len(humans)):
                return False, len(table.abort_votes), len(humans) // 2 + 1
        async with table.lock:
            if table.status == "running" and table.game_id is not None:
                await self._end_in_store(table.game_id, table.seed)  # a StoreError: nothing changed
            elif table.status == "lobby":
                await self.store.delete_lobby(channel_id)
            table.status = "aborted"
            table.aborted_by = user_id
            self._release(table)
            self.by_channel.pop(channel_id, None)
        self._kick(table)
        return True, len(table.abort_votes), len(humans) // 2 + 1

    async def _abort_elsewhere(self, table: Table, user_id: int, *, admin: bool) -> tuple[bool, int, int]:
        """``abort`` for a table another process runs (a read-only copy here): the same rules; the votes
        are counted here, where the channel's commands arrive; the game ends in the store and its owner
        is told to stop it."""
        assert self.cluster is not None and table.game_id is not None
        humans = table.humans()
        votes = self._remote_votes.setdefault(table.game_id, set())
        if not (admin or user_id == table.creator_id):
            if table.seat_of(user_id) is None:
                raise Refusal("table.error.not_seated")
            votes.add(user_id)
            if not majority(len(votes), len(humans)):
                return False, len(votes), len(humans) // 2 + 1
        await self._end_in_store(table.game_id, table.seed)
        self._remote_votes.pop(table.game_id, None)
        await self.cluster.ended_here(table.game_id, user_id)
        return True, len(votes), len(humans) // 2 + 1

    async def ended_elsewhere(self, game_id: int, by: int | None) -> None:
        """Another process ended (aborted) a table this process runs: stop it and show who closed it."""
        table = self.by_game.get(game_id)
        if table is None or table.status != "running":
            return
        async with table.lock:
            table.status = "aborted"
            table.aborted_by = by
            self._release(table)
        self._kick(table)

    async def _end_in_store(self, game_id: int, seed: str) -> None:
        """Mark a running game aborted; one that has ended already (elsewhere) is left as it is."""
        try:
            await self.store.finish_game(game_id, status="aborted", revealed_seed=seed)
        except StoreError:
            if (await self.store.get_game(game_id)).status == "running":
                raise

    async def close(self) -> None:
        """Stop every worker and timer (the store keeps everything needed to resume); none starts again."""
        self._closed = True
        for table in list(self.by_game.values()) + list(self.by_channel.values()):
            for seat in list(table.timers):
                self._cancel_timer(table, seat)
            if table.worker is not None and not table.worker.done():
                table.worker.cancel()
                with contextlib.suppress(BaseException):
                    await table.worker
        closer = getattr(self.scheduler, "close", None)
        if closer is not None:
            await closer()


async def _told(call: Awaitable[None]) -> None:
    """A front end that fails to show something must not stall the table: log it and carry on."""
    try:
        await call
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the table listener failed")
