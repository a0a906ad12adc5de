"""Outside mjai AIs that misbehave on purpose: they flood what they write, never read what they are
sent, or look for the bot's secrets in their environment.  None of them may grow the bot's memory
without bound, hold up a table or the event loop, or read what is the bot's own."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine.game import Game
from bot.mjai.config import parse_specs
from bot.mjai.process import OUTBOX_MESSAGES, ChannelClosed, LineChannel
from bot.service.seats import Seat
from bot.service.table import TableService, Timing
from bot.service.timers import ManualScheduler
from bot.store import Store
from tests.service import test_table_service

store = test_table_service.store  # the service tests' store fixture

ROOT = Path(__file__).resolve().parents[2]
BOTS = Path(__file__).parent / "mjai_bots"
CHANNEL, GUILD, ALICE = 100, 1, 11
#: The address space a game with a hostile AI may use (a safety net: the bound is asserted on the
#: resident memory below; the limit only keeps an unbounded reader from eating the machine).
ADDRESS_SPACE = 1 << 30
#: What a hostile AI may add to the resident memory of a game, compared with a well-behaved AI's game.
MEMORY_ALLOWANCE_KB = 32 * 1024
#: How long a test waits for what the code under test must let happen at once: a guard against a hang
#: (only a defect reaches it), never what decides a pass.
GUARD_SECONDS = 20.0
#: Turns of the event loop the AI's process waits for before it may be reaped (see the table test).
LOOP_TURNS = 5

#: One sanma game, seat 0 played by the AI whose command follows the address-space limit; prints how
#: the game went and the process's peak resident memory (VmHWM, kB) as one JSON line.
GAME_UNDER_A_MEMORY_LIMIT = """
import json, logging, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
logging.basicConfig(level=logging.WARNING, format="%(message)s")
from bot.ai import make_player
from bot.engine.game import Game
from bot.mjai.seat import MjaiPlayer
outside = MjaiPlayer(sys.argv[2:], name="hostile", seed=0)
players = [outside] + [make_player("normal", s) for s in (1, 2)]
game = Game("sanma", seed="mjai-memory")
try:
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
finally:
    outside.close(game)
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines())
print(json.dumps({"over": game.final is not None, "answered": outside.answered,
                  "fallbacks": outside.fallbacks, "peak_kb": int(status["VmHWM"].split()[0])}))
"""


def bot(name: str, *args: str) -> list[str]:
    return [sys.executable, str(BOTS / f"{name}.py"), *args]


def game_under_a_memory_limit(command: list[str]) -> tuple[dict[str, Any], str]:
    """How the game went (see the script above) and what it logged."""
    done = subprocess.run(
        [sys.executable, "-c", GAME_UNDER_A_MEMORY_LIMIT, str(ADDRESS_SPACE), *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,  # a guard against a hang only
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


@pytest.fixture(scope="module")
def well_behaved_game() -> dict[str, Any]:
    outcome, _ = game_under_a_memory_limit(bot("tsumogiri"))
    assert outcome["over"] and outcome["fallbacks"] == 0
    return outcome


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (bot("flood"), "lines no question asked for"),
        (bot("endless", "stdout"), "a line longer than 1 MiB"),
    ],
    ids=["many-lines", "endless-line"],
)
def test_an_ai_flooding_its_output_is_dropped_and_memory_stays_bounded(
    command: list[str], reason: str, well_behaved_game: dict[str, Any]
) -> None:
    outcome, logged = game_under_a_memory_limit(command)
    assert outcome["peak_kb"] < well_behaved_game["peak_kb"] + MEMORY_ALLOWANCE_KB
    assert outcome["over"] and outcome["answered"] == 0 and outcome["fallbacks"] > 20
    assert reason in logged and "the normal computer decides instead" in logged


def test_an_endless_line_on_standard_error_costs_no_memory(well_behaved_game: dict[str, Any]) -> None:
    """Standard error is only read to quote why a process ended: an AI may write there what it likes
    (it still plays), but it is never all kept."""
    outcome, _ = game_under_a_memory_limit(bot("endless", "stderr"))
    assert outcome["over"] and outcome["fallbacks"] == 0 and outcome["answered"] > 50
    assert outcome["peak_kb"] < well_behaved_game["peak_kb"] + MEMORY_ALLOWANCE_KB


# ---------------------------------------------------------------------- an AI that never reads
def children() -> set[int]:
    """This process's children, zombies included (not yet reaped)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            if int(stat.rpartition(")")[2].split()[1]) == os.getpid():
                found.add(int(entry.name))
    return found


