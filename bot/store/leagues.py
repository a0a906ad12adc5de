"""Leagues, seasons, members and league games (bot-played or entered by hand), with an audit trail.

Flow of a game entered by hand: ``record_manual_game`` stores it *pending* with the reporter's own row
confirmed; each player calls ``confirm_league_game``; when every row is confirmed the game becomes
*confirmed* and counts in standings.  Admins may ``void_league_game`` (undo with ``restore_league_game``)
or ``correct_league_game``; those, settings changes and records write ``audit_log`` rows with the
before/after JSON.  Totals are checked against ``expected_total`` when the caller gives it (the league
layer knows the rule set's start points).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.database import Database, Row
from bot.store.errors import NotFound, StoreError
from bot.store.jsoncol import dumps, loads
from bot.store.records import AuditEntry, League, LeagueGame, LeagueGamePlayer, Player, Season

SOURCES = ("bot", "manual", "import")


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
    return Season(row["id"], row["league_id"], row["number"], row["started_at"], row["ended_at"])


def _game_snapshot(game: LeagueGame) -> dict[str, Any]:
    return {
        "status": game.status,
        "leftover": game.leftover,
        "players": [
            {"seat": p.seat, "player_id": p.player_id, "points": p.final_points, "chombo": p.chombo}
            for p in game.players
        ],
    }


class LeagueStore:
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
            clash = await self.db.fetch_one(
                "SELECT id FROM leagues WHERE guild_id = ? AND name = ?", (guild_id, name)
            )
            if clash is not None:
                raise StoreError(f"this server already has a league named {name!r}")
            league_id = await self.db.insert_returning_id(
                "INSERT INTO leagues (guild_id, name, rule_set, settings_json, admin_role_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, name, rule_set, dumps(settings or {}), admin_role_id, self.db.now()),
            )
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

    async def end_season(self, league_id: int, *, actor_id: int | None = None) -> Season:
        async with self.db.transaction():
            row = await self._open_season_row(league_id)
            if row is None:
                raise StoreError("there is no open season to end")
            await self.db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (self.db.now(), row["id"]))
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
        rows = await self.db.fetch_all(
            "SELECT p.* FROM league_members m JOIN players p ON p.id = m.player_id "
            "WHERE m.league_id = ? ORDER BY m.joined_at, p.id",
            (league_id,),
        )
        return [Player(r["id"], r["discord_id"], r["local_key"], r["display_name"]) for r in rows]

    # ------------------------------------------------------------- league games
    async def record_manual_game(
        self,
        season_id: int,
        reporter_id: int,
        results: Sequence[tuple[int, int]],
        *,
        expected_total: int | None = None,
        leftover: int = 0,
        chombos: Sequence[int] | None = None,
        source: str = "manual",
    ) -> LeagueGame:
        """A real-table game: (player id, final points) per seat, East first; stored *pending*.

        ``expected_total``, when given, is what the points must add up to (the caller knows the rule set:
        start points x players, less deposits still on the table; 0 for chip games).  ``leftover`` is the
        number of deposit sticks left on the table, kept for settlement.  The reporter's own row is
        confirmed at once; every player must be a league member and the season open.
        """
        if source not in ("manual", "import"):
            raise StoreError(f"a game entered by hand has source manual or import, not {source!r}")
        chombo_list = list(chombos) if chombos is not None else [0] * len(results)
        if len(chombo_list) != len(results) or any(c < 0 for c in chombo_list):
            raise StoreError("chombo counts must be one non-negative number per seat")
        players = [pid for pid, _ in results]
        if len(set(players)) != len(players):
            raise StoreError("the same player appears twice in one game")
        if expected_total is not None and sum(p for _, p in results) != expected_total:
            total = sum(p for _, p in results)
            raise StoreError(f"the points add up to {total}, but they must add up to {expected_total}")
        async with self.db.transaction():
            season = await self._open_season_for(season_id)
            league = await self.get_league(season.league_id)
            await self._require_members(league.id, players)
            now = self.db.now()
            game_id = await self.db.insert_returning_id(
                "INSERT INTO league_games (season_id, source, reporter_id, status, leftover, created_at) "
                "VALUES (?, ?, ?, 'pending', ?, ?) RETURNING id",
                (season_id, source, reporter_id, leftover, now),
            )
            await self.db.executemany(
                "INSERT INTO league_game_players (league_game_id, seat, player_id, final_points, chombo, "
                "confirmed_by, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        seat,
                        pid,
                        points,
                        chombo_list[seat],
                        reporter_id if pid == reporter_id else None,
                        now if pid == reporter_id else None,
                    )
                    for seat, (pid, points) in enumerate(results)
                ],
            )
            await self._settle_status(game_id)
            game = await self.get_league_game(game_id)
            await self._audit(
                league.id, reporter_id, "record", "league_game", game_id, None, _game_snapshot(game)
            )
        return game

    async def record_bot_game(self, season_id: int, game_id: int) -> LeagueGame:
        """Count a finished bot-played game (its final results) in a season; confirmed at once."""
        async with self.db.transaction():
            season = await self._open_season_for(season_id)
            game = await self.db.fetch_one("SELECT status FROM games WHERE id = ?", (game_id,))
            if game is None:
                raise NotFound(f"no game with id {game_id}")
            if game["status"] != "finished":
                raise StoreError(f"game {game_id} is not finished")
            finals = await self.db.fetch_all(
                "SELECT seat, player_id, points FROM final_results WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
            if not finals:
                raise StoreError(f"game {game_id} has no final results")
            await self._require_members(season.league_id, [r["player_id"] for r in finals])
            now = self.db.now()
            league_game_id = await self.db.insert_returning_id(
                "INSERT INTO league_games (season_id, source, game_id, status, created_at) "
                "VALUES (?, 'bot', ?, 'confirmed', ?) RETURNING id",
                (season_id, game_id, now),
            )
            await self.db.executemany(
                "INSERT INTO league_game_players (league_game_id, seat, player_id, final_points, "
                "confirmed_at) VALUES (?, ?, ?, ?, ?)",
                [(league_game_id, r["seat"], r["player_id"], r["points"], now) for r in finals],
            )
        return await self.get_league_game(league_game_id)

    async def confirm_league_game(
        self, league_game_id: int, player_id: int, *, by: int | None = None
    ) -> LeagueGame:
        """A player confirms their own row; the game becomes confirmed when every row is.

        ``by``: an admin confirming the row on the player's behalf (recorded as confirmed_by, audited).
        """
        async with self.db.transaction():
            game = await self.get_league_game(league_game_id)
            if game.status == "void":
                raise StoreError(f"league game {league_game_id} is void")
            if player_id not in {p.player_id for p in game.players}:
                raise StoreError(f"player {player_id} did not play league game {league_game_id}")
            changed = await self.db.execute(
                "UPDATE league_game_players SET confirmed_by = ?, confirmed_at = ? "
                "WHERE league_game_id = ? AND player_id = ? AND confirmed_at IS NULL",
                (player_id if by is None else by, self.db.now(), league_game_id, player_id),
            )
            await self._settle_status(league_game_id)
            if by is not None and by != player_id and changed:
                league_id = await self._league_of_season(game.season_id)
                await self._audit(
                    league_id, by, "confirm", "league_game", league_game_id, None, {"player_id": player_id}
                )
        return await self.get_league_game(league_game_id)

    async def void_league_game(
        self, league_game_id: int, *, actor_id: int | None, reason: str | None = None
    ) -> LeagueGame:
        """Take a game out of the standings (undo with :meth:`restore_league_game`); audited."""
        return await self._set_void(league_game_id, actor_id, reason, void=True)

    async def restore_league_game(
        self, league_game_id: int, *, actor_id: int | None, reason: str | None = None
    ) -> LeagueGame:
        """Undo a void: the game is pending or confirmed again according to its confirmations; audited."""
        return await self._set_void(league_game_id, actor_id, reason, void=False)

    async def _set_void(
        self, league_game_id: int, actor_id: int | None, reason: str | None, void: bool
    ) -> LeagueGame:
        async with self.db.transaction():
            before = await self.get_league_game(league_game_id)
            if (before.status == "void") == void:
                raise StoreError(f"league game {league_game_id} is {'already' if void else 'not'} void")
            if void:
                await self.db.execute(
                    "UPDATE league_games SET status = 'void' WHERE id = ?", (league_game_id,)
                )
            else:
                await self.db.execute(
                    "UPDATE league_games SET status = 'pending' WHERE id = ?", (league_game_id,)
                )
                await self._settle_status(league_game_id)
            after = await self.get_league_game(league_game_id)
            league_id = await self._league_of_season(after.season_id)
            await self._audit(
                league_id,
                actor_id,
                "void" if void else "restore",
                "league_game",
                league_game_id,
                _game_snapshot(before),
                _game_snapshot(after),
                reason,
            )
        return after

    async def correct_league_game(
        self,
        league_game_id: int,
        points: Sequence[int],
        *,
        actor_id: int | None,
        reason: str | None = None,
        expected_total: int | None = None,
        chombos: Sequence[int] | None = None,
        leftover: int | None = None,
    ) -> LeagueGame:
        """An admin correction of the final points (per seat, East first); writes an audit row.

        Confirmations are kept: the correction carries the admin's authority.
        """
        async with self.db.transaction():
            before = await self.get_league_game(league_game_id)
            if len(points) != len(before.players):
                raise StoreError(
                    f"league game {league_game_id} has {len(before.players)} seats, not {len(points)}"
                )
            if expected_total is not None and sum(points) != expected_total:
                raise StoreError(
                    f"the points add up to {sum(points)}, but they must add up to {expected_total}"
                )
            chombo_list = list(chombos) if chombos is not None else [p.chombo for p in before.players]
            if len(chombo_list) != len(points) or any(c < 0 for c in chombo_list):
                raise StoreError("chombo counts must be one non-negative number per seat")
            await self.db.executemany(
                "UPDATE league_game_players SET final_points = ?, chombo = ? "
                "WHERE league_game_id = ? AND seat = ?",
                [(pts, chombo_list[seat], league_game_id, seat) for seat, pts in enumerate(points)],
            )
            if leftover is not None:
                await self.db.execute(
                    "UPDATE league_games SET leftover = ? WHERE id = ?", (leftover, league_game_id)
                )
            after = await self.get_league_game(league_game_id)
            league_id = await self._league_of_season(after.season_id)
            await self._audit(
                league_id,
                actor_id,
                "correct",
                "league_game",
                league_game_id,
                _game_snapshot(before),
                _game_snapshot(after),
                reason,
            )
        return after

    async def get_league_game(self, league_game_id: int) -> LeagueGame:
        row = await self.db.fetch_one("SELECT * FROM league_games WHERE id = ?", (league_game_id,))
        if row is None:
            raise NotFound(f"no league game with id {league_game_id}")
        return (await self._with_players([row]))[0]

    async def season_games(
        self, season_id: int, *, statuses: Sequence[str] = ("confirmed",)
    ) -> list[LeagueGame]:
        """A season's league games in the order they were recorded (by id), filtered by status."""
        await self.get_season(season_id)
        marks = ",".join("?" for _ in statuses)
        rows = await self.db.fetch_all(
            f"SELECT * FROM league_games WHERE season_id = ? AND status IN ({marks}) ORDER BY id",
            (season_id, *statuses),
        )
        return await self._with_players(rows)

    async def pending_games_of(self, player_id: int) -> list[LeagueGame]:
        """Pending games waiting for this player's confirmation."""
        rows = await self.db.fetch_all(
            "SELECT g.* FROM league_games g JOIN league_game_players p ON p.league_game_id = g.id "
            "WHERE g.status = 'pending' AND p.player_id = ? AND p.confirmed_at IS NULL ORDER BY g.id",
            (player_id,),
        )
        return await self._with_players(rows)

    async def audit_entries(self, league_id: int) -> list[AuditEntry]:
        rows = await self.db.fetch_all(
            "SELECT * FROM audit_log WHERE league_id = ? ORDER BY id", (league_id,)
        )
        return [
            AuditEntry(
                r["id"],
                r["league_id"],
                r["actor_id"],
                r["action"],
                r["target"],
                r["target_id"],
                loads(r["before_json"]),
                loads(r["after_json"]),
                r["reason"],
                r["at"],
            )
            for r in rows
        ]

    # ------------------------------------------------------------------ helpers
    async def _with_players(self, rows: list[Row]) -> list[LeagueGame]:
        if not rows:
            return []
        marks = ",".join("?" for _ in rows)
        player_rows = await self.db.fetch_all(
            f"SELECT * FROM league_game_players WHERE league_game_id IN ({marks}) "
            "ORDER BY league_game_id, seat",
            [r["id"] for r in rows],
        )
        by_game: dict[int, list[LeagueGamePlayer]] = {}
        for p in player_rows:
            by_game.setdefault(p["league_game_id"], []).append(
                LeagueGamePlayer(
                    p["seat"],
                    p["player_id"],
                    p["final_points"],
                    p["chombo"],
                    p["confirmed_by"],
                    p["confirmed_at"],
                )
            )
        return [
            LeagueGame(
                r["id"],
                r["season_id"],
                r["source"],
                r["game_id"],
                r["reporter_id"],
                r["status"],
                r["leftover"],
                r["created_at"],
                tuple(by_game.get(r["id"], [])),
            )
            for r in rows
        ]

    async def _settle_status(self, league_game_id: int) -> None:
        """pending -> confirmed once no row lacks a confirmation (void stays void)."""
        await self.db.execute(
            "UPDATE league_games SET status = 'confirmed' WHERE id = ? AND status = 'pending' AND NOT EXISTS "
            "(SELECT 1 FROM league_game_players WHERE league_game_id = ? AND confirmed_at IS NULL)",
            (league_game_id, league_game_id),
        )

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
