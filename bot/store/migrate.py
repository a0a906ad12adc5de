"""Schema migrations: numbered SQL files in bot/store/migrations, the version kept in ``schema_version``.

Each file ``NNNN_name.sql`` is applied in its own transaction together with the row that records its
number, so a failing migration leaves the database exactly at the previous version.  A database whose
recorded version is newer than the newest file here was written by a newer program: we refuse it rather
than guess (never a silent reset).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def available_migrations() -> list[Migration]:
    """All migration files shipped with the package, by version; numbers must run 1, 2, 3 ... without gaps."""
    folder = resources.files("bot.store.migrations")
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(f"migration numbering has a gap or duplicate at {migration.name}")
    return found


def latest_version() -> int:
    migrations = available_migrations()
    return migrations[-1].version if migrations else 0
