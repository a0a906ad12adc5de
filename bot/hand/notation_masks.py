"""Tile text read onto a bitmask of the ids taken, for ``score --batch``'s one-pass reading of a line.

:class:`bot.hand.notation.TileAllocator` gives each written tile the first free copy of its kind from a
set of ids; a batch reading thousands of hands keeps the ids a hand has taken as one int instead (bit
``i``: id ``i``) and reads each text (a suit group ``234m``, indicators ``3m7z``, a meld token
``pon:777z``) from a table of what it takes in a hand holding nothing yet, tile by tile only where the
text's ids are taken already.  The ids are the allocator's; where the allocator would refuse a text,
:class:`MaskTaker` answers None and leaves the refusal to the allocator's reading.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.hand.notation import TileSet, keep_table, written_of
from bot.hand.tiles import NUM_KINDS_WITH_FLOWERS, ids_of_kind

#: (the ids a text takes, the bitmask after them)
Taken = tuple[tuple[int, ...], int]
#: one tile as :meth:`MaskTaker.take_steps` takes it: the bitmask of the copies it may take (a kind's
#: plain copies, or its red five) and the id given by the count of them taken already (None: refused)
Step = tuple[int, tuple[int | None, ...]]
#: what a text takes in a hand holding nothing yet, and its tiles as steps (for a hand holding some of
#: those ids); the tables hold False for a text refused even alone
Fresh = tuple[tuple[int, ...], int, tuple[Step, ...]]
_MAX_TEXTS = 1 << 14  # distinct texts kept per tile set (a few hundred KiB at most)


class MaskTaker:
    """The ids texts take in one tile set (without flowers: riichi's), the hand's ids as a bitmask."""

    def __init__(self, tileset: TileSet) -> None:
        assert not tileset.flowers  # noqa: S101 - flowers go apart from the hand: parse_hand's work
        self.tileset = tileset
        # per kind: its plain copies (not red) are taken first to last, so the count taken gives the next
        self.plain_steps: tuple[Step, ...] = tuple(
            (sum(1 << i for i in ids), (*ids, None)) for ids in tileset.plain_ids
        )
        red_of = (
            next((i for i in ids_of_kind(kind) if i in tileset.red_ids), None)
            if kind in tileset.kinds
            else None
            for kind in range(NUM_KINDS_WITH_FLOWERS)
        )
        #: per kind: its red five (taken once; a kind without one refuses it)
        self.red_steps: tuple[Step, ...] = tuple(
            (0, (None,)) if i is None else (1 << i, (i, None)) for i in red_of
        )
        #: text -> what it takes in a hand holding nothing yet (False: refused even there)
        self.fresh: dict[str, Fresh | bool] = {}
        keep_table(self.fresh)  # emptied with the notation's tables (benchmarks' cold start)

    def fresh_take(self, text: str) -> Fresh | bool:
        """What ``text`` takes in a hand holding nothing yet (False if refused even there), kept in
        :attr:`fresh`: the texts of hands come back from hand to hand."""
        if len(self.fresh) >= _MAX_TEXTS:
            self.fresh.clear()
        written = written_of(text)
        steps = self.steps_of(written) if written is not None else ()
        taken = self.take_steps(0, steps) if written is not None else None
        found = self.fresh[text] = (taken[0], taken[1], steps) if taken else False
        return found

    def take(self, text: str, used: int) -> Taken | None:
        """What ``text`` takes in a hand holding the ids in ``used``; None where the allocator refuses."""
        found = self.fresh.get(text) or self.fresh_take(text)
        if not found:
            return None
        ids, mask, steps = found  # type: ignore[misc]
        if used & mask:  # some of its ids are taken: tile by tile
            return self.take_steps(used, steps)
        return ids, used | mask

    def steps_of(self, written: Iterable[tuple[int, bool, str]]) -> tuple[Step, ...]:
        """Tiles as :meth:`TileAllocator.take_each` reads them (kind, red, token), as steps."""
        return tuple(self.red_steps[kind] if red else self.plain_steps[kind] for kind, red, _token in written)

    def take_each(self, used: int, written: Iterable[tuple[int, bool, str]]) -> Taken | None:
        """:meth:`TileAllocator.take_each` on the bitmask (each kind's plain copies taken in order, as
        the allocator gives them): the ids given and the new bitmask, None where it would refuse."""
        return self.take_steps(used, self.steps_of(written))

    @staticmethod
    def take_steps(used: int, steps: Iterable[Step]) -> Taken | None:
        """The ids tiles take in a hand holding the ids in ``used`` and the new bitmask; None where the
        allocator refuses (a fifth copy, a second red five, a tile the set lacks)."""
        ids = []
        for copies, next_ids in steps:
            tile_id = next_ids[(used & copies).bit_count()]  # the copies taken are the first ones
            if tile_id is None:
                return None
            used |= 1 << tile_id
            ids.append(tile_id)
        return tuple(ids), used
