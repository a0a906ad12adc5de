"""League import and standings speed: a CSV season imported (parse, check every line, one transaction)
and the standings of that season settled (what /league standings does on every call).

Run: .venv/bin/python tests/bench/bench_league_import.py [--rounds N] [--games 40,500,1500]
Each round imports every size into a fresh SQLite file, sizes interleaved; figures are the median and
the spread (min-max) of the rounds, per whole import and per game, then the season view on the largest.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.service.league import Actor, LeagueService  # noqa: E402
from bot.store import Store  # noqa: E402

NAMES = [f"player{n:02d}" for n in range(32)]
HEADER = "date,table,east,east_points,south,south_points,west,west_points,north,north_points,chombo"


def season_csv(games: int, seed: int = 7) -> bytes:
    rng = random.Random(seed)
    lines = [HEADER]
    for number in range(games):
        seats = rng.sample(NAMES, 4)
        cuts = sorted(rng.sample(range(1, 1000), 3))
        points = [100 * (b - a) for a, b in zip([0, *cuts], [*cuts, 1000], strict=True)]
        cells = [f"2025-{1 + number // 28 % 12:02d}-{1 + number % 28:02d}", "AB"[number % 2]]
        for name, pts in zip(seats, points, strict=True):
            cells += [name, str(pts)]
        cells.append(seats[0] if number % 17 == 0 else "")
        lines.append(",".join(cells))
    return "\n".join(lines).encode()


async def one_import(folder: Path, games: int, data: bytes) -> tuple[float, float]:
    """Seconds to import ``games`` games into a fresh store, and to settle the season once afterwards."""
    async with await Store.open(folder / f"bench-{games}-{time.monotonic_ns()}.sqlite3") as store:
        service = LeagueService(store)
        admin = Actor((await store.ensure_player("admin", discord_id=1)).id, is_admin=True)
        league = await service.create_league(admin, 1, "Bench", "riichi")
        await service.start_season(admin, league)
        for index, name in enumerate(NAMES, start=2):
            await service.join(league, await store.ensure_player(name, discord_id=index))
        start = time.perf_counter()
        recorded = await service.import_csv(admin, league, data, "season.csv")
        imported = time.perf_counter() - start
        assert len(recorded) == games
        start = time.perf_counter()
        view = await service.season_view(league)
        settled = time.perf_counter() - start
        assert len(view.settled) == games
        return imported, settled


def spread(values: list[float], scale: float = 1000.0) -> str:
    low, mid, high = (x * scale for x in (min(values), statistics.median(values), max(values)))
    return f"median {mid:.2f} (min {low:.2f}, max {high:.2f})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default="40,500,1500")
    args = parser.parse_args()
    sizes = [int(x) for x in args.games.split(",")]
    files = {n: season_csv(n) for n in sizes}
    imports: dict[int, list[float]] = {n: [] for n in sizes}
    views: dict[int, list[float]] = {n: [] for n in sizes}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.rounds):
            for n in sizes:  # interleaved: one import of each size per round
                imported, settled = await one_import(Path(folder), n, files[n])
                imports[n].append(imported)
                views[n].append(settled)
    print(f"rounds: {args.rounds} (SQLite, one transaction per import)")
    for n in sizes:
        per_game = [t / n for t in imports[n]]
        print(f"import {n:5d} games: {spread(imports[n])} ms; per game {spread(per_game)} ms")
        print(f"season view {n:5d} games (settle, standings, ratings): {spread(views[n])} ms")


if __name__ == "__main__":
    asyncio.run(main())
