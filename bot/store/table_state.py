"""What a table front end keeps with a game: its messages (to edit them after a restart) and each hand's
wall commitment and revealed seed (fairness: anyone can rebuild the wall and check it)."""

from __future__ import annotations

from typing import Any

from bot.store.database import Database
from bot.store.jsoncol import dumps, loads


class TableStateStore:
    """Mixed into :class:`bot.store.Store`."""

    db: Database

    async def save_presentation(self, game_id: int, name: str, value: Any) -> None:
        """Keep (or replace) one named piece of a game's presentation, e.g. ``table`` -> message ids."""
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO game_presentation (game_id, name, value_json) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, name) DO UPDATE SET value_json = excluded.value_json",
                (game_id, name, dumps(value)),
            )

    async def load_presentation(self, game_id: int) -> dict[str, Any]:
        rows = await self.db.fetch_all(
            "SELECT name, value_json FROM game_presentation WHERE game_id = ? ORDER BY name", (game_id,)
        )
        return {row["name"]: loads(row["value_json"]) for row in rows}

    async def record_hand_commitment(self, game_id: int, hand_index: int, commitment: str) -> None:
        """The commitment published at the hand's start (written once; a replay writes the same)."""
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO hand_walls (game_id, hand_index, commitment) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, hand_index) DO NOTHING",
                (game_id, hand_index, commitment),
            )

    async def reveal_hand_seed(self, game_id: int, hand_index: int, commitment: str, seed: str) -> None:
        """The hand's seed, revealed with its result."""
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO hand_walls (game_id, hand_index, commitment, seed) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, hand_index) DO UPDATE SET seed = excluded.seed",
                (game_id, hand_index, commitment, seed),
            )

    async def hand_walls(self, game_id: int) -> list[tuple[int, str, str | None]]:
        """(hand index, commitment, seed or None while the hand runs), by hand."""
        rows = await self.db.fetch_all(
            "SELECT hand_index, commitment, seed FROM hand_walls WHERE game_id = ? ORDER BY hand_index",
            (game_id,),
        )
        return [(row["hand_index"], row["commitment"], row["seed"]) for row in rows]
