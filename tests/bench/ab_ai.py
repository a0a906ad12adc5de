"""Screen one change of the strong level: strong as the code stands ("after") against strong with the
change switched off ("before"), at the same tables.

    python tests/bench/ab_ai.py --rules R --groups 300 --seed S --before NAME=VALUE [NAME=VALUE ...]
        [--table mixed|strong] [--results DIR] [--report]
    python tests/bench/ab_ai.py --rules R --groups 300 --seed S --before-level normal [--table strong]
    python tests/bench/ab_ai.py --rules R --seed S1 S2 ... --report    (the seeds' groups pooled)

Tables (``--table``): ``mixed`` (the default) seats ``after before easy easy`` (three-player: ``after
before easy``), the seats rotated over the same seed; ``strong`` seats no beginner: ``after before after
before`` and ``before after before after`` (three-player: the rotations of ``after after before`` and of
``before before after``), so each side meets players who fold and read as it does, and each side sits
after the other as often.  One seed group is one seed played in every seating (game seeds ``S:g``, as
tests/bench/bench_ai.py).
"before" plays the strong level with its rule set's strong strategy class (bot/ai/strong_rules.py)
changed by the ``--before`` settings: class attributes, each value a Python literal (``FLUSH_AT=11``),
or fields of the player's numbers (bot/ai/player.py ``Tuning``: ``placement=False``, ``two_step_weight=0.0``),
which switch the parts strong adds to normal's judgement in every rule set.
Every change of the strong level that this screen measures keeps such a switch.  With ``--before-level
normal`` "before" is the normal level instead (strong against normal at the same tables).

Printed: per side the average place, the win, deal-in, declaration and call rates and the points a win
collected; then the paired difference after - before per seed group of average place (negative: the
change places better) and of final points, with standard error and t.  Results are appended per group to
``DIR/ab_ai-<rules>-<seed>.jsonl`` (resumable as bench_ai's); the settings are stored with them, and a
file holding another setting is refused.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import statistics
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.ai.player import DEFAULT_TUNING, AIPlayer, Tuning  # noqa: E402
from bot.ai.strategy import Strategy  # noqa: E402
from bot.ai.strong_rules import strong_strategy_for  # noqa: E402
from bot.engine.registry import load_rules  # noqa: E402
from tests.bench.bench_ai import (  # noqa: E402
    append,
    load,
    mean_se,
    paired_differences,
    play_game,
    rates,
    rotations,
    t_of,
)

SIDES = ("after", "before")


class BeforePlayer(AIPlayer):
    """The strong level deciding with ``strategy`` in place of its rule set's strong strategy (and
    with ``tuning`` for its numbers)."""

    def __init__(self, seed: str, strategy: Strategy, tuning: Tuning = DEFAULT_TUNING) -> None:
        super().__init__("strong", seed, strict=True, tuning=tuning)
        self.strategy = strategy

    def strategy_for(self, rules: str) -> Strategy:
        return self.strategy


TUNING_FIELDS = frozenset(f.name for f in dataclasses.fields(Tuning))


def before_strategy(rules: str, settings: Mapping[str, Any]) -> Strategy:
    """The rule set's strong strategy with the settings that name its attributes changed."""
    base = type(strong_strategy_for(rules))
    for name in settings:
        if name not in TUNING_FIELDS and not hasattr(base, name):
            raise SystemExit(f"{base.__name__} has no attribute {name!r} to switch (nor Tuning a field)")
    own = {k: v for k, v in settings.items() if k not in TUNING_FIELDS}
    before: Strategy = type(f"Before{base.__name__}", (base,), own)()
    return before


def before_tuning(settings: Mapping[str, Any]) -> Tuning:
    """The player's numbers with the settings that name ``Tuning`` fields changed."""
    return dataclasses.replace(DEFAULT_TUNING, **{k: v for k, v in settings.items() if k in TUNING_FIELDS})


