"""``mahjong-bot mjai [--seat N] [--level easy|normal|strong] [--rules riichi|sanma] [--seed S]``.

This project's computer player as an mjai bot: mjai events on standard input (one JSON event a line,
or a JSON list of events a line as mjai.app and Mortal send them), one JSON answer a line on standard
output (the seat's action for the last event of the line, else ``{"type": "none"}``).  A line it cannot
follow is reported on standard error and answered ``none``; it stops after ``end_game``.

The seat is ``--seat`` when given (mjai.app passes it to a bot as an argument), else ``start_game``'s
``id`` (hosts of the Mortal family, riichienv's, send ``{"type": "start_game"}`` without one), else 0;
a deal that shows exactly one hand settles it (see :class:`bot.mjai.mirror.Mirror`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from bot.ai import LEVELS

    p = sub.add_parser("mjai", help="the computer player as an mjai bot (stdin/stdout)", description=__doc__)
    p.add_argument(
        "--seat", type=_seat, help="the seat played (0 is the first dealer); default: start_game's id, else 0"
    )
    p.add_argument("--level", choices=LEVELS, default="normal", help="easy (a beginner), normal or strong")
    p.add_argument("--rules", choices=("riichi", "sanma"), help="default: from the number of players")
    p.add_argument("--seed", default="mjai", help="the computer player's tie-breaking seed")
    p.set_defaults(func=run)


def _seat(text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    return serve(
        sys.stdin, sys.stdout, sys.stderr, level=args.level, rules=args.rules, seed=args.seed, seat=args.seat
    )


def serve(
    stdin: IO[str],
    stdout: IO[str],
    stderr: IO[str],
    *,
    level: str = "normal",
    rules: str | None = None,
    seed: str = "mjai",
    seat: int | None = None,
) -> int:
    from bot.ai import make_player
    from bot.mjai.mirror import NONE, Mirror, MirrorError

    mirror = Mirror(make_player(level, seed), rules, seat)
    for number, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        answer = NONE
        ended = False
        try:
            message = json.loads(line)
            events = message if isinstance(message, list) else [message]
            if not all(isinstance(e, dict) for e in events):
                raise ValueError("each event must be a JSON object")
            for event in events:
                mirror.feed(event)
                ended = ended or event.get("type") == "end_game"
            answer = mirror.answer()
        except (ValueError, MirrorError) as exc:
            print(f"mahjong-bot mjai: line {number}: {exc}", file=stderr, flush=True)
        for note in mirror.notes:
            print(f"mahjong-bot mjai: line {number}: {note}", file=stderr, flush=True)
        mirror.notes.clear()
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()
        if ended:
            break
    return 0
