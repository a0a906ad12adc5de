"""The web page's speed (issue 38): the standings page of a league season of 1,000 games, on loopback.

Run: python tests/bench/bench_web.py [--games 1000] [--requests 2000] [--cold 5]

Target: p99 under 50 ms.  A season of 1,000 games (24 players, typed-in results) in a fresh SQLite file;
the page served by bot/web on 127.0.0.1 and asked for by aiohttp's client in the same process, one
request at a time (so each figure includes the client's own work).  Cold: the first request of a freshly
started server (it settles and rates the whole season); warm: the same page asked again and again (the
settled season is kept while its games stay the same: each request still reads the season's games back
and compares them, and draws the page).  The JSON twin of the page is measured the same way.
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

import aiohttp  # noqa: E402

from bot.service.league import Actor, LeagueService  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.league_games import ManualGame  # noqa: E402
from bot.web.server import WebServer  # noqa: E402

PLAYERS = 24


async def build(path: Path, games: int) -> int:
    """A league with one season of ``games`` games between ``PLAYERS`` players; its id."""
    store = await Store.open(path)
    try:
        service = LeagueService(store)
        admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
        league = await service.create_league(admin, 1, "Bench Club", "riichi")
        season = await service.start_season(admin, league)
        ids = []
        for n in range(PLAYERS):
            player = await service.player(f"Player {n:02d}", discord_id=100 + n)
            await service.join(league, player)
            ids.append(player.id)
        draw = random.Random(38)
        played = []
        for _ in range(games):
            seats = draw.sample(ids, 4)
            a, b, c = (draw.randrange(-50, 500) * 100 for _ in range(3))
            played.append(ManualGame(list(zip(seats, [a, b, c, 100000 - a - b - c], strict=True))))
        await store.record_manual_games(season.id, admin.player_id, played)
        return league.id
    finally:
        await store.close()


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


async def timed(session: aiohttp.ClientSession, url: str) -> float:
    start = time.perf_counter()
    async with session.get(url) as answer:
        body = await answer.read()
    seconds = time.perf_counter() - start
    assert answer.status == 200 and len(body) > 1000, answer.status
    return seconds


async def measure(path: Path, league_id: int, requests: int, cold_runs: int) -> None:
    store = await Store.open(path)
    try:
        for page in (f"leagues/{league_id}", f"leagues/{league_id}.json"):
            cold = []
            for _ in range(cold_runs):
                server = WebServer(store, "127.0.0.1", 0)  # a fresh server: nothing settled yet
                await server.start()
                try:
                    async with aiohttp.ClientSession() as session:
                        cold.append(await timed(session, server.url + page))
                finally:
                    await server.close()
            server = WebServer(store, "127.0.0.1", 0)
            await server.start()
            try:
                async with aiohttp.ClientSession() as session:
                    await timed(session, server.url + page)  # settles the season once
                    warm = [await timed(session, server.url + page) for _ in range(requests)]
            finally:
                await server.close()
            print(
                f"/{page}: cold (first request, {cold_runs} fresh servers) median "
                f"{statistics.median(cold) * 1000:.0f} ms, max {max(cold) * 1000:.0f} ms; "
                f"warm ({requests} requests) p50 {percentile(warm, 0.5):.1f} ms, "
                f"p99 {percentile(warm, 0.99):.1f} ms, max {max(warm) * 1000:.1f} ms"
            )
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--cold", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        start = time.perf_counter()
        league_id = await build(path, args.games)
        print(
            f"a season of {args.games} games, {PLAYERS} players, built in {time.perf_counter() - start:.1f} s"
        )
        await measure(path, league_id, args.requests, args.cold)


if __name__ == "__main__":
    asyncio.run(main())
