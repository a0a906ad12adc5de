"""Pictures as sent: composition plus encode, per picture, and the bytes a player downloads.

Run: .venv/bin/python tests/bench/bench_render.py [--rounds R] [--moves M]

The figure that counts is the table picture as sent (issue 23: <= 15 ms p99, <= 60 KB): the table after one
discard (the renderer's caches warm, as in a running game) composed, then encoded.  Encoders are compared
in interleaved rounds (each round runs every encoder over the same M moves, in a rotated order); each
round gives a p50 and a p99 per encoder, and the figures printed are the median of those over the rounds
with their spread (min-max), never the best round.  Cold figures (a new renderer, every seat drawn) are
printed apart, as are the hand and result pictures.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PIL import Image  # noqa: E402

from bot.render.hand import render_hand  # noqa: E402
from bot.render.png import to_png  # noqa: E402
from bot.render.result import render_result  # noqa: E402
from bot.render.scene import RiverTile, TableScene  # noqa: E402
from bot.render.table import TableRenderer  # noqa: E402
from tests.render.scenes import TABLES, every_meld_hand, riichi_table, sample_result  # noqa: E402


def png(level: int, palette: bool) -> Callable[[Image.Image], bytes]:
    return lambda img: to_png(img, compress_level=level, palette=palette)


def webp(lossless: bool, quality: int = 80) -> Callable[[Image.Image], bytes]:
    def encode(img: Image.Image) -> bytes:
        buf = io.BytesIO()
        img.convert("RGB").save(buf, format="WEBP", lossless=lossless, quality=quality, method=0)
        return buf.getvalue()

    return encode


PALETTE = TableRenderer().palette()

ENCODERS: dict[str, Callable[[Image.Image], bytes]] = {
    "png table palette (sent)": lambda img: to_png(img, fixed=PALETTE),
    "png octree palette (before)": to_png,
    "png palette level 0": png(0, True),
    "png palette level 3": png(3, True),
    "png rgb level 1": png(1, False),
    "webp lossy q80": webp(False),
    "webp lossless": webp(True),
}


def moves(n: int) -> list[TableScene]:
    """A riichi table after each of n discards: one seat's river grows each time, the turn moves on."""
    base = riichi_table()
    seats = list(base.seats)
    scenes = []
    for i in range(n):
        s = i % 4
        river = seats[s].river
        if len(river) >= 18:
            river = ()
        seats[s] = replace(seats[s], river=river + (RiverTile(4 * (i % 34)),))
        last = (s, len(seats[s].river) - 1)
        scenes.append(replace(base, seats=tuple(seats), turn=(s + 1) % 4, last_discard=last))
    return scenes


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    scenes = moves(args.moves)
    names = list(ENCODERS)
    p50: dict[str, list[float]] = {n: [] for n in names}
    p99: dict[str, list[float]] = {n: [] for n in names}
    compose: dict[str, list[float]] = {n: [] for n in names}
    sizes: dict[str, list[int]] = {n: [] for n in names}
    for round_index in range(args.rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            encode = ENCODERS[name]
            renderer = TableRenderer()
            renderer.render(scenes[0])  # warm: tiles, fonts, the seats' panels
            totals, composes = [], []
            for scene in scenes[1:]:
                start = time.perf_counter()
                img = renderer.render(scene)
                mid = time.perf_counter()
                data = encode(img)
                end = time.perf_counter()
                totals.append((end - start) * 1000)
                composes.append((mid - start) * 1000)
                sizes[name].append(len(data))
            p50[name].append(percentile(totals, 0.5))
            p99[name].append(percentile(totals, 0.99))
            compose[name].append(percentile(composes, 0.5))
    print(
        f"table picture as sent (composition + encode), {args.rounds} interleaved rounds x {args.moves} moves"
    )
    print(
        "median of the rounds (min-max):   p50 ms            p99 ms            compose p50"
        "   KB median  KB max"
    )
    for name in names:
        kb = statistics.median(sizes[name]) / 1024
        print(
            f"  {name:28s} {spread(p50[name])}  {spread(p99[name])}  {statistics.median(compose[name]):6.2f}"
            f"   {kb:8.1f} {max(sizes[name]) / 1024:7.1f}"
        )
    sent = "png table palette (sent)"
    print(
        f"sent: p99 {statistics.median(p99[sent]):.2f} ms"
        f" (target 15, ratio {statistics.median(p99[sent]) / 15:.2f}),"
        f" {max(sizes[sent]) / 1024:.1f} KB max (target 60, ratio {max(sizes[sent]) / 1024 / 60:.2f})"
    )

    # Cold and the other pictures (each timed apart, median of the rounds).
    def timed(fn: Callable[[], object]) -> float:
        runs = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            fn()
            runs.append((time.perf_counter() - start) * 1000)
        return statistics.median(runs)

    scene = riichi_table()
    cold = timed(lambda: to_png(TableRenderer().render(scene)))
    hand = every_meld_hand()
    result = sample_result()
    print(f"table cold (new renderer, every seat drawn) + encode   {cold:7.2f} ms")
    print(
        f"hand picture + encode                                  "
        f"{timed(lambda: to_png(render_hand(hand))):7.2f} ms"
    )
    print(
        f"result picture + encode                                "
        f"{timed(lambda: to_png(render_result(result))):7.2f} ms"
    )
    for name, make in TABLES.items():
        print(f"PNG bytes table {name:10s} {len(to_png(TableRenderer().render(make()))) / 1024:7.1f} KB")


if __name__ == "__main__":
    main()
