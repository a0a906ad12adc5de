"""Calibration of strong's push/fold model (bot/ai/pushfold_fit.py) from logged games.

    python tests/bench/calibrate_pushfold.py --rules riichi --games 480 --seed cal-s4 [--log FILE]
    python tests/bench/calibrate_pushfold.py --rules riichi --log FILE --refit   (fit a kept log again)

Plays mixed tables (``strong normal easy easy``, three-player ``strong normal easy``; seats rotated as in
bench_ai.py) and logs every discard made while another seat has declared riichi: the danger of the
discarded kind against the declared seats as :func:`bot.ai.defence.kind_danger` rates it (the units the
defence module already computes from public facts: genbutsu, suji, kabe, unseen copies of honours), the
safest kind in the hand, the turn (live wall left), the discarder's shanten and wait after the discard,
and the outcome: dealt in (and for how many points), and whether the discarder won the hand (and for how
many).  Then prints the fitted tables that bot/ai/pushfold_fit.py holds as data:

* deal-in chance per discard by danger bin (summed over the declared seats);
* the mean points lost by a deal-in to a riichi (dealer or not);
* the chance to win the hand, and the mean win, for a seat that keeps pushing, by shanten after the
  discard and live wall left; the later deal-ins in the same hand of a seat pushing and of one folding.

The tables were fitted with ``--games 480 --seed cal-s4`` for riichi, sanma and mingjiang each (never
the final measurement's seed); the module's figures are these, rounded.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from bot.ai.defence import kind_danger
from bot.ai.efficiency import discard_candidates
from bot.ai.player import AIPlayer
from bot.ai.pushfold_fit import DANGER_EDGES, LIVE_EDGES, danger_bin, live_bin
from bot.ai.rulesets import strategy_for
from bot.ai.seatview import read_view
from bot.ai.value import dora_held, value_honour_sets
from bot.engine import actions as A
from bot.engine.game import Game
from bot.engine.registry import load_rules

FOLDED_FROM = 2  # normal folds every hand this far from ready against a riichi: its rows measure folding


def _row(game: Game, seat: int, action: A.Action, level: str, hand: str) -> dict[str, Any] | None:
    if action.kind not in (A.DISCARD, A.RIICHI) or action.tile is None or action.tile >= 136:
        return None
    sv = read_view(game.view(seat))
    declared = [s for s, o in sv.others.items() if o.declared and not o.out]
    if not declared:
        return None
    strat = strategy_for(sv.rules)
    found = [t for t in strat.threats(sv, False) if t.declared]
    dora = frozenset(strat.dora(sv))
    kind = action.tile >> 2

    def units(k: int) -> float:
        return sum(kind_danger(sv, k, t, dora) for t in found)

    held = [k for k in range(len(sv.counts)) if sv.counts[k]]
    shape = strat.hand_shape(sv)
    cands = discard_candidates(sv.counts, len(sv.melds), sv.is_closed, shape, sv.unseen, [kind])
    c = cands[0]
    return {
        "hand": hand,
        "seat": seat,
        "level": level,
        "dealer": sv.is_dealer,
        "threat_dealer": sv.dealer in declared,
        "riichis": len(declared),
        "live": sv.live_left,
        "danger": units(kind),
        "safest": min(units(k) for k in held),
        "shanten": c.shanten,
        "wait": c.unseen if c.shanten == 0 else 0,
        "value": dora_held(sv, strat.dora(sv), strat.red_ids)
        + value_honour_sets(sv.counts, sv.melds, strat.value_kinds(sv)),
        "dealt_in": False,
        "loss": 0,
        "won": False,
        "gain": 0,
    }


def play(rules: str, seed: str, levels: list[str], rows: list[dict[str, Any]]) -> None:
    game = Game(rules, seed=seed)
    players = [AIPlayer(level, f"{seed}:{seat}", strict=True) for seat, level in enumerate(levels)]
    hand_rows: list[tuple[int, dict[str, Any]]] = []
    last: dict[int, dict[str, Any] | None] = {}
    hands = 0
    while not game.over:
        seat = game.waiting_for()[0]
        action = players[seat].choose(game, seat)
        row = _row(game, seat, action, levels[seat], f"{seed}:{levels}:{hands}")
        last[seat] = row
        if row is not None:
            hand_rows.append((seat, row))
        game.apply(action)
        if len(game.hands) > hands:
            hands = len(game.hands)
            result = game.hands[-1]["result"]
            deltas = result.get("deltas", [0] * len(levels))
            for win in result["wins"]:
                src = win.get("from")
                if src is not None and src != win["seat"] and last.get(src) is not None:
                    hit = last[src]
                    assert hit is not None
                    hit["dealt_in"] = True
                    hit["loss"] = -deltas[src]
            winners = {win["seat"] for win in result["wins"]}
            for s, r in hand_rows:
                r["won"] = s in winners
                r["gain"] = deltas[s] if s in winners else 0
            rows.extend(r for _, r in hand_rows)
            hand_rows, last = [], {}


def _rate(flags: list[bool]) -> float:
    return round(sum(flags) / len(flags), 4) if flags else 0.0


def fit(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The tables of bot/ai/pushfold_fit.Fit from the logged rows (the module's bins)."""
    bins: dict[int, list[bool]] = defaultdict(list)
    for r in rows:
        bins[danger_bin(r["danger"])].append(r["dealt_in"])
    losses: dict[bool, list[int]] = defaultdict(list)
    for r in rows:
        if r["dealt_in"]:
            losses[r["threat_dealer"]].append(r["loss"])
    # Per (hand, seat), in order: a row's later deal-in is any deal-in among the rows after it.
    by_seat: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_seat[(r["hand"], r["seat"])].append(r)
    win: dict[tuple[int, int], list[bool]] = defaultdict(list)
    ready: dict[int, list[float]] = defaultdict(list)
    later_push: dict[tuple[int, int], list[bool]] = defaultdict(list)
    later_fold: dict[int, list[bool]] = defaultdict(list)
    gains: dict[int, list[int]] = defaultdict(list)
    by_value: dict[int, list[int]] = defaultdict(list)
    for seq in by_seat.values():
        for i, r in enumerate(seq):
            if r["level"] == "easy":
                continue  # easy never folds: only the judging levels' rows measure push and fold
            s, lb = min(r["shanten"], 2), live_bin(r["live"])
            later = any(x["dealt_in"] for x in seq[i + 1 :])
            folded = r["danger"] <= 0 and r["shanten"] >= 1
            if folded and r["shanten"] >= FOLDED_FROM:
                later_fold[lb].append(later)
            pushed = r["shanten"] == 0 or r["danger"] > r["safest"]
            if not pushed:
                continue
            later_push[(s, lb)].append(later)
            if s == 0:
                if r["wait"] > 0:
                    ready[lb].append(r["won"] / math.sqrt(r["wait"]))
            else:
                win[(s, lb)].append(r["won"])
            if r["won"]:
                gains[s].append(r["gain"])
                if "value" in r:
                    by_value[min(r["value"], 4)].append(r["gain"])
    lbs = range(len(LIVE_EDGES) + 1)
    return {
        "rows": len(rows),
        "deal_in": [_rate(bins[b]) for b in range(len(DANGER_EDGES) + 1)],
        "deal_in_rows": [len(bins[b]) for b in range(len(DANGER_EDGES) + 1)],
        "loss": round(statistics.mean(losses[False])) if losses[False] else None,
        "loss_dealer": round(statistics.mean(losses[True])) if losses[True] else None,
        "ready_rate": [round(statistics.mean(ready[lb]), 3) if ready[lb] else 0.0 for lb in lbs],
        "win": [[_rate(win[(s, lb)]) for lb in lbs] for s in (1, 2)],
        "win_rows": [[len(win[(s, lb)]) for lb in lbs] for s in (1, 2)],
        "gain": [round(statistics.mean(gains[s])) if gains[s] else None for s in (0, 1, 2)],
        "future_push": [[_rate(later_push[(s, lb)]) for lb in lbs] for s in (0, 1, 2)],
        "future_fold": [_rate(later_fold[lb]) for lb in lbs],
        "gain_by_value": {v: [len(g), round(statistics.mean(g))] for v, g in sorted(by_value.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="cal-s4")
    parser.add_argument("--log", type=Path, default=None, help="keep the logged rows (JSON) here")
    parser.add_argument("--refit", action="store_true", help="fit the rows already in --log, play nothing")
    args = parser.parse_args()
    if args.refit:
        print(json.dumps(fit(json.loads(args.log.read_text())), indent=1))
        return
    n = load_rules(args.rules).players
    pattern = ["strong", "normal", "easy", "easy"] if n == 4 else ["strong", "normal", "easy"]
    rows: list[dict[str, Any]] = []
    for g in range(max(1, args.games // n)):
        for r in range(n):
            play(args.rules, f"{args.seed}:{g}", pattern[r:] + pattern[:r], rows)
        print(f"\rgroup {g + 1}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.log is not None:
        args.log.write_text(json.dumps(rows))
    print(json.dumps(fit(rows), indent=1))


if __name__ == "__main__":
    main()
