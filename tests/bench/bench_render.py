"""Rendering speed and picture size: median milliseconds per picture and PNG bytes.

Run: /work/venv/bin/python tests/bench/bench_render.py [--repeat N]
Targets (issue 10): table < 15 ms, hand < 5 ms, PNG < 200 KB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.render.hand import render_hand  # noqa: E402
from bot.render.result import render_result  # noqa: E402
from bot.render.scene import RiverTile, TableScene  # noqa: E402
from bot.render.table import TableRenderer, to_png  # noqa: E402
from tests.render.scenes import TABLES, every_meld_hand, riichi_table, sample_result  # noqa: E402


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm caches (tile pictures, fonts)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def moves(n: int) -> list[TableScene]:
    """A riichi table after each of n discards: one seat's river grows each time, the turn moves on."""
    base = riichi_table()
    seats = list(base.seats)
    scenes = []
    for i in range(n):
        s = i % 4
        seats[s] = replace(seats[s], river=seats[s].river + (RiverTile(4 * (i % 34)),))
        last = (s, len(seats[s].river) - 1)
        scenes.append(replace(base, seats=tuple(seats), turn=(s + 1) % 4, last_discard=last))
    return scenes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    r = args.repeat

    warm = TableRenderer()
    scene = riichi_table()
    unchanged = median_ms(lambda: warm.render(scene), r)

    seq = moves(r + 1)
    renderer = TableRenderer()
    it = iter(seq)
    after_move = median_ms(lambda: renderer.render(next(it)), r)

    shared_tiles = warm.tiles

    def fresh() -> object:
        t = TableRenderer(warm.fonts)
        t.tiles = shared_tiles
        return t.render(scene)

    cold = median_ms(fresh, r)

    hand = every_meld_hand()
    hand_ms = median_ms(lambda: render_hand(hand), r)
    result = sample_result()
    result_ms = median_ms(lambda: render_result(result), r)

    img = warm.render(scene)
    png_ms = median_ms(lambda: to_png(img), r)
    plain_ms = median_ms(lambda: to_png(img, palette=False), r)
    plain_bytes = len(to_png(img, palette=False))
    sizes = {name: len(to_png(warm.render(f()))) for name, f in TABLES.items()}
    hand_png = len(to_png(render_hand(hand)))

    print(f"table, nothing changed (cache)  {unchanged:7.2f} ms   target 15 ms   ratio {unchanged / 15:.2f}")
    print(
        f"table after one discard         {after_move:7.2f} ms   target 15 ms   ratio {after_move / 15:.2f}"
    )
    print(f"table, cold cache (every seat)  {cold:7.2f} ms   target 15 ms   ratio {cold / 15:.2f}")
    print(f"hand (every meld kind)          {hand_ms:7.2f} ms   target  5 ms   ratio {hand_ms / 5:.2f}")
    print(f"result picture                  {result_ms:7.2f} ms")
    print(f"PNG encode of a table           {png_ms:7.2f} ms   (palette, level 1)")
    print(f"PNG encode without palette      {plain_ms:7.2f} ms   {plain_bytes} bytes")
    for name, size in sizes.items():
        print(f"PNG bytes table {name:10s}     {size:7d}   target 200000   ratio {size / 200_000:.2f}")
    print(f"PNG bytes hand                  {hand_png:7d}")


if __name__ == "__main__":
    main()
