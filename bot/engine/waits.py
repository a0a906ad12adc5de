"""Fast winning-shape and wait checks on 34-kind count lists.

The referee asks "is this complete?" and "what does this hand wait on?" after almost every
action, so the per-suit answers are memoised by the suit's count tuple (a suit has at most a
few thousand reachable shapes).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from bot.hand.tiles import NUM_KINDS, TERMINALS_AND_HONORS


@cache
def _sets_only(counts: tuple[int, ...], honors: bool) -> bool:
    """Can this suit's counts be split into triplets and (for numbers) sequences only?"""
    c = list(counts)
    for i in range(len(c)):
        n = c[i]
        if n == 0:
            continue
        if n >= 3 and _sets_only(tuple(c[:i] + [n - 3] + c[i + 1 :]), honors):
            return True
        if honors or i + 2 >= len(c) or c[i + 1] == 0 or c[i + 2] == 0:
            return False
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        return _sets_only(tuple(c), honors)
    return True


@cache
def _sets_and_pair(counts: tuple[int, ...], honors: bool) -> bool:
    for i, n in enumerate(counts):
        if n >= 2:
            rest = counts[:i] + (n - 2,) + counts[i + 1 :]
            if _sets_only(rest, honors):
                return True
    return False


def _groups(counts: list[int]) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))


def is_regular_complete(counts: list[int]) -> bool:
    """Sets and exactly one pair (any number of sets)."""
    pair_seen = False
    for index, group in enumerate(_groups(counts)):
        total = sum(group)
        remainder = total % 3
        honors = index == 3
        if remainder == 1:
            return False
        if remainder == 2:
            if pair_seen or not _sets_and_pair(group, honors):
                return False
            pair_seen = True
        elif total and not _sets_only(group, honors):
            return False
    return pair_seen


def is_seven_distinct_pairs(counts: list[int]) -> bool:
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: list[int]) -> bool:
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in TERMINALS_AND_HONORS) and all(
        counts[k] == 0 for k in range(NUM_KINDS) if k not in TERMINALS_AND_HONORS
    )


def is_complete(counts: list[int]) -> bool:
    """Any riichi-style winning shape: regular, seven distinct pairs or thirteen orphans."""
    return is_regular_complete(counts) or is_seven_distinct_pairs(counts) or is_kokushi(counts)


@cache
def _completing(counts: tuple[int, ...], honors: bool) -> tuple[frozenset[int], frozenset[int]]:
    """In-suit tiles that make this suit sets-only (first) or sets plus one pair (second)."""
    sets: list[int] = []
    with_pair: list[int] = []
    for i, n in enumerate(counts):
        if n >= 4:
            continue
        more = counts[:i] + (n + 1,) + counts[i + 1 :]
        total = sum(more)
        if total % 3 == 0 and _sets_only(more, honors):
            sets.append(i)
        elif total % 3 == 2 and _sets_and_pair(more, honors):
            with_pair.append(i)
    return frozenset(sets), frozenset(with_pair)


def _suit_state(group: tuple[int, ...], honors: bool) -> int:
    """0 sets only, 2 sets and a pair, -1 neither (as it stands)."""
    total = sum(group)
    if total % 3 == 0:
        return 0 if _sets_only(group, honors) else -1
    if total % 3 == 2:
        return 2 if _sets_and_pair(group, honors) else -1
    return -1


def regular_waits(counts: list[int]) -> set[int]:
    groups = _groups(counts)
    states = [_suit_state(g, i == 3) for i, g in enumerate(groups)]
    found: set[int] = set()
    for j, group in enumerate(groups):
        others = [states[i] for i in range(4) if i != j]
        if -1 in others:
            continue
        pairs = others.count(2)
        if pairs > 1:
            continue
        to_sets, to_pair = _completing(group, j == 3)
        chosen = to_sets if pairs == 1 else to_pair
        found.update(9 * j + i for i in chosen)
    return found


def _seven_pairs_wait(counts: list[int]) -> set[int]:
    """Six distinct pairs and a single: the single (13 tiles)."""
    if counts.count(2) != 6 or counts.count(1) != 1:
        return set()
    return {counts.index(1)}


def _kokushi_waits(counts: list[int]) -> set[int]:
    if NUM_KINDS - counts.count(0) < 12:  # cheap test first: kokushi needs 12 or 13 distinct kinds
        return set()
    if sum(counts) != 13 or any(counts[k] for k in range(NUM_KINDS) if k not in TERMINALS_AND_HONORS):
        return set()
    missing = [k for k in TERMINALS_AND_HONORS if counts[k] == 0]
    if not missing:
        return set(TERMINALS_AND_HONORS)
    return set(missing) if len(missing) == 1 else set()


def waits(counts: list[int], kinds: Iterable[int] | None = None) -> frozenset[int]:
    """Kinds that complete a 3n+1-tile hand.  A kind of which all four copies are already in the
    concealed hand is not a wait (Tenhou's formal tenpai: no wait on a fifth tile)."""
    found = _waits_of(tuple(counts))
    if kinds is not None:
        found &= frozenset(kinds)
    return found


@lru_cache(maxsize=2048)
def _waits_of(key: tuple[int, ...]) -> frozenset[int]:
    counts = list(key)
    if sum(counts) % 3 != 1:
        return frozenset()
    found = regular_waits(counts) | _seven_pairs_wait(counts) | _kokushi_waits(counts)
    return frozenset(k for k in found if counts[k] < 4)


def slow_waits(counts: list[int]) -> frozenset[int]:
    """Reference implementation (try every kind); used by the tests."""
    found = []
    for k in range(NUM_KINDS):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts):
            found.append(k)
        counts[k] -= 1
    return frozenset(found)


def is_kokushi_tenpai(counts: list[int]) -> bool:
    """13 tiles waiting for thirteen orphans (used for robbing a closed kan)."""
    return any(is_kokushi(_plus(counts, k)) for k in TERMINALS_AND_HONORS if counts[k] < 4)


def _plus(counts: list[int], kind: int) -> list[int]:
    more = list(counts)
    more[kind] += 1
    return more
