"""League speed: the rating chart of /league player, and the hand statistics of bot-played games.

Run: /work/venv/bin/python tests/bench/bench_league.py [--repeat N] [--games N]
Targets (issue 14): rating chart (draw + PNG) < 20 ms.  Hand statistics come from replaying each bot
game's stored decisions once per process (cached afterwards): the cold figure is per game.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.cli.simulation import simulate  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from bot.render.chart import rating_series, render_rating_chart  # noqa: E402
from bot.render.png import to_png  # noqa: E402
from bot.service.league import LeagueService  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.service.test_league_hand_stats import open_league, store_bot_game  # noqa: E402


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm the fonts
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def chart_figures(repeat: int) -> None:
    for games in (10, 40, 200):
        tenhou = [1500.0 + 25 * ((i * 7) % 5 - 2) + i for i in range(games + 1)]
        skill = [0.3 * i - ((i * 3) % 4) for i in range(games + 1)]
        series = rating_series(tenhou, skill)
        draw = median_ms(partial(render_rating_chart, "Player · ratings", series), repeat)
        img = render_rating_chart("Player · ratings", series)
        png = median_ms(partial(to_png, img), repeat)
        size = len(to_png(img))
        total = draw + png
        print(
            f"rating chart, {games:3d} games: draw {draw:5.1f} ms + PNG {png:4.1f} ms = {total:5.1f} ms "
            f"({total / 20:.2f} of the 20 ms target), {size / 1024:.1f} KB"
        )


async def hand_stat_figures(games: int) -> None:
    played: list[Game] = []
    simulate("riichi", games, "bench", on_game=played.append, ai="easy")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        try:
            service, league = await open_league(store, "riichi")
            for game in played:
                await store_bot_game(store, game)
            for label in ("cold (replays every game)", "warm (cached)"):
                start = time.perf_counter()
                view = await service.season_view(league)
                seconds = time.perf_counter() - start
                assert all(s.win_rate is not None for s in view.standings)
                print(
                    f"standings of {games} bot games, {label}: {seconds * 1000:.0f} ms "
                    f"({seconds * 1000 / games:.0f} ms per game)"
                )
            fresh = LeagueService(store)  # another service on the same store shares the cache
            start = time.perf_counter()
            await fresh.season_view(league)
            print(f"  a new service on the same store: {(time.perf_counter() - start) * 1000:.0f} ms")
        finally:
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    chart_figures(args.repeat)
    asyncio.run(hand_stat_figures(args.games))


if __name__ == "__main__":
    main()
