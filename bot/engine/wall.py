"""The wall: one ordered list of tile ids per hand, plus how it is read.

Layout used by every rule set (a convention of this referee, not a physical stacking order):

* ``tiles[0 : players * hand_size]`` is the deal, seat by seat starting with the dealer;
* then the live wall, drawn from the front;
* the last ``dead_size`` tiles are the dead wall: dora indicators at ``-10 .. -6``, ura indicators at
  ``-5 .. -1`` and replacement tiles at ``-dead_size`` onwards.  Every replacement draw shortens the live
  wall by one (the haitei moves); once the dead wall's own replacement slots are used up the following
  replacement tiles are the ones that left the live wall.

Each hand's seed (derived from the game seed) is committed as SHA-256 at hand start and revealed at
hand end, so anyone can rebuild that wall (``wall_from_hand_seed``) without learning later walls.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass


def new_seed() -> str:
    """A cryptographically random game seed."""
    return secrets.token_hex(16)


def hand_seed(seed: str, hand_index: int) -> bytes:
    return hashlib.sha256(f"{seed}:{hand_index}".encode()).digest()


def seed_commitment(seed: str, hand_index: int) -> str:
    """What is published at hand start: SHA-256 of the hand's seed."""
    return hashlib.sha256(hand_seed(seed, hand_index)).hexdigest()


def shuffled_wall(seed: str, hand_index: int, tile_ids: list[int]) -> list[int]:
    """The wall of hand ``hand_index``, derived deterministically from the game seed."""
    return wall_from_hand_seed(hand_seed(seed, hand_index).hex(), tile_ids)


def dice_for(seed: str, hand_index: int, count: int = 2) -> tuple[int, ...]:
    """The dice of hand ``hand_index`` (derived from the hand's seed like its wall; the first two are
    the same whatever ``count``)."""
    rng = random.Random(hashlib.sha256(hand_seed(seed, hand_index) + b"dice").digest())
    return tuple(rng.randint(1, 6) for _ in range(count))


def wall_from_hand_seed(revealed: str, tile_ids: list[int]) -> list[int]:
    """Rebuild a hand's wall from the hand seed revealed at its end (hex); anyone can check that
    SHA-256 of those bytes is the commitment published at the hand's start."""
    tiles = sorted(tile_ids)
    random.Random(bytes.fromhex(revealed)).shuffle(tiles)
    return tiles


@dataclass(slots=True)
class Wall:
    tiles: list[int]
    dead_size: int
    replacement_slots: int  # replacement tiles kept in the dead wall itself (4 in riichi)
    next_live: int  # index of the next live draw
    replacements: int = 0  # replacement tiles taken so far
    indicators: int = 1  # dora indicators revealed

    @classmethod
    def for_hand(cls, tiles: list[int], dealt: int, dead_size: int, replacement_slots: int) -> Wall:
        return cls(list(tiles), dead_size, replacement_slots, dealt)

    @property
    def live_end(self) -> int:
        return len(self.tiles) - self.dead_size - self.replacements

    @property
    def live_left(self) -> int:
        return self.live_end - self.next_live

    def draw(self) -> int:
        if self.live_left <= 0:
            raise IndexError("the live wall is empty")
        tile = self.tiles[self.next_live]
        self.next_live += 1
        return tile

    def draw_replacement(self) -> int:
        k = self.replacements
        if k < self.replacement_slots:
            index = len(self.tiles) - self.dead_size + k
        else:
            index = len(self.tiles) - self.dead_size - 1 - (k - self.replacement_slots)
        self.replacements += 1
        return self.tiles[index]

    def dora_indicators(self) -> list[int]:
        start = len(self.tiles) - 10
        return self.tiles[start : start + self.indicators]

    def ura_indicators(self) -> list[int]:
        start = len(self.tiles) - 5
        return self.tiles[start : start + self.indicators]


def untouched_tiles(wall: Wall) -> list[int]:
    """Tiles still in the wall (live and dead) that nobody has drawn."""
    n = len(wall.tiles)
    taken = set()
    for k in range(wall.replacements):
        taken.add(
            n - wall.dead_size + k
            if k < wall.replacement_slots
            else n - wall.dead_size - 1 - (k - wall.replacement_slots)
        )
    return [wall.tiles[i] for i in range(wall.next_live, n) if i not in taken]
