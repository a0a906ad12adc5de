"""What a reading command (animate, review, web) reads: a database, found as the bot finds it, never
created and opened without the SQLite writer's lock, so it reads beside a running bot (every message
names it with its password masked); or a game record's file.  Either cannot be read: :class:`Unreadable`,
its message one line."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.store import Store, StoreError, parse_database_setting, redact

T = TypeVar("T")

if TYPE_CHECKING:
    from bot.logs.record import RecordedGame


class Unreadable(Exception):
    """The named database or record cannot be read; the message says why (a password masked)."""


async def read_store(db: str | None, work: Callable[[Store], Awaitable[T]], language: str = "en") -> T:
    """``work`` with the store ``db`` (or the bot's own) names, opened for reading; ``language``: that of
    the messages."""
    from bot.cli.export import default_database
    from bot.i18n import t
    from bot.service.refusal import localized_reason

    path = db or default_database()
    try:
        setting = parse_database_setting(path)
    except StoreError as exc:  # a malformed URL: named, never opened as a file
        raise Unreadable(redact(str(exc), setting=path)) from None
    if setting.is_missing_file:  # never create an empty database just to find nothing in it
        raise Unreadable(t("cli.no_database", language, where=setting.display))
    try:
        async with await Store.open(path, lock=False) as store:
            return await work(store)
    except StoreError as exc:
        said = localized_reason(exc, language)
        raise Unreadable(redact(f"{setting.display}: {said}", setting=path)) from None


def read_record_file(path: Path, language: str = "en") -> RecordedGame | dict[str, Any]:
    """The game record in the file at ``path``: a Tenhou record, or a game this project exported (a dict);
    why not, in ``language``."""
    from bot.i18n import t
    from bot.logs.load import load_record
    from bot.logs.record import RecordError
    from bot.service.refusal import localized_reason

    try:
        return load_record(path)
    except RecordError as exc:
        raise Unreadable(localized_reason(exc, language)) from None
    except OSError as exc:
        raise Unreadable(t("cli.cannot_read", language, file=path, reason=exc.strerror or exc)) from None
