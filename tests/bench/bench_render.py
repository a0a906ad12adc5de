"""Pictures as sent: composition plus encode, per picture, and the bytes a player downloads.

Run: .venv/bin/python tests/bench/bench_render.py [--rounds R] [--moves M] [--against DIR]

The figure that counts is the table picture as sent (issue 23: <= 15 ms p99, <= 60 KB): the table after
one discard (the renderer's caches warm, as in a running game) composed, then mapped onto the table's
palette and encoded.  Two pictures are sent after a move: the channel's (the spectator view) and the DM
panel's of the player to act (the table from their seat, their hand large).  Each round runs every
contender over the same M moves in a rotated order; a round gives a p50 and a p99 per contender, and the
figures printed are the median of the rounds with their spread (min-max), never the best round.  Cold
figures (a new renderer, every part drawn) and the other pictures are printed apart.

``--against DIR``: a checkout of an earlier commit (``git worktree add DIR <commit>``).  Each round then
runs one process on DIR's code and one on this checkout's, in turn (before/after measured in one run,
interleaved, under the same load).
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]


def load(root: Path) -> dict[str, Any]:
    """The renderer and sample scenes of the checkout at ``root``."""
    sys.path.insert(0, str(root))
    from bot.render.hand import render_hand
    from bot.render.png import to_png
    from bot.render.result import render_result
    from bot.render.scene import RiverTile
    from bot.render.table import TableRenderer
    from tests.render import scenes

    return {
        "TableRenderer": TableRenderer,
        "to_png": to_png,
        "RiverTile": RiverTile,
        "render_hand": render_hand,
        "render_result": render_result,
        "scenes": scenes,
    }


def moves(api: dict[str, Any], n: int, viewer: int | None) -> list[Any]:
    """A riichi table after each of n discards: one seat's river grows each time, the turn moves on."""
    base = replace(api["scenes"].riichi_table(), viewer=viewer)
    seats = list(base.seats)
    scenes = []
    for i in range(n):
        s = i % 4
        river = seats[s].river
        if len(river) >= 18:
            river = ()
        seats[s] = replace(seats[s], river=river + (api["RiverTile"](4 * (i % 34)),))
        last = (s, len(seats[s].river) - 1)
        scenes.append(replace(base, seats=tuple(seats), turn=(s + 1) % 4, last_discard=last))
    return scenes


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} ({min(values):.2f}-{max(values):.2f})"


def encoders(api: dict[str, Any], palette: Any) -> dict[str, Callable[[Any], bytes]]:
    to_png = api["to_png"]

    def webp(lossless: bool) -> Callable[[Any], bytes]:
        def encode(img: Any) -> bytes:
            buf = io.BytesIO()
            img.convert("RGB").save(buf, format="WEBP", lossless=lossless, quality=80, method=0)
            return buf.getvalue()

        return encode

    return {
        "png table palette (sent)": lambda img: to_png(img, fixed=palette),
        "png octree palette": to_png,
        "png palette level 3": lambda img: to_png(img, compress_level=3),
        "png rgb level 1": lambda img: to_png(img, palette=False),
        "webp lossy q80": webp(False),
        "webp lossless": webp(True),
    }


def one_round(
    api: dict[str, Any], contenders: dict[str, tuple[list[Any], Callable[[Any], bytes]]], order: list[str]
) -> dict[str, dict[str, Any]]:
    """Each contender over its scenes with a warm renderer: p50/p99 of composition + encode, bytes."""
    out = {}
    for name in order:
        scenes, encode = contenders[name]
        renderer = api["TableRenderer"]()
        renderer.render(scenes[0])  # warm: tiles, fonts, the seats' parts
        totals, composes, sizes = [], [], []
        for scene in scenes[1:]:
            start = time.perf_counter()
            img = renderer.render(scene)
            mid = time.perf_counter()
            data = encode(img)
            end = time.perf_counter()
            totals.append((end - start) * 1000)
            composes.append((mid - start) * 1000)
            sizes.append(len(data))
        out[name] = {
            "p50": percentile(totals, 0.5),
            "p99": percentile(totals, 0.99),
            "compose": percentile(composes, 0.5),
            "sizes": sizes,
        }
    return out


def sent_contenders(api: dict[str, Any], n: int) -> dict[str, tuple[list[Any], Callable[[Any], bytes]]]:
    palette = api["TableRenderer"]().palette()
    sent = encoders(api, palette)["png table palette (sent)"]
    return {
        "channel (spectators)": (moves(api, n, None), sent),
        "DM panel (seat view)": (moves(api, n, 0), sent),
    }


