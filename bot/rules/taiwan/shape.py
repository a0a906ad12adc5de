"""The readings of a 17-tile Taiwanese win (five sets and a pair, or, with ``extras=on``, the seed's
special shapes), and the waits of a 16-tile hand.

A ron makes the set it completes an open one: each reading says which group the winning tile went
into (``win_group``; None for the pair), so a triplet completed by ron is not concealed while the
same tile closing a sequence or the pair keeps the triplets concealed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.hand.decompose import decompositions
from bot.hand.meld import Meld, whole_hand_counts
from bot.hand.shanten import REGULAR_ONLY, draw_shanten, is_regular_complete, least_shanten
from bot.hand.table_code import MAX_SETS
from bot.hand.tiles import NUM_KINDS, TERMINALS_AND_HONORS, kinds_to_counts

ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


@dataclass(frozen=True)
class Group:
    """One set: a sequence from ``first`` or a triplet/kan of ``first``."""

    first: int
    sequence: bool
    concealed: bool  # declared closed kans and concealed sets not completed by a ron
    kan: bool = False
    melded: bool = False  # a meld (called or a closed kan)

    @property
    def kinds(self) -> tuple[int, int, int]:
        f = self.first
        return (f, f + 1, f + 2) if self.sequence else (f, f, f)

    @property
    def triplet(self) -> bool:
        return not self.sequence


@dataclass(frozen=True)
class WinningShape:
    groups: tuple[Group, ...]  # empty for the special shapes
    pair: int | None
    special: str | None  # None, or eight_pairs / thirteen_orphans / knitted
    counts: tuple[int, ...]  # every tile of the hand per kind, kans as four
    win_tile: int
    win_group: int | None  # index into groups of the set the winning tile completed; None: the pair

    @property
    def kinds_present(self) -> list[int]:
        return [k for k in range(NUM_KINDS) if self.counts[k]]

    @property
    def suits(self) -> set[int]:
        """Suits present: 0 m, 1 p, 2 s, 3 honours."""
        return {k // 9 for k in self.kinds_present}


def _meld_group(meld: Meld) -> Group:
    return Group(min(meld.kinds), meld.is_sequence, concealed=not meld.is_open, kan=meld.is_kan, melded=True)


def regular_shapes(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, tsumo: bool
) -> list[WinningShape]:
    concealed_counts = kinds_to_counts(concealed)
    counts = tuple(whole_hand_counts(concealed_counts, melds))
    meld_groups = tuple(_meld_group(m) for m in melds)
    out = []
    for d in decompositions(concealed_counts):
        blocks = [Group(b.first, b.sequence, concealed=True) for b in d.blocks]
        # Where the winning tile may have gone: the pair or any concealed set holding it.
        targets: list[int | None] = [None] if d.pair == win_tile else []
        targets += [len(meld_groups) + i for i, b in enumerate(blocks) if win_tile in b.kinds]
        for target in dict.fromkeys(targets):
            groups = list(meld_groups + tuple(blocks))
            if target is not None and not tsumo and groups[target].triplet:
                g = groups[target]
                groups[target] = Group(g.first, False, concealed=False)
            out.append(WinningShape(tuple(groups), d.pair, None, counts, win_tile, target))
    return out


def eight_pairs(counts: Sequence[int]) -> bool:
    """哩咕哩咕: seven pairs and one triplet, 17 concealed tiles (a four of a kind is two pairs)."""
    if sum(counts) != 17:
        return False
    odd = [c for c in counts if c % 2]
    return odd == [3] and all(c in (0, 2, 3, 4) for c in counts)


def thirteen_orphans_rest(counts: Sequence[int]) -> tuple[int, bool] | None:
    """13 different terminals/honours, one of them paired, and a set: (the set's first kind,
    is it a sequence), or None."""
    if sum(counts) != 17 or any(counts[k] < 1 for k in ORPHANS):
        return None
    for pair in ORPHANS:
        rest = list(counts)
        for k in ORPHANS:
            rest[k] -= 1
        if rest[pair] < 1:
            continue
        rest[pair] -= 1
        kinds = [k for k in range(NUM_KINDS) for _ in range(rest[k])]
        if len(set(kinds)) == 1:
            return kinds[0], False
        a, b, c = kinds
        if a < 27 and a // 9 == c // 9 and (b, c) == (a + 1, a + 2):
            return a, True
    return None


def knitted_suits(counts: Sequence[int]) -> list[tuple[int, ...]] | None:
    """16不塔: the seven honours, three tiles of each suit with no two closer than three apart, and one
    of the sixteen doubled for the eye.  Returns the numbers (1-9) held in m, p, s, or None."""
    if sum(counts) != 17 or any(counts[k] < 1 for k in range(27, 34)):
        return None
    if sorted(c for c in counts if c) != [1] * 15 + [2]:
        return None
    numbers: list[tuple[int, ...]] = []
    for suit in range(3):
        held = tuple(n + 1 for n in range(9) if counts[suit * 9 + n])
        if len(held) != 3 or held[1] - held[0] < 3 or held[2] - held[1] < 3:
            return None
        numbers.append(held)
    return numbers


def special_shapes(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int) -> list[WinningShape]:
    """The closed special shapes of the optional pattern list."""
    if melds:
        return []
    counts = tuple(kinds_to_counts(concealed))
    out = []
    for name, ok in (
        ("eight_pairs", eight_pairs(counts)),
        ("thirteen_orphans", thirteen_orphans_rest(counts) is not None),
        ("knitted", knitted_suits(counts) is not None),
    ):
        if ok:
            out.append(WinningShape((), None, name, counts, win_tile, None))
    return out


def winning_shapes(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, tsumo: bool, extras: bool
) -> list[WinningShape]:
    shapes = regular_shapes(concealed, melds, win_tile, tsumo)
    if extras:
        shapes += special_shapes(concealed, melds, win_tile)
    return shapes


def regular_win(counts: Sequence[int]) -> bool:
    """Sets and one pair, any number of sets (the shared check of :mod:`bot.hand.shanten`)."""
    return is_regular_complete(counts)


def is_winning(concealed: Sequence[int], melds: Sequence[Meld], extras: bool) -> bool:
    counts = kinds_to_counts(concealed)
    if regular_win(counts):
        return True
    if not extras or melds:
        return False
    return _special_win(counts)


def _special_win(counts: Sequence[int]) -> bool:
    return (
        eight_pairs(counts) or thirteen_orphans_rest(counts) is not None or knitted_suits(counts) is not None
    )


def waits(concealed: Sequence[int], melds: Sequence[Meld], extras: bool) -> set[int]:
    """Kinds that complete a 16-tile hand, by shape alone (a kind the hand holds all four of is none).

    Sets and a pair: the kinds whose draw leaves the shared regular shanten at -1 (bot.hand.shanten);
    the special shapes (extras, closed hands only) are tried kind by kind."""
    hand = kinds_to_counts(concealed)
    held = whole_hand_counts(hand, melds)
    packed = bytes(hand)
    found: set[int] = set()
    needed = len(concealed) // 3
    if (
        len(concealed) % 3 == 1
        and needed <= MAX_SETS
        and least_shanten(packed, needed, False, REGULAR_ONLY) == 0
    ):
        after = draw_shanten(packed, needed, False, REGULAR_ONLY)
        found = {kind for kind in range(NUM_KINDS) if after[kind] < 0}
    if extras and not melds:
        for kind in range(NUM_KINDS):
            hand[kind] += 1
            if _special_win(hand):
                found.add(kind)
            hand[kind] -= 1
    return {kind for kind in found if held[kind] < 4}
