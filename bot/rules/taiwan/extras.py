"""The seed's optional patterns (特殊牌型), counted only with the table option ``extras=on``.

Definitions follow the seed text the rule set was written from (its "特殊牌型" list, summed up in
``docs/rules/taiwan.md``); where the seed gives "a/b" the first value is
the default and option ``extras_second_values`` takes the second.  Readings of the seed's terse
definitions:

* 步高 (stepped sequences) step by one or by two (123 234 345, or 123 345 567).
* 三同順 is three identical sequences of one suit; its alias 三連刻 (three consecutive triplets of one
  suit) is counted as its own line with the same value.
* 雙2連刻 / 雙2色同刻 / 雙兩相連 need two separate instances; a single one is not in the rules list.
* 4歸N: all four copies of a kind (not a kan) spread over N groups, the pair counting as a group.
* 全帶么九 / 混全帶么九 include the pair and need at least one sequence (all triplets is 清老頭 /
  混老頭).  清老頭 and 混老頭 replace 碰碰胡.
* 清九連寶燈 replaces 清一色 (its definition is "清一色 + 1112345678999"); 正宗16不塔 (exactly 147m
  258p 369s) replaces 16不塔 and 不塔龍.
"""

from __future__ import annotations

from bot.hand.tiles import DRAGONS, GREEN_KINDS, WINDS
from bot.rules.taiwan.shape import WinningShape, knitted_suits, thirteen_orphans_rest
from bot.rules.taiwan.tai import Context, Tai

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def _sequences(shape: WinningShape) -> list[int]:
    return sorted(g.first for g in shape.groups if g.sequence)


def _suited_triplets(shape: WinningShape) -> list[int]:
    return sorted(g.first for g in shape.groups if g.triplet and g.first < 27)


def _kans(shape: WinningShape) -> int:
    return sum(1 for g in shape.groups if g.kan)


# --- special shapes -----------------------------------------------------------------------------


def eight_pairs(shape: WinningShape, c: Context) -> int:
    """哩咕哩咕 8: seven pairs and a triplet, closed, no kan."""
    return 8 if shape.special == "eight_pairs" else 0


def pure_thirteen_orphans(shape: WinningShape, c: Context) -> int:
    """清13麼 16: 13 different terminals/honours, one pair, and a triplet; closed."""
    rest = thirteen_orphans_rest(shape.counts) if shape.special == "thirteen_orphans" else None
    return 16 if rest is not None and not rest[1] else 0


def mixed_thirteen_orphans(shape: WinningShape, c: Context) -> int:
    """混13麼 12: 13 different terminals/honours, one pair, and a sequence; closed."""
    rest = thirteen_orphans_rest(shape.counts) if shape.special == "thirteen_orphans" else None
    return 12 if rest is not None and rest[1] else 0


def _knitted(shape: WinningShape) -> list[tuple[int, ...]] | None:
    return knitted_suits(shape.counts) if shape.special == "knitted" else None


def knitted(shape: WinningShape, c: Context) -> int:
    """16不塔 10: the seven honours, three unconnected tiles in each suit, one eye."""
    return 10 if _knitted(shape) else 0


def authentic_knitted(shape: WinningShape, c: Context) -> int:
    """正宗16不塔 20: 147m 258p 369s and the seven honours, one eye."""
    return 20 if _knitted(shape) == [(1, 4, 7), (2, 5, 8), (3, 6, 9)] else 0


def knitted_dragon(shape: WinningShape, c: Context) -> int:
    """不塔龍 8: a 16不塔 whose nine suit tiles are the numbers 1 to 9."""
    numbers = _knitted(shape)
    return 8 if numbers and sorted(n for suit in numbers for n in suit) == list(range(1, 10)) else 0


def knitted_same_numbers(shape: WinningShape, c: Context) -> int:
    """不塔3相連 8: a 16不塔 with the same three numbers in each suit."""
    numbers = _knitted(shape)
    return 8 if numbers and numbers[0] == numbers[1] == numbers[2] else 0


