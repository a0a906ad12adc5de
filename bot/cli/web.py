"""``mahjong-bot web [--db D] [--host 127.0.0.1] [--port 8080]``: serve the web page from a database.

Read-only pages of the leagues (standings per season, players, games), the recent games and a replay
viewer of every finished game, each with its data as JSON (``.json``); running games are neither listed
nor replayable.  Bound to 127.0.0.1 unless ``--host`` says otherwise (``0.0.0.0`` in a container behind a
proxy).  Prints ``serving http://HOST:PORT/`` once it listens (``--port 0``: a free port) and serves
until interrupted (Ctrl-C, SIGTERM; exit 0).  No database, a port already taken: one line, exit 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store import Store

DEFAULT_PORT = 8080


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("web", help="serve the web page of leagues, games and replays", description=__doc__)
    p.add_argument(
        "--db",
        help="the database: a file or a postgresql:// URL (default: $MAHJONG_DATABASE, data/mahjong.sqlite3)",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"the port (default: {DEFAULT_PORT})")
    p.set_defaults(func=run)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, got {port}")
    return port


def run(args: argparse.Namespace) -> int:
    from bot.cli.stored import Unreadable, read_store

    try:
        return asyncio.run(read_store(args.db, lambda store: _serve(store, args)))
    except Unreadable as exc:
        print(f"mahjong-bot web: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"mahjong-bot web: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 2


async def _serve(store: Store, args: argparse.Namespace) -> int:
    from bot.web.server import WebServer

    server = WebServer(store, args.host, args.port)
    await server.start()
    try:
        print(f"serving {server.url}", flush=True)
        await _until_stopped()
    finally:
        await server.close()
    return 0


async def _until_stopped() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
