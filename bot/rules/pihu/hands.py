"""The pihu hands (``docs/rules/pihu.md``, "Hands"): one function per multiplier; multipliers multiply.

A hand is read either as four sets and a pair (pons and kans included) or as seven pairs (four of
a kind counting as two pairs); :func:`best_reading` keeps the reading with the highest multiplier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from bot.hand.decompose import decompositions, is_seven_pairs
from bot.hand.meld import Meld, whole_hand_counts
from bot.hand.tiles import counts_of


@dataclass(frozen=True, slots=True)
class Reading:
    seven_pairs: bool
    sequences: frozenset[int]  # first kinds of the concealed sequences (regular readings)
    counts: tuple[int, ...]  # the whole hand, a kan counted as 4


def readings(concealed: Sequence[int], melds: Sequence[Meld]) -> list[Reading]:
    """Every distinct reading of a complete hand (empty when it is not a win)."""
    hand = counts_of(concealed)
    counts = tuple(whole_hand_counts(hand, melds))
    found = {
        Reading(False, frozenset(b.first for b in d.blocks if b.sequence), counts)
        for d in decompositions(hand)
    }
    if not melds and is_seven_pairs(hand, four_as_two_pairs=True):
        found.add(Reading(True, frozenset(), counts))
    return sorted(found, key=lambda r: (r.seven_pairs, sorted(r.sequences)))


def seven_pairs(r: Reading) -> int:
    """七對 x2, only without a four of a kind (that is 豪華七對)."""
    return 2 if r.seven_pairs and 4 not in r.counts else 1


def luxury_seven_pairs(r: Reading) -> int:
    """豪華七對: seven pairs holding a four of a kind, x4."""
    return 4 if r.seven_pairs and 4 in r.counts else 1


def super_luxury(r: Reading) -> int:
    """超豪華: x2 more for each further four of a kind in the seven pairs."""
    quads = r.counts.count(4)
    return 2 ** (quads - 1) if r.seven_pairs and quads > 1 else 1


def is_one_suit(r: Reading) -> bool:
    suits = {k // 9 for k, c in enumerate(r.counts) if c}
    return len(suits) == 1 and suits.pop() < 3


def has_dragon(r: Reading) -> bool:
    """一條龍: 123 456 789 of one suit."""
    return any({base, base + 3, base + 6} <= r.sequences for base in (0, 9, 18))


def full_flush(r: Reading) -> int:
    """清一色 x2 (without the dragon; with it the hand is 清一色龍)."""
    return 2 if is_one_suit(r) and not has_dragon(r) else 1


def dragon(r: Reading) -> int:
    """一條龍 x2 (without the full flush)."""
    return 2 if has_dragon(r) and not is_one_suit(r) else 1


def full_flush_dragon(r: Reading) -> int:
    """清一色龍 (青龍): both, x4."""
    return 4 if has_dragon(r) and is_one_suit(r) else 1


SHAPE_HANDS = (
    ("seven_pairs", seven_pairs),
    ("luxury_seven_pairs", luxury_seven_pairs),
    ("super_luxury", super_luxury),
    ("full_flush", full_flush),
    ("dragon", dragon),
    ("full_flush_dragon", full_flush_dragon),
)


def shape_factors(r: Reading) -> list[tuple[str, int]]:
    """The big hands of one reading with their factors (empty for a basic win)."""
    return [(name, factor) for name, rule in SHAPE_HANDS if (factor := rule(r)) > 1]


def best_reading(options: Sequence[Reading]) -> tuple[Reading, list[tuple[str, int]]]:
    """The reading with the highest multiplier, and its factors."""
    return max(((r, shape_factors(r)) for r in options), key=lambda pair: prod(f for _, f in pair[1]))
