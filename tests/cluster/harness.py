"""Real bot processes against one loopback Discord and one database, driven by scripted DM clicks.

``run_game`` starts the processes (tests/cluster/botproc.py: ``mahjong-bot run`` pointed at the fake),
opens a four-human table in a guild, and plays it to the end by clicking each player's newest DM panel
with a fixed policy (the first control's first choice), so two runs of the same seed make the same
decisions.  It can SIGKILL a process after some clicks, and press one decision in two processes at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import t
from tests.dbpeek import Peek
from tests.fakediscord import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeMessage, FakeUser, iter_components

ROOT = Path(__file__).resolve().parents[2]
# After a decision is seen stored, how long a second copy of it is given to appear before the count is
# read: long against a commit (milliseconds), short against the test.  The grace cannot pass a test
# falsely: a duplicate stored after it still fails the test, which compares the whole game's decisions
# with the uninterrupted run's (test_two_processes), or counts them once both calls have returned, so
# stored, and again at every later press (test_cluster).
LATE_DUPLICATE_GRACE = 0.5
RULES, OPTIONS, SEED = "pihu", "max_hands=1", "cluster-test-seed"


@dataclass
class BotProcess:
    name: str
    proc: subprocess.Popen[bytes]
    log: Path

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@dataclass
class RunResult:
    decisions: list[tuple[int, Any]]  # (seat, action) in order
    finals: list[tuple[int, int, int]]  # (seat, points, rank)
    clicks: int
    latencies: list[float]
    decisions_at_kill: list[tuple[int, Any]] | None = None
    takeover_seconds: float | None = None
    double_press: dict[str, Any] = field(default_factory=dict)
    #: Channel messages that showed the running table ("Show my hand"): one, even across a takeover.
    table_messages: int = 0
    #: DM interactions (clicks in DMs) each gateway session received, by (shard, count).
    dm_interactions: dict[tuple[int, int], int] = field(default_factory=dict)
    #: Panels the referee answered for their player (a turn ran out, or the computer took the seat): a
    #: decision no click made, so one the policy does not choose (a panel that lost its buttons shows this).
    played_for: int = 0


def start_process(
    fake: FakeDiscord, database: str, name: str, folder: Path, *, shards: tuple[int, ...] | None, count: int
) -> BotProcess:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "MAHJONG_DATABASE": database,
        "FAKE_API": fake.api_base,
        "FAKE_GATEWAY": fake.gateway_url,
        "MAHJONG_TEST_SEED": SEED,
        "MAHJONG_TEST_LEASE": "3",
        "PYTHONPATH": str(ROOT),
    }
    if shards is not None:
        env |= {"MAHJONG_SHARD_COUNT": str(count), "MAHJONG_SHARD_IDS": ",".join(map(str, shards))}
    log = folder / f"{name}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.cluster.botproc"], cwd=folder, env=env, stdout=out, stderr=out
        )
    return BotProcess(name, proc, log)


def stop(process: BotProcess) -> None:
    if process.proc.poll() is None:
        process.proc.send_signal(signal.SIGTERM)
        try:
            process.proc.wait(15)
        except subprocess.TimeoutExpired:
            process.proc.kill()
            process.proc.wait()


def _showed_table(message: FakeMessage) -> bool:
    states = [message.components, *(v["components"] for v in message.versions)]
    return any(c.get("label") == "Show my hand" for state in states for c in iter_components(state))


def _played_for(message: FakeMessage) -> bool:
    said = [message.content, *(v["content"] for v in message.versions)]
    openings = [
        t(key, "en", choice="\0").split("\0")[0] for key in ("table.timed_out", "table.computer_played")
    ]
    return any(text.startswith(opening) for text in said for opening in openings)


def _question(message: FakeMessage) -> tuple[int, str]:
    """A question on a DM panel: the message and its controls (a living panel is edited for the next)."""
    return message.id, str(message.components)


def _panels(fake: FakeDiscord, user: FakeUser, handled: set[tuple[int, str]]) -> list[FakeMessage]:
    return [m for m in fake.dms(user) if m.components and _question(m) not in handled]


def first_choice(message: FakeMessage) -> tuple[str, str | None]:
    """The policy: the first control of the panel; a select's first option."""
    for comp in iter_components(message.components):
        if comp.get("type") == 3:
            return comp["custom_id"], comp["options"][0]["value"]
        if comp.get("type") == 2 and "custom_id" in comp:
            return comp["custom_id"], None
    raise AssertionError(f"panel {message.id} has no control")


