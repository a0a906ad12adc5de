"""Winning shapes of a concealed riichi hand, fast.

Tile counts are *packed*: one int holds the count of every kind in 3 bits (kind ``k`` at bit ``3 k``),
so counting a hand is one C-level ``sum`` and each suit's counts are one shift and mask away.

A hand's concealed tiles are split suit by suit: each suit (and the honours) is split on its own into
sets and at most one pair, and the answer is memoised by the suit's packed counts, relative to the
suit, so that 1m-9m, 1p-9p and 1s-9s share one table.  A decomposition of the hand is one split per suit
(the suit whose tile count leaves 2 over 3 holds the pair), so the hand's decompositions are the
product of four cached answers.

A :class:`SuitSplit` carries, besides its sets, what the yaku and fu rules need from it (masks of
sequences and triplets, identical sequences, terminals, triplet fu, the waits of each tile), so a
reading of the whole hand is a handful of integer operations instead of a walk over blocks.

:func:`fast_decompositions` rebuilds the shared :class:`~bot.hand.decompose.Decomposition` list from
the tables (a test checks it against :func:`bot.hand.decompose.decompositions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from operator import mul
from typing import Final

from bot.hand.decompose import Block, Decomposition

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


@dataclass(slots=True)
class SuitSplit:
    """One way to split one suit's tiles into sets (and the pair if this suit holds it).

    ``pair`` and the masks use the hand's kinds (0-33); ``sequences``, ``triplets`` and the index of
    ``waits`` are offsets in the suit (0-8, honours 0-6), so the suits can share them.
    """

    pair: int  # kind of the pair, -1 when the pair is in another suit
    sequences: tuple[int, ...]  # offset of the first tile of each sequence, sorted
    triplets: tuple[int, ...]  # offset of each triplet, sorted
    sequence_mask: int  # bit of the first kind of each sequence
    triplet_mask: int  # bit of the kind of each triplet
    identical_sequences: int  # pairs of identical sequences (iipeikou, ryanpeikou)
    outside: bool  # every set and the pair hold a terminal or honour (chanta, junchan)
    triplet_fu: int  # fu of the triplets, all concealed
    # Per offset: the distinct waits of a winning tile there, worked out on first use (wins_of) and
    # shared by the man, pin and sou copies of the split (most offsets are never asked).
    waits: list[tuple[int, ...] | None]
    tally: int  # the counts above packed by tally(): the suits of a hand add up in one addition


_blank = object.__new__

# A tally packs the small counts of a split (or of the melds) into one int, so that the counts of
# a whole reading are the sum of five tallies: number of sequences (4 bits), of triplets (4 bits),
# pairs of identical sequences (4 bits), triplet fu (8 bits: 4 x 32 at most) and how many parts are
# not "outside" (have a set or pair without a terminal or honour).
TRIPLETS_SHIFT: Final = 4
IDENTICAL_SHIFT: Final = 8
TRIPLET_FU_SHIFT: Final = 12
INSIDE_SHIFT: Final = 20
FOUR_BITS: Final = 0xF
EIGHT_BITS: Final = 0xFF


def tally(
    sequences: int,
    triplets: int,
    identical_sequences: int,
    triplet_fu: int,
    outside: bool,
) -> int:
    return (
        sequences
        | triplets << TRIPLETS_SHIFT
        | identical_sequences << IDENTICAL_SHIFT
        | triplet_fu << TRIPLET_FU_SHIFT
        | (0 if outside else 1) << INSIDE_SHIFT
    )


# A suit whose tiles cannot be split has no split: the empty tuple.
SuitSplits = tuple[SuitSplit, ...]
# What the table holds for one suit's packed counts: whether its splits hold the pair (1 or 0), the
# kinds present (bit mask) and the splits.
SuitEntry = tuple[int, int, SuitSplits]

# Keyed by the packed counts of one suit, in place (the man, pin, sou and honour keys never meet).
_SUIT_TABLE: dict[int, SuitEntry] = {}
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
_SETS_TABLE: dict[int, tuple[tuple[Sets, Sets], ...]] = {}
SEQUENCE_UNITS: Final = tuple(sum(KIND_UNIT[first : first + 3]) for first in range(7))  # packed 123 ...


def _sets_of(packed: int) -> tuple[tuple[Sets, Sets], ...]:
    """Every way to take a numbered suit's packed counts (as man tiles) as sequences and triplets only,
    memoised (the counts left after each pair choice of many suits are the same few)."""
    found = _SETS_TABLE.get(packed)
    if found is not None:
        return found
    if not packed:
        found = (((), ()),)
    else:
        # The lowest tile is in a triplet or starts a sequence; the rest lie at i or above, so
        # putting i in front keeps both tuples sorted.
        i = ((packed & -packed).bit_length() - 1) // COUNT_BITS
        out: dict[tuple[Sets, Sets], None] = {}
        if packed >> COUNT_BITS * i & COUNT_MASK >= 3:
            for seqs, trips in _sets_of(packed - 3 * KIND_UNIT[i]):
                out[seqs, (i, *trips)] = None
        if (
            i <= 6
            and packed >> COUNT_BITS * (i + 1) & COUNT_MASK
            and packed >> COUNT_BITS * (i + 2) & COUNT_MASK
        ):
            for seqs, trips in _sets_of(packed - SEQUENCE_UNITS[i]):
                out[(i, *seqs), trips] = None
        found = tuple(out)
    _SETS_TABLE[packed] = found
    return found


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


def waits_at(split: SuitSplit, offset: int, kind: int) -> tuple[int, ...]:
    """The distinct waits of a winning tile of ``kind`` at ``offset`` in its suit's split."""
    waits: list[int] = []
    if split.pair == kind:
        waits.append(TANKI)
    for first in split.sequences:
        if first <= offset <= first + 2:
            wait = _sequence_wait(first, offset)
            if wait not in waits:
                waits.append(wait)
    if offset in split.triplets:
        waits.append(SHANPON)
    return tuple(waits)


