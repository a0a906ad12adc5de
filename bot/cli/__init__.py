"""``mahjong-bot``: the command line (see DESIGN.md's command line contract).

Each subcommand lives in its own module of this package with ``register(subparsers)``; the
module sets ``func`` on its parser, which returns the process exit code.  Only the module of the
command being run is imported (``--help`` imports none): start-up stays a few dozen milliseconds
whatever the other commands need (discord.py, the store, the computer players).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

#: Each command and its one-line help (shown by ``mahjong-bot --help`` without importing the command).
COMMANDS: dict[str, str] = {
    "run": "start the Discord bot",
    "play": "play a game in the terminal against computer players",
    "simulate": "computer-only games through the referee",
    "analyze": "shanten, waits and the discard table of a hand",
    "score": "score one hand",
    "replay": "replay a game record through the referee",
    "export": "write a stored game's record to stdout",
    "animate": "a finished hand as an animated picture",
    "review": "a seat's decisions beside the computer's",
    "verify": "check a stored game's walls against their commitments",
    "league": "league standings and CSV export from a database",
    "web": "serve the web page of leagues, games and replays",
    "mjai": "the computer player as an mjai bot (stdin/stdout)",
    "db": "migrate, check or copy the database",
}


def build_parser(
    command: str | None = None, *, every: bool = True, others: bool = True
) -> argparse.ArgumentParser:
    """The parser; with ``every=False`` only ``command``'s module is imported and registered, the
    others stand as one-line entries (enough for ``--help`` and for choosing the command), or with
    ``others=False`` are left out (when the command is the first word: nothing else can be asked for,
    and each entry costs a parser, about a million instructions of a one-shot command's start)."""
    parser = argparse.ArgumentParser(
        prog="mahjong-bot", description="A mahjong referee for Discord, and its command line."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        if not every and name != command:
            if others:
                sub.add_parser(name, help=help_text, add_help=False)
            continue
        try:
            module = importlib.import_module(f"bot.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bot.cli.{name}":
                raise
            _register_not_yet(sub, name)
        else:
            module.register(sub)
    return parser


def _register_not_yet(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    p = sub.add_parser(name, help="(not yet available)", add_help=False)
    p.add_argument("rest", nargs=argparse.REMAINDER)

    def not_yet(_args: argparse.Namespace) -> int:
        print(f"mahjong-bot {name}: not yet available", file=sys.stderr)
        return 2

    p.set_defaults(func=not_yet)


def _command_in(argv: list[str]) -> str | None:
    """The command named on the command line (its first word that is one), if any."""
    return next((word for word in argv if word in COMMANDS), None)


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    command = _command_in(words)
    parser = build_parser(command, every=False, others=command is None or words[0] != command)
    args, extra = parser.parse_known_args(words)
    if extra:
        # `score` hands unknown flags to the rule set; argparse's REMAINDER misses a leading flag.
        if not hasattr(args, "words"):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.words = list(extra) + list(args.words)
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # inside the guard: a reader gone before the last bytes is a closed pipe too
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_gone()
    return code


#: What a command ends with when whoever reads its output stopped reading (``... | head -c 100``): the
#: status of a program ended by SIGPIPE, as ``yes | head`` gives.
CLOSED_PIPE = 128 + 13


def _reader_gone() -> int:
    """End quietly: the rest of the output has nowhere to go, and Python's own flush at exit would
    print "Exception ignored ... BrokenPipeError" (https://docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return CLOSED_PIPE


if __name__ == "__main__":
    raise SystemExit(main())
