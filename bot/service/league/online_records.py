"""Names and final points of an online game record (Tenhou mjlog XML, gzip accepted, or tenhou.net/6 JSON).

What ``/league import`` reads from a record: who sat where and how the game ended.  (Helper "records"
is replacing this sniffing with the bounded loader in bot/logs/load.py; moved here verbatim from the
former bot/service/league.py.)
"""

from __future__ import annotations

import gzip
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from bot.logs.mjlog import RecordError, parse_mjlog_root


@dataclass(frozen=True)
class OnlineGame:
    """What an online record says about the game's end: names and final points per seat, East first."""

    rule_set: str  # riichi | sanma
    names: tuple[str, ...]
    final_points: tuple[int, ...]
    fmt: str  # mjlog | tenhou6


def read_online_game(data: bytes, filename: str = "record") -> OnlineGame:
    """Names and final points of a Tenhou mjlog (XML, gzip accepted) or tenhou.net/6 JSON record."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise RecordError(f"{filename}: damaged gzip file ({exc})") from None
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if text.startswith("<"):
        return _read_mjlog(text, filename)
    if text.startswith("{"):
        return _read_tenhou6(text, filename)
    raise RecordError(f"{filename}: neither a Tenhou mjlog (XML) nor a tenhou.net/6 JSON record")


def _read_mjlog(text: str, filename: str) -> OnlineGame:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise RecordError(f"{filename}: not readable as mjlog XML ({exc})") from None
    if root.find("GO") is None:
        raise RecordError(f"{filename}: no <GO> lobby tag: not a Tenhou mjlog")
    record = parse_mjlog_root(root, filename)
    if record.final is None:
        raise RecordError(f"{filename}: the record stops before the end of the game (no final scores)")
    un = root.find("UN")
    attrs = un.attrib if un is not None else {}
    names = tuple(unquote(attrs.get(f"n{i}", "")) or f"player {i + 1}" for i in range(record.players))
    points = tuple(p * 100 for p, _ in record.final)
    return OnlineGame(record.rules, names, points, "mjlog")


def _json_objects(text: str, filename: str) -> list[dict[str, Any]]:
    decoder = json.JSONDecoder()
    objects: list[dict[str, Any]] = []
    position = 0
    while position < len(text):
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{filename}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(value, dict) or not isinstance(value.get("log"), list):
            raise RecordError(f"{filename}: a tenhou.net/6 record is an object with a 'log' list")
        objects.append(value)
        while position < len(text) and text[position].isspace():
            position += 1
    return objects


def _read_tenhou6(text: str, filename: str) -> OnlineGame:
    objects = _json_objects(text, filename)
    first = objects[0]
    disp = str((first.get("rule") or {}).get("disp", ""))
    players = 3 if "三" in disp else 4
    rule_set = "sanma" if players == 3 else "riichi"
    raw_names = [str(n) for n in (first.get("name") or [])][:players]
    names = tuple(
        raw_names[i] if i < len(raw_names) and raw_names[i] else f"player {i + 1}" for i in range(players)
    )
    sc = first.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        points = [int(round(float(sc[2 * i]))) for i in range(players)]
        if all(abs(p) < 2000 for p in points):  # written in hundreds, as in mjlog's owari
            points = [p * 100 for p in points]
        return OnlineGame(rule_set, names, tuple(points), "tenhou6")
    hands = [hand for obj in objects for hand in obj["log"]]
    if not hands:
        raise RecordError(f"{filename}: the record has no hands")
    start = RULE_START_POINTS[rule_set]
    return OnlineGame(rule_set, names, _final_from_last_hand(hands[-1], players, start, filename), "tenhou6")


RULE_START_POINTS = {"riichi": 25000, "sanma": 35000}


def _final_from_last_hand(hand: list[Any], players: int, start: int, filename: str) -> tuple[int, ...]:
    """Points at the last hand's start + its score changes - its riichi deposits; sticks left go to first.

    (Tenhou gives the deposits still on the table at the end to the player in first place.)
    """
    try:
        before = [int(p) for p in hand[1][:players]]
        result = hand[-1]
        deltas = [0] * players
        for item in result[1:]:
            if isinstance(item, list) and len(item) >= players and all(isinstance(x, int) for x in item):
                deltas = [d + int(x) for d, x in zip(deltas, item[:players], strict=True)]
        riichi = [
            sum(1 for tile in hand[6 + 3 * seat] if isinstance(tile, str) and tile.startswith("r"))
            for seat in range(players)
        ]
    except (IndexError, TypeError, ValueError):
        raise RecordError(f"{filename}: the last hand is not in the tenhou.net/6 layout") from None
    final = [b + d - 1000 * r for b, d, r in zip(before, deltas, riichi, strict=True)]
    missing = start * players - sum(final)
    if missing > 0:
        top = max(range(players), key=lambda s: (final[s], -s))
        final[top] += missing
    return tuple(final)
