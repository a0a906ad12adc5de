"""Bounded reading of a record's bytes: no file may take the process's memory or time.

A gzip upload is decompressed as a stream and refused once it grows past :data:`MAX_RECORD_BYTES`; JSON
nested deeper than :data:`MAX_JSON_DEPTH` and XML deeper than :data:`MAX_XML_DEPTH` (or with a DOCTYPE,
the door to entity expansion) are refused before they are built; NaN and Infinity are not numbers a
record may hold.  Every refusal is a :class:`~bot.logs.record.RecordError` that says why.

Its own module below the format readers (bot/logs/mjlog.py, bot/logs/tenhou6.py) and the loader that
picks one of them (bot/logs/load.py): each reader parses through these bounds, the loader too.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
import zlib
from typing import Any, cast

from bot.logs.record import RecordError

MAX_RECORD_BYTES = 4 * 1024 * 1024  # a Tenhou hanchan is 30-60 kB; this is far beyond any real record
MAX_JSON_DEPTH = 32  # tenhou.net/6 nests 5 deep, this project's game JSON about 6
MAX_XML_DEPTH = 8  # mjlog nests 2 deep
_CHUNK = 64 * 1024
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_MIB = 1024 * 1024


def record_text(data: bytes, source: str) -> str:
    """The record's text: gzip undone (bounded), the size checked, UTF-8 decoded, a BOM dropped."""
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, source)
    refuse_oversize(len(data), source, "the record")
    return data.decode("utf-8", errors="replace").lstrip("\ufeff")


def refuse_oversize(size: int, source: str, what: str) -> None:
    """Refuse ``what`` (the file, the record) when its ``size`` in bytes is past the limit."""
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            source,
            f"{what} is {size / _MIB:.1f} MiB, records are at most {_limit()}",
            "record.too_big",
            size=f"{size / _MIB:.1f}",
            limit=_limit(),
        )


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
                    raise RecordError(
                        source,
                        f"it unpacks to more than {_limit()} (records are smaller)",
                        "record.unpacks_too_big",
                        limit=_limit(),
                    )
            if not inflater.eof:
                raise RecordError(source, "a damaged gzip file (it ends too early)", "record.damaged_gzip")
            rest = inflater.unused_data
    except zlib.error as exc:
        raise RecordError(source, f"a damaged gzip file ({exc})", "record.damaged_gzip") from None
    return bytes(out)


def _too_deep(source: str, fmt: str, depth: int) -> RecordError:
    return RecordError(
        source, f"{fmt} nested more than {depth} deep", "record.too_deep", fmt=fmt, depth=depth
    )


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
                raise _too_deep(source, "JSON", MAX_JSON_DEPTH)
        elif mark in "]}":
            depth -= 1
    decoder = json.JSONDecoder(
        parse_constant=lambda name: _not_a_number(name, source),
        parse_float=lambda text: _finite(text, source),
        parse_int=lambda text: _whole(text, source),
    )
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
            raise RecordError(
                source,
                f"not valid JSON ({exc})",  # json's msg alone may end in "at": its str() says where
                "record.not_json",
                line=exc.lineno,
                column=exc.colno,
            ) from None
        except RecursionError:  # the depth check above makes this unreachable; kept as a last guard
            raise _too_deep(source, "JSON", MAX_JSON_DEPTH) from None
        if not isinstance(value, dict):
            raise RecordError(
                source, f"expected a JSON object, found {type(value).__name__}", "record.not_an_object"
            )
        _refuse_broken_text(value, source)
        objects.append(value)
    if not objects:
        raise RecordError(source, "the file is empty", "record.empty")
    return objects


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_broken_text(value: Any, source: str) -> None:
    """JSON may write half of a character (``"\\ud800"`` alone); no text encoding holds it, so a name
    carrying it would fail in the store or on a terminal: refused here, where the record is read."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                raise RecordError(
                    source, "a text holds half of a character (a lone surrogate)", "record.broken_text"
                )
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _not_a_number(name: str, source: str) -> Any:
    raise RecordError(source, f"{name} is not a number a record may hold", "record.not_a_number", name=name)


#: A number written with more digits than this is no score or count: shown cut to this in the refusal.
_SHOWN_DIGITS = 20


def _finite(text: str, source: str) -> float:
    """A JSON number with a fraction or exponent: ``1e999`` is infinity to float(), refused as NaN is."""
    value = float(text)
    if not math.isfinite(value):
        _not_a_number(text[:_SHOWN_DIGITS], source)
    return value


def _whole(text: str, source: str) -> int:
    """A JSON whole number; past Python's 4,300-digit limit int() raises ValueError, refused here."""
    try:
        return int(text)
    except ValueError:
        return int(_not_a_number(text[:_SHOWN_DIGITS] + "…", source))


# ----------------------------------------------------------------------------------------------- XML
def parse_xml(text: str, source: str) -> ET.Element:
    """The root element of ``text``, parsed in chunks with the depth checked as it grows; a DOCTYPE
    (entity declarations: the 'billion laughs') is refused outright, mjlog never has one."""
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise RecordError(
            source, "XML with a DOCTYPE or entity declarations is not a Tenhou mjlog", "record.xml_entities"
        )
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
                        raise _too_deep(source, "XML", MAX_XML_DEPTH)
                else:
                    depth -= 1
        parser.close()
    except ET.ParseError as exc:
        line, column = exc.position
        raise RecordError(
            source, f"not readable as mjlog XML ({exc})", "record.not_xml", line=line, column=column
        ) from None
    if root is None:
        raise RecordError(source, "no XML element", "record.no_xml_element")
    return root