async def press_first_choice(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, *, wait: bool = True
) -> Any:
    custom_id, value = first_choice(message)
    if value is not None:
        return await fake.select(user, message, custom_id, [value], wait=wait)
    return await fake.click(user, message, custom_id, wait=wait)


async def run_game(
    folder: Path,
    database: str,
    layout: list[tuple[int, ...] | None],
    *,
    kill_after: int | None = None,
    double_press_at: int | None = None,
    timeout: float = 240.0,
) -> RunResult:
    """Play one game; ``layout``: the shard ids of each process (None: one process with every shard)."""
    count = 2 if layout[0] is not None else 1
    fake = FakeDiscord()
    await fake.start()
    processes: list[BotProcess] = []
    peek = Peek(database)
    try:
        guild = fake.add_guild("Cluster Club", shard=(1, 2))  # shard 1 of 2: not the DM shard
        channel = fake.add_channel(guild, "mahjong")
        players = [fake.add_user(n) for n in ("alice", "bob", "carol", "dave")]
        for user in players:
            fake.add_member(guild, user)
        for index, shards in enumerate(layout):
            processes.append(
                start_process(fake, database, f"process{index}", folder, shards=shards, count=count)
            )
        wanted = {(s, count) for shards in layout for s in (shards or (0,))}
        await fake.wait_until(
            lambda: {x.shard for x in fake.sessions.values() if x.open} >= wanted and fake.commands,
            timeout=60,
            what="every bot process to connect",
        )
        await _open_table(fake, channel, players)
        result = await _play(fake, channel, players, peek, processes, kill_after, double_press_at, timeout)
        fake.check_deadlines()
        result.table_messages = sum(1 for m in fake.channel_messages(channel) if _showed_table(m))
        result.played_for = sum(1 for user in players for m in fake.dms(user) if _played_for(m))
        for session in fake.sessions.values():
            dm = sum(
                1
                for _, event, data in session.events
                if event == "INTERACTION_CREATE" and "guild_id" not in data
            )
            result.dm_interactions[session.shard] = result.dm_interactions.get(session.shard, 0) + dm
        return result
    except BaseException:
        for process in processes:
            print(f"---- {process.name} log\n{process.tail()}", file=sys.stderr)
        raise
    finally:
        for process in processes:
            stop(process)
        peek.close()
        await fake.close()


async def _open_table(fake: FakeDiscord, channel: FakeChannel, players: list[FakeUser]) -> None:
    alice = players[0]
    ix = await fake.slash(alice, "mahjong new", {"rules": RULES, "options": OPTIONS}, channel=channel)
    lobby = ix.original
    assert lobby is not None, "no lobby message"
    for user in players[1:]:
        await fake.click(user, lobby, fake.button_by_label(lobby, "Join"))
    await fake.click(alice, lobby, fake.button_by_label(lobby, "Start"))


def _finished(peek: Peek) -> bool:
    rows = peek.rows("SELECT status FROM games ORDER BY id DESC")
    return bool(rows) and rows[0][0] != "running"


def _stored(peek: Peek) -> list[tuple[int, Any]]:
    rows = peek.rows(
        "SELECT seq, seat, action_json FROM decisions WHERE game_id = (SELECT MAX(id) FROM games) "
        "ORDER BY seq"
    )
    assert [r[0] for r in rows] == list(range(len(rows))), "a gap in the stored decisions"
    return [(r[1], json.loads(r[2])) for r in rows]


