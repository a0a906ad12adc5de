"""A tenhou.net/6 hand whose lists hold more than any reading uses is refused by name: the seat, and the
draw, call or discard left over (bot/logs/tenhou6_hand.py, ``HandReader.finished``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.logs.record import RecordError
from bot.logs.tenhou6_hand import HandReader

DEALS = [
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24],
    [25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38],
    [39, 41, 42, 43, 44, 45, 46, 47, 11, 12, 13, 14, 15],
    [16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29],
]


def hand(takes: list[list[Any]], discards: list[list[Any]]) -> list[Any]:
    entry: list[Any] = [[0, 0, 0], [25000] * 4, [31], []]
    for deal, took, dropped in zip(DEALS, takes, discards, strict=True):
        entry += [deal, took, dropped]
    return [*entry, ["流局", [0, 0, 0, 0]]]


@pytest.mark.parametrize(
    ("takes", "discards", "seat", "item", "what"),
    [
        # East draws and discards, South has nothing to draw: the hand is over, East's second discard not.
        ([[33], [], [], []], [[60, 11], [], [], []], 0, 11, "a discard"),
        # South has nothing to draw, so West's draw is never reached.
        ([[33], [], [34], []], [[60], [], [], []], 2, 34, "a draw or call"),
    ],
)
def test_an_entry_no_reading_reaches_is_refused_naming_seat_and_item(
    takes: list[list[Any]], discards: list[list[Any]], seat: int, item: int, what: str
) -> None:
    reader = HandReader(hand(takes, discards), 4, red=False, source="game.json", label="E1-0")
    with pytest.raises(RecordError, match=f"seat {seat} has {what} left over") as refused:
        reader.readings(0, [31])
    assert refused.value.message_id == "record.hand.left_over"
    assert refused.value.values == {"hand": "E1-0", "seat": seat, "item": item}
