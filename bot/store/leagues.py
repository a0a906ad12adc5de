"""Leagues, seasons, members and guests, with an audit trail; league games are in league_games.py.

Every change an admin makes (settings, admin role, seasons, guests linked to members) and every change
to a league game writes an ``audit_log`` row with the before/after JSON.

Guests: a player recorded by name who is not on Discord is a ``players`` row with the local key
``guest:<league id>:<name, case folded>`` and a member of that league.  ``merge_guest`` links a guest to
a member: the guest's games in the league become the member's (refused when both played one game) and
the guest's membership points at the member (``merged_into``), so the guest's name finds the member.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.database import Database, Row
from bot.store.errors import NotFound, StoreError
from bot.store.jsoncol import dumps, loads
from bot.store.league_games import LeagueGameStore
from bot.store.records import League, LeagueMember, Player, Season

GUEST_PREFIX = "guest"


def _league(row: Row) -> League:
    return League(
        row["id"],
        row["guild_id"],
        row["name"],
        row["rule_set"],
        loads(row["settings_json"]),
        row["admin_role_id"],
        row["created_at"],
    )


def _season(row: Row) -> Season:
    return Season(
        row["id"],
        row["league_id"],
        row["number"],
        row["started_at"],
        row["ended_at"],
        loads(row["settings_json"]),
    )


def _player(row: Row) -> Player:
    return Player(row["id"], row["discord_id"], row["local_key"], row["display_name"])


def guest_key(league_id: int, name: str) -> str:
    """The local key of a league's guest: case and surrounding spaces do not make another guest."""
    return f"{GUEST_PREFIX}:{league_id}:{' '.join(name.split()).casefold()}"


