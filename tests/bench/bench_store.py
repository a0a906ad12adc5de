"""The database in use (a measurement script, not a test): prints figures and ratios.

* decisions stored per second while ``simulate --db`` plays (each decision one fsync'ed commit), against
  the same games played without a database;
* database bytes per hand and per decision;
* resuming: stored decisions rebuilt per second (what a restarted bot or run does first).

Run: /work/venv/bin/python -m tests.bench.bench_store [--rules sanma] [--games 3] [--dir /tmp]
(``--dir /dev/shm`` shows the figures without the disk's fsync.)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from bot.cli.simulate_store import simulate_stored
from bot.cli.simulation import simulate
from bot.service.persistence import load_game
from bot.store import Store


async def _rebuild_all(db: Path, ids: list[int]) -> int:
    async with await Store.open(db) as store:
        total = 0
        for game_id in ids:
            total += len((await load_game(store, game_id)).decisions)
        return total


def bench(rules: str, games: int, folder: str | None) -> None:
    with tempfile.TemporaryDirectory(dir=folder) as where:
        db = Path(where) / "bench.sqlite3"
        plain = simulate(rules, games, "bench")
        stored = asyncio.run(simulate_stored(str(db), rules, games, "bench"))
        assert stored["actions"] == plain["actions"] and stored["hands"] == plain["hands"]
        size = sum(p.stat().st_size for p in Path(where).iterdir())  # the file, its WAL and shm
        start = time.perf_counter()
        rebuilt = asyncio.run(_rebuild_all(db, stored["game_ids"]))
        rebuild = time.perf_counter() - start
        fs = os.statvfs(where)
    decisions, hands = stored["actions"], stored["hands"]
    print(
        f"{rules}: {games} games, {hands} hands, {decisions} decisions; "
        f"folder {folder or tempfile.gettempdir()}"
    )
    print(f"  fs block size {fs.f_bsize} B")
    print(
        f"  simulate --db:   {decisions / stored['seconds']:9.0f} decisions stored/s "
        f"({stored['seconds'] / decisions * 1e3:.2f} ms each)"
    )
    print(
        f"  simulate (no db): {decisions / plain['seconds']:8.0f} decisions/s; "
        f"the database costs x{stored['seconds'] / plain['seconds']:.1f}"
    )
    print(
        f"  database size:   {size / hands:9.0f} bytes per hand "
        f"({size / decisions:.0f} per decision, {size} total)"
    )
    print(f"  resume:          {rebuilt / rebuild:9.0f} decisions rebuilt/s from the database")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="sanma")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--dir", default=None, help="where the database goes (default: the temp folder)")
    args = parser.parse_args()
    bench(args.rules, args.games, args.dir)


if __name__ == "__main__":
    main()
