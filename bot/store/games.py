"""Players, channels, games and their event log (decisions), hand results and final results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.metrics import DECISIONS
from bot.store.database import Database, Row
from bot.store.errors import DecisionConflict, DuplicateKey, NotFound, StoreError
from bot.store.jsoncol import dumps, from_tenths, loads, to_tenths
from bot.store.records import ChannelSettings, Decision, FinalResult, Game, GameRecord, HandResult, Player

GAME_STATUSES = ("running", "finished", "aborted")


def _player(row: Row) -> Player:
    return Player(row["id"], row["discord_id"], row["local_key"], row["display_name"])


class GameStore:
    """The game half of the repository (mixed into :class:`bot.store.Store`)."""

    db: Database

    # ------------------------------------------------------------------ players
    async def ensure_player(
        self, display_name: str, *, discord_id: int | None = None, local_key: str | None = None
    ) -> Player:
        """The player with this Discord id (or local key for computer/terminal players), made or renamed."""
        if (discord_id is None) == (local_key is None):
            raise StoreError("a player needs exactly one of discord_id or local_key")
        column, key = ("discord_id", discord_id) if discord_id is not None else ("local_key", local_key)
        # One statement, so two tables seating the same new player at the same moment (two processes,
        # or two Starts in one) both get the one row: a read-then-insert let the second fail on the key.
        row = await self.db.fetch_one(
            f"INSERT INTO players ({column}, display_name, created_at) VALUES (?, ?, ?) "
            f"ON CONFLICT ({column}) DO UPDATE SET display_name = excluded.display_name RETURNING *",
            (key, display_name, self.db.now()),
        )
        if row is None:  # RETURNING gives the row on both branches; never empty
            raise StoreError(f"player {column}={key} was neither made nor found")
        return _player(row)

    async def get_player(self, player_id: int) -> Player:
        row = await self.db.fetch_one("SELECT * FROM players WHERE id = ?", (player_id,))
        if row is None:
            raise NotFound(f"no player with id {player_id}")
        return _player(row)

    async def find_player(
        self, *, discord_id: int | None = None, local_key: str | None = None
    ) -> Player | None:
        column, key = ("discord_id", discord_id) if discord_id is not None else ("local_key", local_key)
        row = await self.db.fetch_one(f"SELECT * FROM players WHERE {column} = ?", (key,))
        return None if row is None else _player(row)

    # ----------------------------------------------------------------- channels
    async def set_channel(
        self, guild_id: int, channel_id: int, *, language: str | None = None, league_id: int | None = None
    ) -> ChannelSettings:
        """Create or replace a channel's settings (language, bound league)."""
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO guilds (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,)
            )
            await self.db.execute(
                "INSERT INTO channels (channel_id, guild_id, language, league_id) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id, "
                "language = excluded.language, league_id = excluded.league_id",
                (channel_id, guild_id, language, league_id),
            )
        return ChannelSettings(channel_id, guild_id, language, league_id)

    async def get_channel(self, channel_id: int) -> ChannelSettings | None:
        row = await self.db.fetch_one("SELECT * FROM channels WHERE channel_id = ?", (channel_id,))
        if row is None:
            return None
        return ChannelSettings(row["channel_id"], row["guild_id"], row["language"], row["league_id"])

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO guilds (guild_id, language) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )

    async def get_guild_language(self, guild_id: int) -> str | None:
        row = await self.db.fetch_one("SELECT language FROM guilds WHERE guild_id = ?", (guild_id,))
        return None if row is None else row["language"]

    # -------------------------------------------------------------------- games
    async def create_game(
        self,
        rule_set: str,
        player_ids: Sequence[int],
        *,
        options: dict[str, Any] | None = None,
        seed_commitment: str | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> int:
        """A new running game with its seats (player id per seat index, East first); returns the game id."""
        if not player_ids:
            raise StoreError("a game needs at least one seat")
        async with self.db.transaction():
            game_id = await self.db.insert_returning_id(
                "INSERT INTO games (rule_set, options_json, seed_commitment, status, guild_id, channel_id, "
                "created_at) VALUES (?, ?, ?, 'running', ?, ?, ?) RETURNING id",
                (rule_set, dumps(options or {}), seed_commitment, guild_id, channel_id, self.db.now()),
            )
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                [(game_id, seat, pid) for seat, pid in enumerate(player_ids)],
            )
        return game_id

    async def get_game(self, game_id: int) -> Game:
        row = await self.db.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound(f"no game with id {game_id}", "store.no_game", game=game_id)
        return (await self._with_seats([row]))[0]

    async def _with_seats(self, rows: list[Row]) -> list[Game]:
        if not rows:
            return []
        marks = ",".join("?" for _ in rows)
        seat_rows = await self.db.fetch_all(
            f"SELECT game_id, seat, player_id FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            [r["id"] for r in rows],
        )
        seats: dict[int, list[int]] = {}
        for s in seat_rows:
            seats.setdefault(s["game_id"], []).append(s["player_id"])
        return [
            Game(
                id=r["id"],
                rule_set=r["rule_set"],
                options=loads(r["options_json"]),
                seed_commitment=r["seed_commitment"],
                revealed_seed=r["revealed_seed"],
                status=r["status"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"],
                created_at=r["created_at"],
                ended_at=r["ended_at"],
                seats=tuple(seats.get(r["id"], [])),
            )
            for r in rows
        ]

    async def game_record(self, game_id: int) -> GameRecord:
        """The game with its seated players, decisions, hand results and final results."""
        game = await self.get_game(game_id)
        players = tuple([await self.get_player(pid) for pid in game.seats])
        return GameRecord(
            game,
            players,
            await self.load_decisions(game_id),
            await self.load_hand_results(game_id),
            await self.load_final_results(game_id),
        )

    async def recent_games(
        self, *, limit: int = 20, guild_id: int | None = None, player_id: int | None = None
    ) -> list[Game]:
        """Newest games first, optionally only one server's or one player's."""
        where, params = ["1 = 1"], []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if player_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE player_id = ?)")
            params.append(player_id)
        rows = await self.db.fetch_all(
            f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT ?",
            (*params, max(0, limit)),
        )
        return await self._with_seats(rows)

    async def unfinished_games(self) -> list[Game]:
        """Running games, oldest first: what a restarted bot must restore by replaying their decisions."""
        rows = await self.db.fetch_all("SELECT * FROM games WHERE status = 'running' ORDER BY id")
        return await self._with_seats(rows)

    async def running_game_in_channel(self, channel_id: int) -> Game | None:
        """The running game of a channel's table, whichever process runs it (the newest, should a
        channel ever hold two)."""
        rows = await self.db.fetch_all(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'running' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        found = await self._with_seats(rows)
        return found[0] if found else None

    async def ended_among(self, game_ids: Sequence[int]) -> set[int]:
        """Which of these games are no longer running (finished or aborted, perhaps by another process)."""
        ended: set[int] = set()
        wanted = list(game_ids)
        for start in range(0, len(wanted), 500):  # stay under SQLite's limit on bound parameters
            chunk = wanted[start : start + 500]
            marks = ",".join("?" for _ in chunk)
            rows = await self.db.fetch_all(
                f"SELECT id FROM games WHERE id IN ({marks}) AND status <> 'running'", chunk
            )
            ended |= {int(r[0]) for r in rows}
        return ended

    async def games_by_commitment(self, seed_commitments: Sequence[str]) -> list[Game]:
        """Games (any status) whose seed commitment is one of these, oldest first (finds a known seed's
        game without revealing it)."""
        rows: list[Row] = []
        wanted = list(dict.fromkeys(seed_commitments))
        for start in range(0, len(wanted), 500):  # stay under SQLite's limit on bound parameters
            chunk = wanted[start : start + 500]
            marks = ",".join("?" for _ in chunk)
            rows += await self.db.fetch_all(
                f"SELECT * FROM games WHERE seed_commitment IN ({marks}) ORDER BY id", chunk
            )
        rows.sort(key=lambda r: r["id"])
        return await self._with_seats(rows)

    async def finish_game(
        self, game_id: int, *, status: str = "finished", revealed_seed: str | None = None
    ) -> None:
        """Mark a running game finished (or aborted) and stamp its end time; ending it twice is an error."""
        if status not in ("finished", "aborted"):
            raise StoreError(f"a game ends as finished or aborted, not {status!r}")
        async with self.db.transaction():
            changed = await self.db.execute(
                "UPDATE games SET status = ?, ended_at = ?, revealed_seed = COALESCE(?, revealed_seed) "
                "WHERE id = ? AND status = 'running'",
                (status, self.db.now(), revealed_seed, game_id),
            )
            if changed == 0:
                await self._require_game(game_id)
                raise StoreError(f"game {game_id} has already ended")

    async def _require_game(self, game_id: int) -> Row:
        row = await self.db.fetch_one("SELECT id, status FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound(f"no game with id {game_id}", "store.no_game", game=game_id)
        return row

    # ---------------------------------------------------------------- decisions
    async def append_decision(self, game_id: int, seq: int, seat: int, action: Any) -> bool:
        """Append decision ``seq`` (0, 1, 2, ... without gaps) and commit before returning.

        Returns True when stored, False when exactly this decision was already stored (a replayed append
        is idempotent).  A different decision at a stored seq raises DecisionConflict; a gap, an ended or
        unknown game raises StoreError.
        """
        # Fast path: one self-checking INSERT, atomic and committed on its own (autocommit mode).  It
        # inserts only when the game is running and seq is the next number; otherwise the slow path
        # below finds out why (replay, conflict, gap, ended game) and answers accordingly.  Two writers
        # racing for the same seq (two bot processes): the unique (game_id, seq) key lets one in; the
        # other gets DuplicateKey here and the slow path re-reads what the winner stored.
        try:
            changed = await self.db.run(
                "INSERT INTO decisions (game_id, seq, seat, action_json, created_at) "
                "SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'running') "
                "AND ? = (SELECT COALESCE(MAX(seq), -1) + 1 FROM decisions WHERE game_id = ?)",
                (game_id, seq, seat, dumps(action), self.db.now(), game_id, seq, game_id),
            )
        except DuplicateKey:
            changed = 0
        if changed == 1:
            DECISIONS.inc()
            return True
        return await self.append_decisions(game_id, [(seq, seat, action)]) == 1

    async def append_decisions(self, game_id: int, decisions: Sequence[tuple[int, int, Any]]) -> int:
        """Append several (seq, seat, action) in one transaction (simulations); returns how many were new."""
        for attempt in range(3):
            try:
                added = await self._append_checked(game_id, decisions)
                DECISIONS.inc(added)
                return added
            except DuplicateKey:  # another writer committed the same seq meanwhile: look again
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _append_checked(self, game_id: int, decisions: Sequence[tuple[int, int, Any]]) -> int:
        added = 0
        async with self.db.transaction():
            game = await self._require_game(game_id)
            if game["status"] != "running":
                raise StoreError(f"game {game_id} has ended; no more decisions can be recorded")
            last = await self.db.fetch_one("SELECT MAX(seq) FROM decisions WHERE game_id = ?", (game_id,))
            next_seq = 0 if last is None or last[0] is None else int(last[0]) + 1
            for seq, seat, action in decisions:
                text = dumps(action)
                if seq < next_seq:
                    row = await self.db.fetch_one(
                        "SELECT seat, action_json FROM decisions WHERE game_id = ? AND seq = ?",
                        (game_id, seq),
                    )
                    if row is not None and row["seat"] == seat and row["action_json"] == text:
                        continue  # the same decision again: already durable
                    raise DecisionConflict(
                        f"game {game_id} already has a different decision number {seq}; refusing to overwrite"
                    )
                if seq > next_seq:
                    raise StoreError(f"game {game_id}: decision number {seq} skips {next_seq}")
                await self.db.execute(
                    "INSERT INTO decisions (game_id, seq, seat, action_json, created_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game_id, seq, seat, text, self.db.now()),
                )
                next_seq += 1
                added += 1
        return added

    async def load_decisions(self, game_id: int, *, after: int = -1) -> list[Decision]:
        """The game's decisions in order (those with seq > ``after``)."""
        await self._require_game(game_id)
        rows = await self.db.fetch_all(
            "SELECT seq, seat, action_json FROM decisions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        return [Decision(r["seq"], r["seat"], loads(r["action_json"])) for r in rows]

    # ------------------------------------------------------------------ results
    async def record_hand_result(
        self,
        game_id: int,
        hand_index: int,
        round_label: str,
        winners: Sequence[int],
        yaku_lines: Any,
        score_changes: Sequence[int],
    ) -> None:
        """One hand's result (hand_index from 0); recording the same hand twice is refused."""
        async with self.db.transaction():
            await self._require_game(game_id)
            await self.db.execute(
                "INSERT INTO hand_results (game_id, hand_index, round_label, winners_json, yaku_json, "
                "score_changes_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    hand_index,
                    round_label,
                    dumps(list(winners)),
                    dumps(yaku_lines),
                    dumps(list(score_changes)),
                    self.db.now(),
                ),
            )

    async def load_hand_results(self, game_id: int) -> list[HandResult]:
        rows = await self.db.fetch_all(
            "SELECT * FROM hand_results WHERE game_id = ? ORDER BY hand_index", (game_id,)
        )
        return [
            HandResult(
                r["hand_index"],
                r["round_label"],
                loads(r["winners_json"]),
                loads(r["yaku_json"]),
                loads(r["score_changes_json"]),
            )
            for r in rows
        ]

    async def record_final_results(self, game_id: int, results: Sequence[FinalResult]) -> None:
        """Final points, rank and league points per seat; the seats must be those of the game."""
        async with self.db.transaction():
            await self._require_game(game_id)
            seat_rows = await self.db.fetch_all(
                "SELECT seat, player_id FROM seats WHERE game_id = ?", (game_id,)
            )
            seats = {r["seat"]: r["player_id"] for r in seat_rows}
            given = {r.seat: r.player_id for r in results}
            if given != seats:
                raise StoreError(f"final results of game {game_id} must name each seat once with its player")
            await self.db.executemany(
                "INSERT INTO final_results (game_id, seat, player_id, points, rank, league_points_tenths) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game_id, r.seat, r.player_id, r.points, r.rank, to_tenths(r.league_points))
                    for r in results
                ],
            )

    async def load_final_results(self, game_id: int) -> list[FinalResult]:
        rows = await self.db.fetch_all(
            "SELECT * FROM final_results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [
            FinalResult(
                r["seat"], r["player_id"], r["points"], r["rank"], from_tenths(r["league_points_tenths"])
            )
            for r in rows
        ]
