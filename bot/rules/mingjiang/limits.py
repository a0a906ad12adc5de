"""Limit hands (例牌): no fan counting, a fixed base; a hand takes its highest limit, limits never add.

One predicate per limit hand (``docs/rules/mingjiang.md``, section "Limits").
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from bot.hand.tiles import WINDS, is_honor, is_terminal
from bot.rules.mingjiang.arrangement import Arrangement, SetShape, Shape
from bot.rules.mingjiang.situation import MingjiangSituation
from bot.rules.mingjiang.yaku import (
    dragon_sets,
    has_chained_triplets,
    identical_sequence_groups,
    number_suits,
    triplets,
    wind_sets,
)


class Limit(StrEnum):
    SMALL = "small"  # 小例
    BIG = "big"  # 大例


LimitRule = Callable[[Arrangement, MingjiangSituation], bool]

NINE_GATES_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999


# ---- small limits --------------------------------------------------------------------------------


def heavenly(a: Arrangement, s: MingjiangSituation) -> bool:
    """天和: the dealer wins on the dealt 14 (checked by the situation: no kan before)."""
    return s.heavenly


def earthly(a: Arrangement, s: MingjiangSituation) -> bool:
    """地和: a non-dealer rons the dealer's first discard with the dealt 13."""
    return s.earthly


def human(a: Arrangement, s: MingjiangSituation) -> bool:
    """人和: a non-dealer wins in the first go-around before any call."""
    return s.human


def big_three_dragons(a: Arrangement, s: MingjiangSituation) -> bool:
    return dragon_sets(a) == 3


def small_four_winds(a: Arrangement, s: MingjiangSituation) -> bool:
    return wind_sets(a) == 3 and a.pair in WINDS


def thirteen_orphans(a: Arrangement, s: MingjiangSituation) -> bool:
    return a.shape is Shape.THIRTEEN_ORPHANS


def _suit_counts(a: Arrangement) -> tuple[int, ...] | None:
    """The nine counts of the hand's only number suit, None for any other hand."""
    suits = number_suits(a)
    if len(suits) != 1 or any(is_honor(k) for k in a.kinds_present):
        return None
    suit = suits.pop()
    return a.counts[suit * 9 : suit * 9 + 9]


def nine_gates(a: Arrangement, s: MingjiangSituation) -> bool:
    """九蓮寶燈: closed, no kan (a closed kan of the 1 or 9 breaks it), 1112345678999 + any tile."""
    counts = _suit_counts(a)
    if counts is None or not a.closed or any(x.shape is SetShape.KAN for x in a.sets):
        return False
    return all(c >= need for c, need in zip(counts, NINE_GATES_BASE, strict=True))


def four_concealed(a: Arrangement, s: MingjiangSituation) -> bool:
    """四暗刻: four concealed triplets or closed kans; a shanpon wait must be self-drawn (a ron on it
    opens the completed triplet, so the reading has only three)."""
    return sum(1 for x in triplets(a) if x.concealed) == 4


def four_chained(a: Arrangement, s: MingjiangSituation) -> bool:
    return has_chained_triplets(a, 4)


# ---- big limits ----------------------------------------------------------------------------------


def big_four_winds(a: Arrangement, s: MingjiangSituation) -> bool:
    return wind_sets(a) == 4


def all_honours(a: Arrangement, s: MingjiangSituation) -> bool:
    return all(is_honor(k) for k in a.kinds_present)


def all_terminals(a: Arrangement, s: MingjiangSituation) -> bool:
    return all(is_terminal(k) for k in a.kinds_present)


def four_kans(a: Arrangement, s: MingjiangSituation) -> bool:
    return sum(1 for x in a.sets if x.shape is SetShape.KAN) == 4


def thirteen_orphans_13_wait(a: Arrangement, s: MingjiangSituation) -> bool:
    """十三么九十三面聽: the 13 kinds were held once each and the winning tile made the pair."""
    return a.shape is Shape.THIRTEEN_ORPHANS and a.counts[a.win_kind] == 2


def four_concealed_single_wait(a: Arrangement, s: MingjiangSituation) -> bool:
    """四暗刻單騎: four concealed triplets, the winning tile completed the pair (tsumo or ron)."""
    return four_concealed(a, s) and a.win_in_pair


def pure_nine_gates(a: Arrangement, s: MingjiangSituation) -> bool:
    """純正九蓮寶燈: exactly 1112345678999 before the winning tile (a 9-sided wait)."""
    if not nine_gates(a, s):
        return False
    counts = list(_suit_counts(a) or ())
    counts[a.win_kind % 9] -= 1
    return tuple(counts) == NINE_GATES_BASE


def seven_shifted_pairs(a: Arrangement, s: MingjiangSituation) -> bool:
    """七連對: closed, seven pairs of seven consecutive numbers in one suit."""
    counts = _suit_counts(a)
    if counts is None or not a.closed:
        return False
    pairs = [i for i, c in enumerate(counts) if c]
    return all(counts[i] == 2 for i in pairs) and len(pairs) == 7 and pairs[-1] - pairs[0] == 6


def four_identical_sequences(a: Arrangement, s: MingjiangSituation) -> bool:
    """一色四同順: four identical sequences."""
    return any(n == 4 for n in identical_sequence_groups(a).values())


LIMITS: tuple[tuple[str, Limit, LimitRule], ...] = (
    ("heavenly", Limit.SMALL, heavenly),
    ("earthly", Limit.SMALL, earthly),
    ("human", Limit.SMALL, human),
    ("big_three_dragons", Limit.SMALL, big_three_dragons),
    ("small_four_winds", Limit.SMALL, small_four_winds),
    ("thirteen_orphans", Limit.SMALL, thirteen_orphans),
    ("nine_gates", Limit.SMALL, nine_gates),
    ("four_concealed", Limit.SMALL, four_concealed),
    ("four_chained", Limit.SMALL, four_chained),
    ("big_four_winds", Limit.BIG, big_four_winds),
    ("all_honours", Limit.BIG, all_honours),
    ("all_terminals", Limit.BIG, all_terminals),
    ("four_kans", Limit.BIG, four_kans),
    ("thirteen_orphans_13_wait", Limit.BIG, thirteen_orphans_13_wait),
    ("four_concealed_single_wait", Limit.BIG, four_concealed_single_wait),
    ("pure_nine_gates", Limit.BIG, pure_nine_gates),
    ("seven_shifted_pairs", Limit.BIG, seven_shifted_pairs),
    ("four_identical_sequences", Limit.BIG, four_identical_sequences),
)

# 包牌: the limits for which the player who fed the deciding set pays.
LIABLE_LIMITS = frozenset(
    {"big_three_dragons", "big_four_winds", "four_kans", "four_chained", "four_identical_sequences"}
)


def limit_hands(a: Arrangement, s: MingjiangSituation) -> tuple[Limit | None, list[str]]:
    """The highest limit of one reading and the limit hands at that level (none: ``(None, [])``)."""
    found = [(name, level) for name, level, rule in LIMITS if rule(a, s)]
    if not found:
        return None, []
    level = Limit.BIG if any(lv is Limit.BIG for _, lv in found) else Limit.SMALL
    return level, [name for name, lv in found if lv is level]