def parse_settings(items: Sequence[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--before {item!r}: write NAME=VALUE")
        try:
            settings[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise SystemExit(f"--before {item!r}: the value is not a Python literal") from None
    return settings


def seatings(table: str, players: int) -> list[list[str]]:
    """The seatings of one seed group at ``table`` (see the module notes)."""
    if table == "mixed":
        return rotations(["after", "before"] + ["easy"] * (players - 2))
    if players == 4:
        return [["after", "before", "after", "before"], ["before", "after", "before", "after"]]
    return rotations(["after", "after", "before"]) + rotations(["before", "before", "after"])


def before_player(
    key: str, seat: int, strategy: Strategy | None, tuning: Tuning = DEFAULT_TUNING
) -> AIPlayer:
    if strategy is None:
        return AIPlayer("normal", f"{key}:{seat}", strict=True)
    return BeforePlayer(f"{key}:{seat}", strategy, tuning)


def run(
    rules: str, groups: int, seed: str, settings: dict[str, Any] | None, path: Path, table: str = "mixed"
) -> None:
    """``settings`` None: "before" is the normal level."""
    data = load(path)
    setup = {"before": settings, "table": table}
    stored = {json.dumps(_setup(g), sort_keys=True) for g in _entries(path)}
    if stored and stored != {json.dumps(setup, sort_keys=True)}:
        raise SystemExit(f"{path} holds another setting: {', '.join(stored)}")
    strategy = None if settings is None else before_strategy(rules, settings)
    tuning = DEFAULT_TUNING if settings is None else before_tuning(settings)
    patterns = seatings(table, load_rules(rules).players)
    for g in range(groups):
        key = f"{seed}:{g}"
        if key in data["groups"]:
            continue
        games = []
        for labels in patterns:
            players = [
                before_player(key, seat, strategy, tuning)
                if label == "before"
                else AIPlayer("strong" if label == "after" else label, f"{key}:{seat}", strict=True)
                for seat, label in enumerate(labels)
            ]
            games.append(play_game(rules, key, labels, players))
        append(path, {"kind": "group", "key": key, **setup, "games": games})
        print(f"\r{rules}: seed group {g + 1}/{groups}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def _setup(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's setting; entries from before tables were chosen played the mixed table."""
    return {"before": entry.get("before"), "table": entry.get("table", "mixed")}


def _entries(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def report(rules: str, data: dict[str, Any]) -> None:
    groups = list(data["groups"].values())
    games = [g for group in groups for g in group]
    if not games:
        print(f"== {rules}: no results yet")
        return
    print(f"== {rules}: {len(games)} games ({len(groups)} seed groups)")
    print(
        f"{'side':7} {'avg place':>9} {'win%':>6} {'deal-in%':>8} {'decl%':>6} {'call%':>6} {'win value':>9}"
    )
    for side in SIDES:
        places = [s["rank"] for g in games for s in g["seats"] if s["level"] == side]
        r = rates(games, side)
        print(
            f"{side:7} {statistics.mean(places):9.3f} {r['win']:6.1f} {r['deal_in']:8.1f} "
            f"{r['riichi']:6.1f} {r['call']:6.1f} {r['win_value']:9.1f}"
        )
    for measure in ("rank", "points"):
        diffs = paired_differences(groups, "after", "before", measure)
        mean, se = mean_se(diffs)
        name = "placement" if measure == "rank" else "points"
        t = t_of(mean, se)
        print(f"{name} after - before: {mean:+.3f} (s.e. {se:.3f}, t = {t:+.2f}, {len(diffs)} groups)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", required=True)
    parser.add_argument("--groups", type=int, default=300, help="seed groups wanted (total)")
    parser.add_argument("--seed", nargs="+", required=True, help="several: --report pools their groups")
    parser.add_argument("--before", nargs="+", default=[], metavar="NAME=VALUE")
    parser.add_argument("--before-level", choices=("strong", "normal"), default="strong")
    parser.add_argument("--table", choices=("mixed", "strong"), default="mixed")
    parser.add_argument("--results", type=Path, default=Path(".bench"))
    parser.add_argument("--report", action="store_true", help="print the figures of the results only")
    args = parser.parse_args()
    paths = [args.results / f"ab_ai-{args.rules}-{seed}.jsonl" for seed in args.seed]
    if not args.report:
        if len(paths) > 1:
            parser.error("a run takes one --seed")
        if (args.before_level == "normal") == bool(args.before):
            parser.error("a run takes the --before settings, or --before-level normal and none")
        settings = parse_settings(args.before) if args.before_level == "strong" else None
        run(args.rules, args.groups, args.seed[0], settings, paths[0], args.table)
    pooled: dict[str, Any] = {"groups": {}}
    for path in paths:
        pooled["groups"].update(load(path)["groups"])
    report(args.rules, pooled)


if __name__ == "__main__":
    main()
