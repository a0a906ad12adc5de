"""Tile identities shared by every rule set.

Two integer spaces are used everywhere:

* a *kind* (0-41) says what is printed on a tile: 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
  27-33 the honours East South West North White Green Red (1z-7z), 34-41 the flowers 1f-8f;
* a *tile id* (0-143) names one physical tile, as in Tenhou's logs: ids 0-135 are four copies
  of each of the 34 playing kinds (``id // 4`` is the kind) and ids 136-143 are the eight flowers.

Tenhou's red fives are the copies with ids 16 (0m), 52 (0p) and 88 (0s).  Whether such a copy
*is* red depends on the rule set (a table with ``red=0`` treats it as an ordinary five), so
redness is asked through :func:`is_red` with the table's set of red ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

NUM_KINDS: Final = 34
NUM_KINDS_WITH_FLOWERS: Final = 42
NUM_IDS: Final = 144

MAN: Final = 0
PIN: Final = 1
SOU: Final = 2
HONOR: Final = 3
FLOWER: Final = 4
SUIT_LETTERS: Final = "mpszf"

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
FIRST_FLOWER: Final = 34
FIRST_FLOWER_ID: Final = 136  # ids 136-143 are the flowers

RED_FIVE_IDS: Final = frozenset({16, 52, 88})
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS: Final = frozenset(TERMINALS + tuple(range(27, 34)))
GREEN_KINDS: Final = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s and Green


def kind_of(tile_id: int) -> int:
    """The kind printed on a physical tile."""
    return tile_id >> 2 if tile_id < 136 else FIRST_FLOWER + tile_id - 136


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours, 4 flowers."""
    return FLOWER if kind >= FIRST_FLOWER else kind // 9


def number_of(kind: int) -> int:
    """1-9 for suited tiles, 1-7 for honours, 1-8 for flowers."""
    if kind >= FIRST_FLOWER:
        return kind - FIRST_FLOWER + 1
    return kind % 9 + 1


def is_flower(kind: int) -> bool:
    return kind >= FIRST_FLOWER


def is_honor(kind: int) -> bool:
    return 27 <= kind < FIRST_FLOWER


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind in TERMINALS_AND_HONORS


def is_simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


def is_red(tile_id: int, red_ids: frozenset[int] = RED_FIVE_IDS) -> bool:
    return tile_id in red_ids


def ids_of_kind(kind: int) -> range:
    """The physical ids carrying a kind (four for playing tiles, one for a flower)."""
    if kind >= FIRST_FLOWER:
        return range(136 + kind - FIRST_FLOWER, 137 + kind - FIRST_FLOWER)
    return range(kind * 4, kind * 4 + 4)


def counts_of(tile_ids: Iterable[int]) -> list[int]:
    """Counts per playing kind (34 entries); flowers are ignored."""
    counts = [0] * NUM_KINDS
    for tile_id in tile_ids:
        if tile_id < 136:
            counts[tile_id >> 2] += 1
    return counts


def kinds_to_counts(kinds: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for kind in kinds:
        counts[kind] += 1
    return counts


def dora_from_indicator(indicator_kind: int, sanma: bool = False) -> int:
    """The dora a Tenhou-style indicator points to (the next tile, wrapping within its group)."""
    if indicator_kind < 27:
        if sanma and indicator_kind == 0:
            return 8
        if sanma and indicator_kind == 8:
            return 0
        base = indicator_kind - indicator_kind % 9
        return base + (indicator_kind % 9 + 1) % 9
    if indicator_kind <= NORTH:
        return EAST + (indicator_kind - EAST + 1) % 4
    return WHITE + (indicator_kind - WHITE + 1) % 3
