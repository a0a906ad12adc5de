"""Table leases: which bot process runs each running table (bot/service/cluster.py, docs/SCALE.md).

Times are integers of milliseconds since the epoch, given by the caller (the cluster's clock), so the
same SQL runs on both backends and tests can move time.  A claim is one atomic upsert: it succeeds when
there is no lease, the lease has expired, or the claimant already holds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database


@dataclass(frozen=True)
class Lease:
    game_id: int
    owner: str
    expires_ms: int
    message_id: int | None


class LeaseStore:
    """The lease half of the repository (mixed into :class:`bot.store.Store`)."""

    db: Database

    async def claim_table(self, game_id: int, owner: str, now_ms: int, until_ms: int) -> bool:
        """Take the lease of ``game_id`` until ``until_ms`` if it is free, expired at ``now_ms``, or ours."""
        changed = await self.db.run(
            "INSERT INTO table_leases (game_id, owner, expires_ms) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_ms = excluded.expires_ms "
            "WHERE table_leases.expires_ms < ? OR table_leases.owner = excluded.owner",
            (game_id, owner, until_ms, now_ms),
        )
        return changed == 1

    async def renew_leases(self, owner: str, until_ms: int) -> set[int]:
        """Extend every lease ``owner`` still holds; returns their games (a missing one was taken over)."""
        rows = await self.db.fetch_all(
            "UPDATE table_leases SET expires_ms = ? WHERE owner = ? RETURNING game_id", (until_ms, owner)
        )
        return {int(r[0]) for r in rows}

    async def expired_leases(self, now_ms: int, *, limit: int = 500) -> list[Lease]:
        """Leases of running games that nobody renewed in time, oldest game first."""
        rows = await self.db.fetch_all(
            "SELECT l.game_id, l.owner, l.expires_ms, l.message_id FROM table_leases l "
            "JOIN games g ON g.id = l.game_id WHERE l.expires_ms < ? AND g.status = 'running' "
            "ORDER BY l.game_id LIMIT ?",
            (now_ms, limit),
        )
        return [Lease(r[0], r[1], r[2], r[3]) for r in rows]

    async def lease_of(self, game_id: int) -> Lease | None:
        row = await self.db.fetch_one(
            "SELECT game_id, owner, expires_ms, message_id FROM table_leases WHERE game_id = ?", (game_id,)
        )
        return None if row is None else Lease(row[0], row[1], row[2], row[3])

    async def set_table_message(self, game_id: int, owner: str, message_id: int) -> None:
        await self.db.run(
            "UPDATE table_leases SET message_id = ? WHERE game_id = ? AND owner = ?",
            (message_id, game_id, owner),
        )

    async def release_table(self, game_id: int, owner: str) -> None:
        """The game ended (or was aborted) on its owner: its lease goes."""
        await self.db.run("DELETE FROM table_leases WHERE game_id = ? AND owner = ?", (game_id, owner))

    async def expire_leases(self, owner: str) -> int:
        """A clean shutdown: every lease of ``owner`` expires now, so a peer takes over at its next look."""
        return await self.db.run("UPDATE table_leases SET expires_ms = 0 WHERE owner = ?", (owner,))
