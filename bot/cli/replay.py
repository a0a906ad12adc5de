"""``mahjong-bot replay FILE [--check] [--json]``: replay a game record through the referee.

FILE is a Tenhou mjlog (XML, gzip accepted), a tenhou.net/6 JSON log (one hand per line is accepted; a
file may hold any hands of a game, an excerpt) or a game exported by this project, of at most 4 MiB
(bot/logs/load.py).  ``--check`` compares every action, hand result and the final scores with the
record and exits 1 on the first difference, which it prints.  A record that stops early is checked as
far as it goes and reported as cut short (exit 0); an excerpt has each hand replayed from the round and
points the file gives.  A file with no hand of a game exits 1; a file that is not a game record exits 2
with the reason ("not a game record: ...").
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, cast

from bot.cli.play_text import final_lines
from bot.engine.views import FinalPlace, HandRecord
from bot.i18n import LANGUAGES, t
from bot.logs.game_json import check_document
from bot.logs.load import load_record
from bot.logs.record import RecordError
from bot.logs.replay import replay_record
from bot.logs.replay_report import Mismatch, Note, ReplayReport
from bot.present.results import result_lines


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay a game record through the referee", description=__doc__)
    p.add_argument("file", help="mjlog XML, tenhou.net/6 JSON or an exported game")
    p.add_argument("--check", action="store_true", help="compare with the record; exit 1 on a difference")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the language of the hands, standings and notes"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
        if isinstance(record, dict):
            return _replay_own(record, args)
        report = replay_record(record)
    except RecordError as exc:
        return _refuse(str(exc), args, _said_refusal(exc, args.lang))
    except OSError as exc:
        return _refuse(f"{args.file}: {exc.strerror or exc}", args)
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError) as exc:
        # A record too broken for the checks above to name: still no traceback for the user.
        return _refuse(
            f"{args.file}: not a game record: it cannot be replayed ({type(exc).__name__}: {exc})", args
        )
    _print_report(report, args)
    if report.empty or (args.check and not report.ok):
        return 1
    return 0


def _refuse(message: str, args: argparse.Namespace, said: str | None = None) -> int:
    """Exit 2 with the reason: in English in the JSON, in ``--lang`` for a person (``said``)."""
    if args.json:
        print(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
    print(f"mahjong-bot replay: {said or message}", file=sys.stderr)
    return 2


def _said_refusal(exc: RecordError, language: str) -> str:
    """A reader's refusal in ``language``, after the file's name."""
    from bot.service.refusal import localized_reason

    return localized_reason(exc, language)


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
        language = getattr(args, "lang", "en")
        names = seat_names(len(game.start_points), language)
        red_ids = frozenset(getattr(game.rules, "red_ids", ()))
        for number, hand in enumerate(game.hands, start=1):
            lines = result_lines(game.rules_id, cast(HandRecord, hand), names, language, red_ids)
            print(t("replay.hand", language, number=number, result=" / ".join(lines)))
        if game.final:
            print("\n".join(final_lines(cast(list[FinalPlace], game.final), names, language)))
    language = args.lang
    for note in report.notes:
        print(t("cli.replay.note", language, note=_note_said(note, language)))
    if report.empty:
        print(t("cli.replay.empty", language, source=report.source))
    elif report.ok:
        key = "cli.replay.done_excerpt" if report.excerpt else "cli.replay.done"
        print(
            t(key, language, source=report.source, hands=report.hands, actions=report.actions)
            + (t("cli.replay.matches", language) if args.check else "")
        )
    else:
        print(t("cli.replay.mismatch", language, difference=_difference_said(report.mismatch, language)))


def _note_said(note: str, language: str) -> str:
    """A replay's note in ``language`` (a reader's own note, without a message, as written)."""
    if not isinstance(note, Note):
        return note
    values = {
        name: _note_said(value, language) if isinstance(value, Note) else value
        for name, value in note.values.items()
    }
    return t(note.key, language, **values)


def _difference_said(mismatch: Mismatch | None, language: str) -> str:
    """The first difference of ``replay --check`` in ``language``: what was compared and the words among
    what was expected and what came said in it (the record's data, lists and numbers, as they are)."""
    if mismatch is None:
        return ""
    words = {
        "hand": mismatch.hand,
        "what": mismatch.what,
        "expected": mismatch.expected,
        "got": mismatch.got,
    }
    said = {
        name: _note_said(value, language) if isinstance(value, Note) else value
        for name, value in words.items()
    }
    return t("cli.replay.difference", language, turn=mismatch.turn, **said)


def seat_names(players: int, language: str) -> list[str]:
    """The seats of a record by number (a record's names are not the referee's to show)."""
    return [t("replay.seat", language, n=seat + 1) for seat in range(players)]


def _replay_own(data: dict[str, Any], args: argparse.Namespace) -> int:
    """This project's record: replay the decisions; ``--check`` compares every recorded result."""
    report = check_document(data)
    game = report.game
    if game is None or (args.check and not report.ok):
        if args.json:
            print(json.dumps({"ok": False, "error": f"{args.file}: {report.mismatch}"}))
        else:
            said = t(
                "cli.replay.own.difference",
                args.lang,
                source=args.file,
                difference=_note_said(report.mismatch or "", args.lang),
            )
            print(t("cli.replay.mismatch", args.lang, difference=said))
        return 1
    summary = {"ok": True, "hands": len(game.hands), "actions": len(game.decisions), "final": game.final}
    if args.json:
        print(json.dumps(summary))
    else:
        language = args.lang
        hands, actions = summary["hands"], summary["actions"]
        checked = t("cli.replay.matches", language) if args.check and data.get("results") else ""
        print(t("cli.replay.done", language, source=args.file, hands=hands, actions=actions) + checked)
        if game.final:
            names = seat_names(len(game.start_points), language)
            print("\n".join(final_lines(cast(list[FinalPlace], game.final), names, language)))
    return 0