async def _play(
    fake: FakeDiscord,
    channel: FakeChannel,
    players: list[FakeUser],
    peek: Peek,
    processes: list[BotProcess],
    kill_after: int | None,
    double_press_at: int | None,
    timeout: float,
) -> RunResult:
    handled: set[tuple[int, str]] = set()
    clicks = 0
    latencies: list[float] = []
    result = RunResult([], [], 0, latencies)
    killed_at: float | None = None
    deadline = time.monotonic() + timeout
    while not _finished(peek):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end within {timeout}s ({clicks} clicks)")
        pending = [(u, _panels(fake, u, handled)) for u in players]
        pending = [(u, ms) for u, ms in pending if ms]
        if not pending:
            with contextlib.suppress(AssertionError):
                await fake.wait_until(
                    lambda: any(_panels(fake, u, handled) for u in players) or _finished(peek),
                    timeout=2.0,
                    what="a new panel",
                )
            continue
        user, panels = pending[0]
        newest = panels[-1]
        handled.update(_question(m) for m in panels)
        if killed_at is not None and result.takeover_seconds is None:
            result.takeover_seconds = time.monotonic() - killed_at
        if double_press_at is not None and clicks == double_press_at and newest.channel.recipient is user:
            result.double_press = await _press_twice(fake, channel, user, newest, peek)
        else:
            ix = await press_first_choice(fake, user, newest)
            latencies.append(ix.latency or 0.0)
        clicks += 1
        if kill_after is not None and clicks == kill_after:
            victim = processes[1]
            victim.proc.send_signal(signal.SIGKILL)  # no clean-up of any kind
            victim.proc.wait()
            killed_at = time.monotonic()
            # Read at once, no clock: the killed process writes nothing more.  A commit it had sent may still
            # land a moment later (the server finishes it); either way the list is a prefix of the game,
            # which is what the test asserts, and the whole game is compared at its end.
            result.decisions_at_kill = _stored(peek)
    result.decisions = _stored(peek)
    result.finals = [
        (r[0], r[1], r[2])
        for r in peek.rows(
            "SELECT seat, points, rank FROM final_results WHERE game_id = (SELECT MAX(id) FROM games) "
            "ORDER BY seat"
        )
    ]
    result.clicks = clicks
    # Let the owner post the final ranking before the processes stop (else it logs a closed session).
    with contextlib.suppress(AssertionError):
        await fake.wait_until(
            lambda: any("Final" in m.content or "final" in m.content for m in fake.channel_messages(channel)),
            timeout=5,
            what="the final ranking",
        )
    return result


async def _press_twice(
    fake: FakeDiscord, channel: FakeChannel, user: FakeUser, dm_panel: FakeMessage, peek: Peek
) -> dict[str, Any]:
    """The same decision pressed at the same moment in the DM (shard 0's process) and on the
    "Show my hand" panel in the guild channel (shard 1's process, the owner)."""
    table_message = next(
        m for m in reversed(fake.channel_messages(channel)) if "Show my hand" in m.button_labels()
    )
    shown = await fake.click(user, table_message, fake.button_by_label(table_message, "Show my hand"))
    # The first followup after a "thinking" defer replaces the loading message (shown.original).
    ephemeral = await fake.wait_until(
        lambda: next((m for m in [shown.original, *shown.followups] if m is not None and m.components), None),
        timeout=5,
        what="the ephemeral hand panel",
    )
    before = len(_stored(peek))
    custom_id, value = first_choice(dm_panel)
    assert first_choice(ephemeral) == (custom_id, value), "the two panels ask different questions"
    first = await press_first_choice(fake, user, dm_panel, wait=False)
    second = await press_first_choice(fake, user, ephemeral, wait=False)
    await asyncio.gather(fake.wait_response(first), fake.wait_response(second))
    # Wait for the decision to be stored (a condition, not a clock), then give a late duplicate the
    # grace period to show: the count is read after it.
    await fake.wait_until(lambda: len(_stored(peek)) > before, timeout=10, what="the pressed decision stored")
    await asyncio.sleep(LATE_DUPLICATE_GRACE)
    after = _stored(peek)
    return {"before": before, "after": len(after), "latencies": [first.latency, second.latency]}
