"""The database a reading command names (animate, review, web): found as the bot finds it, never
created, never migrated by a reader, and opened without the SQLite writer's lock, so it reads beside a
running bot.  Every message names the database with its password masked."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.store import Store, StoreError, parse_database_setting, redact

T = TypeVar("T")


class DatabaseRefused(Exception):
    """The named database cannot be read; the message says why, its password masked."""


async def read_store(db: str | None, work: Callable[[Store], Awaitable[T]]) -> T:
    """``work`` with the store ``db`` (or the bot's own) names, opened for reading."""
    from bot.cli.export import default_database

    path = db or default_database()
    try:
        setting = parse_database_setting(path)
    except StoreError as exc:  # a malformed URL: named, never opened as a file
        raise DatabaseRefused(redact(str(exc), setting=path)) from None
    if setting.is_missing_file:  # never create an empty database just to find nothing in it
        raise DatabaseRefused(f"no database at {setting.display} (give one with --db)")
    try:
        async with await Store.open(path, lock=False) as store:
            return await work(store)
    except StoreError as exc:
        raise DatabaseRefused(redact(f"{setting.display}: {exc}", setting=path)) from None
