"""Winning shapes of a concealed riichi hand, fast.

Tile counts are *packed*: one int holds the count of every kind in 3 bits (kind ``k`` at bit ``3 k``),
so counting a hand is one C-level ``sum`` and each suit's counts are one shift and mask away.

A hand's concealed tiles are split suit by suit: each suit (and the honours) is split on its own into
sets and at most one pair, and the answer is memoised by the suit's packed counts, relative to the
suit, so that 1m-9m, 1p-9p and 1s-9s share one table.  A decomposition of the hand is one split per suit
(the suit whose tile count leaves 2 over 3 holds the pair), so the hand's decompositions are the
product of four cached answers.

A split is one int (:func:`split_of`) that carries, besides the pair, what the yaku and fu rules need
from it (masks of sequences and triplets, identical sequences, terminals, triplet fu) in fields that
add up, so a decomposition is the sum of four ints and a reading of the whole hand is a handful of
integer operations instead of a walk over blocks; :data:`WAITS` gives the waits of the winning tile.

:func:`fast_decompositions` rebuilds the shared :class:`~bot.hand.decompose.Decomposition` list from
the tables (a test checks it against :func:`bot.hand.decompose.decompositions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Final

from bot.hand.decompose import Block, Decomposition
from bot.hand.tiles import TERMINALS_AND_HONORS

# How the winning tile completed the hand (decides fu, pinfu and concealed triplets).
RYANMEN: Final = 0  # two-sided: 23 waiting on 1 or 4
KANCHAN: Final = 1  # closed: 13 waiting on 2
PENCHAN: Final = 2  # edge: 12 waiting on 3, 89 on 7
TANKI: Final = 3  # pair wait
SHANPON: Final = 4  # two pairs, one becomes the triplet
WAIT_NAMES: Final = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")

COUNT_BITS: Final = 3  # bits per kind in packed counts (counts 0-7)
COUNT_MASK: Final = 0b111
KIND_UNIT: Final = tuple(1 << COUNT_BITS * kind for kind in range(34))  # one tile of each kind, packed
TILE_UNIT: Final = tuple(KIND_UNIT[tile >> 2] for tile in range(136))  # one tile of each tile id, packed
SUIT_BITS: Final = 9 * COUNT_BITS
SUIT_FIELDS: Final = (1 << SUIT_BITS) - 1  # the packed counts of one numbered suit


def count_of(packed: int, kind: int) -> int:
    """The count of one kind in packed counts."""
    return packed >> COUNT_BITS * kind & COUNT_MASK


def pack(counts: Sequence[int]) -> int:
    """Packed counts from a list of 34 counts (tests and tools; the scorer packs tile ids directly)."""
    return sum(count << COUNT_BITS * kind for kind, count in enumerate(counts))


# The counts and the kinds present (bit mask) of every three packed counts, for unpacking a suit fast.
_THREE_COUNTS: Final = tuple((key & 7, key >> 3 & 7, key >> 6 & 7) for key in range(512))
_THREE_PRESENT: Final = tuple(sum(1 << i for i, c in enumerate(counts) if c) for counts in _THREE_COUNTS)


def unpack(packed: int, size: int) -> tuple[int, ...]:
    """The first ``size`` counts (at most 9) of packed counts (shift first for a later suit)."""
    counts = (
        _THREE_COUNTS[packed & 511] + _THREE_COUNTS[packed >> 9 & 511] + _THREE_COUNTS[packed >> 18 & 511]
    )
    return counts[:size]


def kinds_present(packed: int) -> int:
    """Bit ``i`` for each of the first 9 packed counts that is not zero."""
    return (
        _THREE_PRESENT[packed & 511]
        | _THREE_PRESENT[packed >> 9 & 511] << 3
        | _THREE_PRESENT[packed >> 18 & 511] << 6
    )


TERMINAL_TRIPLET_FU: Final = 8  # a concealed triplet of 1, 9 or an honour
SIMPLE_TRIPLET_FU: Final = 4  # a concealed triplet of 2-8

# A *split* is one way to take one suit's tiles as sets (and the pair if this suit holds it), packed
# in one int whose fields add up: the four splits of a decomposition (one per suit) summed are the
# decomposition's summary, since each suit's masks use its own kinds and only one suit holds the pair.
# Ints are not tracked by the garbage collector: the tables of splits cost it nothing.
#   bits  0-5   the pair's kind + 1 (0: the pair is in another suit)
#   bits  6-29  the tally: number of sequences (4 bits), of triplets (4 bits), pairs of identical
#               sequences (4 bits), triplet fu (8 bits: 4 x 32 at most) and how many sets and pairs
#               are not "outside" (hold no terminal or honour: 5 at most); the melds have a tally
#               too (MeldFacts), so the counts of a whole reading are one addition away
#   bits 30-31  zero
#   bits 32-58  bit 32 + k for a sequence starting at kind k (26 at most)
#   bits 59-92  bit 59 + k for a triplet of kind k
PAIR_FIELD: Final = 0x3F
SEQUENCES_COUNT_SHIFT: Final = 6
TRIPLETS_SHIFT: Final = 10
IDENTICAL_SHIFT: Final = 14
TRIPLET_FU_SHIFT: Final = 18
INSIDE_SHIFT: Final = 26
FOUR_BITS: Final = 0xF
EIGHT_BITS: Final = 0xFF
SMALL_FIELDS: Final = (1 << 30) - 1  # the pair and the tally
SEQUENCES_SHIFT: Final = 32
SEQUENCE_FIELDS: Final = (1 << 27) - 1
TRIPLETS_MASK_SHIFT: Final = 59


def tally(
    sequences: int,
    triplets: int,
    identical_sequences: int,
    triplet_fu: int,
    outside: bool,
) -> int:
    """The tally field of a split (or of the melds)."""
    return (
        sequences << SEQUENCES_COUNT_SHIFT
        | triplets << TRIPLETS_SHIFT
        | identical_sequences << IDENTICAL_SHIFT
        | triplet_fu << TRIPLET_FU_SHIFT
        | (0 if outside else 1) << INSIDE_SHIFT
    )


def split_of(pair: int, sequences: Sequence[int], triplets: Sequence[int]) -> int:
    """The packed split of sequences and triplets (first kinds, sorted) and the pair kind (-1: none):
    the sum of what each of them adds (the sequence mask apart: equal sequences share a bit)."""
    split = PAIR_PARTS[pair]
    sequence_mask = 0
    for first in sequences:
        split += SEQUENCE_PARTS[first]
        sequence_mask |= 1 << first
    for kind in triplets:
        split += TRIPLET_PARTS[kind]
    if len(sequences) > 1:
        split += _identical_sequence_pairs(sequences) << IDENTICAL_SHIFT
    return split | sequence_mask << SEQUENCES_SHIFT


# What a pair (by kind; the last entry, read for -1, is no pair), a sequence (by its first kind) or a
# triplet adds to a split: its tally (an "inside" set or pair counts 1) and, for a pair, its kind + 1,
# for a triplet, its bit.
PAIR_PARTS: Final = (
    *(kind + 1 | tally(0, 0, 0, 0, kind in TERMINALS_AND_HONORS) for kind in range(34)),
    0,
)
SEQUENCE_PARTS: Final = tuple(tally(1, 0, 0, 0, kind % 9 in (0, 6)) for kind in range(27))
TRIPLET_PARTS: Final = tuple(
    tally(0, 1, 0, TERMINAL_TRIPLET_FU, True) | 1 << TRIPLETS_MASK_SHIFT + kind
    if kind in TERMINALS_AND_HONORS
    else tally(0, 1, 0, SIMPLE_TRIPLET_FU, False) | 1 << TRIPLETS_MASK_SHIFT + kind
    for kind in range(34)
)


def split_pair(split: int) -> int:
    """The kind of a (summed) split's pair, -1 when it has none."""
    return (split & PAIR_FIELD) - 1


