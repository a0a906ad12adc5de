"""How every bench reports: interleaved rounds, the median and spread of each figure, p50/p99 per item.

A bench runs its contenders in turn, round after round (A B C A B C ...), so a busy machine slows them
alike; it then quotes the median round and the spread (lowest-highest) of the rounds, never the best
round alone.  Per-item times (one hand, one action, one process) are quoted as p50/p99.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

Item = TypeVar("Item")


@dataclass
class Figure:
    """One contender's rounds: a rate (items per second) per round, and item times (seconds)."""

    name: str
    rates: list[float] = field(default_factory=list)
    item_seconds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def spread(self) -> str:
        return f"{min(self.rates):,.0f}-{max(self.rates):,.0f}"

    def percentile(self, p: float) -> float:
        return percentile(self.item_seconds, p)


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100), nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def interleave(
    contenders: Sequence[tuple[str, Callable[[], None], Callable[[], int]]], rounds: int
) -> list[Figure]:
    """Run each (name, prepare, run) in turn for ``rounds`` rounds; ``run`` returns its item count.
    ``prepare`` (not timed) resets memo tables for a cold figure."""
    figures = [Figure(name) for name, _, _ in contenders]
    for _ in range(rounds):
        for figure, (_, prepare, run) in zip(figures, contenders, strict=True):
            prepare()
            started = time.perf_counter()
            items = run()
            figure.rates.append(items / (time.perf_counter() - started))
    return figures


def timed_items(items: Sequence[Item], work: Callable[[Item], object]) -> list[float]:
    """Seconds of ``work(item)`` for each item."""
    out = []
    clock = time.perf_counter
    for item in items:
        started = clock()
        work(item)
        out.append(clock() - started)
    return out


def print_ratios(figures: Sequence[Figure], pairs: Sequence[tuple[int, int]]) -> None:
    """For each (a, b): figure a's rate over b's, the median of the per-round ratios and their spread."""
    for a, b in pairs:
        ratios = sorted(x / y for x, y in zip(figures[a].rates, figures[b].rates, strict=True))
        print(
            f"{figures[a].name} against {figures[b].name}: x{statistics.median(ratios):.2f} "
            f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})"
        )


def report(figures: Sequence[Figure], unit: str, reference: str | None = None) -> None:
    """One line per figure: median rate, spread of the rounds, p50/p99 per item, ratio to ``reference``."""
    ref = next((f for f in figures if f.name == reference), None)
    width = max(len(f.name) for f in figures)
    for f in figures:
        line = f"{f.name:<{width}}  median {f.median:>12,.0f} {unit}/s  rounds {f.spread():>21}"
        if f.item_seconds:
            line += f"  p50 {f.percentile(50) * 1e6:8.1f} us  p99 {f.percentile(99) * 1e6:8.1f} us"
        if ref is not None and f is not ref:
            ratios = [a / b for a, b in zip(f.rates, ref.rates, strict=True)]
            spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
            line += f"  x{statistics.median(ratios):.2f} of {ref.name} (rounds {spread})"
        print(line)
