"""Text.fit, shortening text to a width with an ellipsis: bisection against cutting one character at a
time (the algorithm it replaced, kept as the reference in tests/render/test_text_fit.py).

Run: .venv/bin/python tests/bench/bench_fit.py [--rounds R]

Short texts (20 characters, a long display name) and long ones (2,000 characters) of mixed scripts are
cut to 200 px with the installed fonts (what the bot draws with).  Each fit starts with the text's run
cache empty (a name is seldom measured twice in a row); the font chain's glyph lookups are warm.  The
contenders run in turn, round after round; each figure (characters fitted per second) is the median of
the rounds with their spread (lowest-highest), the ratio is taken round by round, and p50/p99 are per
fit over all rounds.  Cutting a long text one character at a time takes seconds a fit: the long rounds
fit one text each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.render.fonts import Fonts, Text, system_fonts  # noqa: E402
from tests.bench.rounds import Figure, report  # noqa: E402
from tests.render.test_text_fit import ALPHABET, fit_one_character_at_a_time  # noqa: E402

MAX_WIDTH = 200


def texts(length: int, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(length)) for _ in range(count)]


def fit_each(text: Text, fit: Callable[[Text, str, int], str], samples: list[str], figure: Figure) -> None:
    started = time.perf_counter()
    for s in samples:
        cold = Text(text.fonts, text.size)  # an empty run cache for every fit, for both contenders
        begun = time.perf_counter()
        fit(cold, s, MAX_WIDTH)
        figure.item_seconds.append(time.perf_counter() - begun)
    figure.rates.append(sum(map(len, samples)) / (time.perf_counter() - started))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    text = Fonts(system_fonts).text(17)
    contenders: dict[str, Callable[[Text, str, int], str]] = {
        "one character at a time": fit_one_character_at_a_time,
        "bisection": Text.fit,
    }
    for label, length, count in (("short (20 chars)", 20, 200), ("long (2,000 chars)", 2000, 1)):
        samples = texts(length, count, seed=length)
        answers = {name: [fit(text, s, MAX_WIDTH) for s in samples] for name, fit in contenders.items()}
        assert len({tuple(a) for a in answers.values()}) == 1  # the same answers; every glyph lookup warm
        figures = [Figure(name) for name in contenders]
        for _ in range(args.rounds):
            for figure, fit in zip(figures, contenders.values(), strict=True):
                fit_each(text, fit, samples, figure)
        print(f"{label}: {count} fits a round, {args.rounds} rounds, to {MAX_WIDTH} px; characters fitted:")
        report(figures, "chars", reference="one character at a time")
        print()


if __name__ == "__main__":
    main()
