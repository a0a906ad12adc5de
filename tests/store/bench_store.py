"""Store and league throughput (a measurement script, not a test): prints figures and ratios.

Run: /work/venv/bin/python -m tests.store.bench_store [--decisions N]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.league.ratings import openskill_ratings, tenhou_ratings
from bot.league.settlement import default_settings, settle_game
from bot.store import Store


async def bench_store(decisions: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "bench.sqlite3") as store:
            players = [(await store.ensure_player(f"ai {i}", local_key=f"ai:{i}")).id for i in range(4)]
            game = await store.create_game("riichi", players)
            action = {"type": "discard", "tile": 77, "tsumogiri": True}
            start = time.perf_counter()
            for seq in range(decisions):
                await store.append_decision(game, seq, seq % 4, action)
            single = time.perf_counter() - start

            batch_game = await store.create_game("riichi", players)
            start = time.perf_counter()
            await store.append_decisions(batch_game, [(s, s % 4, action) for s in range(decisions)])
            batch = time.perf_counter() - start

            start = time.perf_counter()
            loaded = await store.load_decisions(game)
            load = time.perf_counter() - start
            assert len(loaded) == decisions
    each_ms = single / decisions * 1e3
    print(
        f"append_decision (one commit each): {decisions / single:9.0f} decisions/s  ({each_ms:.3f} ms each)"
    )
    print(
        f"append_decisions (one batch):      {decisions / batch:9.0f} decisions/s  "
        f"(x{single / batch:.1f} faster)"
    )
    print(f"load_decisions:                    {decisions / load:9.0f} decisions/s")


def bench_league(games: int) -> None:
    settings = default_settings("riichi")
    tables = [[25000 + 1000 * ((g * 7 + s * 13) % 11) - 5000 * s for s in range(4)] for g in range(games)]
    start = time.perf_counter()
    for points in tables:
        settle_game(points, settings)
    settle = time.perf_counter() - start
    rated = [[(f"p{(g + s) % 16}", s + 1) for s in range(4)] for g in range(games)]
    start = time.perf_counter()
    openskill_ratings(rated)
    skill = time.perf_counter() - start
    start = time.perf_counter()
    tenhou_ratings(rated)
    tenhou = time.perf_counter() - start
    print(f"settle_game:        {games / settle:9.0f} games/s")
    print(f"openskill_ratings:  {games / skill:9.0f} games/s")
    print(f"tenhou_ratings:     {games / tenhou:9.0f} games/s  (x{skill / tenhou:.1f} the OpenSkill speed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    asyncio.run(bench_store(args.decisions))
    bench_league(args.games)


if __name__ == "__main__":
    main()
