"""Winning shapes of a concealed riichi hand, fast.

The standard decomposition (:func:`bot.hand.decompose.decompositions`) walks all 34 kinds for every
hand.  Here each suit is split on its own and the splits are memoised by the suit's counts: a hand
is then the product of four cached answers, of which exactly one holds the pair.  The result is the
same list of :class:`~bot.hand.decompose.Decomposition` (a test checks the two agree), at a
fraction of the cost, which matters because the engine asks "can this win?" on every discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from bot.hand.decompose import Block, Decomposition

# A suit's split: (pair kind or -1, the blocks).
SuitSplit = tuple[int, tuple[Block, ...]]

_SUIT_CACHE: dict[tuple[int, tuple[int, ...]], tuple[SuitSplit, ...]] = {}


def _sets_of(
    counts: list[int], base: int, honors: bool, i: int, acc: list[Block], out: list[SuitSplit]
) -> None:
    n = len(counts)
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        out.append((-1, tuple(acc)))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append(Block(base + i, False))
        _sets_of(counts, base, honors, i, acc, out)
        acc.pop()
        counts[i] += 3
    if not honors and i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append(Block(base + i, True))
        _sets_of(counts, base, honors, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def _split_suit(base: int, counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    honors = base == 27
    total = sum(counts)
    out: list[SuitSplit] = []
    work = list(counts)
    if total % 3 == 0:
        _sets_of(work, base, honors, 0, [], out)
    elif total % 3 == 2:
        for p in range(len(work)):
            if work[p] >= 2:
                work[p] -= 2
                found: list[SuitSplit] = []
                _sets_of(work, base, honors, 0, [], found)
                work[p] += 2
                out.extend((base + p, blocks) for _, blocks in found)
    return tuple(dict.fromkeys(out))


def suit_splits(base: int, counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every split of one suit (or the honours, ``base`` 27) into sets and at most one pair."""
    key = (base, counts)
    cached = _SUIT_CACHE.get(key)
    if cached is None:
        cached = _SUIT_CACHE[key] = _split_suit(base, counts)
    return cached


_EMPTY_SPLIT: tuple[SuitSplit, ...] = ((-1, ()),)


def fast_decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Same decompositions as :func:`bot.hand.decompose.decompositions` (blocks in suit order), memoised
    per suit."""
    m = tuple(counts[0:9])
    p = tuple(counts[9:18])
    s = tuple(counts[18:27])
    z = tuple(counts[27:34])
    parts = (
        suit_splits(0, m) if any(m) else _EMPTY_SPLIT,
        suit_splits(9, p) if any(p) else _EMPTY_SPLIT,
        suit_splits(18, s) if any(s) else _EMPTY_SPLIT,
        suit_splits(27, z) if any(z) else _EMPTY_SPLIT,
    )
    if not (parts[0] and parts[1] and parts[2] and parts[3]):
        return []
    combos: list[tuple[int, tuple[Block, ...]]] = [(-1, ())]
    for splits in parts:
        if len(splits) == 1:
            q, more = splits[0]
            if q >= 0:
                combos = [(q, blocks + more) for p_, blocks in combos if p_ < 0]
            else:
                combos = [(p_, blocks + more) for p_, blocks in combos]
        else:
            combos = [
                (q if q >= 0 else p_, blocks + more)
                for p_, blocks in combos
                for q, more in splits
                if p_ < 0 or q < 0
            ]
    return [Decomposition(pair, blocks) for pair, blocks in combos if pair >= 0]


class Wait(IntEnum):
    """How the winning tile completed the hand (decides fu, pinfu and concealed triplets)."""

    RYANMEN = 0  # two-sided: 23 waiting on 1 or 4
    KANCHAN = 1  # closed: 13 waiting on 2
    PENCHAN = 2  # edge: 12 waiting on 3, 89 on 7
    TANKI = 3  # pair wait
    SHANPON = 4  # two pairs, one becomes the triplet


class Reading(NamedTuple):
    """One decomposition with the place the winning tile took in it."""

    pair: int
    blocks: tuple[Block, ...]  # concealed sets only
    wait: Wait
    completed: int  # index in ``blocks`` completed by the winning tile, -1 for the pair


def readings(decomposition: Decomposition, win_kind: int) -> list[Reading]:
    """Each distinct way the winning tile can sit in a decomposition."""
    out: list[Reading] = []
    pair, blocks = decomposition
    if pair == win_kind:
        out.append(Reading(pair, blocks, Wait.TANKI, -1))
    seen: set[Block] = set()
    for index, block in enumerate(blocks):
        if block in seen:
            continue
        first = block.first
        if block.sequence:
            offset = win_kind - first
            if not 0 <= offset <= 2:
                continue
            if offset == 1:
                wait = Wait.KANCHAN
            elif (offset == 0 and first % 9 == 6) or (offset == 2 and first % 9 == 0):
                wait = Wait.PENCHAN
            else:
                wait = Wait.RYANMEN
        elif first == win_kind:
            wait = Wait.SHANPON
        else:
            continue
        seen.add(block)
        out.append(Reading(pair, blocks, wait, index))
    return out
