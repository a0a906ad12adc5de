"""Open any supported record: Tenhou mjlog XML, tenhou.net/6 JSON, or this project's game JSON.

One loader for ``mahjong-bot replay`` and ``/league import``, bounded so that no file can take the
process's memory or time: a gzip upload is decompressed as a stream and refused once it grows past
:data:`MAX_RECORD_BYTES`; JSON nested deeper than :data:`MAX_JSON_DEPTH` and XML deeper than
:data:`MAX_XML_DEPTH` (or with a DOCTYPE, the door to entity expansion) are refused before they are
built; NaN and Infinity are not numbers a record may hold.  Everything here is a pure function of its
input, so callers may run it in a worker thread (the league import does).  Every refusal is a
:class:`~bot.logs.record.RecordError` that says why.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from typing import Any, cast

from bot.logs.record import RecordedGame, RecordError

MAX_RECORD_BYTES = 4 * 1024 * 1024  # a Tenhou hanchan is 30-60 kB; this is far beyond any real record
MAX_JSON_DEPTH = 32  # tenhou.net/6 nests 5 deep, this project's game JSON about 6
MAX_XML_DEPTH = 8  # mjlog nests 2 deep
_CHUNK = 64 * 1024
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_MIB = 1024 * 1024


def load_record(path: str | Path) -> RecordedGame | dict[str, Any]:
    """The record in the file at ``path`` (see :func:`read_record`)."""
    p = Path(path)
    if not p.is_file():
        raise RecordError(str(p), "no such file")
    size = p.stat().st_size
    if size > MAX_RECORD_BYTES:
        raise RecordError(str(p), f"the file is {size / _MIB:.1f} MiB, records are at most {_limit()}")
    return read_record(p.read_bytes(), str(p))


def read_record(data: bytes, source: str = "record") -> RecordedGame | dict[str, Any]:
    """A :class:`RecordedGame` for Tenhou's formats; the raw dict for this project's own game JSON."""
    try:
        return _read(data, source)
    except RecordError:
        raise
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError) as exc:
        # What the readers' own checks did not name: still a reason, never a traceback.
        raise RecordError(source, f"unreadable ({type(exc).__name__}: {exc})") from None


def _read(data: bytes, source: str) -> RecordedGame | dict[str, Any]:
    text = record_text(data, source)
    stripped = text.lstrip()
    if stripped.startswith("<"):
        from bot.logs.mjlog import parse_mjlog_root

        return parse_mjlog_root(parse_xml(stripped, source), source)
    if stripped.startswith("{"):
        objects = parse_json_objects(stripped, source)
        first = objects[0]
        if "decisions" in first or "rules" in first:
            if len(objects) > 1:
                raise RecordError(source, "a game exported by this bot is one JSON object")
            return check_own_game(first, source)
        from bot.logs.tenhou6 import read_tenhou6_objects

        return read_tenhou6_objects(objects, source)
    raise RecordError(
        source, "neither a Tenhou mjlog (XML), a tenhou.net/6 log nor a game exported by this bot"
    )


def record_text(data: bytes, source: str) -> str:
    """The record's text: gzip undone (bounded), the size checked, UTF-8 decoded, a BOM dropped."""
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, source)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(source, f"the record is {len(data) / _MIB:.1f} MiB, records are at most {_limit()}")
    return data.decode("utf-8", errors="replace").lstrip("\ufeff")


def _gunzip(data: bytes, source: str) -> bytes:
    """Decompress every gzip member of ``data``, never holding more than the size limit (+1 chunk)."""
    out = bytearray()
    rest = data
    try:
        while rest:
            inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
            pending = rest
            while pending and not inflater.eof:
                out += inflater.decompress(pending, _CHUNK)
                pending = inflater.unconsumed_tail
                if len(out) > MAX_RECORD_BYTES:
                    raise RecordError(source, f"it unpacks to more than {_limit()} (records are smaller)")
            if not inflater.eof:
                raise RecordError(source, "a damaged gzip file (it ends too early)")
            rest = inflater.unused_data
    except zlib.error as exc:
        raise RecordError(source, f"a damaged gzip file ({exc})") from None
    return bytes(out)


def _limit() -> str:
    return f"{MAX_RECORD_BYTES // _MIB} MiB"


# ---------------------------------------------------------------------------------------------- JSON
def parse_json_objects(text: str, source: str) -> list[dict[str, Any]]:
    """The JSON objects in ``text`` (tenhou.net/6 files may hold one hand per line): depth bounded,
    NaN/Infinity refused, anything but objects refused."""
    depth = 0
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise RecordError(source, f"JSON nested more than {MAX_JSON_DEPTH} deep")
        elif mark in "]}":
            depth -= 1
    decoder = json.JSONDecoder(parse_constant=lambda name: _not_a_number(name, source))
    objects: list[dict[str, Any]] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            break
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise RecordError(source, f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
        except RecursionError:  # the depth check above makes this unreachable; kept as a last guard
            raise RecordError(source, "JSON nested too deep") from None
        if not isinstance(value, dict):
            raise RecordError(source, f"expected a JSON object, found {type(value).__name__}")
        objects.append(value)
    if not objects:
        raise RecordError(source, "the file is empty")
    return objects


def _not_a_number(name: str, source: str) -> Any:
    raise RecordError(source, f"{name} is not a number a record may hold")


# ----------------------------------------------------------------------------------------------- XML
def parse_xml(text: str, source: str) -> ET.Element:
    """The root element of ``text``, parsed in chunks with the depth checked as it grows; a DOCTYPE
    (entity declarations: the 'billion laughs') is refused outright, mjlog never has one."""
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise RecordError(source, "XML with a DOCTYPE or entity declarations is not a Tenhou mjlog")
    parser = ET.XMLPullParser(events=("start", "end"))
    depth = 0
    root: ET.Element | None = None
    try:
        for start in range(0, len(text), _CHUNK):
            parser.feed(text[start : start + _CHUNK])
            for happened in parser.read_events():
                event, element = cast(tuple[str, Any], happened)  # only start/end events were asked for
                if event == "start":
                    depth += 1
                    if root is None and isinstance(element, ET.Element):
                        root = element
                    if depth > MAX_XML_DEPTH:
                        raise RecordError(source, f"XML nested more than {MAX_XML_DEPTH} deep")
                else:
                    depth -= 1
        parser.close()
    except ET.ParseError as exc:
        raise RecordError(source, f"not readable as mjlog XML ({exc})") from None
    if root is None:
        raise RecordError(source, "no XML element")
    return root


# -------------------------------------------------------------------------------- this project's JSON
def check_own_game(data: dict[str, Any], source: str) -> dict[str, Any]:
    """This project's game JSON, its shape and rule set checked (the decisions are checked by replaying)."""
    from bot.rules.registry import load_rules, rule_ids

    rules = data.get("rules")
    if not isinstance(rules, str) or rules not in rule_ids():
        raise RecordError(source, f"unknown rule set {rules!r} (known: {', '.join(sorted(rule_ids()))})")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError(source, "'options' must be an object")
    if not isinstance(data.get("decisions", []), list):
        raise RecordError(source, "'decisions' must be a list")
    if not isinstance(data.get("seed", ""), str):
        raise RecordError(source, "'seed' must be a string")
    for key in ("walls", "dice", "start_points", "first_hand"):
        if data.get(key) is not None and not isinstance(data[key], list):
            raise RecordError(source, f"'{key}' must be a list")
    try:
        load_rules(rules, options)
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(source, f"the {rules} options are wrong ({exc})") from None
    return data
