"""Decompositions of a concealed hand into sets and one pair, and the special shapes.

Everything here works on *counts*: a list of 34 integers, one per playing kind.  Open melds are
not part of the counts; the caller asks for ``(tiles - 2) / 3`` concealed sets.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.hand.tiles import NUM_KINDS, TERMINALS_AND_HONORS


class Block(NamedTuple):
    """One concealed set: a sequence starting at ``first`` or a triplet of ``first``."""

    first: int
    sequence: bool

    @property
    def kinds(self) -> tuple[int, int, int]:
        f = self.first
        return (f, f + 1, f + 2) if self.sequence else (f, f, f)


class Decomposition(NamedTuple):
    pair: int
    blocks: tuple[Block, ...]  # sorted


def _sets_only(counts: list[int], start: int, acc: list[Block], out: list[tuple[Block, ...]]) -> None:
    i = start
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        out.append(tuple(acc))
        return
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        acc.append(Block(i, False))
        _sets_only(counts, i, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append(Block(i, True))
        _sets_only(counts, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def decompositions(counts: list[int]) -> list[Decomposition]:
    """Every way to split the counts into sets and exactly one pair (empty if none).

    Works for any number of sets (4 in 13-tile games, 5 in the 16-tile game, fewer with melds).
    """
    total = sum(counts)
    if total % 3 != 2:
        return []
    work = list(counts)
    found: list[Decomposition] = []
    for pair in range(NUM_KINDS):
        if work[pair] < 2:
            continue
        work[pair] -= 2
        out: list[tuple[Block, ...]] = []
        _sets_only(work, 0, [], out)
        work[pair] += 2
        for blocks in out:
            found.append(Decomposition(pair, blocks))
    return list(dict.fromkeys(found))


def is_seven_pairs(counts: list[int], four_as_two_pairs: bool = False) -> bool:
    """Seven pairs of 14 concealed tiles; a four of a kind may count as two pairs if allowed."""
    if sum(counts) != 14:
        return False
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c == 4 and four_as_two_pairs:
            pairs += 2
        elif c:
            return False
    return pairs == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in TERMINALS_AND_HONORS) and all(
        counts[k] == 0 for k in range(NUM_KINDS) if k not in TERMINALS_AND_HONORS
    )


KNITTED_PATTERNS: tuple[frozenset[int], ...] = tuple(
    frozenset(
        {suit_a * 9 + n for n in (0, 3, 6)}
        | {suit_b * 9 + n for n in (1, 4, 7)}
        | {suit_c * 9 + n for n in (2, 5, 8)}
        | set(range(27, 34))
    )
    for suit_a, suit_b, suit_c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


def is_knitted(counts: list[int], size: int = 14) -> bool:
    """十四不搭: ``size`` different tiles all from one knitted set (147/258/369 in the three suits
    in some order, plus the seven honours)."""
    if sum(counts) != size or any(c > 1 for c in counts):
        return False
    held = {k for k in range(NUM_KINDS) if counts[k]}
    return any(held <= pattern for pattern in KNITTED_PATTERNS)
