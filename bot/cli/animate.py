"""``mahjong-bot animate GAME|FILE [--db PATH] [--hand N] --out F.webp|F.gif [--lang L] [--json]``: a
finished hand as an animated picture, one frame per decision (a pass that changes nothing is not one),
from the spectators' view with every hand open, the step's decision written under the table.

GAME is a stored game's id (the database defaults to the bot's, as for ``export``); it must have ended:
a running game's hands are secret.  FILE is a Tenhou record (mjlog XML or tenhou.net/6 JSON) or a game
exported by this project.  ``--hand`` counts from 1 (default 1).  The picture is WebP unless ``--out``
ends in ``.gif`` (or ``--format gif``), at most 8 MiB (drawn smaller when over), in the table's language
(its server's; English for a file) unless ``--lang`` says otherwise.

Exit codes: 0 written; 1 the picture could not be written (the output folder, its size); 2 nothing to
draw (no such game, file or hand, a running game, a hand that never finished, a bad argument).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES, t
from bot.service.refusal import Refusal

if TYPE_CHECKING:
    from bot.service.replay import HandReplay

FORMAT_OF_SUFFIX = {".webp": "webp", ".gif": "gif"}


class _Refused(Exception):
    """A reason to stop, already said in one line; ``code`` is the exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("animate", help="a finished hand as an animated picture", description=__doc__)
    p.add_argument("source", metavar="GAME|FILE", help="a stored game's id, or a game record file")
    p.add_argument("--db", metavar="PATH", help="the database of GAME (default: the bot's)")
    p.add_argument("--hand", type=int, default=1, metavar="N", help="which hand (1 is the first; default 1)")
    p.add_argument("--out", required=True, metavar="F", help="the picture to write (.webp or .gif)")
    p.add_argument("--format", choices=("webp", "gif"), help="default: from --out's suffix, else webp")
    p.add_argument("--lang", choices=LANGUAGES, help="the pictures' language (default: the table's)")
    p.add_argument("--json", action="store_true", help="print one JSON object about what was written")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    language = args.lang or "en"
    try:
        fmt = _format(args, language)
        replay = _load(args)
        language = replay.language
        data = _draw(replay, fmt)
        _write(Path(args.out), data, language)
    except _Refused as refused:
        return _fail(str(refused), refused.code, args)
    except Refusal as refusal:  # the service's reason, in the language asked for (or the table's)
        return _fail(refusal.text(language), 2, args)
    summary = {
        "ok": True,
        "out": args.out,
        "format": fmt,
        "hand": replay.hand,
        "hands": replay.hands,
        "frames": len(replay.steps),
        "bytes": len(data),
        "seconds": round(time.perf_counter() - started, 3),
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        frames, size = len(replay.steps), len(data)
        print(
            t(
                "cli.animate.done",
                language,
                out=args.out,
                hand=replay.hand,
                hands=replay.hands,
                frames=frames,
                bytes=size,
            )
        )
    return 0


def _fail(message: str, code: int, args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
    print(f"mahjong-bot animate: {message}", file=sys.stderr)
    return code


def _format(args: argparse.Namespace, language: str) -> str:
    if args.format:
        return str(args.format)
    suffix = Path(args.out).suffix.lower()
    if suffix and suffix not in FORMAT_OF_SUFFIX:
        raise _Refused(t("cli.animate.suffix", language, out=args.out, suffix=suffix))
    return FORMAT_OF_SUFFIX.get(suffix, "webp")


def _load(args: argparse.Namespace) -> HandReplay:
    source = str(args.source)
    path = Path(source)
    if path.is_file():
        if args.db:
            raise _Refused(t("cli.file_not_db", args.lang or "en", source=source))
        return _from_file(path, args.hand, args.lang)
    if not source.isdigit() or int(source) < 1:
        raise _Refused(t("cli.not_a_game", args.lang or "en", source=source))
    return _from_store(args.db, int(source), args.hand, args.lang)


def _from_file(path: Path, hand: int, language: str | None) -> HandReplay:
    from bot.cli.stored import Unreadable, read_record_file
    from bot.service.replay import game_hand, record_hand

    lang = language or "en"
    try:
        record = read_record_file(path, lang)
    except Unreadable as exc:
        raise _Refused(str(exc)) from None
    if isinstance(record, dict):  # a game exported by this project
        return game_hand(record, hand, names=record.get("players") or (), language=lang, source=str(path))
    return record_hand(record, hand, language=lang)


def _from_store(db: str | None, game_id: int, hand: int, language: str | None) -> HandReplay:
    from bot.cli.stored import Unreadable, read_store
    from bot.service.replay import stored_hand

    try:
        return asyncio.run(
            read_store(
                db, lambda store: stored_hand(store, game_id, hand, language=language), language or "en"
            )
        )
    except Unreadable as exc:
        raise _Refused(str(exc)) from None


def _draw(replay: HandReplay, fmt: str) -> bytes:
    from bot.render.animation import AnimationTooLarge
    from bot.service.replay_pictures import animate

    try:
        return animate(replay, fmt)
    except AnimationTooLarge as exc:
        raise _Refused(str(exc), 1) from None


def _write(path: Path, data: bytes, language: str) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise _Refused(
            t("cli.animate.cannot_write", language, out=path, reason=exc.strerror or exc), 1
        ) from None
