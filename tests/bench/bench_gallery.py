"""``simulate --pictures`` cost: for one reference game per rule set, the seconds to replay it and
draw its pictures (bot/render/gallery.py), per picture, and the ratio to playing the game alone.

Run: /work/venv/bin/python tests/bench/bench_gallery.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.cli.simulation import simulate  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from bot.engine.registry import RULE_SETS  # noqa: E402
from bot.render.engine_view import TablePictures  # noqa: E402
from bot.render.gallery import write_game_pictures  # noqa: E402
from tests.render.test_reference_set import SEEDS  # noqa: E402


def main() -> None:
    pictures = TablePictures()
    header = ("rules", "hands", "play s", "draw s", "pics", "ms/pic", "KB", "ratio")
    print(f"{header[0]:10} " + " ".join(f"{h:>7}" for h in header[1:]))
    for rules in sorted(RULE_SETS):
        games: list[Game] = []
        start = time.perf_counter()
        simulate(rules, 1, SEEDS.get(rules, "ref0"), on_game=games.append)
        play = time.perf_counter() - start
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            written = write_game_pictures(games[0], tmp, pictures=pictures)
            draw = time.perf_counter() - start
            size = sum(p.stat().st_size for p in written) / 1024
        print(
            f"{rules:10} {len(games[0].hands):7d} {play:7.2f} {draw:7.2f} {len(written):7d}"
            f" {1000 * draw / len(written):7.1f} {size:7.0f} {draw / play:7.1f}"
        )


if __name__ == "__main__":
    main()
