"""Tile names of the mjai protocol and this project's tile ids (see :mod:`bot.mjai`)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.hand.tiles import EAST, RED_FIVE_IDS, kind_of

HONOURS = "ESWNPFC"  # 27 East ... 30 North, 31 white (P), 32 green (F), 33 red (C)
UNKNOWN = "?"


def kind_name(kind: int) -> str:
    if kind >= EAST:
        return HONOURS[kind - EAST]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def tile_name(tile: int, red_ids: frozenset[int] = RED_FIVE_IDS) -> str:
    """The mjai name of a tile id (a red five gets its ``r``)."""
    name = kind_name(kind_of(tile))
    return name + "r" if tile in red_ids else name


def parse_name(name: object) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name; ValueError naming the bad name."""
    if not isinstance(name, str):
        raise ValueError(f"not a tile name: {name!r}")
    if len(name) == 1 and name in HONOURS:
        return EAST + HONOURS.index(name), False
    red = name.endswith("r") and len(name) == 3
    core = name[:2] if red else name
    if len(core) != 2 or core[0] not in "123456789" or core[1] not in "mps" or (red and core[0] != "5"):
        raise ValueError(f"not a tile name: {name!r}")
    return "mps".index(core[1]) * 9 + int(core[0]) - 1, red


def names(tiles: Iterable[int], red_ids: frozenset[int] = RED_FIVE_IDS) -> list[str]:
    return [tile_name(t, red_ids) for t in tiles]


class TileIds:
    """Distinct tile ids for tiles known only by name (the mirror of a table seen through mjai):
    each kind's four ids are handed out in turn, a red five gets the red id."""

    def __init__(self, red_ids: frozenset[int] = RED_FIVE_IDS) -> None:
        self.red_ids = red_ids
        self._next = [0] * 34

    def take(self, name: object) -> int:
        kind, red = parse_name(name)
        red_id = next((t for t in self.red_ids if kind_of(t) == kind), None)
        if red:
            if red_id is None:
                raise ValueError(f"no red {name!r} at this table")
            return red_id
        while self._next[kind] < 4:
            tile = 4 * kind + self._next[kind]
            self._next[kind] += 1
            if tile != red_id:
                return tile
        return 4 * kind + 3 if 4 * kind + 3 != red_id else 4 * kind + 2  # a fifth sighting: reuse
