"""``mahjong-bot review FILE|GAME --seat N [--db PATH] [--hand N] [--level strong] [--json] [--lang L]``:
every decision of one seat beside what a computer level (default ``strong``) would have done from that
seat's own view, why in numbers (shanten, tiles accepted, danger, value), the agreement rate, and the
largest differences first (bot/service/review.py).

GAME is a stored game's id (the database defaults to the bot's, as for ``export``); it must have ended:
a running game's hands are secret.  FILE is a Tenhou record (mjlog XML or tenhou.net/6 JSON) or a game
exported by this project.  Seats count from 0 (East at the game's start).  The hands are reviewed in
``--jobs`` worker processes (default: one per core, at most one per hand).

``--json`` prints ``{"agreement": 0..1, "decisions": [{"hand", "step", "actual", "suggested", "agree",
"difference", "reason": {"actual": {...}, "suggested": {...}}, ...}], ...}``, largest differences first.

Exit codes: 0 reviewed; 2 nothing to review (no such game, file, hand or seat, a running game, a record
the referee does not replay, a bad argument).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from bot.ai import LEVELS
from bot.i18n import LANGUAGES, t
from bot.service.refusal import Refusal

if TYPE_CHECKING:
    from bot.service.review import HandSource, Review


class _Refused(Exception):
    """A reason to stop, already said in one line."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("review", help="a seat's decisions beside the computer's", description=__doc__)
    p.add_argument("source", metavar="GAME|FILE", help="a stored game's id, or a game record file")
    p.add_argument("--seat", type=int, required=True, metavar="N", help="the seat to review (from 0)")
    p.add_argument("--db", metavar="PATH", help="the database of GAME (default: the bot's)")
    p.add_argument("--hand", type=int, metavar="N", help="one hand only (1 is the first; default: all)")
    p.add_argument("--level", default="strong", choices=LEVELS, help="the computer level (default strong)")
    p.add_argument("--jobs", type=int, metavar="N", help="worker processes (default: one per core)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the text's language (default en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        review = _review(args)
    except _Refused as refused:
        return _fail(str(refused), args)
    except Refusal as refusal:
        return _fail(refusal.text(args.lang), args)
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
    else:
        from bot.service.review_text import text

        print(text(review, args.lang))
    return 0


def _fail(message: str, args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
    print(f"mahjong-bot review: {message}", file=sys.stderr)
    return 2


def _review(args: argparse.Namespace) -> Review:
    from bot.service.review import review_game

    source = str(args.source)
    if args.jobs is not None and args.jobs < 1:
        raise _Refused(t("cli.review.jobs", args.lang, jobs=args.jobs))
    path = Path(source)
    if path.is_file():
        if args.db:
            raise _Refused(t("cli.file_not_db", args.lang, source=source))
        sources, rules, names = _from_file(path, args.hand, args.lang)
        source = t("cli.review.file", args.lang, path=source)
    elif source.isdigit() and int(source) >= 1:
        sources, rules, names = _from_store(args.db, int(source), args.hand, args.lang)
        source = t("cli.review.game", args.lang, id=source)
    else:
        raise _Refused(t("cli.not_a_game", args.lang, source=source))
    jobs = min(args.jobs or os.cpu_count() or 1, len(sources))
    if jobs <= 1:
        return review_game(sources, args.seat, args.level, source=source, rules=rules, names=names)
    # fork: the workers start with the modules already imported (no threads run in this process now).
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    )
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        return review_game(
            sources, args.seat, args.level, source=source, rules=rules, names=names, executor=pool
        )


def _from_file(path: Path, hand: int | None, language: str) -> tuple[list[HandSource], str, list[str]]:
    from bot.cli.stored import Unreadable, read_record_file
    from bot.service.review import game_sources, record_sources

    try:
        record = read_record_file(path, language)
    except Unreadable as exc:
        raise _Refused(str(exc)) from None
    if isinstance(record, dict):  # a game exported by this project
        return game_sources(record, hand), str(record["rules"]), list(record.get("players") or ())
    return record_sources(record, hand), record.rules, list(record.names)


def _from_store(
    db: str | None, game_id: int, hand: int | None, language: str
) -> tuple[list[HandSource], str, list[str]]:
    from bot.cli.stored import Unreadable, read_store
    from bot.service.replay import load_stored
    from bot.service.review import stored_sources

    try:
        stored = asyncio.run(read_store(db, lambda store: load_stored(store, game_id), language))
    except Unreadable as exc:
        raise _Refused(str(exc)) from None
    return stored_sources(stored, hand), str(stored.data["rules"]), list(stored.names)
