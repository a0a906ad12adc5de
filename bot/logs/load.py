"""Open any supported record file: Tenhou mjlog XML, tenhou.net/6 JSON, or this project's game JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.logs.mjlog import RecordError, read_mjlog
from bot.logs.record import RecordedGame


def load_record(path: str | Path) -> RecordedGame | dict[str, Any]:
    """A RecordedGame for Tenhou formats; the raw dict for this project's own game JSON."""
    p = Path(path)
    if not p.is_file():
        raise RecordError(f"{p}: no such file")
    text = p.read_text(encoding="utf-8", errors="replace")
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return read_mjlog(p)
    if stripped.startswith("{"):
        first = _first_json(stripped, p)
        if "decisions" in first and "rules" in first:
            return first
        from bot.logs.tenhou6 import read_tenhou6_text

        return read_tenhou6_text(text, str(p))
    raise RecordError(f"{p}: neither mjlog XML nor JSON")


def _first_json(text: str, path: Path) -> dict[str, Any]:
    try:
        value, _ = json.JSONDecoder().raw_decode(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(value, dict):
        raise RecordError(f"{path}: expected a JSON object")
    return value
