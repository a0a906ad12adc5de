"""Counterfactual branches: is ``strong``'s choice at a decision better than the alternative?  (issue 24)

    python tests/bench/branch_ai.py --rules riichi --games 200 --seed S
        [--decisions push,riichi,call,discard,safe,ron] [--out records.jsonl] [--report records.jsonl]
        [--table mixed|strong]

Tables as in bench_ai.py (``strong normal easy easy``, three-player ``strong normal easy``; the seats
rotated by game, game g on seed ``S:g``; strict players); ``--table strong`` seats strong everywhere and
branches seat g mod the number of players.  At each decision of a chosen type the strong
seat makes, the Game and the players are deep-copied; the real game goes on with strong's own choice
("strong"), the copy plays the rest of the HAND with the alternative (the same wall, the same players),
and both are measured from the decision to the hand's end:

* own: the strong seat's point change;
* rel: own minus the mean change of the seats just above and below it in the standings at the decision
  (a hand that costs a rival more than the seat is worth something to the placement).

Decision types and their alternative (one per decision; "forced" = for the rest of the hand):
* push: strong's first turn of a hand facing a threat of weight >= Tuning.fold_at (a declared riichi or
  ready hand; open hands weigh less): the other stance forced (strong folds -> push, pushes -> fold).
  Strong's own rule decides again every turn (it pushes once ready), so "push" here is a forced push.
* riichi: strong declares (riichi, or taiwan's ready declaration) -> the same tile without declaring,
  never declaring this hand; strong discards dama a tile it could declare with -> declare with it.
* call: strong calls a chi/pon/kan -> pass; strong passes a chi/pon that lowers its shanten -> that call
  (the lowest shanten, pon before chi).
* discard: strong's tile is outside normal's whole set of top-scoring tiles on the same (legal, view)
  (normal's score is coarse: ties are everywhere, and a tie is no difference) -> normal's tile.
* safe: strong does not fold while a declared threat or one of weight >= 0.5 by normal's reading is
  out -> the safest tile (defence.danger_table) of those keeping the best shanten, if safer.
* ron: strong is offered a ron -> the other of take and pass (after a pass the seat plays on, taking
  any later win).
After the first action every branch plays strong's own policy (push and riichi: with the forcing).
About 0.7 s a riichi game with push,riichi,call,discard (200 games in 2.5 minutes on one core).

Reading the tables: per decision type, per strong choice ("strong -> alternative") and per bucket
(shanten, value = dora + value sets, phase = thirds of the hand's live wall, threat out: none, the
dealer's, a non-dealer's, two or more), n, decisions a game, the mean difference ALTERNATIVE MINUS
STRONG (own and rel) with standard error and t, and the per-game figure (decisions a game x mean rel).
A negative difference says strong's choice is the better one.  Points are the rule set's own (riichi
about 100 times mingjiang's); about 300-400 rel a game is 0.1 place in riichi.
Many buckets are printed, with heavy-tailed points: single buckets at t 2-3 arise by chance (a control
bucket where strong and normal differ by tie-breaks only reached t 3.67), so a bucket is evidence only
at t >= 3, and then a reason for a placement screen (notes/ai-bench/ab.py), not a result by itself.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.ai.defence import Threat  # noqa: E402
from bot.ai.efficiency import Candidate, discard_candidates, shanten_after_call, shanten_of  # noqa: E402
from bot.ai.player import AIPlayer, kuikae, pick_tile  # noqa: E402
from bot.ai.rulesets import strategy_for  # noqa: E402
from bot.ai.seatview import MeldView, SeatView, read_view  # noqa: E402
from bot.ai.strategy import Strategy  # noqa: E402
from bot.ai.strong_rules import strong_strategy_for  # noqa: E402
from bot.engine import actions as A  # noqa: E402
from bot.engine.actions import Action  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from tests.bench.bench_ai import base_pattern, mean_se, t_of  # noqa: E402

TYPES = ("push", "riichi", "call", "discard", "safe", "ron")
CALLS = (A.CHI, A.PON, A.KAN)


class BranchPlayer(AIPlayer):
    """An AIPlayer that notes its last turn's stance and can be forced in a branch.  Forcing nothing
    (the real game's players), it plays exactly as AIPlayer: the overrides only read and pass on."""

    def __init__(self, level: str, seed: str) -> None:
        super().__init__(level, seed, strict=True)
        self.force_fold: bool | None = None  # the stance while a threat >= fold_at is out
        self.no_riichi = False  # discard instead of declaring
        self.stance: tuple[bool, int] | None = None  # (folding, shanten) of the last turn

    def _folding(
        self, found: Sequence[Threat], shanten: int, value: int, best: Candidate, strat: Strategy
    ) -> bool:
        folding = super()._folding(found, shanten, value, best, strat)
        return self._stance(found, shanten, folding)

    def _last_hand_folding(  # type: ignore[override]  # an instance method: it reads the forcing
        self, sv: SeatView, found: Sequence[Threat], shanten: int, folding: bool
    ) -> bool:
        return self._stance(found, shanten, AIPlayer._last_hand_folding(sv, found, shanten, folding))

    def _stance(self, found: Sequence[Threat], shanten: int, folding: bool) -> bool:
        if self.force_fold is not None and max((t.weight for t in found), default=0) >= self.tuning.fold_at:
            folding = self.force_fold
        self.stance = (folding, shanten)
        return folding

    def _decide(self, legal: list[Action], view: Mapping[str, Any]) -> Action:
        action = super()._decide(legal, view)
        if self.no_riichi and action.kind != A.DISCARD:
            plain = [a for a in legal if a.kind == A.DISCARD and a.tile == action.tile]
            if plain and action.kind in strategy_for(read_view(view).rules).riichi_kinds:
                return plain[0]
        return action

    def value(self, sv: SeatView, strat: Strategy) -> int:
        return self._value(sv, strat)


class NormalJudge(AIPlayer):
    """normal's judgement of a turn, with its whole set of top-scoring tile kinds (read in _rank, which
    a normal player calls once a turn)."""

    def __init__(self) -> None:
        super().__init__("normal", "judge", strict=True)
        self.top: frozenset[int] = frozenset()

    def _rank(self, cands: Sequence[Candidate], score: Callable[[Candidate], float]) -> list[Candidate]:
        best = max(score(c) for c in cands)
        self.top = frozenset(c.kind for c in cands if score(c) >= best - 1e-9)
        return super()._rank(cands, score)

    def judge(self, legal: list[Action], view: Mapping[str, Any]) -> tuple[Action, frozenset[int]]:
        self.top = frozenset()
        return self.decide(legal, view), self.top


@dataclass
class Decision:
    """One alternative to strong's choice: its first action (None: the forced player chooses it) and
    the forcing for the rest of the hand."""

    type: str
    alt: str  # "strong's choice -> alternative"
    first: Action | None = None
    force_fold: bool | None = None
    no_riichi: bool = False


def kind_of(action: Action) -> int | None:
    return None if action.tile is None or action.tile >= 136 else action.tile >> 2


def declared(sv: SeatView) -> bool:
    return any(sv.my_field(name) for name in ("riichi", "ready", "declared"))


def decisions_at(
    types: Iterable[str],
    sv: SeatView,
    legal: list[Action],
    act: Action,
    player: BranchPlayer,
    judge: NormalJudge,
    first_threat: bool,
) -> list[Decision]:
    """The decisions of the chosen types in strong's choice ``act`` (made with ``player``)."""
    strat = strong_strategy_for(sv.rules)
    kinds = {a.kind for a in legal}
    turn = A.DISCARD in kinds and not declared(sv)
    found = strat.threats(sv, player.reads_undeclared(strat))
    heavy = found and max(t.weight for t in found) >= player.tuning.fold_at
    tile = kind_of(act)
    stance = player.stance if turn else None
    out: list[Decision] = []
    if "push" in types and turn and heavy and first_threat and stance is not None:
        fold = stance[0]
        out.append(Decision("push", "fold -> push" if fold else "push -> fold", force_fold=not fold))
    if "riichi" in types and turn and tile is not None:
        if act.kind in strat.riichi_kinds:
            plain = next((a for a in legal if a.kind == A.DISCARD and a.tile == act.tile), None)
            if plain is not None:
                out.append(Decision("riichi", "declare -> dama", plain, no_riichi=True))
        elif act.kind == A.DISCARD:
            riichi = next((a for a in legal if a.kind in strat.riichi_kinds and a.tile == act.tile), None)
            if riichi is not None:
                out.append(Decision("riichi", "dama -> declare", riichi))
    if "call" in types and A.PASS in kinds and kinds & set(CALLS) and A.RON not in kinds:
        if act.kind in CALLS:
            alt = next(a for a in legal if a.kind == A.PASS)
            out.append(Decision("call", f"{act.kind} -> pass", alt))
        else:
            call = lowering_call(sv, strat, legal)
            if call is not None:
                out.append(Decision("call", f"pass -> {call.kind}", call))
    ron = next((a for a in legal if a.kind == A.RON and kind_of(a) is not None), None)
    if "ron" in types and ron is not None and A.PASS in kinds:
        if act.kind == A.RON:
            out.append(Decision("ron", "ron -> pass", next(a for a in legal if a.kind == A.PASS)))
        else:
            out.append(Decision("ron", "pass -> ron", ron))
    if not turn or tile is None or not (act.kind == A.DISCARD or act.kind in strat.riichi_kinds):
        return out  # the last two compare strong's tile
    if "discard" in types:
        alt, top = judge.judge(legal, sv.raw)
        if top and tile not in top and kind_of(alt) is not None:
            out.append(Decision("discard", "strong's -> normal's", alt))
    if "safe" in types and stance is not None and not stance[0]:
        safest = safest_tile(sv, legal, tile)
        if safest is not None:
            out.append(Decision("safe", "strong's -> safest", safest))
    return out


def lowering_call(sv: SeatView, strat: Strategy, legal: list[Action]) -> Action | None:
    """The chi/pon that lowers the shanten most (pon before chi), if any does."""
    shape = strat.hand_shape(sv)
    melds = len(sv.melds)
    best: tuple[tuple[int, int], Action] | None = None
    for a in legal:
        if a.kind not in (A.CHI, A.PON) or a.tile is None:
            continue
        using = [t >> 2 for t in a.using]
        meld = MeldView(a.kind, tuple(sorted([*using, a.tile >> 2])), a.tile)
        after = shanten_after_call(sv.counts, using, melds, shape, kuikae(meld, a.tile >> 2))
        key = (after, a.kind == A.CHI)
        if best is None or key < best[0]:
            best = (key, a)
    if best is None or best[0][0] >= shanten_of(sv.counts, melds, shape):
        return None
    return best[1]


def safest_tile(sv: SeatView, legal: list[Action], tile: int) -> Action | None:
    """The safest discard keeping the best shanten against the threats normal reads (declared or of
    weight >= 0.5), when it is safer than strong's ``tile``.  normal's reading: strong reads no open
    hands in some rule sets (pihu, taiwan)."""
    strat = strategy_for(sv.rules)
    found = [t for t in strat.threats(sv, False) if t.declared or t.weight >= 0.5]
    discards = [a for a in legal if a.kind == A.DISCARD and kind_of(a) is not None]
    choices = {k for a in discards if (k := kind_of(a)) is not None}
    first = strat.must_discard_first(sv) & choices
    if not found or not choices:
        return None
    cands = discard_candidates(
        sv.counts, len(sv.melds), sv.is_closed, strat.hand_shape(sv), sv.unseen, first or choices
    )
    danger = strat.danger(sv, found)
    keep = [c for c in cands if c.shanten == cands[0].shanten]
    safest = min(keep, key=lambda c: (danger[c.kind], -c.unseen))
    if safest.kind == tile or danger[safest.kind] >= danger[tile]:
        return None
    return pick_tile([a for a in discards if kind_of(a) == safest.kind], sv, strat)


def features(sv: SeatView, player: BranchPlayer, live0: int) -> dict[str, Any]:
    """The buckets' inputs, from the seat's own view only (no player's level: a real table hides it)."""
    strat = strong_strategy_for(sv.rules)
    found = [t for t in strat.threats(sv, False) if t.declared or t.weight >= 0.5]
    live = sv.live_left
    return {
        "shanten": shanten_of(sv.counts, len(sv.melds), strat.hand_shape(sv)),
        "value": player.value(sv, strat),
        "phase": "early" if 3 * live > 2 * live0 else "mid" if 3 * live > live0 else "late",
        "threat": "none"
        if not found
        else "2+"
        if len(found) > 1
        else "dealer's"
        if found[0].seat == sv.dealer
        else "non-dealer's",
        "live": live,
        "dealer": sv.is_dealer,
        "closed": sv.is_closed,
    }


def change(before: Sequence[int], after: Sequence[int], seat: int) -> tuple[int, float]:
    """(own, rel): the seat's change, and it minus the mean change of its standings neighbours."""
    order = sorted(range(len(before)), key=lambda s: (-before[s], s))
    i = order.index(seat)
    near = [order[j] for j in (i - 1, i + 1) if 0 <= j < len(order)]
    delta = [a - b for a, b in zip(after, before, strict=True)]
    return delta[seat], delta[seat] - sum(delta[s] for s in near) / len(near)


def branch(game: Game, players: list[BranchPlayer], seat: int, d: Decision) -> Game:
    """A copy of the table played to the end of the current hand with the alternative ``d``."""
    g2, p2 = copy.deepcopy((game, players))
    p2[seat].force_fold, p2[seat].no_riichi = d.force_fold, d.no_riichi
    hand = len(game.hands)
    if d.first is not None:
        g2.apply(d.first)
    while not g2.over and len(g2.hands) == hand:
        s = g2.waiting_for()[0]
        g2.apply(p2[s].choose(g2, s))
    return g2


def play_game(
    rules: str,
    seed: str,
    g: int,
    types: Sequence[str],
    keep_logs: bool = False,
    table: str = "mixed",
) -> list[dict[str, Any]]:
    """One bench game with its branches; one record per decision.  ``keep_logs``: every record also
    carries both branches' decision logs (tests).  ``table`` "strong": every seat strong, the branched
    one rotated by game."""
    game = Game(rules, seed=f"{seed}:{g}")
    n = game.rules.players
    pattern = base_pattern(n) if table == "mixed" else ["strong"] * n
    levels = pattern[g % len(pattern) :] + pattern[: g % len(pattern)]
    players = [BranchPlayer(level, f"{seed}:{g}:{s}") for s, level in enumerate(levels)]
    me = levels.index("strong") if table == "mixed" else g % n
    judge = NormalJudge()
    records: list[dict[str, Any]] = []
    open_: list[tuple[dict[str, Any], list[int], Game]] = []  # settled at the hand's end
    threat_hand = -1  # the hand whose first threatened turn was branched
    live0 = 0
    hand = -1
    while not game.over:
        if len(game.hands) != hand:
            settle(open_, game, me, keep_logs)
            hand, live0 = len(game.hands), read_view(game.view(me)).live_left
        seat = game.waiting_for()[0]
        if seat != me:
            game.apply(players[seat].choose(game, seat))
            continue
        legal = game.legal_actions(seat)
        sv = read_view(game.view(seat))
        players[seat].stance = None
        act = players[seat].choose(game, seat)
        found = decisions_at(types, sv, legal, act, players[seat], judge, threat_hand != hand)
        if any(d.type == "push" for d in found):
            threat_hand = hand
        for d in found:
            g2 = branch(game, players, seat, d)
            rec = {
                "type": d.type,
                "alt": d.alt,
                "game": g,
                "hand": hand,
                **features(sv, players[seat], live0),
            }
            if keep_logs:
                rec.update(start=len(game.decisions), strong_first=act, alt_log=list(g2.decisions))
                rec["alt_stance"] = d.force_fold
                rec["strong_stance"] = players[seat].stance
            records.append(rec)
            open_.append((rec, list(game.points), g2))
        game.apply(act)
    settle(open_, game, me, keep_logs)
    return records


def settle(open_: list[tuple[dict[str, Any], list[int], Game]], game: Game, me: int, keep_logs: bool) -> None:
    """The hand of the open records has ended in the real game (strong's branch): measure both."""
    for rec, before, g2 in open_:
        rec["strong"] = change(before, game.points, me)
        rec["alternative"] = change(before, g2.points, me)
        if keep_logs:
            rec["strong_log"] = list(game.decisions)
    open_.clear()


# ------------------------------------------------------------------ figures
BUCKETS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "all": lambda r: "",
    "shanten": lambda r: min(r["shanten"], 3) if r["shanten"] < 3 else "3+",
    "value": lambda r: min(r["value"], 2) if r["value"] < 2 else "2+",
    "phase": lambda r: r["phase"],
    "threat": lambda r: r["threat"],
}


