"""Figures for running past one process (issue 17).  Run: ``python tests/bench/bench_scale.py``.

1. Decisions stored per second, PostgreSQL vs SQLite: one table appending alone (each decision its own
   commit, as the bot does), and 50 tables appending at once; interleaved rounds, median and spread.
2. 1,000 live tables over two processes (real OS processes, each a TableService + Cluster on one
   PostgreSQL): the time to take a decision as process 0 sees DM clicks for any table (half of them run
   by process 1: the remote path), p50/p99; memory (RSS) of each process.
3. A process with 100 tables is SIGKILLed: the time until the other has taken all 100 over, from the
   kill and from the leases' expiry.

4. One four-human game through the loopback Discord with two real bot processes (the cluster test's
   harness): the interaction response times of its DM clicks, p50/p99.

PostgreSQL is a throw-away server (tests/pgserver.py) started durable (fsync and synchronous commits on,
as in production); SQLite runs as the bot runs it (WAL, synchronous=FULL), both on this machine's disk.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.service.cluster import Cluster  # noqa: E402
from bot.service.seats import Seat  # noqa: E402
from bot.service.table import QuietListener, Table, TableService, Timing  # noqa: E402
from bot.service.timers import ManualScheduler  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.pgserver import PostgresServer  # noqa: E402


# ---------------------------------------------------------------- 1. decisions stored per second
async def _decisions_per_second(setting: str, tables: int, per_table: int) -> float:
    async with await Store.open(setting) as store:
        players = [(await store.ensure_player(f"p{i}", local_key=f"bench:{i}")).id for i in range(4)]
        games = [await store.create_game("riichi", players) for _ in range(tables)]

        async def one(game_id: int) -> None:
            for seq in range(per_table):
                await store.append_decision(game_id, seq, seq % 4, {"type": "discard", "tile": seq % 136})

        started = time.perf_counter()
        await asyncio.gather(*(one(g) for g in games))
        return tables * per_table / (time.perf_counter() - started)


def bench_decisions(pg: PostgresServer, rounds: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    results: dict[str, list[float]] = {}
    for round_no in range(rounds):  # interleaved: each round runs every case once
        for tables, per_table in ((1, 400), (50, 40)):
            for backend in ("sqlite", "postgresql"):
                setting = (
                    str(folder / f"r{round_no}-{tables}.sqlite3")
                    if backend == "sqlite"
                    else pg.create_database()
                )
                rate = asyncio.run(_decisions_per_second(setting, tables, per_table))
                results.setdefault(f"{backend} {tables} table(s)", []).append(rate)
    return {k: _spread(v) for k, v in results.items()}


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


# ---------------------------------------------------------------- workers (one OS process each)
async def _start_tables(service: TableService, count: int, first_channel: int) -> list[Table]:
    tables = []
    for i in range(count):
        channel = first_channel + i
        humans = [channel * 10 + s for s in range(4)]
        await service.open(channel, 1, Seat("p0", humans[0]), "riichi", {"length": "east"})
        for user in humans[1:]:
            await service.join(channel, Seat(f"p{user}", user))
        tables.append(await service.start(channel, humans[0], seed=f"bench:{channel}"))
    return tables


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def worker(url: str, index: int, tables: int, lease: float, presses: int) -> None:
    """Own ``tables`` tables; worker 0 then presses ``presses`` decisions on random tables of both."""
    store = await Store.open(url)
    service = TableService(store, QuietListener(), scheduler=ManualScheduler(), timing=Timing(3600, 3600, 0))
    cluster = Cluster(service, lease_seconds=lease, node=f"worker{index}")
    service.cluster = cluster
    await cluster.start()
    await _start_tables(service, tables, 100_000 * (index + 1))
    print(json.dumps({"ready": index, "rss_mb": round(_rss_mb(), 1)}), flush=True)
    command = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if command.strip() == "press":
        rows = await store.db.fetch_all("SELECT game_id FROM table_leases ORDER BY game_id")
        game_ids = [int(r[0]) for r in rows]
        rng = random.Random(7)
        latencies, remote = [], 0
        for _ in range(presses):
            game_id = rng.choice(game_ids)
            table = await service.find_table(game_id)
            assert table.game is not None
            seat = sorted(table.game.waiting_for())[0]
            user = table.members[seat].user_id
            assert user is not None
            started = time.perf_counter()
            await service.decide(game_id, user, table.prompts[seat], 0)
            latencies.append(time.perf_counter() - started)
            remote += game_id not in service.by_game
        latencies.sort()
        print(
            json.dumps(
                {
                    "p50_ms": round(1000 * latencies[len(latencies) // 2], 2),
                    "p99_ms": round(1000 * latencies[int(len(latencies) * 0.99)], 2),
                    "remote_share": round(remote / presses, 2),
                    "rss_mb": round(_rss_mb(), 1),
                }
            ),
            flush=True,
        )
    elif command.strip() == "takeover":
        started = time.perf_counter()
        while len(service.by_game) < tables + int(os.environ.get("BENCH_EXPECT", "0")):
            await asyncio.sleep(0.02)  # the cluster's own loop takes over (one round every lease/3)
        print(json.dumps({"adopted_after_s": round(time.perf_counter() - started, 2)}), flush=True)
    if command.strip() != "stop":
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await service.close()
    await cluster.close()
    await store.close()


def _spawn(
    url: str, index: int, tables: int, lease: float, presses: int, env: dict[str, str] | None = None
) -> Any:
    return subprocess.Popen(
        [sys.executable, __file__, "--worker", str(index), "--url", url, "--tables", str(tables)]
        + ["--lease", str(lease), "--presses", str(presses)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def _line(proc: Any) -> dict[str, Any]:
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError("a worker stopped early")
    return dict(json.loads(line))


def bench_live_tables(pg: PostgresServer, tables: int, presses: int) -> dict[str, Any]:
    url = pg.create_database()
    workers = [_spawn(url, i, tables // 2, 15, presses) for i in range(2)]
    ready = [_line(w) for w in workers]
    workers[0].stdin.write("press\n")
    workers[0].stdin.flush()
    pressed = _line(workers[0])
    for w in workers:
        w.stdin.write("stop\n")
        w.stdin.flush()
    for w in workers:
        w.wait(60)
    return {
        "tables": tables,
        "presses": presses,
        "decision_p50_ms": pressed["p50_ms"],
        "decision_p99_ms": pressed["p99_ms"],
        "remote_share": pressed["remote_share"],
        "rss_mb_after_start": [r["rss_mb"] for r in ready],
        "rss_mb_process0_after_presses": pressed["rss_mb"],
    }


def bench_takeover(pg: PostgresServer, tables: int, lease: float) -> dict[str, Any]:
    url = pg.create_database()
    survivor = _spawn(url, 0, 0, lease, 0, {"BENCH_EXPECT": str(tables)})
    victim = _spawn(url, 1, tables, lease, 0)
    _line(survivor), _line(victim)
    killed = time.perf_counter()
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    survivor.stdin.write("takeover\n")
    survivor.stdin.flush()
    done = _line(survivor)
    total = time.perf_counter() - killed
    survivor.stdin.write("stop\n")
    survivor.stdin.flush()
    survivor.wait(60)
    return {
        "tables": tables,
        "lease_s": lease,
        "kill_to_all_adopted_s": round(total, 2),
        # The victim last renewed at most lease/3 before the kill: its leases expired in
        # [kill + 2/3 lease, kill + lease].
        "after_expiry_s": [round(total - lease, 2), round(total - 2 * lease / 3, 2)],
        "survivor_wait_s": done["adopted_after_s"],
    }


async def bench_discord_game(pg: PostgresServer) -> dict[str, Any]:
    from tests.cluster.harness import run_game

    run = await run_game(Path(tempfile.mkdtemp(prefix="bench-game-")), pg.create_database(), [(0,), (1,)])
    times = sorted(run.latencies)
    return {
        "clicks": len(times),
        "interaction_p50_ms": round(1000 * times[len(times) // 2], 1),
        "interaction_p99_ms": round(1000 * times[min(len(times) - 1, int(len(times) * 0.99))], 1),
        "interaction_max_ms": round(1000 * times[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--presses", type=int, default=2000)
    parser.add_argument("--takeover-tables", type=int, default=100)
    parser.add_argument("--lease", type=float, default=15.0)
    parser.add_argument("--worker", type=int)
    parser.add_argument("--url")
    args = parser.parse_args()
    if args.worker is not None:
        asyncio.run(worker(args.url, args.worker, args.tables, args.lease, args.presses))
        return
    pg = PostgresServer(durable=True).start()
    try:
        print("== decisions stored per second (median, min-max of interleaved rounds)")
        rates = bench_decisions(pg, args.rounds)
        for case, figures in rates.items():
            print(f"  {case:28s} {figures['median']:>9.1f}/s   ({figures['min']:.1f} - {figures['max']:.1f})")
        for n in (1, 50):
            ratio = rates[f"postgresql {n} table(s)"]["median"] / rates[f"sqlite {n} table(s)"]["median"]
            print(f"  PostgreSQL / SQLite, {n} table(s): {ratio:.2f}x")
        print(f"== {args.tables} live tables over two processes")
        print("  " + json.dumps(bench_live_tables(pg, args.tables, args.presses)))
        print(f"== takeover of {args.takeover_tables} tables after SIGKILL (lease {args.lease} s)")
        print("  " + json.dumps(bench_takeover(pg, args.takeover_tables, args.lease)))
        print("== one game through the loopback Discord, two processes (DM clicks to process 0)")
        print("  " + json.dumps(asyncio.run(bench_discord_game(pg))))
    finally:
        pg.stop()


if __name__ == "__main__":
    main()