# --- kans ---------------------------------------------------------------------------------------


def five_kans(shape: WinningShape, c: Context) -> int:
    """5槓子 24."""
    return 24 if _kans(shape) == 5 else 0


def four_kans(shape: WinningShape, c: Context) -> int:
    """4槓子 16."""
    return 16 if _kans(shape) == 4 else 0


def three_kans(shape: WinningShape, c: Context) -> int:
    """三杠子 8."""
    return 8 if _kans(shape) == 3 else 0


def consecutive_kans_bloom(shape: WinningShape, c: Context) -> int:
    """連槓開花 8 (two replacements in a row, flowers included) / 12 (three or more), then tsumo."""
    s = c.situation
    if not (s.tsumo and s.after_kan) or s.replacements < 2:
        return 0
    return 12 if s.replacements >= 3 else 8


# --- colours and terminals ----------------------------------------------------------------------


def all_green(shape: WinningShape, c: Context) -> int:
    """綠一色 12: only 2 3 4 6 8 of bamboo and Green."""
    return 12 if all(k in GREEN_KINDS for k in shape.kinds_present) else 0


def pure_terminals(shape: WinningShape, c: Context) -> int:
    """清老頭 16: only 1s and 9s, in triplets and the pair."""
    return 16 if shape.special is None and all(_is_terminal(k) for k in shape.kinds_present) else 0


def mixed_terminals(shape: WinningShape, c: Context) -> int:
    """混老頭 12: only terminals and honours (both), in triplets and the pair."""
    kinds = shape.kinds_present
    if shape.special is not None or not all(_is_terminal(k) or k >= 27 for k in kinds):
        return 0
    return 12 if any(k >= 27 for k in kinds) and any(_is_terminal(k) for k in kinds) else 0


def _every_group_has(shape: WinningShape, honours_ok: bool) -> bool:
    def ok(kind: int) -> bool:
        return _is_terminal(kind) or (honours_ok and kind >= 27)

    if shape.special is not None or shape.pair is None or not ok(shape.pair):
        return False
    return all(any(ok(k) for k in g.kinds) for g in shape.groups)


def outside_pure(shape: WinningShape, c: Context) -> int:
    """全帶么九 10: every set and the pair hold a 1 or a 9, no honours, at least one sequence."""
    has_sequence = any(g.sequence for g in shape.groups)
    return 10 if has_sequence and 3 not in shape.suits and _every_group_has(shape, False) else 0


def outside_mixed(shape: WinningShape, c: Context) -> int:
    """混全帶么九 5: every set and the pair hold a terminal or an honour, with honours, and a sequence."""
    has_sequence = any(g.sequence for g in shape.groups)
    return 5 if has_sequence and 3 in shape.suits and _every_group_has(shape, True) else 0


