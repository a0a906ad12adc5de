"""``mahjong-bot db migrate|check|copy``: the database's schema and a one-shot move to PostgreSQL.

    mahjong-bot db migrate [--db SETTING]          bring the schema to this program's newest version
    mahjong-bot db check [--db SETTING]            reachable, undamaged, schema current?
    mahjong-bot db copy --from SQLITE --to URL     copy a SQLite file's history into a new PostgreSQL database

SETTING is a file path (SQLite) or a postgresql:// URL; the default is the bot's (config file,
$MAHJONG_DATABASE, data/mahjong.sqlite3).  Passwords in URLs are never printed.

Exit codes, as every command's: 0 done; 1 the answer is no (`check`: the schema is not current; `copy`: the
target is not empty); 2 the database cannot be used (an unknown scheme, no such file, cannot connect,
damaged, written by a newer program) or the command line is wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from bot.cli.language import add_language
from bot.i18n import t
from bot.store import DatabaseSetting, Store, StoreError, latest_version, parse_database_setting, redact


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "db",
        help="migrate, check or copy the database",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="db_action", metavar="ACTION")
    for name, text in (("migrate", "bring the schema up to date"), ("check", "check the database")):
        action = actions.add_parser(name, help=text)
        action.add_argument("--db", help="a file path or a postgresql:// URL (default: the bot's)")
        add_language(action)
        action.set_defaults(func=run)
    copy = actions.add_parser("copy", help="copy a SQLite file into a new PostgreSQL database")
    copy.add_argument("--from", dest="source", required=True, metavar="SQLITE", help="the SQLite file")
    copy.add_argument("--to", dest="target", required=True, metavar="URL", help="postgresql://... (empty)")
    add_language(copy)
    copy.set_defaults(func=run)
    p.set_defaults(func=lambda _args: _fail("name an action: migrate, check or copy"))


#: The answer is no (a schema that is not current, a copy's target that is not empty).
NO = 1
#: The database cannot be used, or the command line is wrong.
UNUSABLE = 2


class Unusable(Exception):
    """A database that cannot be opened as asked: exit 2, not the 1 of a "no"."""


def _fail(message: str, code: int = UNUSABLE) -> int:
    print(redact(f"mahjong-bot db: {message}"), file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    try:
        if args.db_action == "copy":
            return asyncio.run(_copy(args.source, args.target, args.lang))
        from bot.cli.export import default_database

        setting = _parsed(args.db or default_database())
        work = _migrate if args.db_action == "migrate" else _check
        return asyncio.run(work(setting, args.lang))
    except Unusable as exc:
        return _fail(str(exc), UNUSABLE)
    except StoreError as exc:
        return _fail(str(exc), NO)


def _parsed(setting: str) -> DatabaseSetting:
    try:
        return parse_database_setting(setting)
    except StoreError as exc:  # an unknown scheme, a malformed URL, an empty setting
        raise Unusable(str(exc)) from None


async def _open(setting: DatabaseSetting, *, migrate: bool = True) -> Store:
    """The store, or Unusable naming why it cannot be opened (migrating is part of opening)."""
    try:
        return await Store.open(setting.target, migrate=migrate)
    except StoreError as exc:
        raise Unusable(str(exc)) from None


async def _migrate(setting: DatabaseSetting, language: str) -> int:
    async with await _open(setting) as store:
        applied: list[str] = store.db.applied
        version = await store.schema_version()
    where = setting.display
    if applied:
        print(t("cli.db.migrated", language, where=where, version=version, applied=", ".join(applied)))
    else:
        print(t("cli.db.current", language, where=where, version=version))
    return 0


#: The database systems by their dialect's name, as people write them.
DIALECTS = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


async def _check(parsed: DatabaseSetting, language: str) -> int:
    if parsed.is_missing_file:
        return _fail(t("cli.no_database", language, where=parsed.display))
    async with await _open(parsed, migrate=False) as store:
        version = await store.schema_version()
        newest = latest_version()
        if version < newest:
            return _fail(
                t("cli.db.behind", language, where=parsed.display, version=version, newest=newest), NO
            )
        counts: dict[str, Any] = {}
        for table in ("games", "decisions", "leagues", "table_leases"):
            row = await store.db.fetch_one(f"SELECT COUNT(*) FROM {table}")
            counts[table] = int(row[0]) if row is not None else 0
        running = len(await store.unfinished_games())
    dialect = store.db.dialect
    print(
        t(
            "cli.db.checked",
            language,
            where=parsed.display,
            dialect=DIALECTS.get(dialect, dialect),
            version=version,
            games=counts["games"],
            decisions=counts["decisions"],
            leagues=counts["leagues"],
            leases=counts["table_leases"],
            running=running,
        )
    )
    return 0


async def _copy(source: str, target: str, language: str) -> int:
    from bot.store.copy import copy_database

    src, dst = _parsed(source), _parsed(target)
    if src.kind != "sqlite" or src.is_missing_file or src.target == ":memory:":
        return _fail(t("cli.db.copy_from", language, where=src.display))
    if dst.kind != "postgresql":
        return _fail(t("cli.db.copy_to", language, where=dst.display))
    async with await _open(src, migrate=False) as from_store, await _open(dst) as to_store:
        copied = await copy_database(
            from_store,
            to_store,
            lambda table, n: print(t("cli.db.copy_rows", language, table=table, rows=n), file=sys.stderr),
        )
    total = sum(table.rows for table in copied)
    print(
        t("cli.db.copied", language, rows=total, tables=len(copied), source=src.display, target=dst.display)
    )
    return 0