def wait_until(condition: Callable[[], bool], within: float = 20.0) -> bool:
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_sending_to_an_ai_that_never_reads_never_blocks() -> None:
    """The AI reads nothing, so its pipe is full after a few messages: the sends that follow return
    without writing, until the channel's outbox is full too and the AI is dropped for it.  A send that
    waited for its write would never queue those messages (it would wait until the AI exits)."""
    before = children()
    # No time limit on a write: only the full outbox, a count, may drop the AI here.
    channel = LineChannel(bot("deaf", "30"), name="deaf", write_timeout=3600)
    message = {"type": "padding", "text": "x" * 4096}
    with pytest.raises(ChannelClosed, match=rf"has not read its input \({OUTBOX_MESSAGES} messages waiting"):
        for _ in range(5000):  # far more than its pipe and the channel's buffer hold
            channel.send(message)
    assert wait_until(lambda: channel.process.returncode is not None)  # killed and reaped
    assert children() <= before
    assert channel.process.returncode == -signal.SIGKILL


def test_closing_a_channel_need_not_wait_for_its_process(monkeypatch: pytest.MonkeyPatch) -> None:
    before = children()
    channel = LineChannel(bot("deaf", "30"), name="deaf")
    channel.send({"type": "end_game"})
    # Its process is waited for (and so reaped) only once the test lets it: a close that waited for it
    # would return only after the guard, with the process reaped.
    released = threading.Event()
    real_wait = channel.process.wait

    def held_wait(timeout: float | None = None) -> int:
        released.wait(GUARD_SECONDS)
        return real_wait(timeout)

    monkeypatch.setattr(channel.process, "wait", held_wait)
    channel.close(wait=False)
    assert channel.process.returncode is None  # close returned while its process was still held
    released.set()
    # it ignored the end of its input: killed and reaped
    assert wait_until(lambda: channel.process.returncode is not None)
    assert children() <= before
    assert channel.process.returncode == -signal.SIGKILL


def test_a_closed_channel_lets_a_well_behaved_ai_end_by_itself() -> None:
    before = children()
    channel = LineChannel(bot("tsumogiri"), name="tsumogiri")
    answer = channel.ask({"type": "start_game", "id": 0}, 10)
    assert answer is not None and json.loads(answer) == {"type": "none"}
    channel.close()  # waits: it ends by itself once its input ends
    assert channel.process.returncode == 0 and children() <= before


