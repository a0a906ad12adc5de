"""The project's own test records (tests/logs/records, sources and licences in SOURCES.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).parent / "records"


def record_path(*parts: str) -> Path:
    return RECORDS.joinpath(*parts)


def names(folder: str, *suffixes: str) -> list[str]:
    found = sorted(p.name for p in (RECORDS / folder).iterdir() if p.suffix in suffixes)
    assert found, f"no records in {folder}"
    return found


def tenhou_json(*parts: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(record_path(*parts).read_text(encoding="utf-8"))
    return value
