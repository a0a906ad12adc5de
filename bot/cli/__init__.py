"""``mahjong-bot``: the command line (see DESIGN.md's command line contract).

Each subcommand lives in its own module of this package with ``register(subparsers)``; the
module sets ``func`` on its parser, which returns the process exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("run", "play", "simulate", "analyze", "score", "replay", "export", "league", "mjai", "db")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-bot", description="A mahjong referee for Discord, and its command line."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        # `score` hands unknown flags to the rule set; argparse's REMAINDER misses a leading flag.
        if not hasattr(args, "words"):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.words = list(extra) + list(args.words)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    raise SystemExit(main())
