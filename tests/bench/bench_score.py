"""Riichi scoring speed: this project's score_hand against the ``mahjong`` package's HandCalculator.

Both score the same random winning hands (0-4 melds, closed and open, seven pairs, riichi, dora,
many-yaku hands from a few kinds: tests/rules/riichi/generate.py), Tenhou options on the reference,
each hand scored in full (tiles, melds and situation in, points out).
Run: ``.venv/bin/python tests/bench/bench_score.py [--hands N] [--seed S] [--rounds R]``.

``--once MODE`` (none, cold, warm, reference) scores the hands once without timing, for an instruction
count that a busy machine does not disturb: run it under
``valgrind --tool=cachegrind --cache-sim=no`` and subtract the ``none`` run (which prepares the same
hands and warms both scorers) from each of the others.

Each round times, in turn: the reference (its own lru_cache of divided hands cleared first), our scorer
from empty memo tables (cold: as after a restart), our scorer again (warm), and ``score --batch``'s
line loop (bot/cli/score.py) over the same hands written as request lines (text in, JSON lines out).
Printed: the median and spread of the interleaved rounds, p50/p99 per hand (a separate pass), and the
ratios: ours against the reference, the batch against our warm scorer.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mahjong.hand_calculating.divider import HandDivider  # noqa: E402

from bot.hand.notation import format_meld, format_tiles, kind_name  # noqa: E402
from bot.hand.tiles import EAST, kind_of  # noqa: E402
from bot.rules.riichi.scoring import NotAWin, clear_tables, score_hand  # noqa: E402
from tests.bench.rounds import interleave, report, timed_items  # noqa: E402
from tests.rules.riichi.generate import GeneratedHand, random_winning_hand  # noqa: E402
from tests.rules.riichi.reference import (  # noqa: E402
    reference_config,
    reference_melds,
    reference_points,
    reference_score,
)


def winning_hands(count: int, seed: int) -> list[GeneratedHand]:
    rng = random.Random(seed)
    hands: list[GeneratedHand] = []
    while len(hands) < count:
        hand = random_winning_hand(rng)
        try:
            score_hand(hand.concealed, hand.melds, hand.situation)
        except NotAWin:
            continue
        hands.append(hand)
    return hands


def request_line(hand: GeneratedHand) -> str:
    """The hand as a ``score --batch`` line (the winning tile last, flags for the situation)."""
    s = hand.situation
    concealed = [t for t in hand.concealed if t != s.win_tile] + [s.win_tile]
    words = [format_tiles(concealed, sort=False), *(format_meld(m) for m in hand.melds)]
    flags = {"--tsumo": s.tsumo, "--riichi": s.riichi, "--double-riichi": s.double_riichi}
    flags |= {"--ippatsu": s.ippatsu, "--rinshan": s.rinshan, "--haitei": s.haitei, "--houtei": s.houtei}
    words += [flag for flag, on in flags.items() if on]
    words += ["--seat", "ESWN"[s.seat_wind - EAST], "--round", "ESWN"[s.round_wind - EAST]]
    if s.dora_indicators:
        words += ["--dora", "".join(kind_name(kind_of(t)) for t in s.dora_indicators)]
    if s.ura_indicators:
        words += ["--ura", "".join(kind_name(kind_of(t)) for t in s.ura_indicators)]
    return " ".join(words)


def batch_runner(lines: list[str]) -> tuple[object, int]:
    """A callable that feeds ``lines`` to ``score --batch``'s loop; the count of lines that scored."""
    from bot.cli import main

    text = "\n".join(lines) + "\n"

    def run() -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            sys.stdin = io.StringIO(text)
            try:
                main(["score", "--rules", "riichi", "--batch"])
            finally:
                sys.stdin = sys.__stdin__
        return out.getvalue()

    scored = run().count('"ok": true')
    return run, scored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--once", choices=("none", "cold", "warm", "reference"))
    args = parser.parse_args()
    hands = winning_hands(args.hands, args.seed)
    prepared = [(h, reference_melds(h.melds), reference_config(h)) for h in hands]

    def ours() -> int:
        for h in hands:
            score_hand(h.concealed, h.melds, h.situation)
        return len(hands)

    def reference() -> int:
        for h, melds, config in prepared:
            reference_score(h, melds, config)
        return len(hands)

    # Sanity: both agree on the points of every hand before timing anything.
    for h, melds, config in prepared:
        ref = reference_score(h, melds, config)
        assert score_hand(h.concealed, h.melds, h.situation).points == reference_points(ref), h

    if args.once:
        if args.once == "cold":
            clear_tables()
        if args.once in ("cold", "warm"):
            ours()
        elif args.once == "reference":
            HandDivider._divide_hand_impl.cache_clear()
            reference()
        return

    lines = [request_line(h) for h in hands]
    batch, scored = batch_runner(lines)

    def run_batch() -> int:
        batch()  # type: ignore[operator]
        return len(lines)

    figures = interleave(
        [
            ("mahjong HandCalculator", HandDivider._divide_hand_impl.cache_clear, reference),
            ("score_hand cold", clear_tables, ours),
            ("score_hand warm", lambda: None, ours),
            ("score --batch lines", lambda: None, run_batch),
        ],
        args.rounds,
    )
    figures[0].item_seconds = timed_items(prepared, lambda p: reference_score(*p))  # type: ignore[misc]
    figures[2].item_seconds = timed_items(hands, lambda h: score_hand(h.concealed, h.melds, h.situation))  # type: ignore[attr-defined]
    melds = sum(1 for h in hands if h.melds)
    print(
        f"hands: {len(hands)} (seed {args.seed}; {melds} with melds), {args.rounds} interleaved rounds; "
        f"batch lines that scored: {scored}/{len(lines)}"
    )
    report(figures, "hands", reference="mahjong HandCalculator")
    batch_figure = figures[3]
    for scorer in figures[1:3]:  # issue 23 asks the batch to be within 2x (x0.50) of the scorer
        ratios = sorted(b / w for b, w in zip(batch_figure.rates, scorer.rates, strict=True))
        print(
            f"score --batch against {scorer.name}: x{ratios[len(ratios) // 2]:.2f} "
            f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})"
        )


if __name__ == "__main__":
    main()
