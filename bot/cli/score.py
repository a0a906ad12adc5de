"""``mahjong-bot score --rules R "HAND" [flags] [--json] [--batch]``.

The words after ``score`` (other than ``--rules``, ``--json`` and ``--batch``) go to the rule set's
``score_request``, which returns the JSON answer or raises a ValueError whose message is shown.
Hand grammar: see :mod:`bot.hand.notation`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.rules.registry import RULE_SETS, score_request_function

HELP = """\
HAND: concealed tiles including the winning tile, then meld tokens, e.g.
  "234m0p44s66z pon:777z chi:1-23s"
Tiles are mpsz (0 = red five, 1z-7z = E S W N White Green Red, 1f-8f flowers).
Melds: chi:123s pon:777z kan:5555p (open) ankan:1111s (closed) kakan:5555p (added);
a mark after one digit names the called tile and its giver: - previous, = opposite, + next.
Flags depend on the rule set: run `mahjong-bot score --rules R --help-rules` to list them.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "score", help="score one hand", description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rules", required=True, choices=sorted(RULE_SETS))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--batch", action="store_true", help="read one request per line on stdin, write JSON lines"
    )
    p.add_argument("--help-rules", action="store_true", help="list the flags of this rule set")
    p.add_argument("words", nargs=argparse.REMAINDER, help="HAND and the rule set's flags")
    p.set_defaults(func=run)


def score_words(rules: str, words: list[str]) -> dict[str, Any]:
    """One request; never raises for bad input."""
    try:
        fn = score_request_function(rules)
    except ModuleNotFoundError:
        return {"ok": False, "error": f"scoring for {rules} is not available yet"}
    try:
        return fn(words)
    except ValueError as exc:
        return {"ok": False, "error": str(exc)}


def _split_line(line: str) -> list[str]:
    import shlex

    try:
        return shlex.split(line)
    except ValueError as exc:
        return ["--unreadable-line", str(exc)]


OUR_FLAGS = {"--json": "json", "--batch": "batch", "--help-rules": "help_rules"}


def _take_our_flags(args: argparse.Namespace) -> None:
    """Our flags may also come after the hand, where REMAINDER swallowed them."""
    rest = []
    for word in args.words:
        if word in OUR_FLAGS:
            setattr(args, OUR_FLAGS[word], True)
        else:
            rest.append(word)
    args.words = rest


def run(args: argparse.Namespace) -> int:
    _take_our_flags(args)
    if args.help_rules:
        return _print_rule_help(args.rules)
    if args.batch:
        worst = 0
        for line in sys.stdin:
            if not line.strip():
                continue
            result = score_words(args.rules, _split_line(line))
            print(json.dumps(result, ensure_ascii=False), flush=False)
            worst = worst or (0 if result.get("ok") else 1)
        sys.stdout.flush()
        return 0
    result = score_words(args.rules, list(args.words))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_result(result))
    return 0 if result.get("ok") else 1


def _print_rule_help(rules: str) -> int:
    try:
        fn = score_request_function(rules)
    except ModuleNotFoundError:
        print(f"scoring for {rules} is not available yet", file=sys.stderr)
        return 2
    module = sys.modules[fn.__module__]
    print(getattr(module, "FLAGS_HELP", "(no flags documented)"))
    return 0


def format_result(result: dict[str, Any]) -> str:
    if not result.get("ok"):
        return f"error: {result.get('error')}"
    lines = []
    for name, value in result.get("yaku", []):
        lines.append(f"  {name:<28} {value}")
    totals = [
        f"{key} {result[key]}"
        for key in ("han", "fu", "fan", "tai", "multiplier")
        if result.get(key) is not None
    ]
    if result.get("yakuman"):
        totals.append(f"yakuman x{result['yakuman']}")
    lines.append("  " + ", ".join(totals))
    lines.append(f"  points {result.get('points')}")
    for payer, amount in result.get("payments", {}).items():
        lines.append(f"  {payer} pays {amount}")
    return "\n".join(lines)