def split_sequence_mask(split: int) -> int:
    """Bit k for a sequence starting at kind k."""
    return split >> SEQUENCES_SHIFT & SEQUENCE_FIELDS


def split_triplet_mask(split: int) -> int:
    """Bit k for a triplet of kind k."""
    return split >> TRIPLETS_MASK_SHIFT


def _identical_sequence_pairs(seqs: Sequence[int]) -> int:
    """Pairs of equal sequences in a sorted list (1123 -> 0, 112233 -> ... counted on firsts)."""
    pairs = 0
    i = 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def _sequence_wait(first: int, offset: int) -> int:
    """The wait of a winning tile at ``offset`` inside the sequence starting at ``first``."""
    if offset - first == 1:
        return KANCHAN
    if (offset == first and first == 6) or (offset == first + 2 and first == 0):
        return PENCHAN
    return RYANMEN


def _waits(offset: int, near: int) -> tuple[int, ...]:
    """The distinct waits of a winning tile at ``offset`` in its suit, in a fixed order (the pair, the
    sequences by their first tile, the triplet); ``near`` is a :data:`WAITS` index's low 5 bits."""
    waits: list[int] = []
    if near & 0b10000:
        waits.append(TANKI)
    for step in range(3):  # the sequences starting 2, 1 and 0 tiles below the winning tile
        if near >> step & 1:
            wait = _sequence_wait(offset - 2 + step, offset)
            if wait not in waits:
                waits.append(wait)
    if near & 0b1000:
        waits.append(SHANPON)
    return tuple(waits)