def _numbered_split(pair: int, seqs: Sets, trips: Sets) -> SuitSplit:
    """The split of a man suit (kinds 0-8; the pin and sou splits are it shifted): offsets in."""
    outside = pair < 0 or pair == 0 or pair == 8  # no pair here, or a terminal pair
    sequence_mask = triplet_mask = triplet_fu = 0
    for first in seqs:
        sequence_mask |= 1 << first
        if first != 0 and first != 6:
            outside = False
    for t in trips:
        triplet_mask |= 1 << t
        if t == 0 or t == 8:
            triplet_fu += TERMINAL_TRIPLET_FU
        else:
            triplet_fu += SIMPLE_TRIPLET_FU
            outside = False
    identical = _identical_sequence_pairs(seqs) if len(seqs) > 1 else 0
    split = _blank(SuitSplit)  # filled field by field: cheaper than the dataclass's __init__
    split.pair = pair
    split.sequences = seqs
    split.triplets = trips
    split.sequence_mask = sequence_mask
    split.triplet_mask = triplet_mask
    split.identical_sequences = identical
    split.outside = outside
    split.triplet_fu = triplet_fu
    split.waits = [None] * 9
    split.tally = tally(len(seqs), len(trips), identical, triplet_fu, outside)
    return split


# The entry of each numbered suit's packed counts as man tiles: the pin and sou entries shift it.
_MAN_ENTRIES: dict[int, SuitEntry] = {}


def _man_entry(key: int) -> SuitEntry:
    """Every split of a numbered suit's packed counts, as man tiles, with its pair flag and kinds."""
    entry = _MAN_ENTRIES.get(key)
    if entry is not None:
        return entry
    counts = unpack(key, 9)
    total = sum(counts)
    found: list[tuple[int, Sets, Sets]] = []
    if total % 3 == 0:
        for seqs, trips in _sets_of(key):
            found.append((-1, seqs, trips))
    elif total % 3 == 2:
        # Sets add 0 mod 3 to the sum of offset x count (a sequence i, i+1, i+2 adds 3i + 3), the pair
        # at p adds 2p: so p = 2 x that sum mod 3, and only every third offset can hold the pair.
        weighted = sum(map(mul, range(9), counts))
        for p in range(2 * weighted % 3, 9, 3):
            if counts[p] >= 2:
                for seqs, trips in _sets_of(key - 2 * KIND_UNIT[p]):
                    found.append((p, seqs, trips))
    found.sort()  # a fixed order: the same readings in the same order on every run
    splits = tuple([_numbered_split(pair, seqs, trips) for pair, seqs, trips in found])
    entry = _MAN_ENTRIES[key] = (int(total % 3 == 2), kinds_present(key), splits)
    return entry


