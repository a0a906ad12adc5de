"""Open lobbies (migration 0006): a lobby nobody has started yet survives a restart like a game does.

The service (bot/service/table.py) writes a lobby's whole state on every change, before the change is
acknowledged, and deletes it when the lobby starts or empties; :meth:`LobbyStore.open_lobbies` gives them
back after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.database import Database
from bot.store.jsoncol import dumps, loads


@dataclass(frozen=True)
class StoredLobby:
    channel_id: int
    guild_id: int | None
    parent_channel_id: int | None
    creator_id: int
    rule_set: str
    options: dict[str, Any]
    #: The seats in lobby order: {"name": str, "user_id": int | None, "level": str | None}.
    members: list[dict[str, Any]]
    message_id: int | None


_COLUMNS = (
    "channel_id, guild_id, parent_channel_id, creator_id, rule_set, options_json, members_json, message_id"
)


class LobbyStore:
    """Mixed into :class:`bot.store.Store`."""

    db: Database

    async def save_lobby(self, lobby: StoredLobby) -> None:
        """Keep (or replace) the lobby of ``lobby.channel_id``; a known message id is kept when the new
        state has none."""
        await self.db.run(
            f"INSERT INTO lobbies ({_COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id, "
            "parent_channel_id = excluded.parent_channel_id, creator_id = excluded.creator_id, "
            "rule_set = excluded.rule_set, options_json = excluded.options_json, "
            "members_json = excluded.members_json, "
            "message_id = COALESCE(excluded.message_id, lobbies.message_id), "
            "updated_at = excluded.updated_at",
            (
                lobby.channel_id,
                lobby.guild_id,
                lobby.parent_channel_id,
                lobby.creator_id,
                lobby.rule_set,
                dumps(lobby.options),
                dumps(lobby.members),
                lobby.message_id,
                self.db.now(),
            ),
        )

    async def set_lobby_message(self, channel_id: int, message_id: int) -> None:
        await self.db.run("UPDATE lobbies SET message_id = ? WHERE channel_id = ?", (message_id, channel_id))

    async def delete_lobby(self, channel_id: int) -> None:
        await self.db.run("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))

    async def open_lobbies(self) -> list[StoredLobby]:
        rows = await self.db.fetch_all(f"SELECT {_COLUMNS} FROM lobbies ORDER BY channel_id")
        return [
            StoredLobby(
                int(row["channel_id"]),
                None if row["guild_id"] is None else int(row["guild_id"]),
                None if row["parent_channel_id"] is None else int(row["parent_channel_id"]),
                int(row["creator_id"]),
                row["rule_set"],
                loads(row["options_json"]),
                loads(row["members_json"]),
                None if row["message_id"] is None else int(row["message_id"]),
            )
            for row in rows
        ]
