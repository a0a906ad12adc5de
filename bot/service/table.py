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
    game_options,
    round_label,
    track_prompts,
)
from bot.service.table_recovery import SEED_KEY, TableRecovery
from bot.service.timers import LoopScheduler, Scheduler
from bot.store import DecisionConflict, FinalResult, Store, StoreError

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
    "game_options",
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
        #: Several bot processes on one PostgreSQL (bot/service/cluster.py): leases, decisions taken for
        #: tables another process runs, takeovers.  None: this process runs every table it knows.
        self.cluster: ClusterHooks | None = None
        self._closed = False

    # ------------------------------------------------------------------ lobby
    def table_in(self, channel_id: int) -> Table | None:
        return self.by_channel.get(channel_id)

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

    def open(
        self,
        channel_id: int,
        guild_id: int | None,
        creator: Seat,
        rules: str,
        options: dict[str, Any] | None = None,
        *,
        parent_channel_id: int | None = None,
    ) -> Table:
        existing = self.by_channel.get(channel_id)
        if existing is not None and existing.status in ("lobby", "running"):
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
        table.members.append(creator)
        self.by_channel[channel_id] = table
        return table

    def _lobby(self, channel_id: int) -> Table:
        table = self.by_channel.get(channel_id)
        if table is None or table.status not in ("lobby", "running"):
            raise Refusal("table.error.no_table")
        if table.status != "lobby":
            raise Refusal("table.error.already_started")
        return table

    def join(self, channel_id: int, seat: Seat) -> Table:
        table = self._lobby(channel_id)
        if seat.user_id is not None and table.seat_of(seat.user_id) is not None:
            raise Refusal("table.error.already_seated")
        if len(table.members) >= table.players:
            raise Refusal("table.error.table_full")
        table.members.append(seat)
        return table

    def leave(self, channel_id: int, user_id: int) -> Table:
        table = self._lobby(channel_id)
        index = table.seat_of(user_id)
        if index is None:
            raise Refusal("table.error.not_seated")
        del table.members[index]
        if not table.humans():
            del self.by_channel[channel_id]
            table.status = "aborted"
        return table

    def computer_choices(self, rules: str) -> list[str]:
        """The computer levels a table of ``rules`` may seat: the built-in levels, then the configured
        outside AIs that play these rules."""
        return list(LEVELS) + [c for c, spec in self.mjai.items() if rules in spec.rules]

    def add_computer(self, channel_id: int, user_id: int, level: str = "normal") -> Table:
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
        table.members.append(Seat(name, None, None, level))
        return table

    async def start(self, channel_id: int, user_id: int, *, seed: str | None = None) -> Table:
        """Seat everyone (random order from the seed), store the game and deal."""
        table = self._lobby(channel_id)
        if table.seat_of(user_id) is None:
            raise Refusal("table.error.not_seated")
        if len(table.members) != table.players:
            raise Refusal("table.error.need_players", players=table.players, seated=len(table.members))
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
            options={**table.options, SEED_KEY: table.seed},
            seed_commitment=seed_commitment(table.seed, 0),
            guild_id=table.guild_id,
            channel_id=table.channel_id,
        )
        table.members = stored
        table.game = game
        table.status = "running"
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
            table.timeouts[seat] = 0
            await self._apply(table, action)
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
        await self._record_results(table)

    async def _record_results(self, table: Table) -> None:
        game = table.game
        assert game is not None and table.game_id is not None
        while table.hands_recorded < len(game.hands):
            hand = game.hands[table.hands_recorded]
            result = hand["result"]
            winners = [w["seat"] for w in result["wins"]]
            lines = [w.get("yaku", []) for w in result["wins"]] or result["reason"]
            try:
                await self.store.record_hand_result(
                    table.game_id, table.hands_recorded, round_label(hand), winners, lines, result["deltas"]
                )
            except StoreError:
                log.warning("hand %d of game %s was already recorded", table.hands_recorded, table.game_id)
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
        table.announced_hand = index = game.hand.index
        assert table.game_id is not None
        commitment = seed_commitment(table.seed, index)
        try:
            await self.store.record_hand_commitment(table.game_id, index, commitment)
        except StoreError:
            log.warning("could not keep the commitment of hand %d of game %s", index, table.game_id)
        await _told(self.listener.hand_started(table, index, commitment))

    async def _reveal_seed(self, table: Table, index: int) -> None:
        assert table.game_id is not None
        try:
            await self.store.reveal_hand_seed(
                table.game_id, index, seed_commitment(table.seed, index), table.hand_seed(index)
            )
        except StoreError:
            log.warning("could not keep the seed of hand %d of game %s", index, table.game_id)

    async def _finish(self, table: Table) -> None:
        game = table.game
        assert game is not None and game.final is not None and table.game_id is not None
        table.status = "finished"
        # The results first: a game marked finished always has them (a crash between the two commits
        # leaves a running game with results, which recovery finishes; the other order would lose them).
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
        await self.store.finish_game(table.game_id, revealed_seed=table.seed)
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
            table.timeouts[seat] = table.timeouts.get(seat, 0) + 1
            if table.timeouts[seat] >= AFK_AFTER and seat not in table.away:
                table.away.add(seat)
                table.events.append(("away", seat))
            try:
                await self._apply(table, action)
            except Refusal:  # a decision taken in another process came first (now applied)
                pass
            else:
                table.events.append(("closed", (seat, seq, action, "timeout")))
        self._kick(table)

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
        while table.dirty.is_set():
            table.dirty.clear()
            try:
                await self._step(table)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table in channel %s: the worker failed", table.channel_id)

    async def _step(self, table: Table) -> None:
        """Tell the listener what changed, then ask the humans and let the computers play."""
        await self._flush_events(table)
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
            raise Refusal("table.error.no_table")
        humans = table.humans()
        if not (admin or user_id == table.creator_id):
            if table.seat_of(user_id) is None:
                raise Refusal("table.error.not_seated")
            table.abort_votes.add(user_id)
            if not majority(len(table.abort_votes), len(humans)):
                return False, len(table.abort_votes), len(humans) // 2 + 1
        async with table.lock:
            previous = table.status
            table.status = "aborted"
            table.aborted_by = user_id
            if previous == "running" and table.game_id is not None:
                with contextlib.suppress(StoreError):
                    await self.store.finish_game(table.game_id, status="aborted", revealed_seed=table.seed)
            self._release(table)
            self.by_channel.pop(channel_id, None)
        self._kick(table)
        return True, len(table.abort_votes), len(humans) // 2 + 1

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