def _shifted(split: SuitSplit, base: int) -> SuitSplit:
    """A man split moved to the suit starting at kind ``base`` (the waits list is shared)."""
    moved = _blank(SuitSplit)  # filled field by field: cheaper than the dataclass's __init__
    moved.pair = split.pair + base if split.pair >= 0 else -1
    moved.sequences = split.sequences
    moved.triplets = split.triplets
    moved.sequence_mask = split.sequence_mask << base
    moved.triplet_mask = split.triplet_mask << base
    moved.identical_sequences = split.identical_sequences
    moved.outside = split.outside
    moved.triplet_fu = split.triplet_fu
    moved.waits = split.waits
    moved.tally = split.tally
    return moved


def _honor_splits(counts: tuple[int, ...]) -> SuitSplits:
    """Honours make no sequences: each kind is a triplet (3), the pair (2) or absent."""
    pair = -1
    trips: list[int] = []
    triplet_mask = 0
    for offset, count in enumerate(counts):
        if count == 2:
            if pair >= 0:
                return ()
            pair = offset
        elif count == 3:
            trips.append(offset)
            triplet_mask |= 1 << (27 + offset)
        elif count:  # 1 or 4: no set or pair takes it
            return ()
    triplet_fu = TERMINAL_TRIPLET_FU * len(trips)
    split = SuitSplit(
        27 + pair if pair >= 0 else -1,
        (),
        tuple(trips),
        0,
        triplet_mask,
        0,
        True,
        triplet_fu,
        [None] * 7,
        tally(0, len(trips), 0, triplet_fu, True),
    )
    return (split,)


def _suit_entry(key: int, suit: int) -> SuitEntry:
    """Split one suit (0 man, 1 pin, 2 sou, 3 honours) from its packed counts in place; remember it."""
    if suit == 3:
        honors = key >> COUNT_BITS * 27
        counts = unpack(honors, 7)
        entry = (
            int(sum(counts) % 3 == 2),
            kinds_present(honors) << 27,
            _honor_splits(counts),
        )
    elif suit == 0:
        entry = _man_entry(key)
    else:
        base = 9 * suit
        pair_flag, offsets, splits = _man_entry(key >> COUNT_BITS * base)
        entry = (
            pair_flag,
            offsets << base,
            tuple([_shifted(split, base) for split in splits]),
        )
    _SUIT_TABLE[key] = entry
    return entry


# One decomposition of the hand: a split of the man, pin, sou and honour tiles, in that order.
HandSplit = tuple[SuitSplit, SuitSplit, SuitSplit, SuitSplit]


def concealed_shape(packed: int) -> tuple[int, list[HandSplit]]:
    """The kinds among the concealed tiles (bit mask) and every decomposition of them into sets and one
    pair (empty: no winning shape), from the four suits' memoised entries; ``packed``: their counts."""
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
    # Exactly one suit holds the pair (8 concealed tiles can be four pairs, one per suit: no win).
    if man[0] + pin[0] + sou[0] + honors[0] != 1:
        return mask, []
    man_splits = man[2]
    pin_splits = pin[2]
    sou_splits = sou[2]
    honor_splits = honors[2]
    if not (man_splits and pin_splits and sou_splits and honor_splits):
        return mask, []
    return mask, list(product(man_splits, pin_splits, sou_splits, honor_splits))


def hand_splits(counts: Sequence[int]) -> list[HandSplit]:
    """Every decomposition of 14 - 3 * melds concealed tiles (34 counts) into sets and one pair."""
    return concealed_shape(pack(counts))[1]


def pair_kind(split: HandSplit) -> int:
    """The kind of the decomposition's pair (the one suit holding it has it; the others say -1)."""
    return max(split[0].pair, split[1].pair, split[2].pair, split[3].pair)


def fast_decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Same decompositions as :func:`bot.hand.decompose.decompositions` (blocks in suit order), from
    the memoised suit tables."""
    out = []
    for split in hand_splits(counts):
        blocks: list[Block] = []
        for base, suit in zip((0, 9, 18, 27), split, strict=True):
            blocks.extend(Block(base + t, False) for t in suit.triplets)
            blocks.extend(Block(base + f, True) for f in suit.sequences)
        out.append(Decomposition(pair_kind(split), tuple(blocks)))
    return out
