"""Special winning shapes: seven pairs, thirteen orphans, knitted (十四不搭), closed hands only.

Each shape's *distance* is the fewest tiles to draw to complete it; shanten is one less.  Written
for 13/14 tiles, and for 16/17 tiles (``extra`` = 1 more set: 嚦咕嚦咕 is seven pairs and a triplet,
the Taiwanese 13麼 thirteen orphans and any set).  Counts may be 5 (a fifth-copy draw, see
:mod:`bot.hand.shanten`).
"""

from __future__ import annotations

from typing import Final

from bot.hand.tiles import NUM_KINDS, TERMINALS_AND_HONORS

ORPHAN_KINDS: Final = tuple(sorted(TERMINALS_AND_HONORS))
NUM_ORPHANS: Final = len(ORPHAN_KINDS)


def extra_sets(packed: bytes) -> int:
    """0 for a closed 13/14-tile hand, 1 for a closed 16/17-tile hand (the special shapes' sizes)."""
    n = sum(packed)
    if n in (13, 14):
        return 0
    if n in (16, 17):
        return 1
    raise ValueError(f"special shapes need a closed hand of 13/14 or 16/17 tiles, not {n}")


def _pairs_in(packed: bytes) -> int:
    """Pairs when a four of a kind is two pairs (counts are 0-5; bytes.count is the fast way)."""
    return packed.count(2) + packed.count(3) + 2 * (packed.count(4) + packed.count(5))


def seven_pairs_distance(packed: bytes, four_as_two_pairs: bool) -> int:
    if four_as_two_pairs:
        return 7 - min(_pairs_in(packed), 7)
    singles = packed.count(1)
    pairs = NUM_KINDS - packed.count(0) - singles  # kinds held at least twice
    missing = 7 - min(pairs, 7)
    return missing + max(0, missing - singles)  # a single needs one tile, a new kind two


def seven_pairs_shanten(packed: bytes, four_as_two_pairs: bool, extra: int) -> int:
    if extra == 0:
        return seven_pairs_distance(packed, four_as_two_pairs) - 1
    best = 99
    work = bytearray(packed)
    for kind in range(NUM_KINDS):  # the triplet's kind; its other copies are left out
        held = work[kind]
        work[kind] = 0
        cost = 3 - min(held, 3) + seven_pairs_distance(bytes(work), four_as_two_pairs)
        work[kind] = held
        best = min(best, cost)
    return best - 1


# Thirteen orphans on the counts read as one integer, one byte per kind (counts are at most 4, so
# adding 0x7F to a byte sets its top bit exactly when the count is not zero, with no carry).
ORPHAN_MASK: Final = sum(0xFF << 8 * k for k in ORPHAN_KINDS)
ORPHAN_LOW: Final = sum(0x7F << 8 * k for k in ORPHAN_KINDS)
ORPHAN_TOP: Final = sum(0x80 << 8 * k for k in ORPHAN_KINDS)
ORPHAN_TWO_OR_MORE: Final = sum(0x06 << 8 * k for k in ORPHAN_KINDS)  # 2, 3 and 4 have bit 1 or 2 set


def orphans_distance(packed: bytes) -> int:
    held = int.from_bytes(packed, "little") & ORPHAN_MASK
    present = (((held + ORPHAN_LOW) | held) & ORPHAN_TOP).bit_count()
    return 13 - present + (0 if held & ORPHAN_TWO_OR_MORE else 1)


_ALL_SETS: Final = tuple(
    [(k, k, k) for k in range(NUM_KINDS)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]
)


def orphans_shanten(packed: bytes, extra: int) -> int:
    if extra == 0:
        return orphans_distance(packed) - 1
    best = 99
    work = bytearray(packed)
    for block in _ALL_SETS:
        taken = []  # the set takes what the hand has of it, the rest is drawn
        for k in block:
            if work[k]:
                work[k] -= 1
                taken.append(k)
        best = min(best, 3 - len(taken) + orphans_distance(bytes(work)))
        for k in taken:
            work[k] += 1
    return best - 1


KNITTED_PATTERNS: Final = tuple(
    frozenset(
        {a * 9 + n for n in (0, 3, 6)} | {b * 9 + n for n in (1, 4, 7)} | {c * 9 + n for n in (2, 5, 8)}
    )
    | frozenset(range(27, 34))
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


_KNITTED_KINDS: Final = tuple(tuple(sorted(pattern)) for pattern in KNITTED_PATTERNS)


def _knitted_held(packed: bytes) -> list[int]:
    """Kinds of each knitted pattern the hand holds at least once."""
    return [sum(1 for k in kinds if packed[k]) for kinds in _KNITTED_KINDS]


def knitted_shanten(packed: bytes) -> int:
    return 13 - min(max(_knitted_held(packed)), 14)


def _seven_pairs_after(singles: int, pairs: int) -> int:
    missing = 7 - min(pairs, 7)
    return missing + max(0, missing - singles) - 1


def special_after_draws(
    packed: bytes, seven_pairs: bool, four_as_two_pairs: bool, thirteen_orphans: bool, knitted: bool
) -> list[int]:
    """Least special-shape shanten (13/14 tiles) after drawing each kind.

    A draw only changes its own kind's count, and each shape's shanten only depends on a few
    totals, so each shape gives at most three values, picked by the drawn kind's count.
    """
    out = [99] * NUM_KINDS
    if seven_pairs:
        if four_as_two_pairs:  # an odd count becomes one more pair
            pairs = _pairs_in(packed)
            by_parity = (6 - min(pairs, 7), 6 - min(pairs + 1, 7))
            out = [by_parity[c & 1] for c in packed]
        else:
            singles = packed.count(1)
            pairs = NUM_KINDS - packed.count(0) - singles
            unchanged = _seven_pairs_after(singles, pairs)  # drawing a kind held twice or more
            by_count = (
                _seven_pairs_after(singles + 1, pairs),  # a new kind: one more single
                _seven_pairs_after(singles - 1, pairs + 1),  # a single becomes a pair
                *[unchanged] * 4,  # counts 2-5
            )
            out = [by_count[c] for c in packed]
    if thirteen_orphans:
        held = [packed[k] for k in ORPHAN_KINDS]
        present = NUM_ORPHANS - held.count(0)
        has_pair = max(held) >= 2
        other = 12 - present + (0 if has_pair else 1)
        missing_orphan = 12 - present - 1 + (0 if has_pair else 1)
        held_orphan = 12 - present
        for kind in range(NUM_KINDS):
            if kind in TERMINALS_AND_HONORS:
                value = held_orphan if packed[kind] else missing_orphan
            else:
                value = other
            if value < out[kind]:
                out[kind] = value
    if knitted:
        # A draw adds one held kind to the patterns containing it, and only when it was not held.
        held = _knitted_held(packed)
        best = max(held)
        for kind in range(NUM_KINDS):
            after = best
            if not packed[kind]:
                after = max(h + (kind in pattern) for h, pattern in zip(held, KNITTED_PATTERNS, strict=True))
            value = 13 - min(after, 14)
            if value < out[kind]:
                out[kind] = value
    return out
