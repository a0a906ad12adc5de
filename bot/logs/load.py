"""Open any supported record: Tenhou mjlog XML, tenhou.net/6 JSON, or this project's game JSON.

One loader for ``mahjong-bot replay`` and ``/league import``, bounded so that no file can take the
process's memory or time (the size, gzip and nesting limits are in bot/logs/bounded.py, which the format
readers parse through as well).  Everything here is a pure function of its input, so callers may run it
in a worker thread (the league import does).  Every refusal is a :class:`~bot.logs.record.RecordError`
that says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.logs.bounded import (
    MAX_RECORD_BYTES,
    parse_json_objects,
    parse_xml,
    record_text,
    refuse_oversize,
)
from bot.logs.mjlog import parse_mjlog_root
from bot.logs.record import RecordedGame, RecordError
from bot.logs.tenhou6 import read_tenhou6_objects

__all__ = ["MAX_RECORD_BYTES", "check_own_game", "load_record", "read_mjlog", "read_record"]


def load_record(path: str | Path) -> RecordedGame | dict[str, Any]:
    """The record in the file at ``path`` (see :func:`read_record`)."""
    p = Path(path)
    if not p.is_file():
        raise RecordError(str(p), "no such file", "record.no_file")
    refuse_oversize(p.stat().st_size, str(p), "the file")
    return read_record(p.read_bytes(), str(p))


def read_mjlog(path: str | Path) -> RecordedGame:
    """The mjlog at ``path`` through the bounded loader (a tenhou.net/6 file is refused here)."""
    record = load_record(path)
    if not isinstance(record, RecordedGame) or not record.dora_timing:
        raise RecordError(str(path), "not a Tenhou mjlog (XML)", "record.not_mjlog")
    return record


def read_record(data: bytes, source: str = "record") -> RecordedGame | dict[str, Any]:
    """A :class:`RecordedGame` for Tenhou's formats; the raw dict for this project's own game JSON."""
    try:
        return _read(data, source)
    except RecordError:
        raise
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError) as exc:
        # What the readers' own checks did not name: still a reason, never a traceback.
        raise RecordError(source, f"unreadable ({type(exc).__name__}: {exc})", "record.unreadable") from None


def _read(data: bytes, source: str) -> RecordedGame | dict[str, Any]:
    text = record_text(data, source)
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return parse_mjlog_root(parse_xml(stripped, source), source)
    if stripped.startswith("{"):
        objects = parse_json_objects(stripped, source)
        first = objects[0]
        if "decisions" in first or "rules" in first:
            if len(objects) > 1:
                raise RecordError(source, "a game exported by this bot is one JSON object", "record.one_game")
            return check_own_game(first, source)
        return read_tenhou6_objects(objects, source)
    raise RecordError(
        source,
        "neither a Tenhou mjlog (XML), a tenhou.net/6 log nor a game exported by this bot",
        "record.unknown_format",
    )


# -------------------------------------------------------------------------------- this project's JSON
def check_own_game(data: dict[str, Any], source: str) -> dict[str, Any]:
    """This project's game JSON, its shape and rule set checked (the decisions are checked by replaying)."""
    from bot.engine.registry import load_rules, rule_ids

    rules = data.get("rules")
    if not isinstance(rules, str) or rules not in rule_ids():
        known = ", ".join(sorted(rule_ids()))
        reason = f"unknown rule set {rules!r} (known: {known})"
        raise RecordError(source, reason, "record.unknown_rules", rules=rules, known=known)
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError(source, "'options' must be an object", "record.field_object", field="options")
    if not isinstance(data.get("decisions", []), list):
        raise RecordError(source, "'decisions' must be a list", "record.field_list", field="decisions")
    if not isinstance(data.get("seed", ""), str):
        raise RecordError(source, "'seed' must be a string", "record.field_string", field="seed")
    for key in ("walls", "dice", "start_points", "first_hand"):
        if data.get(key) is not None and not isinstance(data[key], list):
            raise RecordError(source, f"'{key}' must be a list", "record.field_list", field=key)
    try:
        load_rules(rules, options)
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(
            source, f"the {rules} options are wrong ({exc})", "record.options", rules=rules, problem=exc
        ) from None
    return data
