"""League games (bot-played or entered by hand), their confirmations, corrections, void/restore, chombo.

Flow of a game entered by hand: ``record_manual_game`` stores it *pending* with the reporter's own row
(and any rows the reporter vouches for: guests) confirmed; each player calls ``confirm_league_game``;
when every row is confirmed the game becomes *confirmed* and counts in standings.  A bulk import
(``record_manual_games``) stores many games in one transaction: all or none, confirmed by the importer.
Admins may ``void_league_game`` (undo with ``restore_league_game``), ``correct_league_game`` or
``set_chombo``; those write ``audit_log`` rows with the before/after JSON.  A correction with
``reset_confirmations`` (made by a non-admin) sends the game back to *pending*: the other players must
confirm the new points.  Totals are checked against ``expected_total`` when the caller gives it (the
league layer knows the rule set's start points).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.database import Database, Row
from bot.store.errors import NotFound, StoreError
from bot.store.jsoncol import loads
from bot.store.records import AuditEntry, LeagueGame, LeagueGamePlayer, Season

SOURCES = ("bot", "manual", "import")
#: The largest row id both backends hold (PostgreSQL's INTEGER identity): a larger id a user typed names
#: no row, and PostgreSQL would refuse the query itself (a database error instead of "no such game").
MAX_ROW_ID = 2**31 - 1


@dataclass(frozen=True)
class ManualGame:
    """One game entered by hand: (player id, final points) per seat, East first, and its details."""

    results: Sequence[tuple[int, int]]
    leftover: int = 0
    chombos: Sequence[int] | None = None
    played_at: str | None = None  # ISO 8601; None: now
    table_label: str | None = None
    final_dealer: int | None = None
    #: Players whose rows are confirmed at once besides the reporter (guests the reporter vouches for).
    vouched: Sequence[int] = field(default_factory=tuple)
    note: str | None = None  # kept as the audit row's reason (e.g. "games.csv line 7")


def _game_snapshot(game: LeagueGame) -> dict[str, Any]:
    return {
        "status": game.status,
        "leftover": game.leftover,
        "players": [
            {"seat": p.seat, "player_id": p.player_id, "points": p.final_points, "chombo": p.chombo}
            for p in game.players
        ],
    }


def _check_manual(game: ManualGame, expected_total: int | None) -> list[int]:
    chombo_list = list(game.chombos) if game.chombos is not None else [0] * len(game.results)
    if len(chombo_list) != len(game.results) or any(c < 0 for c in chombo_list):
        raise StoreError("chombo counts must be one non-negative number per seat")
    players = [pid for pid, _ in game.results]
    if len(set(players)) != len(players):
        raise StoreError("the same player appears twice in one game")
    if expected_total is not None and sum(p for _, p in game.results) != expected_total:
        total = sum(p for _, p in game.results)
        raise StoreError(f"the points add up to {total}, but they must add up to {expected_total}")
    if game.final_dealer is not None and not 0 <= game.final_dealer < len(game.results):
        raise StoreError(f"the final dealer must be one of the seats 0-{len(game.results) - 1}")
    return chombo_list


class LeagueGameStore(ABC):
    """League games (mixed into :class:`bot.store.leagues.LeagueStore`, which provides the seasons,
    members and audit log these methods use: the abstract methods at the end)."""

    db: Database

    # ------------------------------------------------------------- recording
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
        played_at: str | None = None,
        table_label: str | None = None,
        final_dealer: int | None = None,
        vouched: Sequence[int] = (),
    ) -> LeagueGame:
        """A real-table game: (player id, final points) per seat, East first; stored *pending*.

        ``expected_total``, when given, is what the points must add up to (the caller knows the rule set:
        start points x players, less deposits still on the table; 0 for chip games).  ``leftover`` is the
        number of deposit sticks left on the table, kept for settlement.  The reporter's own row (and the
        ``vouched`` rows: guests) is confirmed at once; every player must be a league member and the
        season open.
        """
        game = ManualGame(results, leftover, chombos, played_at, table_label, final_dealer, vouched)
        async with self.db.transaction():
            season = await self._open_season_for(season_id)
            await self._require_members(season.league_id, [pid for pid, _ in results])
            game_id = await self._insert_manual_game(
                season, reporter_id, game, expected_total, source, confirm_all=False
            )
        return await self.get_league_game(game_id)

    async def record_manual_games(
        self,
        season_id: int,
        reporter_id: int,
        games: Sequence[ManualGame],
        *,
        expected_totals: Sequence[int] | None = None,
        source: str = "import",
    ) -> list[LeagueGame]:
        """Many past games at once, in one transaction (all or none), each confirmed by ``reporter_id``."""
        async with self.db.transaction():
            # The season and the memberships once for the whole file: a long import is one short lock.
            season = await self._open_season_for(season_id)
            await self._require_members(season.league_id, sorted({p for g in games for p, _ in g.results}))
            ids = [
                await self._insert_manual_game(
                    season,
                    reporter_id,
                    game,
                    None if expected_totals is None else expected_totals[index],
                    source,
                    confirm_all=True,
                )
                for index, game in enumerate(games)
            ]
        return [await self.get_league_game(game_id) for game_id in ids]

    async def _insert_manual_game(
        self,
        season: Season,
        reporter_id: int,
        game: ManualGame,
        expected_total: int | None,
        source: str,
        *,
        confirm_all: bool,
    ) -> int:
        """Insert one game inside the caller's transaction (season open and players members: checked by
        the caller); returns its id."""
        if source not in ("manual", "import"):
            raise StoreError(f"a game entered by hand has source manual or import, not {source!r}")
        chombo_list = _check_manual(game, expected_total)
        now = self.db.now()
        game_id = await self.db.insert_returning_id(
            "INSERT INTO league_games (season_id, source, reporter_id, status, leftover, created_at, "
            "played_at, table_label, final_dealer) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?) RETURNING id",
            (
                season.id,
                source,
                reporter_id,
                game.leftover,
                now,
                game.played_at or now,
                game.table_label,
                game.final_dealer,
            ),
        )
        confirmed = {reporter_id, *game.vouched}
        rows = [
            LeagueGamePlayer(
                seat,
                pid,
                points,
                chombo_list[seat],
                reporter_id if confirm_all or pid in confirmed else None,
                now if confirm_all or pid in confirmed else None,
            )
            for seat, (pid, points) in enumerate(game.results)
        ]
        await self.db.executemany(
            "INSERT INTO league_game_players (league_game_id, seat, player_id, final_points, chombo, "
            "confirmed_by, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (game_id, r.seat, r.player_id, r.final_points, r.chombo, r.confirmed_by, r.confirmed_at)
                for r in rows
            ],
        )
        status = "pending"
        if all(r.confirmed_at is not None for r in rows):
            status = "confirmed"
            await self.db.execute("UPDATE league_games SET status = 'confirmed' WHERE id = ?", (game_id,))
        # The audit snapshot from what was written (no read-back: a long import stays fast).
        snapshot = LeagueGame(
            game_id, season.id, source, None, reporter_id, status, game.leftover, now, tuple(rows)
        )
        await self._audit(
            season.league_id,
            reporter_id,
            "record",
            "league_game",
            game_id,
            None,
            _game_snapshot(snapshot),
            game.note,
        )
        return game_id

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
                "INSERT INTO league_games (season_id, source, game_id, status, created_at, played_at) "
                "VALUES (?, 'bot', ?, 'confirmed', ?, ?) RETURNING id",
                (season_id, game_id, now, now),
            )
            await self.db.executemany(
                "INSERT INTO league_game_players (league_game_id, seat, player_id, final_points, "
                "confirmed_at) VALUES (?, ?, ?, ?, ?)",
                [(league_game_id, r["seat"], r["player_id"], r["points"], now) for r in finals],
            )
        return await self.get_league_game(league_game_id)

    # ------------------------------------------------------------- confirming, changing
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
            status = "void" if void else "pending"
            await self.db.execute("UPDATE league_games SET status = ? WHERE id = ?", (status, league_game_id))
            if not void:
                await self._settle_status(league_game_id)
            action = "void" if void else "restore"
            after = await self._audited_change(before, actor_id, action, reason)
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
        reset_confirmations: bool = False,
        authority: str | None = None,
    ) -> LeagueGame:
        """A correction of the final points (per seat, East first); writes an audit row.

        An admin's correction keeps the confirmations: it carries the admin's authority (``authority``
        "admin" is written into the audit row).  With ``reset_confirmations`` (a reporter's correction)
        every row but the corrector's own loses its confirmation and the game is pending again, so the
        other players confirm the points they now see.
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
            if reset_confirmations:
                await self.db.execute(
                    "UPDATE league_game_players SET confirmed_by = NULL, confirmed_at = NULL "
                    "WHERE league_game_id = ? AND player_id <> ?",
                    (league_game_id, -1 if actor_id is None else actor_id),
                )
                await self.db.execute(
                    "UPDATE league_games SET status = 'pending', reminded_at = NULL "
                    "WHERE id = ? AND status = 'confirmed'",
                    (league_game_id,),
                )
                await self._settle_status(league_game_id)
            after = await self._audited_change(before, actor_id, "correct", reason, authority)
        return after

    async def set_chombo(
        self,
        league_game_id: int,
        seat: int,
        count: int,
        *,
        actor_id: int | None,
        reason: str | None = None,
    ) -> LeagueGame:
        """Set one seat's chombo count after the game was recorded (an admin's act); audited."""
        if count < 0:
            raise StoreError("a chombo count cannot be negative")
        async with self.db.transaction():
            before = await self.get_league_game(league_game_id)
            if not any(p.seat == seat for p in before.players):
                raise StoreError(f"league game {league_game_id} has no seat {seat}")
            await self.db.execute(
                "UPDATE league_game_players SET chombo = ? WHERE league_game_id = ? AND seat = ?",
                (count, league_game_id, seat),
            )
            after = await self._audited_change(before, actor_id, "chombo", reason, "admin")
        return after

    async def _audited_change(
        self,
        before: LeagueGame,
        actor_id: int | None,
        action: str,
        reason: str | None,
        authority: str | None = None,
    ) -> LeagueGame:
        """The game after a change made in the caller's transaction, with its audit row written."""
        after = await self.get_league_game(before.id)
        league_id = await self._league_of_season(after.season_id)
        snapshot = _game_snapshot(after)
        if authority is not None:
            snapshot["authority"] = authority
        await self._audit(
            league_id, actor_id, action, "league_game", before.id, _game_snapshot(before), snapshot, reason
        )
        return after

    async def set_announcement(self, league_game_id: int, channel_id: int, message_id: int) -> None:
        """The channel message that shows the game (reminders reply to it; confirmations edit it)."""
        await self.db.run(
            "UPDATE league_games SET channel_id = ?, message_id = ? WHERE id = ?",
            (channel_id, message_id, league_game_id),
        )

    async def mark_reminded(self, league_game_id: int) -> None:
        await self.db.run(
            "UPDATE league_games SET reminded_at = ? WHERE id = ?", (self.db.now(), league_game_id)
        )

    # ------------------------------------------------------------- reading
    async def get_league_game(self, league_game_id: int) -> LeagueGame:
        if not 0 < league_game_id <= MAX_ROW_ID:
            raise NotFound(f"no league game with id {league_game_id}")
        row = await self.db.fetch_one("SELECT * FROM league_games WHERE id = ?", (league_game_id,))
        if row is None:
            raise NotFound(f"no league game with id {league_game_id}")
        return (await self._with_players([row]))[0]

    async def season_games(
        self, season_id: int, *, statuses: Sequence[str] = ("confirmed",)
    ) -> list[LeagueGame]:
        """A season's league games in the order they were played (then recorded), filtered by status."""
        await self.get_season(season_id)
        marks = ",".join("?" for _ in statuses)
        rows = await self.db.fetch_all(
            f"SELECT * FROM league_games WHERE season_id = ? AND status IN ({marks}) ORDER BY played_at, id",
            (season_id, *statuses),
        )
        return await self._with_players(rows)

    async def season_revision(self, season_id: int) -> tuple[int, int, int]:
        """What changes whenever a season's counted games do, in one small query: how many of its games
        are confirmed, the newest of them, and the newest audit row of its league (every correction,
        void, restore, chombo change and guest merge writes one).  A reader that keeps a settled season
        (bot/service/league/kept_standings.py) settles it again when this changes."""
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS counted, COALESCE(MAX(id), 0) AS newest, "
            "(SELECT COALESCE(MAX(a.id), 0) FROM audit_log a WHERE a.league_id = "
            "(SELECT league_id FROM seasons WHERE id = ?)) AS audited "
            "FROM league_games WHERE season_id = ? AND status = 'confirmed'",
            (season_id, season_id),
        )
        assert row is not None  # an aggregate always answers one row
        return int(row["counted"]), int(row["newest"]), int(row["audited"])

    async def pending_games_of(self, player_id: int) -> list[LeagueGame]:
        """Pending games waiting for this player's confirmation."""
        rows = await self.db.fetch_all(
            "SELECT g.* FROM league_games g JOIN league_game_players p ON p.league_game_id = g.id "
            "WHERE g.status = 'pending' AND p.player_id = ? AND p.confirmed_at IS NULL ORDER BY g.id",
            (player_id,),
        )
        return await self._with_players(rows)

    async def pending_league_games(self, league_id: int | None = None) -> list[LeagueGame]:
        """Pending games of one league (every league when None), oldest first."""
        where, params = ("", ()) if league_id is None else (" AND s.league_id = ?", (league_id,))
        rows = await self.db.fetch_all(
            "SELECT g.* FROM league_games g JOIN seasons s ON s.id = g.season_id "
            f"WHERE g.status = 'pending'{where} ORDER BY g.created_at, g.id",
            params,
        )
        return await self._with_players(rows)

    async def audit_entries(self, league_id: int, *, target_id: int | None = None) -> list[AuditEntry]:
        """A league's audit rows, oldest first; ``target_id``: only those of one league game."""
        where, params = (
            ("", ()) if target_id is None else (" AND target = 'league_game' AND target_id = ?", (target_id,))
        )
        rows = await self.db.fetch_all(
            f"SELECT * FROM audit_log WHERE league_id = ?{where} ORDER BY id", (league_id, *params)
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
                played_at=r["played_at"] or r["created_at"],
                table_label=r["table_label"],
                final_dealer=r["final_dealer"],
                channel_id=r["channel_id"],
                message_id=r["message_id"],
                reminded_at=r["reminded_at"],
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

    # ------------------------------------------------------------- provided by LeagueStore (leagues.py)
    @abstractmethod
    async def get_season(self, season_id: int) -> Season: ...

    @abstractmethod
    async def _open_season_for(self, season_id: int) -> Season: ...

    @abstractmethod
    async def _league_of_season(self, season_id: int) -> int: ...

    @abstractmethod
    async def _require_members(self, league_id: int, player_ids: Sequence[int]) -> None: ...

    @abstractmethod
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
    ) -> None: ...