class LeagueStore(LeagueGameStore):
    """The league half of the repository (mixed into :class:`bot.store.Store`)."""

    db: Database

    # ------------------------------------------------------------------ leagues
    async def create_league(
        self,
        guild_id: int,
        name: str,
        rule_set: str,
        settings: dict[str, Any] | None = None,
        *,
        admin_role_id: int | None = None,
        actor_id: int | None = None,
    ) -> League:
        if not name.strip():
            raise StoreError("a league needs a name")
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO guilds (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,)
            )
            # Made unless the name is taken, in one statement: two at once cannot both pass a check.
            made = await self.db.fetch_one(
                "INSERT INTO leagues (guild_id, name, rule_set, settings_json, admin_role_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, name) DO NOTHING RETURNING id",
                (guild_id, name, rule_set, dumps(settings or {}), admin_role_id, self.db.now()),
            )
            if made is None:
                raise StoreError(f"this server already has a league named {name!r}")
            league_id = int(made[0])
            await self._audit(league_id, actor_id, "create", "league", league_id, None, settings or {})
        return await self.get_league(league_id)

    async def get_league(self, league_id: int) -> League:
        row = await self.db.fetch_one("SELECT * FROM leagues WHERE id = ?", (league_id,))
        if row is None:
            raise NotFound(f"no league with id {league_id}")
        return _league(row)

    async def guild_leagues(self, guild_id: int) -> list[League]:
        rows = await self.db.fetch_all("SELECT * FROM leagues WHERE guild_id = ? ORDER BY name", (guild_id,))
        return [_league(r) for r in rows]

    async def all_leagues(self) -> list[League]:
        """Every league of every server, by id (for the command line)."""
        rows = await self.db.fetch_all("SELECT * FROM leagues ORDER BY id")
        return [_league(r) for r in rows]

    async def update_league_settings(
        self,
        league_id: int,
        settings: dict[str, Any],
        *,
        actor_id: int | None = None,
        reason: str | None = None,
    ) -> League:
        async with self.db.transaction():
            before = await self.get_league(league_id)
            await self.db.execute(
                "UPDATE leagues SET settings_json = ? WHERE id = ?", (dumps(settings), league_id)
            )
            await self._audit(
                league_id, actor_id, "settings", "league", league_id, before.settings, settings, reason
            )
        return await self.get_league(league_id)

    async def set_league_admin_role(
        self, league_id: int, role_id: int | None, *, actor_id: int | None = None
    ) -> League:
        """The Discord role whose members administer the league (None: only Manage Server); audited."""
        async with self.db.transaction():
            before = await self.get_league(league_id)
            await self.db.execute("UPDATE leagues SET admin_role_id = ? WHERE id = ?", (role_id, league_id))
            await self._audit(
                league_id,
                actor_id,
                "admin_role",
                "league",
                league_id,
                {"admin_role_id": before.admin_role_id},
                {"admin_role_id": role_id},
            )
        return await self.get_league(league_id)

    # ------------------------------------------------------------------ seasons
    async def start_season(self, league_id: int, *, actor_id: int | None = None) -> Season:
        """Open the next season (number 1, 2, ...); refused while one is still open."""
        async with self.db.transaction():
            await self.get_league(league_id)
            if await self._open_season_row(league_id) is not None:
                raise StoreError("the current season is still open; end it first")
            last = await self.db.fetch_one(
                "SELECT MAX(number) FROM seasons WHERE league_id = ?", (league_id,)
            )
            number = 1 if last is None or last[0] is None else int(last[0]) + 1
            season_id = await self.db.insert_returning_id(
                "INSERT INTO seasons (league_id, number, started_at) VALUES (?, ?, ?) RETURNING id",
                (league_id, number, self.db.now()),
            )
            await self._audit(league_id, actor_id, "start", "season", season_id, None, {"number": number})
        return await self.get_season(season_id)

    async def end_season(
        self, league_id: int, *, actor_id: int | None = None, settings: dict[str, Any] | None = None
    ) -> Season:
        """Close the open season; ``settings`` (the league's, complete) are frozen with it: the archive."""
        async with self.db.transaction():
            row = await self._open_season_row(league_id)
            if row is None:
                raise StoreError("there is no open season to end")
            await self.db.execute(
                "UPDATE seasons SET ended_at = ?, settings_json = ? WHERE id = ?",
                (self.db.now(), None if settings is None else dumps(settings), row["id"]),
            )
            await self._audit(
                league_id, actor_id, "end", "season", row["id"], None, {"number": row["number"]}
            )
        return await self.get_season(row["id"])

    async def _open_season_row(self, league_id: int) -> Row | None:
        return await self.db.fetch_one(
            "SELECT * FROM seasons WHERE league_id = ? AND ended_at IS NULL ORDER BY number DESC",
            (league_id,),
        )

    async def current_season(self, league_id: int) -> Season | None:
        row = await self._open_season_row(league_id)
        return None if row is None else _season(row)

    async def get_season(self, season_id: int) -> Season:
        row = await self.db.fetch_one("SELECT * FROM seasons WHERE id = ?", (season_id,))
        if row is None:
            raise NotFound(f"no season with id {season_id}")
        return _season(row)

    async def seasons(self, league_id: int) -> list[Season]:
        rows = await self.db.fetch_all(
            "SELECT * FROM seasons WHERE league_id = ? ORDER BY number", (league_id,)
        )
        return [_season(r) for r in rows]

    # ------------------------------------------------------------------ members
    async def join_league(self, league_id: int, player_id: int) -> bool:
        """Add a member; False when already a member."""
        async with self.db.transaction():
            await self.get_league(league_id)
            changed = await self.db.execute(
                "INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT (league_id, player_id) DO NOTHING",
                (league_id, player_id, self.db.now()),
            )
        return changed == 1

    async def league_members(self, league_id: int) -> list[Player]:
        """Members who can play: Discord users and guests not linked to a member."""
        return [m.player for m in await self.league_roster(league_id) if m.merged_into is None]

    async def league_roster(self, league_id: int) -> list[LeagueMember]:
        """Every membership, guests linked to a member included (``merged_into``), by joining time."""
        rows = await self.db.fetch_all(
            "SELECT p.*, m.joined_at, m.merged_into FROM league_members m "
            "JOIN players p ON p.id = m.player_id WHERE m.league_id = ? ORDER BY m.joined_at, p.id",
            (league_id,),
        )
        return [LeagueMember(_player(r), r["joined_at"], r["merged_into"]) for r in rows]

    async def league_channels(self, league_id: int) -> list[int]:
        """Channels bound to the league (games on the bot there count in it)."""
        rows = await self.db.fetch_all(
            "SELECT channel_id FROM channels WHERE league_id = ? ORDER BY channel_id", (league_id,)
        )
        return [int(r["channel_id"]) for r in rows]

    # ------------------------------------------------------------------- guests
    async def add_guest(self, league_id: int, name: str, *, actor_id: int | None = None) -> Player:
        """The league's guest of this name (made and joined on first use; audited then)."""
        shown = " ".join(name.split())
        if not shown:
            raise StoreError("a guest needs a name")
        key = guest_key(league_id, shown)
        async with self.db.transaction():
            await self.get_league(league_id)
            # Made or found in one statement (the no-op update makes RETURNING give the existing row).
            guest_id = await self.db.insert_returning_id(
                "INSERT INTO players (local_key, display_name, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (local_key) DO UPDATE SET local_key = excluded.local_key RETURNING id",
                (key, shown, self.db.now()),
            )
            joined = await self.db.execute(
                "INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT (league_id, player_id) DO NOTHING",
                (league_id, guest_id, self.db.now()),
            )
            if joined:
                await self._audit(league_id, actor_id, "guest", "player", guest_id, None, {"name": shown})
            player = await self.db.fetch_one("SELECT * FROM players WHERE id = ?", (guest_id,))
        assert player is not None
        return _player(player)

    async def shared_league_games(self, league_id: int, first: int, second: int) -> list[int]:
        """League games of this league in which both players sat."""
        rows = await self.db.fetch_all(
            "SELECT a.league_game_id FROM league_game_players a "
            "JOIN league_game_players b ON b.league_game_id = a.league_game_id "
            "JOIN league_games g ON g.id = a.league_game_id JOIN seasons s ON s.id = g.season_id "
            "WHERE s.league_id = ? AND a.player_id = ? AND b.player_id = ? ORDER BY a.league_game_id",
            (league_id, first, second),
        )
        return [int(r["league_game_id"]) for r in rows]

    async def merge_guest(
        self, league_id: int, guest_id: int, member_id: int, *, actor_id: int | None = None
    ) -> list[int]:
        """Link a guest to a member: the guest's games of this league become the member's; audited.

        Returns the league game ids moved.  Refused when the guest is not a guest of this league (or is
        already linked), or when the guest and the member played the same game.
        """
        async with self.db.transaction():
            guest = await self.db.fetch_one(
                "SELECT p.*, m.merged_into FROM league_members m JOIN players p ON p.id = m.player_id "
                "WHERE m.league_id = ? AND m.player_id = ?",
                (league_id, guest_id),
            )
            if guest is None or not str(guest["local_key"] or "").startswith(f"{GUEST_PREFIX}:{league_id}:"):
                raise StoreError(f"player {guest_id} is not a guest of league {league_id}")
            if guest["merged_into"] is not None:
                raise StoreError(f"guest {guest['display_name']!r} is already linked to a member")
            if guest_id == member_id:
                raise StoreError("a guest cannot be linked to themself")
            games = await self.db.fetch_all(
                "SELECT DISTINCT lgp.league_game_id FROM league_game_players lgp "
                "JOIN league_games g ON g.id = lgp.league_game_id JOIN seasons s ON s.id = g.season_id "
                "WHERE s.league_id = ? AND lgp.player_id = ? ORDER BY lgp.league_game_id",
                (league_id, guest_id),
            )
            moved = [int(r["league_game_id"]) for r in games]
            if moved:
                marks = ",".join("?" for _ in moved)
                both = await self.db.fetch_all(
                    f"SELECT league_game_id FROM league_game_players WHERE player_id = ? "
                    f"AND league_game_id IN ({marks}) ORDER BY league_game_id",
                    (member_id, *moved),
                )
                if both:
                    raise StoreError(
                        f"the guest and the member both played league game {both[0]['league_game_id']}"
                    )
                await self.db.execute(
                    f"UPDATE league_game_players SET player_id = ? WHERE player_id = ? "
                    f"AND league_game_id IN ({marks})",
                    (member_id, guest_id, *moved),
                )
                await self.db.execute(
                    f"UPDATE league_game_players SET confirmed_by = ? WHERE confirmed_by = ? "
                    f"AND league_game_id IN ({marks})",
                    (member_id, guest_id, *moved),
                )
            await self.db.execute(
                "INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT (league_id, player_id) DO NOTHING",
                (league_id, member_id, self.db.now()),
            )
            await self.db.execute(
                "UPDATE league_members SET merged_into = ? WHERE league_id = ? AND player_id = ?",
                (member_id, league_id, guest_id),
            )
            await self._audit(
                league_id,
                actor_id,
                "merge",
                "player",
                guest_id,
                {"guest_id": guest_id, "name": guest["display_name"]},
                {"player_id": member_id, "games": moved},
            )
        return moved

    # ------------------------------------------------------------------ helpers
    async def _open_season_for(self, season_id: int) -> Season:
        season = await self.get_season(season_id)
        if season.ended_at is not None:
            raise StoreError(f"season {season.number} has ended; games can no longer be added to it")
        return season

    async def _league_of_season(self, season_id: int) -> int:
        return (await self.get_season(season_id)).league_id

    async def _require_members(self, league_id: int, player_ids: Sequence[int]) -> None:
        marks = ",".join("?" for _ in player_ids)
        rows = await self.db.fetch_all(
            f"SELECT player_id FROM league_members WHERE league_id = ? AND player_id IN ({marks})",
            (league_id, *player_ids),
        )
        missing = sorted(set(player_ids) - {r["player_id"] for r in rows})
        if missing:
            raise StoreError(f"not members of the league: player id {', '.join(map(str, missing))}")

    async def _audit(
        self,
        league_id: int | None,
        actor_id: int | None,
        action: str,
        target: str,
        target_id: int | None,
        before: Any,
        after: Any,
        reason: str | None = None,
    ) -> None:
        await self.db.execute(
            "INSERT INTO audit_log (league_id, actor_id, action, target, target_id, before_json, after_json, "
            "reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                league_id,
                actor_id,
                action,
                target,
                target_id,
                None if before is None else dumps(before),
                None if after is None else dumps(after),
                reason,
                self.db.now(),
            ),
        )
