"""Several bot processes on one PostgreSQL: who runs which table, decisions taken anywhere, takeovers.

The whole design (and what happens on each failure) is in docs/SCALE.md; in short:

* **Owner.** A table is run by one process, its *owner*: the one that started it (its guild's shard's
  process) or took it over.  Only the owner runs its timers, its computer seats and its table message.
  Ownership is a lease row (bot/store/leases.py) the owner renews for all its tables in one statement
  every ``lease/3`` seconds.
* **Decisions anywhere.** Discord sends DM clicks to shard 0's process, whoever owns the table.  That
  process keeps a read-only copy of the table (:meth:`Cluster.shadow`, caught up from the stored
  decisions), checks the click against it exactly as the owner would (seat, question seq, legal index),
  and appends the decision under the unique (game, seq) key.  A second writer of the same seq loses
  (DuplicateKey -> DecisionConflict or an identical row) and re-reads; so a decision is stored, and
  applied, once.  It then tells the owner with NOTIFY; the owner applies the stored decisions
  (:meth:`TableService.catch_up`), stops the answered timers, and prompts the next seat.
* **Takeover.** Every process looks for expired leases at each renewal; a live one claims them (an
  atomic upsert: one winner) and replays the game from its stored decisions.  A process that finds at
  renewal that it lost a lease (it was paused past its lease) stops running that table.

Nothing here runs on SQLite: one process needs no leases beyond the harmless rows it writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.engine import Action
from bot.metrics import REMOTE_DECISIONS, TAKEOVERS
from bot.service.refusal import Refusal
from bot.service.table_model import Table, chosen_action, track_prompts
from bot.store import DecisionConflict, NotFound, StoreError

log = logging.getLogger(__name__)

#: The NOTIFY channel every process listens on.
CHANNEL = "mahjong_tables"
#: Read-only copies kept for tables other processes own (the most recently used).
SHADOW_LIMIT = 2000


class ClusterService(Protocol):
    """What the cluster calls on its process's table service (bot/service/table.py's TableService), so
    that nothing under bot/service imports this module but the bot that builds the cluster."""

    @property
    def store(self) -> Any: ...

    @property
    def by_game(self) -> dict[int, Table]: ...

    def runs_here(self, table: Table) -> bool: ...

    async def replay(self, stored: Any) -> Table: ...

    async def adopt(self, stored: Any, prepare: Callable[[Table], Awaitable[Any]] | None = None) -> Table: ...

    async def apply_stored(self, table: Table, *, owner: bool = True) -> int: ...

    async def catch_up(self, table: Table) -> None: ...

    async def back(self, game_id: int, user_id: int) -> Table: ...

    async def drop(self, table: Table) -> None: ...

    def revive(self) -> int: ...

    async def ended_elsewhere(self, game_id: int, by: int | None) -> None: ...


def node_name() -> str:
    """A name unique to this process run: host, pid and a random part (a restart is a new owner)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Cluster:
    """One per process; ``await start()`` after the table service exists, ``await close()`` before it."""

    def __init__(
        self,
        service: ClusterService,
        *,
        lease_seconds: float = 15.0,
        node: str | None = None,
        clock: Callable[[], float] = time.time,
        on_adopted: Callable[[Table], Any] | None = None,
        runs_guild: Callable[[int | None], bool] = lambda _guild: True,
    ) -> None:
        self.service = service
        self.store: Any = service.store
        self.node = node or node_name()
        self.lease_seconds = lease_seconds
        self.clock = clock
        #: Called with each table taken over from a dead process (the front end sets up its view).
        self.on_adopted = on_adopted
        #: Whether this process runs a guild's shard (the bot's ``runs_guild``).
        self.runs_guild = runs_guild
        self._shadows: dict[int, Table] = {}
        self._messages: dict[int, int] = {}  # game -> table message id already stored with the lease
        self._listener: Any = None
        self._loop_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.takeovers = 0
        self.remote_decisions = 0

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        if getattr(self.store.db, "dialect", "") != "postgresql":
            raise StoreError("shards across processes need a PostgreSQL database (a postgresql:// URL)")
        await self._listen()
        self._loop_task = asyncio.get_running_loop().create_task(self._keep_leases(), name="cluster-leases")

    async def close(self) -> None:
        """A clean stop: our leases expire now so a peer takes our tables over at its next look."""
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(BaseException):
                await self._loop_task
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(StoreError):
            await self.store.expire_leases(self.node)
        if self._listener is not None:
            await self._listener.close()

    def _ms(self, seconds_ahead: float = 0.0) -> int:
        return int((self.clock() + seconds_ahead) * 1000)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ leases
    async def claim(self, game_id: int) -> bool:
        """Take the lease of ``game_id`` if it is free, expired or already ours."""
        return bool(
            await self.store.claim_table(game_id, self.node, self._ms(), self._ms(self.lease_seconds))
        )

    async def claim_at_start(self, stored: Any) -> bool:
        """At start-up: a running game with an expired lease, or with none if its guild is ours (a game
        with no lease row is being started right now by its guild's process, or predates leases)."""
        if await self.store.lease_of(stored.id) is None and not self.runs_guild(stored.guild_id):
            return False
        return await self.claim(stored.id)

    async def table_started(self, table: Table) -> None:
        assert table.game_id is not None
        if not await self.claim(table.game_id):  # a brand-new game id: nobody else can hold it
            raise StoreError(f"game {table.game_id} is already run by another process")

    def table_released(self, table: Table) -> None:
        if table.game_id is not None:
            self._spawn(self._release(table.game_id))

    async def _release(self, game_id: int) -> None:
        self._messages.pop(game_id, None)
        try:
            await self.store.release_table(game_id, self.node)
        except StoreError:
            log.warning("could not release the lease of game %s", game_id, exc_info=True)

    async def remember_message(self, game_id: int, message_id: int) -> None:
        if self._messages.get(game_id) != message_id:
            await self.store.set_table_message(game_id, self.node, message_id)
            self._messages[game_id] = message_id

    async def stored_message(self, game_id: int) -> int | None:
        lease = await self.store.lease_of(game_id)
        if lease is None or lease.message_id is None:
            return None
        self._messages[game_id] = lease.message_id
        return int(lease.message_id)

    async def _keep_leases(self) -> None:
        """Renew ours, drop what we lost, take over what others stopped renewing; forever."""
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except StoreError as exc:  # the database restarting or unreachable: one line, no traceback
                log.warning("cluster: lease round failed (retrying): %s", exc)
            except Exception:
                log.exception("cluster: lease round failed (retrying)")
            await asyncio.sleep(self.lease_seconds / 3)

    async def tick(self) -> None:
        """One round (the loop's body; tests call it directly)."""
        # Tables registered before the renewal: each claimed its lease before it was registered.
        running = list(self.service.by_game.items())
        held = await self.store.renew_leases(self.node, self._ms(self.lease_seconds))
        ended = await self.store.ended_among([game_id for game_id, _ in running]) if running else set()
        for game_id, table in running:
            if game_id in ended:  # aborted in another process (its notice may have been lost)
                await self.service.ended_elsewhere(game_id, None)
            elif game_id not in held and table.status == "running" and self.service.runs_here(table):
                log.warning("cluster: game %s was taken over by another process; stopping it here", game_id)
                await self.service.drop(table)
        if self._listener is None or not self._listener.alive:
            await self._listen()
            for table in list(self.service.by_game.values()):  # notifications may have been missed
                await self.service.catch_up(table)
        self.service.revive()  # a table whose worker ended with work left (the database was down)
        await self.take_over_expired()

    async def take_over_expired(self) -> list[Table]:
        adopted = []
        for lease in await self.store.expired_leases(self._ms()):
            if lease.game_id in self.service.by_game or not await self.claim(lease.game_id):
                continue
            try:
                table = await self.service.adopt(await self.store.get_game(lease.game_id), self._prepare)
            except Exception:
                log.exception("cluster: could not take over game %s", lease.game_id)
                continue
            self._shadows.pop(lease.game_id, None)
            self.takeovers += 1
            TAKEOVERS.inc()
            log.info("cluster: took over game %s from %s", lease.game_id, lease.owner)
            adopted.append(table)
        return adopted

    async def _prepare(self, table: Table) -> None:
        if self.on_adopted is not None:
            try:
                await self.on_adopted(table)
            except Exception:  # the table runs anyway: only its presentation may be off
                log.exception("cluster: the front end could not prepare game %s", table.game_id)

    # ------------------------------------------------------------------ messages between processes
    async def _listen(self) -> None:
        if self._listener is not None:
            await self._listener.close()
        loop = asyncio.get_running_loop()

        def received(payload: str) -> None:
            loop.call_soon_threadsafe(self._spawn, self._on_message(payload))

        self._listener = await self.store.db.listen(CHANNEL, received)

    async def _tell(self, message: dict[str, Any]) -> None:
        await self.store.db.notify(CHANNEL, json.dumps(message | {"from": self.node}))

    async def _on_message(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            game_id = int(message["game"])
        except (ValueError, KeyError, TypeError):
            log.warning("cluster: unreadable message %r", payload[:200])
            return
        if message.get("from") == self.node:
            return
        table = self.service.by_game.get(game_id)
        if table is None:
            self._shadows.pop(game_id, None)  # our copy, if any, is behind: rebuild on next use
            return
        if message.get("kind") == "back":
            await self.service.back(game_id, int(message["user"]))
        elif message.get("kind") == "ended":
            await self.service.ended_elsewhere(game_id, message.get("by"))
        else:
            await self.service.catch_up(table)

    # ------------------------------------------------------------------ tables run elsewhere
    async def shadow(self, game_id: int) -> Table | None:
        """A read-only copy of a running table another process owns, caught up with the store."""
        table = self._shadows.get(game_id)
        try:
            if table is None:
                stored = await self.store.get_game(game_id)
                if stored.status != "running":
                    return None
                table = await self.service.replay(stored)
                if len(self._shadows) >= SHADOW_LIMIT:
                    self._shadows.pop(next(iter(self._shadows)))
                self._shadows[game_id] = table
            else:
                async with table.lock:
                    await self.service.apply_stored(table, owner=False)
        except NotFound:
            return None
        if table.game is not None and table.game.over:
            table.status = "finished"
        return table

    async def decide_remote(self, game_id: int, user_id: int, seq: int, index: int) -> Action:
        """A click for a table another process runs: checked here, stored once, the owner told."""
        table = await self.shadow(game_id)
        if table is None:
            raise Refusal("table.error.no_such_game")
        async with table.lock:
            seat, action = chosen_action(table, user_id, seq, index)
            game = table.running()
            number = len(game.decisions)
            try:
                await self.store.append_decision(game_id, number, seat, action.to_json())
            except DecisionConflict:  # another writer took decision ``number`` first
                await self.service.apply_stored(table, owner=False)
                raise Refusal("error.stale_button") from None
            except StoreError:  # the game ended meanwhile, or the database failed: not taken
                if (await self.store.get_game(game_id)).status != "running":
                    self._shadows.pop(game_id, None)
                    raise Refusal("table.error.not_running") from None
                raise  # the database failed: answered "paused, press again"
            game.apply(action)
            track_prompts(table, action)
        self.remote_decisions += 1
        REMOTE_DECISIONS.inc()
        await self._tell({"game": game_id, "kind": "decision", "seq": number})
        return action

    async def ended_here(self, game_id: int, by: int) -> None:
        """We ended (aborted) a table another process runs, in the store: its owner stops it now (or at
        its next lease round, should this notice be lost)."""
        self._shadows.pop(game_id, None)
        await self._tell({"game": game_id, "kind": "ended", "by": by})

    async def back_remote(self, game_id: int, user_id: int) -> Table:
        """ "I'm back" for a table another process runs: checked here, done by the owner."""
        table = await self.shadow(game_id)
        if table is None:
            raise Refusal("table.error.no_such_game")
        if table.seat_of(user_id) is None:
            raise Refusal("error.not_your_seat")
        table.running()
        await self._tell({"game": game_id, "kind": "back", "user": user_id})
        return table
