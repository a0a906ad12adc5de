"""League nights (migration 0005): what a night's draw is made from, the rounds as drawn, how far it got.

Every change is one conditional statement, so two bot processes (or two clicks) never both apply it:
``advance_night`` moves from the round the caller saw, ``redraw_night`` replaces the version the caller
read, ``end_night`` ends a night still open; each returns whether it did.  A second night of the same
number (two starts at once) is refused by the table's unique key (``DuplicateKey``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.database import Database, Row
from bot.store.errors import NotFound
from bot.store.jsoncol import dumps, loads

_COLUMNS = (
    "id, league_id, season_id, number, channel_id, created_by, seed, plan_json, draw_json, posted_round, "
    "version, started_at, ended_at"
)


@dataclass(frozen=True)
class LeagueNight:
    id: int
    league_id: int
    season_id: int
    number: int  # the league's first, second ... night
    channel_id: int | None
    created_by: int | None
    seed: str
    plan: dict[str, Any]  # players, rounds, table size, sanma tables, who left after which round
    draw: list[dict[str, Any]]  # per round: {"tables": [[player id, ...] East first], "byes": [...]}
    posted_round: int  # rounds posted so far
    version: int
    started_at: str
    ended_at: str | None

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


def _night(row: Row) -> LeagueNight:
    return LeagueNight(
        row["id"],
        row["league_id"],
        row["season_id"],
        row["number"],
        row["channel_id"],
        row["created_by"],
        row["seed"],
        loads(row["plan_json"]),
        loads(row["draw_json"]),
        row["posted_round"],
        row["version"],
        row["started_at"],
        row["ended_at"],
    )


class NightStore:
    """Mixed into :class:`bot.store.Store`."""

    db: Database

    async def create_night(
        self,
        league_id: int,
        season_id: int,
        *,
        seed: str,
        plan: dict[str, Any],
        draw: list[dict[str, Any]],
        channel_id: int | None = None,
        created_by: int | None = None,
        posted_round: int = 1,
    ) -> LeagueNight:
        """The league's next night, its first ``posted_round`` rounds counted as posted."""
        async with self.db.transaction():
            night_id = await self.db.insert_returning_id(
                "INSERT INTO league_nights (league_id, season_id, number, channel_id, created_by, seed, "
                "plan_json, draw_json, posted_round, version, started_at) VALUES (?, ?, "
                "(SELECT COALESCE(MAX(number), 0) + 1 FROM league_nights WHERE league_id = ?), "
                "?, ?, ?, ?, ?, ?, 1, ?) RETURNING id",
                (
                    league_id,
                    season_id,
                    league_id,
                    channel_id,
                    created_by,
                    seed,
                    dumps(plan),
                    dumps(draw),
                    posted_round,
                    self.db.now(),
                ),
            )
        return await self.get_night(night_id)

    async def get_night(self, night_id: int) -> LeagueNight:
        row = await self.db.fetch_one(f"SELECT {_COLUMNS} FROM league_nights WHERE id = ?", (night_id,))
        if row is None:
            raise NotFound(f"no league night {night_id}")
        return _night(row)

    async def league_nights(self, league_id: int) -> list[LeagueNight]:
        """The league's nights, latest first."""
        rows = await self.db.fetch_all(
            f"SELECT {_COLUMNS} FROM league_nights WHERE league_id = ? ORDER BY number DESC", (league_id,)
        )
        return [_night(row) for row in rows]

    async def open_night(self, league_id: int) -> LeagueNight | None:
        row = await self.db.fetch_one(
            f"SELECT {_COLUMNS} FROM league_nights WHERE league_id = ? AND ended_at IS NULL "
            "ORDER BY number DESC LIMIT 1",
            (league_id,),
        )
        return None if row is None else _night(row)

    async def advance_night(self, night_id: int, seen_round: int) -> bool:
        """Count the round after ``seen_round`` as posted, unless someone else already did."""
        async with self.db.transaction():
            changed = await self.db.execute(
                "UPDATE league_nights SET posted_round = posted_round + 1 "
                "WHERE id = ? AND posted_round = ? AND ended_at IS NULL",
                (night_id, seen_round),
            )
        return changed == 1

    async def redraw_night(
        self, night_id: int, seen_version: int, plan: dict[str, Any], draw: list[dict[str, Any]]
    ) -> bool:
        """Replace the plan and the draw read at ``seen_version`` (a player left); False when they changed."""
        async with self.db.transaction():
            changed = await self.db.execute(
                "UPDATE league_nights SET plan_json = ?, draw_json = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND ended_at IS NULL",
                (dumps(plan), dumps(draw), night_id, seen_version),
            )
        return changed == 1

    async def end_night(self, night_id: int) -> bool:
        async with self.db.transaction():
            changed = await self.db.execute(
                "UPDATE league_nights SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (self.db.now(), night_id),
            )
        return changed == 1
