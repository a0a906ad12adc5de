"""Names and final points of an online game record (Tenhou mjlog XML, gzip accepted, or tenhou.net/6 JSON).

What ``/league import`` reads from a record: who sat where and how the game ended.  The file is read by
the bounded loader that ``mahjong-bot replay`` uses (bot/logs/load.py: gzip, size and nesting limits);
the import runs it in a worker thread (:func:`read_online_game_off_loop`) so that a large upload cannot
stall the other tables.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.logs.load import read_record
from bot.logs.record import RecordedGame, RecordError, points_at_end


@dataclass(frozen=True)
class OnlineGame:
    """What an online record says about the game's end: names and final points per seat, East first."""

    rule_set: str  # riichi | sanma
    names: tuple[str, ...]
    final_points: tuple[int, ...]
    fmt: str  # mjlog | tenhou6


def read_online_game(data: bytes, filename: str = "record") -> OnlineGame:
    """Names and final points of a Tenhou mjlog (XML, gzip accepted) or tenhou.net/6 JSON record."""
    record = read_record(data, filename)
    if not isinstance(record, RecordedGame):
        raise RecordError(
            filename,
            "a game exported by this bot, not a Tenhou record of an online game",
            "record.not_online",
        )
    fmt = "mjlog" if record.dora_timing else "tenhou6"
    if record.final is None and fmt == "mjlog":
        raise RecordError(
            filename, "the record stops before the end of the game (no final scores)", "record.cut_short"
        )
    points = points_at_end(record)
    if points is None:
        raise RecordError(
            filename,
            "the record holds no whole game (no hands from the game's start)",
            "record.no_whole_game",
        )
    names = tuple(
        record.names[i] if i < len(record.names) and record.names[i] else f"player {i + 1}"
        for i in range(record.players)
    )
    return OnlineGame(record.rules, names, tuple(points), fmt)


async def read_online_game_off_loop(data: bytes, filename: str = "record") -> OnlineGame:
    """:func:`read_online_game` in a worker thread: parsing never holds up the event loop."""
    return await asyncio.to_thread(read_online_game, data, filename)
