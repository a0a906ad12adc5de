"""Fit a :class:`~bot.ai.defence.TenpaiCurve` for undeclared hands from self-play, reading the true hands.

    python tests/bench/fit_tenpai_curve.py --rules riichi --games 40 --seed S [--level strong]

Self-play games of four players of ``--level`` (three in sanma), game g on seed ``S:g``.  After every
discard of a seat that has not declared (riichi, a ready declaration), its own hand is read: is it
ready to win by ron, that is one tile from complete (by the strategy's shapes), with a wait that is not
furiten by the rule set's rule and that wins with a yaku by ron (the strategy's ``dama_han`` where it
has one: the riichi family's strong strategies)?  The share of such hands is printed by the seat's
discards and open melds (what every other seat sees), and the curve is fitted to it by least squares,
weighted by the number of hands: with later = discards - start, share = slope * later + (per_meld +
meld_slope * later) * open melds, capped at the largest share of a bucket with 100 hands or more.
Only the true hands of finished self-play are read here, offline; a player never sees them.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.ai.defence import TenpaiCurve  # noqa: E402
from bot.ai.efficiency import shanten_of  # noqa: E402
from bot.ai.player import AIPlayer  # noqa: E402
from bot.ai.seatview import SeatView, read_view  # noqa: E402
from bot.ai.strategy import Strategy  # noqa: E402
from bot.engine import actions as A  # noqa: E402
from bot.engine.game import Game  # noqa: E402

Bucket = tuple[int, int]  # (discards, open melds)


def ready_to_ron(sv: SeatView, strat: Strategy) -> bool:
    """Whether the seat's own hand (13 tiles after a discard) can win by ron on some wait now."""
    shape = strat.hand_shape(sv)
    melds = len(sv.melds)
    if shanten_of(sv.counts, melds, shape) != 0:
        return False
    work = bytearray(sv.counts)
    waits = []
    for kind in sorted(shape.kinds):
        if work[kind] >= 4:
            continue
        work[kind] += 1
        if shanten_of(work, melds, shape) == -1:
            waits.append(kind)
        work[kind] -= 1
    live = [w for w in waits if sv.counts[w] + sv.seen[w] < 4]
    last = sv.my_field("discards")[-1][0] >> 2  # already in the river: furiten reads the river as it is
    if not live or strat.furiten(sv, last, live):
        return False
    dama_han = getattr(strat, "dama_han", None)
    if dama_han is None:
        return True
    for w in live:
        work[w] += 1
        han = int(dama_han(sv, bytes(work)))
        work[w] -= 1
        if han > 0:
            return True
    return False


def record(game: Game, seat: int, strat: Strategy, counts: dict[Bucket, list[int]]) -> None:
    sv = read_view(game.view(seat))
    if sv.my_field("riichi") or sv.my_field("ready") or sv.my_field("declared"):
        return
    discards = sum(1 for d in sv.my_field("discards", ()) if int(d[0]) < 136)
    opened = sum(1 for m in sv.melds if m.is_open)
    entry = counts[(discards, opened)]
    entry[0] += 1
    entry[1] += int(ready_to_ron(sv, strat))


def play(rules: str, seed: str, level: str, counts: dict[Bucket, list[int]]) -> None:
    game = Game(rules, seed=seed)
    seats = len(game.view(None)["seats"])
    players = [AIPlayer(level, f"{seed}:{s}", strict=True) for s in range(seats)]
    while not game.over:
        seat = game.waiting_for()[0]
        action = players[seat].choose(game, seat)
        game.apply(action)
        if action.kind == A.DISCARD and not game.over:
            record(game, seat, players[seat].strategy_for(rules), counts)


def fit(counts: dict[Bucket, list[int]]) -> TenpaiCurve:
    """Weighted least squares of share = a + b * discards + c * melds + e * discards * melds over the
    buckets, written as the curve's start, slope, per_meld and meld_slope."""
    rows = [
        ((1.0, float(d), float(m), float(d * m)), ready / n, float(n))
        for (d, m), (n, ready) in counts.items()
        if n
    ]
    size = 4
    normal = [[sum(w * x[i] * x[j] for x, _, w in rows) for j in range(size)] for i in range(size)]
    right = [sum(w * x[i] * y for x, y, w in rows) for i in range(size)]
    a, b, c, e = solve(normal, right)
    # a + b d + c m + e d m = b (d - start) + (c - e start) m + e (d - start) m, start = -a / b
    start = -a / b
    big = [ready / n for (n, ready) in counts.values() if n >= 100]
    return TenpaiCurve(
        start=round(start, 1),
        slope=round(b, 4),
        per_meld=round(c + e * start, 3),
        cap=round(max(big, default=1.0), 2),
        meld_slope=round(e, 4),
    )


def solve(matrix: list[list[float]], right: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well conditioned)."""
    size = len(right)
    rows = [list(matrix[i]) + [right[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", required=True)
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    counts: dict[Bucket, list[int]] = defaultdict(lambda: [0, 0])
    for g in range(args.games):
        play(args.rules, f"{args.seed}:{g}", args.level, counts)
    melds = sorted({m for _, m in counts})
    print(f"{args.rules}, {args.level} self-play, {args.games} games: undeclared hands ready to win by ron")
    print("discards " + " ".join(f"{m} open: share (hands)".rjust(24) for m in melds))
    for d in sorted({d for d, _ in counts}):
        cells = []
        for m in melds:
            n, ready = counts.get((d, m), [0, 0])
            cells.append((f"{100 * ready / n:5.1f} % ({n})" if n else "-").rjust(24))
        print(f"{d:8d} " + " ".join(cells))
    curve = fit(counts)
    total = sum(n for n, _ in counts.values())
    ready = sum(r for _, r in counts.values())
    print(f"all: {100 * ready / total:.1f} % of {total} undeclared hands after a discard")
    print(f"fitted: {curve}")
    worst = max(abs(curve.estimate(d, m) - r / n) for (d, m), (n, r) in counts.items() if n >= 100)
    print(f"largest miss over buckets of 100 hands or more: {100 * worst:.1f} points")


if __name__ == "__main__":
    main()
