"""Tables rebuilt from the store: after a restart, on a takeover, and as read-only copies of tables
another process runs (bot/service/cluster.py).  Mixed into :class:`bot.service.table.TableService`.

A table is its stored game replayed: the same decisions give the same state and the same question
numbers (``prompts``), so a copy elsewhere checks a press exactly as the owner would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot.engine import Action, Game
from bot.service.refusal import Refusal
from bot.service.seats import Seat, computer_level
from bot.service.table_model import ClusterHooks, Table, track_prompts
from bot.store import StoredLobby, StoreError
from bot.store.gamekeys import CREATOR_KEY, SEED_KEY, rule_options

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

__all__ = ["SEED_KEY", "TableRecovery"]


def stored_lobby(table: Table, members: list[Seat]) -> StoredLobby:
    """What the store keeps of a lobby with ``members`` (:meth:`TableRecovery.restore` rebuilds it)."""
    return StoredLobby(
        table.channel_id,
        table.guild_id,
        table.parent_channel_id,
        table.creator_id,
        table.rules,
        table.options,
        [{"name": s.name, "user_id": s.user_id, "level": s.level} for s in members],
        table.lobby_message,
    )


class TableRecovery:
    """What TableService offers for rebuilding tables; the attributes below are TableService's."""

    store: Store
    by_game: dict[int, Table]
    by_channel: dict[int, Table]
    cluster: ClusterHooks | None

    def _cancel_timer(self, table: Table, seat: int) -> None: ...
    async def _record_results(self, table: Table) -> None: ...
    def _kick(self, table: Table) -> None: ...
    def _forget(self, table: Table) -> None: ...
    def _pause(self, table: Table) -> None: ...
    def needs_work(self, table: Table) -> bool:
        raise NotImplementedError

    def runs_here(self, table: Table) -> bool:
        """This process runs ``table``: not a read-only copy of a table another process owns, nor a table
        it has let go (ended, or taken over elsewhere)."""
        return table.game_id is not None and self.by_game.get(table.game_id) is table

    # ------------------------------------------------------------------ restart
    async def restore(self) -> list[Table]:
        """Rebuild every running game of the store by replaying its decisions, and every open lobby;
        returns the tables.

        In a cluster only the games this process may run (free or expired leases) are taken, and the
        lobbies of the guilds it runs (their commands arrive here).
        """
        restored = await self._restore_games()
        return restored + await self._restore_lobbies()

    async def _restore_lobbies(self) -> list[Table]:
        lobbies = []
        for stored in await self.store.open_lobbies():
            if self.cluster is not None and not self.cluster.runs_guild(stored.guild_id):
                continue
            if stored.channel_id in self.by_channel:
                continue
            if await self.store.running_game_in_channel(stored.channel_id) is not None:
                # its game was stored but the bot stopped before the lobby was deleted
                await self.store.delete_lobby(stored.channel_id)
                continue
            members = [
                Seat(m["name"], m.get("user_id"), None, m.get("level") or "normal") for m in stored.members
            ]
            table = Table(
                stored.channel_id,
                stored.guild_id,
                stored.parent_channel_id,
                stored.creator_id,
                stored.rule_set,
                stored.options,
                members,
            )
            table.lobby_message = stored.message_id
            self.by_channel[table.channel_id] = table
            lobbies.append(table)
        return lobbies

    async def _restore_games(self) -> list[Table]:
        restored = []
        for stored in await self.store.unfinished_games():
            if stored.id in self.by_game or not isinstance(stored.options.get(SEED_KEY), str):
                continue
            if stored.channel_id is None:
                continue  # not a table game (e.g. a simulation)
            if self.cluster is not None and not await self.cluster.claim_at_start(stored):
                continue
            try:
                table = await self.adopt(stored)
            except Exception:
                log.exception("could not restore game %s", stored.id)
                continue
            restored.append(table)
        return restored

    async def replay(self, stored: Any) -> Table:
        """A running table rebuilt from a stored game and its decisions (registered nowhere, no I/O but
        reading the store): what a restart, a takeover and a read-only copy all start from."""
        seed = stored.options.get(SEED_KEY)
        if not isinstance(seed, str) or stored.channel_id is None:
            raise Refusal("table.error.no_such_game")
        options = rule_options(stored.options)
        members = []
        for pid in stored.seats:
            player = await self.store.get_player(pid)
            if player.discord_id is None:
                level = computer_level(player.local_key or "ai:normal:0")
                members.append(Seat(player.display_name, None, player.id, level))
            else:
                members.append(Seat(player.display_name, player.discord_id, player.id))
        table = Table(stored.channel_id, stored.guild_id, None, 0, stored.rule_set, options, members)
        table.seed = seed
        table.game_id = stored.id
        table.game = Game(stored.rule_set, options, seed)
        table.status = "running"
        track_prompts(table, None)
        creator = stored.options.get(CREATOR_KEY)  # kept since issue 34; before, the first human
        if not isinstance(creator, int):
            creator = next((s.user_id for s in members if s.user_id is not None), 0)
        table.creator_id = int(creator or 0)
        await self.apply_stored(table, owner=False)
        return table

    async def adopt(self, stored: Any, prepare: Callable[[Table], Awaitable[Any]] | None = None) -> Table:
        """Run a stored game here (after a restart or a takeover): replay it, then carry on.

        ``prepare`` runs before the table is registered and its worker starts (the front end's view of a
        taken-over table: its language, its table message), so nothing is shown before it.
        """
        table = await self.replay(stored)
        if prepare is not None:
            await prepare(table)
        existing = self.by_game.get(stored.id)
        if existing is not None:  # adopted meanwhile (start-up restore and a lease round at once)
            return existing
        table.hands_recorded = len(await self.store.load_hand_results(stored.id))
        announced = [index for index, _, _ in await self.store.hand_walls(stored.id)]
        table.announced_hand = max(announced, default=-1)  # its commitment was published already
        self.by_game[stored.id] = table
        self.by_channel[table.channel_id] = table
        try:
            await self._record_results(table)
        except StoreError:  # the database failed meanwhile: the worker records them when it answers
            self._pause(table)
        if table.status == "running":
            self._kick(table)
        return table

    async def apply_stored(self, table: Table, *, owner: bool = True) -> int:
        """Apply the decisions stored after the table's own (taken by another process); returns how many.

        ``owner``: this process runs the table, so timers of answered questions stop and results are
        recorded; a read-only copy (``owner=False``) only follows the game.
        """
        game = table.game
        assert game is not None and table.game_id is not None
        fresh = await self.store.load_decisions(table.game_id, after=len(game.decisions) - 1)
        for decision in fresh:
            if decision.seq != len(game.decisions):
                raise StoreError(f"game {table.game_id}: stored decision {decision.seq} is out of order")
            action = Action.from_json(decision.action)
            game.apply(action)
            if owner:
                self._cancel_timer(table, action.seat)
                table.timeouts[action.seat] = 0  # a player's press in another process: answered in time
                table.events.append(("pressed", action.seat))
            track_prompts(table, action)
        if owner and fresh:
            await self._record_results(table)
        return len(fresh)

    async def catch_up(self, table: Table) -> None:
        """Another process stored decisions for this table: apply them, then prompt and play on.

        Also the way back after a lost connection: a table with work left (a pause, a computer to move)
        is started again even when nothing new was stored."""
        async with table.lock:
            if table.status != "running" or not self.runs_here(table):
                return
            try:
                applied = await self.apply_stored(table)
            except StoreError:
                self._pause(table)
                applied = 0
        if applied or self.needs_work(table):
            self._kick(table)

    async def remember_table_message(self, table: Table, message_id: int) -> None:
        """Keep the channel message showing the table with its lease (once per table and message)."""
        if self.cluster is not None and table.game_id is not None:
            await self.cluster.remember_message(table.game_id, message_id)

    async def stored_table_message(self, table: Table) -> int | None:
        """The table message the table's previous owner posted, if known."""
        if self.cluster is None or table.game_id is None:
            return None
        return await self.cluster.stored_message(table.game_id)

    async def drop(self, table: Table) -> None:
        """Stop running a table another process has taken over (its lease was lost): no writes, no end."""
        if (
            table.worker is not None
            and table.worker is not asyncio.current_task()
            and not table.worker.done()
        ):
            table.worker.cancel()
            with contextlib.suppress(BaseException):
                await table.worker
        self._forget(table)