def print_table(title: str, results: dict[str, list[dict[str, Any]]]) -> None:
    print(title)
    print(
        "  median of the rounds (min-max):        p50 ms               p99 ms"
        "          compose p50   KB median  KB max"
    )
    for name, rounds in results.items():
        sizes = [s for r in rounds for s in r["sizes"]]
        print(
            f"  {name:34s} {spread([r['p50'] for r in rounds])}  {spread([r['p99'] for r in rounds])}"
            f"  {statistics.median(r['compose'] for r in rounds):6.2f}"
            f"   {statistics.median(sizes) / 1024:8.1f} {max(sizes) / 1024:7.1f}"
        )


def compare(args: argparse.Namespace) -> None:
    """Before/after: alternate a process on the earlier checkout and one on this one, round by round."""
    roots = {"before": Path(args.against).resolve(), "after": HERE}
    results: dict[str, list[dict[str, Any]]] = {}
    for round_index in range(args.rounds):
        order = list(roots) if round_index % 2 == 0 else list(reversed(roots))
        for label in order:
            command = [sys.executable, __file__, "--child", str(roots[label]), "--moves", str(args.moves)]
            run = subprocess.run(command, capture_output=True, text=True, check=True)
            for name, figures in json.loads(run.stdout).items():
                results.setdefault(f"{label}: {name}", []).append(figures)
    print_table(
        f"before ({roots['before']}) / after, {args.rounds} interleaved rounds x {args.moves} moves", results
    )
    for view in ("channel (spectators)", "DM panel (seat view)"):
        before = statistics.median(r["p99"] for r in results[f"before: {view}"])
        after = statistics.median(r["p99"] for r in results[f"after: {view}"])
        print(f"{view}: p99 {before:.2f} -> {after:.2f} ms (after/before {after / before:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--against", help="an earlier checkout: before/after in one run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # one round of the sent pictures on the checkout at --child, as JSON
        api = load(Path(args.child))
        contenders = sent_contenders(api, args.moves)
        print(json.dumps(one_round(api, contenders, list(contenders))))
        return
    if args.against:
        compare(args)
        return
    api = load(HERE)
    contenders = sent_contenders(api, args.moves)
    spectator = contenders["channel (spectators)"][0]
    for name, encode in encoders(api, api["TableRenderer"]().palette()).items():
        if "(sent)" not in name:
            contenders[f"channel, {name}"] = (spectator, encode)
    names = list(contenders)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for round_index in range(args.rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name, figures in one_round(api, contenders, order).items():
            results[name].append(figures)
    title = "table pictures as sent (composition + encode)"
    print_table(f"{title}, {args.rounds} interleaved rounds x {args.moves} moves", results)
    for view in ("channel (spectators)", "DM panel (seat view)"):
        p99 = statistics.median(r["p99"] for r in results[view])
        kb = max(s for r in results[view] for s in r["sizes"]) / 1024
        print(f"{view}: p99 {p99:.2f} ms (target 15, ratio {p99 / 15:.2f}),", end=" ")
        print(f"{kb:.1f} KB max (target 60, ratio {kb / 60:.2f})")

    def timed(fn: Callable[[], object]) -> str:
        runs = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            fn()
            runs.append((time.perf_counter() - start) * 1000)
        return spread(runs)

    renderer_class, to_png, scenes = api["TableRenderer"], api["to_png"], api["scenes"]
    palette = renderer_class().palette()

    def cold_table(scene: Any) -> object:  # a scene of the loaded checkout, as everything from ``api``
        return to_png(renderer_class().render(scene), fixed=palette)

    for viewer in (None, 0):
        scene = replace(scenes.riichi_table(), viewer=viewer)
        cold = timed(partial(cold_table, scene))
        print(f"table cold, viewer {viewer} (new renderer, every part drawn) + encode   {cold} ms")
    hand, result = scenes.every_meld_hand(), scenes.sample_result()
    render_hand, render_result = api["render_hand"], api["render_result"]
    print(f"hand picture + encode   {timed(lambda: to_png(render_hand(hand)))} ms")
    print(f"result picture + encode {timed(lambda: to_png(render_result(result)))} ms")
    for name, make in scenes.TABLES.items():
        for viewer in (None, 0):
            data = to_png(renderer_class().render(replace(make(), viewer=viewer)), fixed=palette)
            print(f"PNG bytes table {name:10s} viewer {viewer}: {len(data) / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
