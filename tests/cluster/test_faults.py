"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL the test starts, through the loopback
Discord, under the faults of issue 34, in one run:

1. Two tables, one in a guild of each shard (two humans and two computers each), opened on a fresh
   database with both Starts pressed at the same moment: both open (``ensure_player`` is one statement).
2. Played by DM clicks (every DM click reaches shard 0's process).  Process 1 is SIGKILLed mid-hand;
   process 0 takes its table over; process 1 is started again.  Then in every channel ``/mahjong
   status`` answers about the table wherever it runs (``rules``, ``fairness`` and ``hand`` answer too)
   and ``/mahjong new`` is refused while it exists.
3. PostgreSQL is restarted mid-game (``pg_ctl restart -m fast``); every game still plays to its hand's
   end with gap-free decisions; a click refused while the database was down ("paused, retrying") is
   pressed again.

The figures (takeover time, interaction p50/p99, time for each game to go on after the restart) are
printed on one line starting ``SCALE FIGURES`` (``pytest -s tests/cluster/test_faults.py``): the README's
"Running at scale" quotes them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from tests.cluster.harness import (
    OPTIONS,
    RULES,
    BotProcess,
    press_first_choice,
    start_process,
    stop,
)
from tests.dbpeek import Peek
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import PendingInteraction
from tests.fakediscord.world import FakeChannel, FakeMessage, FakeUser
from tests.pgserver import PostgresServer, server_or_skip

PAUSED = t("table.paused_press", "en")


@pytest.fixture(scope="module")
def own_server() -> Iterator[PostgresServer]:
    """A server of this module's own: the restart must not cut other tests' sessions."""
    server = server_or_skip()
    try:
        yield server
    finally:
        server.stop()


class Database:
    """Reads from outside the bots; a connection the restart cut is opened again."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.peek = Peek(url)

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        for _ in range(100):
            try:
                return self.peek.rows(sql, params)
            except Exception:  # the server restarting: a new connection once it is back
                with contextlib.suppress(Exception):
                    self.peek.close()
                time.sleep(0.1)
                self.peek = Peek(self.url)
        raise AssertionError("the database did not come back")

    def games(self) -> list[tuple[int, int, str]]:
        return [(r[0], r[1], r[2]) for r in self.rows("SELECT id, channel_id, status FROM games ORDER BY id")]

    def decisions(self, game_id: int) -> list[int]:
        return [
            r[0] for r in self.rows("SELECT seq FROM decisions WHERE game_id = ? ORDER BY seq", (game_id,))
        ]

    def owner(self, game_id: int) -> str | None:
        rows = self.rows("SELECT owner FROM table_leases WHERE game_id = ?", (game_id,))
        return str(rows[0][0]) if rows else None

    def finished(self, game_ids: list[int]) -> bool:
        status = {g: s for g, _, s in self.games()}
        return all(status.get(g) == "finished" for g in game_ids)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.peek.close()


def answers(ix: PendingInteraction) -> list[str]:
    return [m.content for m in [ix.original, *ix.followups] if m is not None]


class Players:
    """Clicks each player's newest unanswered DM panel (the first control's first choice); a click the
    bot answered "paused, retrying" is pressed again."""

    def __init__(self, fake: FakeDiscord, users: list[FakeUser]) -> None:
        self.fake = fake
        self.users = users
        self.handled: set[tuple[int, str]] = set()
        self.recent: list[tuple[PendingInteraction, set[tuple[int, str]]]] = []
        self.latencies: list[float] = []
        self.paused_answers = 0

    def _pending(self) -> list[tuple[FakeUser, list[FakeMessage]]]:
        found = []
        for user in self.users:
            panels = [
                m
                for m in self.fake.dms(user)
                if m.components and (m.id, str(m.components)) not in self.handled
            ]
            if panels:
                found.append((user, panels))
        return found

    def _retry_paused(self) -> None:
        for ix, questions in list(self.recent):
            if any(text.startswith(PAUSED[:40]) for text in answers(ix)):
                self.paused_answers += 1
                self.handled -= questions  # not taken: press it again
                self.recent.remove((ix, questions))
        self.recent = self.recent[-20:]

    async def step(self) -> None:
        self._retry_paused()
        pending = self._pending()
        if not pending:
            with contextlib.suppress(Exception):
                await self.fake.wait_until(lambda: self._pending(), timeout=0.5, what="a new panel")
            return
        user, panels = pending[0]
        questions = {(m.id, str(m.components)) for m in panels}
        self.handled |= questions
        ix = await press_first_choice(self.fake, user, panels[-1])
        self.latencies.append(ix.latency or 0.0)
        self.recent.append((ix, questions))

    async def play_until(self, done: Callable[[], bool], timeout: float, what: str) -> float:
        """Click until ``done()``; returns the seconds it took."""
        started = time.monotonic()
        while not done():
            if time.monotonic() - started > timeout:
                raise AssertionError(f"waited {timeout}s for {what}")
            await self.step()
        return time.monotonic() - started


async def open_tables_with_starts_at_once(
    fake: FakeDiscord, seated: list[tuple[FakeChannel, list[FakeUser]]]
) -> list[PendingInteraction]:
    lobbies: list[tuple[FakeUser, FakeMessage]] = []
    for channel, (first, second) in seated:
        ix = await fake.slash(first, "mahjong new", {"rules": RULES, "options": OPTIONS}, channel=channel)
        lobby = ix.original
        assert lobby is not None, answers(ix)
        await fake.click(second, lobby, fake.button_by_label(lobby, "Join"))
        for _ in range(2):
            await fake.click(first, lobby, fake.button_by_label(lobby, "Add computer"))
        lobbies.append((first, lobby))
    presses = [
        await fake.click(first, lobby, fake.button_by_label(lobby, "Start"), wait=False)
        for first, lobby in lobbies
    ]
    await asyncio.gather(*(fake.wait_response(ix) for ix in presses))
    return presses


async def ask(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, command: str, **options: Any) -> str:
    ix = await fake.slash(user, command, options or None, channel=channel)
    await fake.wait_until(lambda: any(answers(ix)), timeout=10, what=f"the answer to /{command}")
    return "\n".join(answers(ix))


def new_session(fake: FakeDiscord, shard: int, known: set[str]) -> bool:
    return any(s.open and s.shard == (shard, 2) and s.id not in known for s in fake.sessions.values())


async def test_two_processes_survive_a_kill_a_restart_and_a_database_restart(
    tmp_path: Path, own_server: PostgresServer
) -> None:
    url = own_server.create_database()
    fake = FakeDiscord()
    await fake.start()
    processes: list[BotProcess] = []
    db = Database(url)
    try:
        shard_zero = fake.add_guild("Shard Zero Club", shard=(0, 2))
        shard_one = fake.add_guild("Shard One Club", shard=(1, 2))
        channels = {
            shard: fake.add_channel(guild, "mahjong") for shard, guild in ((0, shard_zero), (1, shard_one))
        }
        seated = [
            (channels[0], [fake.add_user("ann"), fake.add_user("ben")]),
            (channels[1], [fake.add_user("cat"), fake.add_user("dan")]),
        ]
        for guild, (_, users) in zip((shard_zero, shard_one), seated, strict=True):
            for user in users:
                fake.add_member(guild, user)
        for shard in (0, 1):
            processes.append(start_process(fake, url, f"process{shard}", tmp_path, shards=(shard,), count=2))
        await fake.wait_until(
            lambda: {s.shard for s in fake.sessions.values() if s.open} >= {(0, 2), (1, 2)} and fake.commands,
            timeout=60,
            what="both bot processes to connect",
        )

        # 1. Both Starts at the same moment on the fresh database: both tables open.
        presses = await open_tables_with_starts_at_once(fake, seated)
        await fake.wait_until(lambda: len(db.games()) == 2, timeout=20, what="both games to be stored")
        generic = t("error.generic", "en")
        assert not any(generic in text for ix in presses for text in answers(ix))
        game_of = {channel_id: game_id for game_id, channel_id, _ in db.games()}
        game_ids = [game_of[channels[0].id], game_of[channels[1].id]]

        # 2. Play; SIGKILL process 1 (the owner of the shard-1 table) mid-hand; process 0 takes it over.
        players = Players(fake, [u for _, users in seated for u in users])
        await players.play_until(
            lambda: all(len(db.decisions(g)) >= 8 for g in game_ids), timeout=90, what="some play"
        )
        victim = game_ids[1]
        old_owner = db.owner(victim)
        assert old_owner is not None and db.finished(game_ids) is False
        processes[1].proc.send_signal(signal.SIGKILL)
        processes[1].proc.wait()
        takeover = await players.play_until(
            lambda: db.owner(victim) not in (None, old_owner), timeout=60, what="the takeover"
        )
        assert db.owner(victim) == db.owner(game_ids[0])  # process 0 runs both tables now
        known = set(fake.sessions)
        processes.append(start_process(fake, url, "process1-again", tmp_path, shards=(1,), count=2))
        await players.play_until(lambda: new_session(fake, 1, known), timeout=60, what="process 1 back")

        # In every channel: status answers about the table wherever it runs; new is refused.
        for channel, (first, _) in seated:
            status = await ask(fake, first, channel, "mahjong status")
            assert status != t("table.none", "en") and first.name in status, status
            refused = await ask(fake, first, channel, "mahjong new", rules=RULES, options=OPTIONS)
            assert refused == t("table.error.table_exists", "en"), refused
            for command in ("mahjong rules", "mahjong fairness", "mahjong hand"):
                said = await ask(fake, first, channel, command)
                assert said not in (t("table.none", "en"), t("table.error.not_running", "en")), (
                    command,
                    said,
                )
        assert sorted(channel_id for _, channel_id, _ in db.games()) == sorted(
            c.id for c in channels.values()
        )

        # 3. PostgreSQL restarted mid-game: every game goes on and ends, gap-free.
        assert not db.finished(game_ids)
        restart = asyncio.get_running_loop().run_in_executor(None, own_server.restart)
        while not restart.done():
            await players.step()
        await restart
        after_restart = {g: len(db.decisions(g)) for g in game_ids}
        back = time.monotonic()
        went_on: dict[int, float] = {}

        def every_game_went_on() -> bool:
            status = {g: s for g, _, s in db.games()}
            for g in game_ids:
                if g not in went_on and (len(db.decisions(g)) > after_restart[g] or status[g] != "running"):
                    went_on[g] = time.monotonic() - back
            return len(went_on) == len(game_ids)

        await players.play_until(every_game_went_on, timeout=90, what="every game to go on after the restart")
        await players.play_until(lambda: db.finished(game_ids), timeout=300, what="every game to end")
        for game_id in game_ids:
            seqs = db.decisions(game_id)
            assert seqs == list(range(len(seqs))) and len(seqs) > 20, (game_id, seqs[:5], len(seqs))
            finals = db.rows("SELECT COUNT(*) FROM final_results WHERE game_id = ?", (game_id,))
            assert finals[0][0] == 4
        fake.check_deadlines()
        for process in processes[::2]:
            assert process.proc.poll() is None, f"{process.name} stopped:\n{process.tail()}"
        latencies = sorted(players.latencies)
        figures = {
            "takeover_s": round(takeover, 2),
            "clicks": len(latencies),
            "interaction_p50_ms": round(statistics.median(latencies) * 1000, 1),
            "interaction_p99_ms": round(latencies[int(0.99 * (len(latencies) - 1))] * 1000, 1),
            "went_on_after_db_restart_s": {str(g): round(s, 2) for g, s in went_on.items()},
            "paused_answers_pressed_again": players.paused_answers,
        }
        print("SCALE FIGURES " + json.dumps(figures))
        assert max(latencies) < 3.0
    except BaseException:
        for process in processes:
            print(f"---- {process.name} log\n{process.tail()}", file=sys.stderr)
        raise
    finally:
        for process in processes:
            stop(process)
        db.close()
        await fake.close()
