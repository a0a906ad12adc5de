"""``mahjong-bot replay FILE [--check] [--json]``: replay a game record through the referee.

FILE is a Tenhou mjlog (XML), a tenhou.net/6 JSON log (one hand per line is accepted) or a game
exported by this project.  ``--check`` compares every action, hand result and the final scores with
the record and exits 1 on the first difference, which it prints.  A record that stops early is
checked as far as it goes and reported as cut short (exit 0).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.logs.game_json import check_document
from bot.logs.load import load_record
from bot.logs.mjlog import RecordError
from bot.logs.replay import ReplayReport, replay_record


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay a game record through the referee", description=__doc__)
    p.add_argument("file", help="mjlog XML, tenhou.net/6 JSON or an exported game")
    p.add_argument("--check", action="store_true", help="compare with the record; exit 1 on a difference")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except (RecordError, ValueError, OSError) as exc:
        print(f"mahjong-bot replay: {exc}", file=sys.stderr)
        return 2
    if isinstance(record, dict):
        return _replay_own(record, args)
    try:
        report = replay_record(record)
    except ValueError as exc:
        print(f"mahjong-bot replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    except (LookupError, TypeError, AttributeError) as exc:  # a record too broken to drive the referee
        print(f"mahjong-bot replay: {args.file}: the record could not be replayed ({exc!r})", file=sys.stderr)
        return 2
    _print_report(report, args)
    if args.check and not report.ok:
        return 1
    return 0


def _print_report(report: ReplayReport, args: argparse.Namespace) -> None:
    if args.json:
        data = report.to_json()
        if report.game is not None:
            data["results"] = [h["result"] for h in report.game.hands]
            data["final"] = report.game.final
        print(json.dumps(data, ensure_ascii=False))
        return
    game = report.game
    if game is not None and not args.check:
        for number, hand in enumerate(game.hands, start=1):
            print(f"hand {number}: {_describe(hand['result'])}")
        if game.final:
            print(
                "final: " + ", ".join(f"seat {f['seat']} {f['points']} ({f['score']:+})" for f in game.final)
            )
    for note in report.notes:
        print(f"note: {note}")
    if report.ok:
        print(
            f"{report.source}: {report.hands} hands, {report.actions} actions replayed"
            + (", every result matches the record" if args.check else "")
        )
    else:
        print(f"MISMATCH {report.mismatch}")


def _describe(result: dict[str, Any]) -> str:
    if result["kind"] == "win":
        wins = "; ".join(
            f"seat {w['seat']} {w['han']} han {w['fu']} fu {w['points']}" for w in result["wins"]
        )
        return f"win: {wins} deltas {result['deltas']}"
    return f"{result['kind']} ({result['reason']}) deltas {result['deltas']}"


def _replay_own(data: dict[str, Any], args: argparse.Namespace) -> int:
    """This project's record: replay the decisions; ``--check`` compares every recorded result."""
    report = check_document(data)
    game = report.game
    if game is None or (args.check and not report.ok):
        message = f"{args.file}: {report.mismatch}"
        if args.json:
            print(json.dumps({"ok": False, "error": message}))
        else:
            print(f"MISMATCH {message}")
        return 1
    summary = {"ok": True, "hands": len(game.hands), "actions": len(game.decisions), "final": game.final}
    if args.json:
        print(json.dumps(summary))
    else:
        hands, actions = summary["hands"], summary["actions"]
        checked = ", every result matches the record" if args.check and data.get("results") else ""
        print(f"{args.file}: {hands} hands, {actions} actions replayed{checked}; final {game.final}")
    return 0