# The waits of a winning tile, by ``offset << 5 | near``: ``offset`` its place in its suit (0-8) and
# ``near`` the sequences that hold it (bit 0: starting 2 below, bit 1: 1 below, bit 2: at it), a triplet
# of it (bit 3) and a pair of it (bit 4).
WAITS: Final = tuple(_waits(offset, near) for offset in range(9) for near in range(32))


# A suit whose tiles cannot be split has no split: the empty tuple.
SuitSplits = tuple[int, ...]
# What the table holds for one suit's packed counts: its flags (bit 0: its splits hold the pair;
# bit 3: it has not exactly one split), the kinds present (bit mask) and the splits.
SuitEntry = tuple[int, int, SuitSplits]
NOT_ONE_SPLIT: Final = 0b1000


def _entry(holds_pair: bool, kinds: int, splits: SuitSplits) -> SuitEntry:
    return (int(holds_pair) | (0 if len(splits) == 1 else NOT_ONE_SPLIT), kinds, splits)


# Keyed by the packed counts of one suit, in place (the man, pin, sou and honour keys never meet).
_SUIT_TABLE: Final[dict[int, SuitEntry]] = {}
MAN_FIELDS: Final = SUIT_FIELDS
PIN_FIELDS: Final = SUIT_FIELDS << SUIT_BITS
SOU_FIELDS: Final = SUIT_FIELDS << 2 * SUIT_BITS
HONOR_FIELDS: Final = ((1 << 7 * COUNT_BITS) - 1) << 3 * SUIT_BITS


def clear_tables() -> None:
    """Forget every memoised split (benchmarks time the cold start with it)."""
    _SUIT_TABLE.clear()
    _MAN_ENTRIES.clear()
    _SETS_TABLE.clear()


Sets = tuple[int, ...]  # offsets of sequences or of triplets, sorted
# By a numbered suit's packed counts (as man tiles): every way to take them as sets only.
_SETS_TABLE: Final[dict[int, tuple[tuple[Sets, Sets], ...]]] = {}
SEQUENCE_UNITS: Final = tuple(sum(KIND_UNIT[first : first + 3]) for first in range(7))  # packed 123 ...


def _sets_of(packed: int) -> tuple[tuple[Sets, Sets], ...]:
    """Every way to take a numbered suit's packed counts (as man tiles) as sequences and triplets only,
    sorted, memoised (the counts left after each pair choice of many suits are the same few)."""
    found = _SETS_TABLE.get(packed)
    if found is not None:
        return found
    if not packed:
        found = (((), ()),)
    else:
        # The lowest tile is in a triplet or starts a sequence; the rest lie at i or above, so
        # putting i in front keeps both tuples sorted.
        i = ((packed & -packed).bit_length() - 1) // COUNT_BITS
        with_triplet = []
        if packed >> COUNT_BITS * i & COUNT_MASK >= 3:
            with_triplet = [(seqs, (i, *trips)) for seqs, trips in _sets_of(packed - 3 * KIND_UNIT[i])]
        with_sequence = []
        if (
            i <= 6
            and packed >> COUNT_BITS * (i + 1) & COUNT_MASK
            and packed >> COUNT_BITS * (i + 2) & COUNT_MASK
        ):
            with_sequence = [((i, *seqs), trips) for seqs, trips in _sets_of(packed - SEQUENCE_UNITS[i])]
        if with_triplet and with_sequence:  # 5555 67: 555 + 567 either way round, listed once
            found = tuple(sorted(set(with_triplet + with_sequence)))
        else:
            found = tuple(with_triplet or with_sequence)
    _SETS_TABLE[packed] = found
    return found


# The entry of each numbered suit's packed counts as man tiles: the pin and sou entries shift it.
_MAN_ENTRIES: Final[dict[int, SuitEntry]] = {}


def _man_entry(key: int) -> SuitEntry:
    """Every split of a numbered suit's packed counts, as man tiles, with its pair flag and kinds;
    the splits in a fixed order (by pair, sequences, triplets): the same readings on every run."""
    entry = _MAN_ENTRIES.get(key)
    if entry is not None:
        return entry
    counts = unpack(key, 9)
    total = sum(counts)
    splits: list[int] = []
    if total % 3 == 0:
        splits = [split_of(-1, seqs, trips) for seqs, trips in _sets_of(key)]
    elif total % 3 == 2:
        # Sets add 0 mod 3 to the sum of offset x count (a sequence i, i+1, i+2 adds 3i + 3), the pair
        # at p adds 2p: so p = 2 x that sum mod 3, and only every third offset can hold the pair.
        weighted = sum(map(mul, range(9), counts))
        for p in range(2 * weighted % 3, 9, 3):
            if counts[p] >= 2:
                for seqs, trips in _sets_of(key - 2 * KIND_UNIT[p]):
                    splits.append(split_of(p, seqs, trips))
    entry = _MAN_ENTRIES[key] = _entry(total % 3 == 2, kinds_present(key), tuple(splits))
    return entry


