"""``mahjong-bot export GAME [--db PATH] --format json|tenhou6``: a stored game's record on stdout.

``json`` is the project's own record (every rule set; ``mahjong-bot replay FILE --check`` replays it and
compares every result); ``tenhou6`` is tenhou.net/6 JSON (riichi and sanma), which the Tenhou viewer and
mjai-reviewer load.  The database defaults to the bot's (``data/mahjong.sqlite3``, ``$MAHJONG_DATABASE``
or the config file's ``database``).  Only ended games are exported: a running game's seed is secret.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from bot.cli.language import add_language
from bot.i18n import t
from bot.logs.game_json import record_document
from bot.service.refusal import localized_reason
from bot.store import GameRecord, Store, StoreError, parse_database_setting, redact
from bot.text import json_line

FORMATS = ("json", "tenhou6")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("export", help="write a stored game's record to stdout", description=__doc__)
    p.add_argument("game", type=_game_id, help="the stored game's id")
    p.add_argument("--db", metavar="PATH", help="the database (default: the bot's)")
    p.add_argument("--format", choices=FORMATS, default="json")
    add_language(p, "the language of its messages (the record itself is JSON)")
    p.set_defaults(func=run)


def _game_id(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a game id: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("a game id is a positive number")
    return value


def default_database() -> str:
    """The bot's database setting: the config file's, ``$MAHJONG_DATABASE``, or data/mahjong.sqlite3."""
    from bot.config import ConfigError, load_config
    from bot.store import default_db_path

    try:
        return str(load_config().database)
    except ConfigError:
        return str(default_db_path())


def run(args: argparse.Namespace) -> int:
    path = args.db if args.db else default_database()
    try:
        setting = parse_database_setting(path)
    except StoreError as exc:
        print(redact(f"mahjong-bot export: {exc}", setting=path), file=sys.stderr)
        return 2
    if setting.is_missing_file:  # never create an empty database just to find nothing in it
        print(
            f"mahjong-bot export: {t('cli.no_database', args.lang, where=setting.display)}", file=sys.stderr
        )
        return 2
    try:
        record = asyncio.run(_load(path, args.game))
        document = export_document(record, args.format)
    except (StoreError, ValueError) as exc:  # ExportError, Tenhou6Error: the message says why
        said = localized_reason(exc, args.lang)
        print(redact(f"mahjong-bot export: {path}: {said}", setting=path), file=sys.stderr)
        return 2
    print(json_line(document, separators=(",", ":")))  # names come from people: no raw control character
    return 0


def export_document(record: GameRecord, fmt: str) -> dict[str, Any]:
    document = record_document(record)
    if fmt == "json":
        return document
    from bot.logs.tenhou6_writer import tenhou6_from_document

    return tenhou6_from_document(document)


async def _load(path: str, game_id: int) -> GameRecord:
    store = await Store.open(path, lock=False)  # reads only: beside a running bot
    try:
        return await store.game_record(game_id)
    finally:
        await store.close()