def five_families(shape: WinningShape, c: Context) -> int:
    """五門齊 2: characters, dots, bamboo, winds and dragons all present."""
    kinds = set(shape.kinds_present)
    families = {k // 9 for k in kinds if k < 27}
    has_wind = bool(kinds & set(WINDS))
    has_dragon = bool(kinds & set(DRAGONS))
    return 2 if len(families) == 3 and has_wind and has_dragon else 0


def _nine_gates_suit(shape: WinningShape) -> int | None:
    """The suit holding 1112345678999 (and at least 14 tiles of it) in a closed hand."""
    if shape.special is not None or any(g.melded for g in shape.groups):
        return None
    for suit in range(3):
        counts = shape.counts[suit * 9 : suit * 9 + 9]
        if all(counts[n] >= NINE_GATES[n] for n in range(9)) and sum(counts) >= 14:
            return suit
    return None


def pure_nine_gates(shape: WinningShape, c: Context) -> int:
    """清九連寶燈 20: one suit only, closed, holding 1112345678999."""
    suit = _nine_gates_suit(shape)
    return 20 if suit is not None and shape.suits == {suit} else 0


def mixed_nine_gates(shape: WinningShape, c: Context) -> int:
    """混九連寶燈 10: 1112345678999 (+1) of one suit and a set of another kind, closed."""
    suit = _nine_gates_suit(shape)
    return 10 if suit is not None and len(shape.suits) > 1 else 0


# --- sequences ----------------------------------------------------------------------------------


def _same_sequence_counts(shape: WinningShape) -> list[int]:
    seqs = _sequences(shape)
    return [seqs.count(first) for first in sorted(set(seqs))]


def four_identical_sequences(shape: WinningShape, c: Context) -> int:
    """4連大寶 16: four identical sequences."""
    return 16 if max(_same_sequence_counts(shape), default=0) >= 4 else 0


def three_identical_sequences(shape: WinningShape, c: Context) -> int:
    """三同順 6: three identical sequences."""
    return 6 if 3 in _same_sequence_counts(shape) else 0


def double_identical_sequences(shape: WinningShape, c: Context) -> int:
    """雙龍抱 6: two 般高 (two different pairs of identical sequences)."""
    return 6 if _same_sequence_counts(shape).count(2) >= 2 else 0


def identical_sequences(shape: WinningShape, c: Context) -> int:
    """般高 2: two identical sequences of one suit."""
    return 2 if _same_sequence_counts(shape).count(2) == 1 else 0


def _longest_step_chain(firsts: list[int], steps: tuple[int, ...]) -> int:
    """Longest chain of distinct starts within one suit, each ``step`` above the last."""
    starts = set(firsts)
    best = 0
    for step in steps:
        for first in starts:
            length = 1
            while first + length * step in starts and (first + length * step) // 9 == first // 9:
                length += 1
            best = max(best, length)
    return best


def five_step_sequences(shape: WinningShape, c: Context) -> int:
    """1色5步高 12: five sequences of one suit, each one (or two) above the last."""
    return 12 if _longest_step_chain(_sequences(shape), (1, 2)) >= 5 else 0


def _a_or_b(c: Context, a: int, b: int) -> int:
    """The seed's "a/b" values: a by default, b with ``extras_second_values``."""
    return b if c.options.extras_second_values else a


def four_step_sequences(shape: WinningShape, c: Context) -> int:
    """1色4步高 8 [9]."""
    return _a_or_b(c, 8, 9) if _longest_step_chain(_sequences(shape), (1, 2)) == 4 else 0


def three_step_sequences(shape: WinningShape, c: Context) -> int:
    """1色3步高 4 [6]."""
    return _a_or_b(c, 4, 6) if _longest_step_chain(_sequences(shape), (1, 2)) == 3 else 0


def pure_straight(shape: WinningShape, c: Context) -> int:
    """一條龍 8: 123 456 789 of one suit."""
    starts = set(_sequences(shape))
    return 8 if any({s, s + 3, s + 6} <= starts for s in (0, 9, 18)) else 0


def mixed_straight(shape: WinningShape, c: Context) -> int:
    """混龍 4: 123, 456 and 789 each in a different suit."""
    starts = set(_sequences(shape))
    for a in range(3):
        for b in range(3):
            for d in range(3):
                if len({a, b, d}) == 3 and {a * 9, b * 9 + 3, d * 9 + 6} <= starts:
                    return 4
    return 0


def _suits_by_number(firsts: list[int]) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for first in firsts:
        out.setdefault(first % 9, set()).add(first // 9)
    return out


def three_colour_sequences(shape: WinningShape, c: Context) -> int:
    """三相連 (三色同順) 5: the same sequence in the three suits."""
    return 5 if any(len(s) == 3 for s in _suits_by_number(_sequences(shape)).values()) else 0


def double_two_colour_sequences(shape: WinningShape, c: Context) -> int:
    """雙兩相連 3: two different sequences each found in exactly two suits."""
    return 3 if sum(len(s) == 2 for s in _suits_by_number(_sequences(shape)).values()) >= 2 else 0


def _three_colour_steps(firsts: list[int]) -> bool:
    by_number = _suits_by_number(firsts)
    for n in range(7):
        for a in by_number.get(n, ()):
            for b in by_number.get(n + 1, ()):
                for d in by_number.get(n + 2, ()):
                    if len({a, b, d}) == 3:
                        return True
    return False


def three_colour_step_sequences(shape: WinningShape, c: Context) -> int:
    """三色步高 2 [3]: sequences in the three suits, each one above the last (123m 234p 345s)."""
    return _a_or_b(c, 2, 3) if _three_colour_steps(_sequences(shape)) else 0


# --- triplets -----------------------------------------------------------------------------------


def _triplet_runs(shape: WinningShape) -> list[int]:
    """Lengths of runs of consecutive triplets within one suit."""
    firsts = set(_suited_triplets(shape))
    runs = []
    for first in sorted(firsts):
        if first - 1 in firsts and (first - 1) // 9 == first // 9:
            continue
        length = 1
        while first + length in firsts and (first + length) // 9 == first // 9:
            length += 1
        runs.append(length)
    return runs


def five_step_triplets(shape: WinningShape, c: Context) -> int:
    """五連刻 (5節高) 16: five consecutive triplets of one suit."""
    return 16 if max(_triplet_runs(shape), default=0) >= 5 else 0


def four_step_triplets(shape: WinningShape, c: Context) -> int:
    """四連刻 (4節高) 12."""
    return 12 if max(_triplet_runs(shape), default=0) == 4 else 0


def three_step_triplets(shape: WinningShape, c: Context) -> int:
    """三連刻 6 (the seed's alias of 三同順): three consecutive triplets of one suit."""
    return 6 if max(_triplet_runs(shape), default=0) == 3 else 0


def double_two_step_triplets(shape: WinningShape, c: Context) -> int:
    """雙2連刻 3: two separate pairs of consecutive triplets."""
    runs = _triplet_runs(shape)
    return 3 if max(runs, default=0) < 3 and sum(r // 2 for r in runs) >= 2 else 0


def three_colour_triplets(shape: WinningShape, c: Context) -> int:
    """三色同刻 5: triplets of one number in the three suits."""
    return 5 if any(len(s) == 3 for s in _suits_by_number(_suited_triplets(shape)).values()) else 0


def double_two_colour_triplets(shape: WinningShape, c: Context) -> int:
    """雙2色同刻 3: two numbers each with triplets in exactly two suits."""
    by_number = _suits_by_number(_suited_triplets(shape))
    return 3 if sum(len(s) == 2 for s in by_number.values()) >= 2 else 0


def three_colour_step_triplets(shape: WinningShape, c: Context) -> int:
    """三色連刻 2 [3]: triplets in the three suits, each one above the last (111m 222p 333s)."""
    return _a_or_b(c, 2, 3) if _three_colour_steps(_suited_triplets(shape)) else 0


# --- four of a kind spread over groups ----------------------------------------------------------


def _groups_holding(shape: WinningShape, kind: int) -> int:
    groups = sum(1 for g in shape.groups if kind in g.kinds)
    return groups + (1 if shape.pair == kind else 0)


def _spread_fours(shape: WinningShape, groups: int) -> int:
    """How many kinds have all four copies (not as a kan) spread over ``groups`` groups."""
    kan_kinds = {g.first for g in shape.groups if g.kan}
    fours = [k for k in range(34) if shape.counts[k] == 4 and k not in kan_kinds]
    if shape.special == "eight_pairs":
        return len(fours) if groups == 2 else 0  # a four of a kind there is two pairs
    if shape.special is not None:
        return 0
    return sum(1 for k in fours if _groups_holding(shape, k) == groups)


def four_into_four(shape: WinningShape, c: Context) -> int:
    """4歸4 8: all four copies of a kind in four different sequences."""
    return 8 * _spread_fours(shape, 4)


def four_into_three(shape: WinningShape, c: Context) -> int:
    """4歸3 3: all four copies in two sequences and the pair."""
    return 3 * _spread_fours(shape, 3)


def four_into_two(shape: WinningShape, c: Context) -> int:
    """4歸2 2: all four copies in two groups (a triplet and a sequence; two pairs of 哩咕哩咕)."""
    return 2 * _spread_fours(shape, 2)


EXTRA_TAI: dict[str, Tai] = {
    "eight_pairs": eight_pairs,
    "pure_thirteen_orphans": pure_thirteen_orphans,
    "mixed_thirteen_orphans": mixed_thirteen_orphans,
    "knitted": knitted,
    "authentic_knitted": authentic_knitted,
    "knitted_dragon": knitted_dragon,
    "knitted_same_numbers": knitted_same_numbers,
    "five_kans": five_kans,
    "four_kans": four_kans,
    "three_kans": three_kans,
    "consecutive_kans_bloom": consecutive_kans_bloom,
    "all_green": all_green,
    "pure_terminals": pure_terminals,
    "mixed_terminals": mixed_terminals,
    "outside_pure": outside_pure,
    "outside_mixed": outside_mixed,
    "five_families": five_families,
    "pure_nine_gates": pure_nine_gates,
    "mixed_nine_gates": mixed_nine_gates,
    "four_identical_sequences": four_identical_sequences,
    "three_identical_sequences": three_identical_sequences,
    "double_identical_sequences": double_identical_sequences,
    "identical_sequences": identical_sequences,
    "five_step_sequences": five_step_sequences,
    "four_step_sequences": four_step_sequences,
    "three_step_sequences": three_step_sequences,
    "pure_straight": pure_straight,
    "mixed_straight": mixed_straight,
    "three_colour_sequences": three_colour_sequences,
    "double_two_colour_sequences": double_two_colour_sequences,
    "three_colour_step_sequences": three_colour_step_sequences,
    "five_step_triplets": five_step_triplets,
    "four_step_triplets": four_step_triplets,
    "three_step_triplets": three_step_triplets,
    "double_two_step_triplets": double_two_step_triplets,
    "three_colour_triplets": three_colour_triplets,
    "double_two_colour_triplets": double_two_colour_triplets,
    "three_colour_step_triplets": three_colour_step_triplets,
    "four_into_four": four_into_four,
    "four_into_three": four_into_three,
    "four_into_two": four_into_two,
}

EXTRA_REPLACES: dict[str, frozenset[str]] = {
    "five_kans": frozenset({"four_kans", "three_kans"}),
    "four_kans": frozenset({"three_kans"}),
    "consecutive_kans_bloom": frozenset({"after_kan"}),
    "pure_terminals": frozenset({"all_triplets", "outside_pure", "mixed_terminals"}),
    "mixed_terminals": frozenset({"all_triplets", "outside_mixed"}),
    "outside_pure": frozenset({"outside_mixed"}),
    "pure_nine_gates": frozenset({"full_flush", "mixed_nine_gates"}),
    "authentic_knitted": frozenset({"knitted", "knitted_dragon"}),
    "four_identical_sequences": frozenset(
        {"three_identical_sequences", "double_identical_sequences", "identical_sequences"}
    ),
    "double_identical_sequences": frozenset({"identical_sequences"}),
    "five_step_sequences": frozenset({"four_step_sequences", "three_step_sequences"}),
    "four_step_sequences": frozenset({"three_step_sequences"}),
    "five_step_triplets": frozenset(
        {"four_step_triplets", "three_step_triplets", "double_two_step_triplets"}
    ),
    "four_step_triplets": frozenset({"three_step_triplets", "double_two_step_triplets"}),
    "three_colour_triplets": frozenset({"double_two_colour_triplets"}),
    "three_colour_sequences": frozenset({"double_two_colour_sequences"}),
}