def report(records: list[dict[str, Any]], games: int, types: Sequence[str], out: Any = sys.stdout) -> None:
    """Per type and strong's choice, per bucket: n, a game, alternative - strong (own, rel), per game."""
    by_choice: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_choice[r["type"], r["alt"]].append(r)
    for kind in types:
        choices = sorted(alt for t, alt in by_choice if t == kind)
        print(
            f"\n== {kind}: {sum(len(by_choice[kind, c]) for c in choices)} decisions in {games} games",
            file=out,
        )
        if not choices:
            continue
        print(
            f"{'strong -> alternative':24} {'bucket':20} {'n':>6} {'/game':>6} {'own alt-strong':>15} "
            f"{'t':>6} {'rel alt-strong':>15} {'s.e.':>6} {'t':>6} {'rel/game':>8}",
            file=out,
        )
        for choice in choices:
            rows = by_choice[kind, choice]
            for name, key in BUCKETS.items():
                groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
                for r in rows:
                    groups[key(r)].append(r)
                for value in sorted(groups, key=str):
                    print(line(choice, f"{name} {value}".strip(), groups[value], games), file=out)


def line(choice: str, bucket: str, rows: list[dict[str, Any]], games: int) -> str:
    own, own_se = mean_se([r["alternative"][0] - r["strong"][0] for r in rows])
    rel, rel_se = mean_se([r["alternative"][1] - r["strong"][1] for r in rows])
    rate = len(rows) / games
    return (
        f"{choice:24} {bucket:20} {len(rows):6d} {rate:6.2f} {own:+15.1f} {t_of(own, own_se):+6.2f} "
        f"{rel:+15.1f} {rel_se:6.1f} {t_of(rel, rel_se):+6.2f} {rate * rel:+8.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="branch")
    parser.add_argument("--decisions", default=",".join(TYPES), help=f"comma-separated, of {','.join(TYPES)}")
    parser.add_argument("--out", type=Path, help="write one JSON line per decision here")
    parser.add_argument("--report", type=Path, help="print the tables of a records file without playing")
    parser.add_argument(
        "--table", choices=("mixed", "strong"), default="mixed", help="strong: every seat strong"
    )
    args = parser.parse_args()
    types = [t for t in args.decisions.split(",") if t]
    unknown = set(types) - set(TYPES)
    if unknown:
        parser.error(f"unknown decision types: {', '.join(sorted(unknown))}")
    if args.report:
        records = [json.loads(x) for x in args.report.read_text().splitlines() if x.strip()]
        report(records, 1 + max((r["game"] for r in records), default=0), types)
        return
    records = []
    started = time.perf_counter()
    with open(args.out, "w") if args.out else open(os.devnull, "w") as out:
        for g in range(args.games):
            found = play_game(args.rules, args.seed, g, types, table=args.table)
            records += found
            out.writelines(json.dumps(r) + "\n" for r in found)
            out.flush()
            elapsed = time.perf_counter() - started
            print(
                f"\r{args.rules}: game {g + 1}/{args.games}, {len(records)} decisions, {elapsed:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    print(f"{args.rules}: {args.games} games, seed {args.seed}, decisions {','.join(types)}")
    report(records, args.games, types)


if __name__ == "__main__":
    main()