@pytest.mark.parametrize(
    ("pipe", "dropped"),
    [(["4096"], True), ([], False)],
    ids=["its-input-fills-up", "it-is-stopped-at-the-end"],
)
async def test_an_ai_that_never_reads_holds_up_neither_its_table_nor_the_bot(
    store: Store,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    pipe: list[str],
    dropped: bool,
) -> None:
    """With a small input pipe the AI is dropped once a message stays unread too long (the old writer
    blocked there for good, holding the table's lock); with the usual one the game ends first and the
    AI, which ignores the end of its input, must be stopped without the event loop waiting for it."""
    before = children()
    (deaf,) = parse_specs({"deaf": {"command": bot("deaf", "120", *pipe), "timeout": 0.05}})
    service = TableService(store, scheduler=ManualScheduler(), timing=Timing(60, 20, 0), mjai=[deaf])
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "sanma", {"length": "east"})
    await service.add_computer(CHANNEL, ALICE, "mjai:deaf")
    await service.add_computer(CHANNEL, ALICE, "normal")
    table = service.table_in(CHANNEL)
    assert table is not None
    # The event loop's progress, counted in turns of a task that runs on it.
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    # The AI's process may be waited for (stopped, reaped) only after the event loop has gone on for a
    # few turns since: were the loop itself waiting for that process (the old close waited on it), it
    # could not turn, and the wait would go on only after the guard, noted as a stall.
    waited: list[int] = []
    stalls: list[int] = []
    real_wait = subprocess.Popen.wait

    def wait_while_the_loop_turns(process: subprocess.Popen[bytes], timeout: float | None = None) -> int:
        if BOTS.as_posix() in " ".join(map(str, process.args)) and process.pid not in waited:
            waited.append(process.pid)  # its first wait: whoever waits for it, the loop must go on
            start = ticks
            if not wait_until(lambda: ticks >= start + LOOP_TURNS, within=GUARD_SECONDS):
                stalls.append(process.pid)
        return real_wait(process, timeout)

    monkeypatch.setattr(subprocess.Popen, "wait", wait_while_the_loop_turns)
    ticking = asyncio.create_task(ticker())
    try:
        with caplog.at_level(logging.WARNING, logger="bot.mjai.seat"):
            await service.start(CHANNEL, ALICE, seed="mjai deaf table")
            await service.idle(table)
            alice = table.seat_of(ALICE)
            assert alice is not None
            table.away.add(alice)  # the computer plays alice too: the game runs to its end
            service._kick(table)
            # a guard against the old hang only: the game takes seconds
            await asyncio.wait_for(service.idle(table), 60)
            assert table.status == "finished"
            assert await asyncio.to_thread(wait_until, lambda: children() <= before)
    finally:
        ticking.cancel()
    assert any("has not read its input" in r.getMessage() for r in caplog.records) == dropped
    assert waited and stalls == []  # its process was waited for, never by the event loop


# ---------------------------------------------------------------------- the AI's environment
def test_an_ai_sees_none_of_the_bots_secrets_and_what_its_config_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token-secret")
    monkeypatch.setenv("MAHJONG_DATABASE", "postgresql://bot:db-secret@127.0.0.1/mahjong")
    monkeypatch.setenv("PGPASSWORD", "pg-secret")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
    monkeypatch.setenv("LANG", "C.UTF-8")
    seen_file = tmp_path / "environment.json"
    (spec,) = parse_specs(
        {
            "probe": {
                "command": bot("environment", str(seen_file)),
                "env": {"MORTAL_MODEL": "/models/mortal.pth"},
                "pass_env": ["CUDA_VISIBLE_DEVICES", "NOT_SET_ANYWHERE"],
            }
        }
    )
    player = spec.player(seed=0)
    game = Game("riichi", seed="mjai-environment")
    seat = game.waiting_for()[0]
    try:
        player.choose(game, seat)  # starts the AI, which writes its environment before it answers
    finally:
        player.close(game)
    seen = json.loads(seen_file.read_text())
    assert not {"DISCORD_TOKEN", "MAHJONG_DATABASE", "PGPASSWORD"} & set(seen)
    assert not any("secret" in value for value in seen.values())
    assert seen["MORTAL_MODEL"] == "/models/mortal.pth" and seen["CUDA_VISIBLE_DEVICES"] == "1"
    assert seen["PATH"] == os.environ["PATH"] and seen["LANG"] == "C.UTF-8"
    # Python may add LC_CTYPE when it coerces a C locale; nothing else comes from the bot
    assert set(seen) <= {"PATH", "HOME", "LANG", "LC_CTYPE", "MORTAL_MODEL", "CUDA_VISIBLE_DEVICES"}
