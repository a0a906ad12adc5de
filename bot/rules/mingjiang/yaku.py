"""The fan of mingjiang: one function per yaku (``docs/rules/mingjiang.md``, section "Fan").

Each function takes one reading of the hand (:class:`Arrangement`) and the situation and returns the
fan it is worth in that reading (0 when it does not apply).  :func:`fan_yaku` applies the exclusions
(上下役) and returns the lines of one reading.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from bot.hand.tiles import DRAGONS, WINDS, is_honor, is_simple, is_terminal, is_terminal_or_honor
from bot.rules.mingjiang.arrangement import Arrangement, HandSet, SetShape, Shape
from bot.rules.mingjiang.situation import MingjiangSituation

YakuRule = Callable[[Arrangement, MingjiangSituation], int]


# ---- helpers -------------------------------------------------------------------------------------


def number_suits(a: Arrangement) -> set[int]:
    return {k // 9 for k in a.kinds_present if k < 27}


def has_honours(a: Arrangement) -> bool:
    return any(is_honor(k) for k in a.kinds_present)


def sequences(a: Arrangement) -> tuple[HandSet, ...]:
    return a.sequences


def triplets(a: Arrangement) -> tuple[HandSet, ...]:
    """Triplets and kans."""
    return a.triplets


def is_regular(a: Arrangement) -> bool:
    return a.shape is Shape.REGULAR


def has_chained_triplets(a: Arrangement, length: int) -> bool:
    """``length`` triplets/kans of consecutive numbers in one suit."""
    firsts = {s.first for s in triplets(a) if s.first < 27}
    return any(all(f + i in firsts and (f + i) // 9 == f // 9 for i in range(length)) for f in firsts)


def wind_sets(a: Arrangement) -> int:
    return sum(1 for s in triplets(a) if s.first in WINDS)


def dragon_sets(a: Arrangement) -> int:
    return sum(1 for s in triplets(a) if s.first in DRAGONS)


def identical_sequence_groups(a: Arrangement) -> Counter[int]:
    """How many times each sequence occurs (keyed by its first kind)."""
    return Counter(s.first for s in sequences(a))


# ---- Basic ---------------------------------------------------------------------------------------


def riichi(a: Arrangement, s: MingjiangSituation) -> int:
    return 1 if s.riichi else 0


def menmo_parts(a: Arrangement, s: MingjiangSituation) -> int:
    """How many of closed, self-drawn, all simples and four sequences (平和: any wait, any pair) hold."""
    return sum(
        (
            a.closed,
            s.tsumo,
            all(is_simple(k) for k in a.kinds_present),
            is_regular(a) and len(sequences(a)) == 4,
        )
    )


def menmo(a: Arrangement, s: MingjiangSituation) -> int:
    """門摸斷平: 0 or 1 of the four parts 0 fan; 2 parts 1; 3 parts 2; all four 3."""
    return max(0, menmo_parts(a, s) - 1)


# ---- Suits ---------------------------------------------------------------------------------------


def half_flush(a: Arrangement, s: MingjiangSituation) -> int:
    """混一色: one number suit plus honours (a full flush hides it)."""
    return 2 if len(number_suits(a)) == 1 else 0


def full_flush(a: Arrangement, s: MingjiangSituation) -> int:
    return 5 if len(number_suits(a)) == 1 and not has_honours(a) else 0


def two_suits(a: Arrangement, s: MingjiangSituation) -> int:
    """缺一門: number tiles of two suits only, no honours (a full flush hides it)."""
    return 1 if len(number_suits(a)) <= 2 and not has_honours(a) else 0


def five_gates(a: Arrangement, s: MingjiangSituation) -> int:
    """五門齊: man, pin, sou, a wind and a dragon (with seven pairs too; never with knitted)."""
    kinds = set(a.kinds_present)
    if a.shape is Shape.KNITTED or len(number_suits(a)) != 3:
        return 0
    return 2 if kinds & set(WINDS) and kinds & set(DRAGONS) else 0


# ---- Triplets and kans ---------------------------------------------------------------------------


def concealed_kan(a: Arrangement, s: MingjiangSituation) -> int:
    """暗槓: 1 fan each."""
    return sum(1 for x in a.sets if x.shape is SetShape.KAN and x.concealed)


def all_triplets(a: Arrangement, s: MingjiangSituation) -> int:
    return 2 if is_regular(a) and len(triplets(a)) == 4 else 0


def three_concealed(a: Arrangement, s: MingjiangSituation) -> int:
    """三暗刻: concealed triplets and closed kans; a triplet completed by ron is not concealed."""
    return 2 if sum(1 for x in triplets(a) if x.concealed) >= 3 else 0


def three_chained(a: Arrangement, s: MingjiangSituation) -> int:
    return 3 if has_chained_triplets(a, 3) else 0


def three_kans(a: Arrangement, s: MingjiangSituation) -> int:
    return 5 if sum(1 for x in a.sets if x.shape is SetShape.KAN) == 3 else 0


# ---- Honours -------------------------------------------------------------------------------------


def value_set(a: Arrangement, s: MingjiangSituation) -> int:
    """役牌: 1 per dragon set, 1 per seat-wind set, 1 per round-wind set (a double wind counts 2)."""
    fan = 0
    for x in triplets(a):
        fan += x.first in DRAGONS
        fan += x.first == s.seat_wind
        fan += x.first == s.round_wind
    return fan


def small_dragons(a: Arrangement, s: MingjiangSituation) -> int:
    return 2 if a.pair in DRAGONS and dragon_sets(a) == 2 else 0


def three_winds(a: Arrangement, s: MingjiangSituation) -> int:
    return 3 if wind_sets(a) == 3 else 0


# ---- Terminals -----------------------------------------------------------------------------------


def _every_group_has(a: Arrangement, test: Callable[[int], bool]) -> bool:
    if not is_regular(a) or a.pair is None:
        return False
    return test(a.pair) and all(any(test(k) for k in x.kinds) for x in a.sets)


def mixed_outside(a: Arrangement, s: MingjiangSituation) -> int:
    """混全帶么: every set and the pair hold a terminal or an honour."""
    return 2 if _every_group_has(a, is_terminal_or_honor) else 0


def pure_outside(a: Arrangement, s: MingjiangSituation) -> int:
    """純全帶么: every set and the pair hold a terminal; no honours."""
    return 3 if _every_group_has(a, is_terminal) else 0


def all_terminals_honours(a: Arrangement, s: MingjiangSituation) -> int:
    """混么九: only terminals and honours (always with seven pairs or all triplets)."""
    return 3 if all(is_terminal_or_honor(k) for k in a.kinds_present) else 0


# ---- Identical sequences -------------------------------------------------------------------------


def pure_double(a: Arrangement, s: MingjiangSituation) -> int:
    """一般高: two identical sequences (hidden by twice pure double and pure triple)."""
    return 1 if any(n >= 2 for n in identical_sequence_groups(a).values()) else 0


def twice_pure_double(a: Arrangement, s: MingjiangSituation) -> int:
    """雙般高: two different pairs of identical sequences (a seven-pairs reading never gives it)."""
    return 3 if sum(1 for n in identical_sequence_groups(a).values() if n == 2) == 2 else 0


def pure_triple(a: Arrangement, s: MingjiangSituation) -> int:
    return 4 if any(n == 3 for n in identical_sequence_groups(a).values()) else 0


# ---- Three suits ---------------------------------------------------------------------------------


def mixed_triple(a: Arrangement, s: MingjiangSituation) -> int:
    """三色同順: the same sequence in man, pin and sou."""
    firsts = {x.first for x in sequences(a)}
    return 2 if any(n in firsts and n + 9 in firsts and n + 18 in firsts for n in range(7)) else 0


def _triplet_numbers(a: Arrangement) -> set[tuple[int, int]]:
    """(suit, number) of each numbered triplet or kan."""
    return {(x.first // 9, x.first % 9) for x in triplets(a) if x.first < 27}


def small_triple_pungs(a: Arrangement, s: MingjiangSituation) -> int:
    """小三色同刻: triplets of one number in two suits, the pair of that number in the third."""
    if a.pair is None or a.pair >= 27:
        return 0
    suit, number = divmod(a.pair, 9)
    others = [x for x in range(3) if x != suit]
    held = _triplet_numbers(a)
    return 2 if all((x, number) in held for x in others) else 0


def triple_pungs(a: Arrangement, s: MingjiangSituation) -> int:
    held = _triplet_numbers(a)
    return 5 if any(all((suit, n) in held for suit in range(3)) for n in range(9)) else 0


# ---- Numbers -------------------------------------------------------------------------------------


def pure_straight(a: Arrangement, s: MingjiangSituation) -> int:
    """清龍: 123 456 789 of one suit."""
    firsts = {x.first for x in sequences(a)}
    return 2 if any({base, base + 3, base + 6} <= firsts for base in (0, 9, 18)) else 0


def _four_copies_uses(a: Arrangement) -> list[tuple[int, bool, int]]:
    """For each kind whose four copies are all in the hand (not as a kan): (triplets, pair, sequences)
    holding it."""
    if not is_regular(a):
        return []
    uses = []
    for kind in a.kinds_present:
        if a.counts[kind] != 4 or any(x.shape is SetShape.KAN and x.first == kind for x in a.sets):
            continue
        in_triplets = sum(1 for x in a.sets if x.shape is SetShape.TRIPLET and x.first == kind)
        in_sequences = sum(1 for x in sequences(a) if kind in x.kinds)
        uses.append((in_triplets, a.pair == kind, in_sequences))
    return uses


def four_in_one(a: Arrangement, s: MingjiangSituation) -> int:
    """四歸一: 1 fan per kind whose four copies are one triplet and one sequence."""
    return sum(1 for use in _four_copies_uses(a) if use == (1, False, 1))


def four_in_two(a: Arrangement, s: MingjiangSituation) -> int:
    """四歸二: 2 fan per kind whose four copies are the pair and two sequences."""
    return 2 * sum(1 for use in _four_copies_uses(a) if use == (0, True, 2))


def four_in_four(a: Arrangement, s: MingjiangSituation) -> int:
    """四歸四: 4 fan per kind whose four copies are in four sequences."""
    return 4 * sum(1 for use in _four_copies_uses(a) if use == (0, False, 4))


# ---- Chance --------------------------------------------------------------------------------------


def after_kan(a: Arrangement, s: MingjiangSituation) -> int:
    return 1 if s.after_kan else 0


def robbing_kan(a: Arrangement, s: MingjiangSituation) -> int:
    return 1 if s.robbing_kan else 0


def last_tile_draw(a: Arrangement, s: MingjiangSituation) -> int:
    return 1 if s.last_tile_draw else 0


def last_tile_claim(a: Arrangement, s: MingjiangSituation) -> int:
    return 1 if s.last_tile_claim else 0


# ---- Special shapes ------------------------------------------------------------------------------


def seven_pairs(a: Arrangement, s: MingjiangSituation) -> int:
    return 2 if a.shape is Shape.SEVEN_PAIRS else 0


def knitted(a: Arrangement, s: MingjiangSituation) -> int:
    return 2 if a.shape is Shape.KNITTED else 0


YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("riichi", riichi),
    ("menmo", menmo),
    ("half_flush", half_flush),
    ("full_flush", full_flush),
    ("two_suits", two_suits),
    ("five_gates", five_gates),
    ("concealed_kan", concealed_kan),
    ("all_triplets", all_triplets),
    ("three_concealed", three_concealed),
    ("three_chained", three_chained),
    ("three_kans", three_kans),
    ("value_set", value_set),
    ("small_dragons", small_dragons),
    ("three_winds", three_winds),
    ("mixed_outside", mixed_outside),
    ("pure_outside", pure_outside),
    ("all_terminals_honours", all_terminals_honours),
    ("pure_double", pure_double),
    ("twice_pure_double", twice_pure_double),
    ("pure_triple", pure_triple),
    ("mixed_triple", mixed_triple),
    ("small_triple_pungs", small_triple_pungs),
    ("triple_pungs", triple_pungs),
    ("pure_straight", pure_straight),
    ("four_in_one", four_in_one),
    ("four_in_two", four_in_two),
    ("four_in_four", four_in_four),
    ("after_kan", after_kan),
    ("robbing_kan", robbing_kan),
    ("last_tile_draw", last_tile_draw),
    ("last_tile_claim", last_tile_claim),
    ("seven_pairs", seven_pairs),
    ("knitted", knitted),
)

# 上下役: the higher yaku hides the lower ones when both apply.
EXCLUSIONS: dict[str, tuple[str, ...]] = {
    "full_flush": ("half_flush", "two_suits"),
    "pure_outside": ("mixed_outside",),
    "all_terminals_honours": ("mixed_outside",),
    "twice_pure_double": ("pure_double",),
    "pure_triple": ("pure_double",),
}


def fan_yaku(a: Arrangement, s: MingjiangSituation) -> list[tuple[str, int]]:
    """The yaku of one reading, after the exclusions, in table order."""
    found = {name: fan for name, rule in YAKU if (fan := rule(a, s))}
    hidden = {low for high, lows in EXCLUSIONS.items() if high in found for low in lows}
    return [(name, fan) for name, fan in found.items() if name not in hidden]