def _honor_splits(counts: tuple[int, ...]) -> SuitSplits:
    """Honours make no sequences: each kind is a triplet (3), the pair (2) or absent."""
    pair = -1
    trips: list[int] = []
    for offset, count in enumerate(counts):
        if count == 2:
            if pair >= 0:
                return ()
            pair = 27 + offset
        elif count == 3:
            trips.append(27 + offset)
        elif count:  # 1 or 4: no set or pair takes it
            return ()
    return (split_of(pair, (), trips),)


def _suit_entry(key: int, suit: int) -> SuitEntry:
    """Split one suit (0 man, 1 pin, 2 sou, 3 honours) from its packed counts in place; remember it."""
    if suit == 3:
        honors = key >> COUNT_BITS * 27
        counts = unpack(honors, 7)
        entry = _entry(sum(counts) % 3 == 2, kinds_present(honors) << 27, _honor_splits(counts))
    elif suit == 0:
        entry = _man_entry(key)
    else:
        # The man entry moved to this suit: each split's kinds shifted, its tally kept.
        base = 9 * suit
        flags, kinds, splits = _man_entry(key >> COUNT_BITS * base)
        moved = [
            (split & SMALL_FIELDS)
            + (split >> SEQUENCES_SHIFT << SEQUENCES_SHIFT + base)
            + (base if split & PAIR_FIELD else 0)
            for split in splits
        ]
        entry = (flags, kinds << base, tuple(moved))
    _SUIT_TABLE[key] = entry
    return entry


def concealed_shape(packed: int) -> tuple[int, list[int]]:
    """The kinds among the concealed tiles (bit mask) and every decomposition of them into sets and one
    pair (empty: no winning shape), each as the sum of its four suits' splits (one int: see
    :func:`split_of`), from the suits' memoised entries; ``packed``: the concealed counts."""
    table = _SUIT_TABLE
    key = packed & MAN_FIELDS
    man = table.get(key) or _suit_entry(key, 0)
    key = packed & PIN_FIELDS
    pin = table.get(key) or _suit_entry(key, 1)
    key = packed & SOU_FIELDS
    sou = table.get(key) or _suit_entry(key, 2)
    key = packed & HONOR_FIELDS
    honors = table.get(key) or _suit_entry(key, 3)
    mask = man[1] | pin[1] | sou[1] | honors[1]
    flags = man[0] + pin[0] + sou[0] + honors[0]
    if flags == 1:  # the common case: one suit holds the pair, each suit splits one way
        return mask, [man[2][0] + pin[2][0] + sou[2][0] + honors[2][0]]
    # Exactly one suit holds the pair (8 concealed tiles can be four pairs, one per suit: no win).
    if flags & 0b111 != 1:
        return mask, []
    return mask, [m + p + s + h for m in man[2] for p in pin[2] for s in sou[2] for h in honors[2]]


def hand_splits(counts: Sequence[int]) -> list[int]:
    """Every decomposition of 14 - 3 * melds concealed tiles (34 counts) into sets and one pair."""
    return concealed_shape(pack(counts))[1]


def fast_decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Same decompositions as :func:`bot.hand.decompose.decompositions` (blocks in suit order), from
    the memoised suit tables: the pair and triplets are read from the split, the sequences are what
    the counts leave (taken from the lowest tile up, checked against the split's sequence mask)."""
    out = []
    for split in hand_splits(counts):
        pair = split_pair(split)
        left = list(counts)
        left[pair] -= 2
        triplets = [kind for kind in range(34) if split_triplet_mask(split) >> kind & 1]
        sequences: list[int] = []
        for kind in triplets:
            left[kind] -= 3
        for kind in range(27):
            while left[kind]:
                sequences.append(kind)
                for k in range(kind, kind + 3):
                    left[k] -= 1
        mask = 0
        for first in sequences:
            mask |= 1 << first
        if mask != split_sequence_mask(split) or min(left) < 0:
            raise AssertionError(f"the split does not match the counts: {split:#x}")
        blocks: list[Block] = []
        for base in (0, 9, 18, 27):
            blocks.extend(Block(t, False) for t in triplets if base <= t < base + 9)
            blocks.extend(Block(f, True) for f in sequences if base <= f < base + 9)
        out.append(Decomposition(pair, tuple(blocks)))
    return out
