"""The ordinary yaku (Tenhou set): one function per yaku, returning its han (0 when absent).

Han for open hands follow the usual reduction (chanta, junchan, ittsu, sanshoku, honitsu and
chinitsu lose one; closed-only yaku give 0).  Dora are not yaku: see :mod:`bot.rules.riichi.dora`.

Two kinds of rule: a *hand yaku* looks only at :class:`HandFacts` (flags, suits, honour triplets,
kans) and is worked out once per hand; a *reading yaku* also looks at the :class:`Win` (sequences,
triplets, wait) and is worked out for each reading.  Each group of rules sits behind a cheap test
that most hands fail, so a typical hand calls a few rules instead of all 36.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from bot.hand.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE
from bot.rules.riichi.hand import HandFacts, Win
from bot.rules.riichi.shape import RYANMEN, count_of
from bot.rules.riichi.situation import WinSituation

HandYaku = Callable[[HandFacts], int]
ReadingYaku = Callable[[HandFacts, Win], int]

ITTSU_MASK: Final = 0b1001001  # sequences 123, 456 and 789 of one suit (bits of their first kinds)
NINE_BITS: Final = 0x1FF


def _closed_or_open(h: HandFacts, closed_han: int) -> int:
    return closed_han if h.closed else closed_han - 1


# --- situational yaku (hand) ------------------------------------------------------------------


def riichi(h: HandFacts) -> int:
    return 1 if h.situation.riichi and not h.situation.double_riichi else 0


def double_riichi(h: HandFacts) -> int:
    return 2 if h.situation.double_riichi else 0


def ippatsu(h: HandFacts) -> int:
    return 1 if h.situation.ippatsu else 0


def menzen_tsumo(h: HandFacts) -> int:
    """Fully concealed hand won by self-draw."""
    return 1 if h.closed and h.tsumo else 0


def rinshan(h: HandFacts) -> int:
    return 1 if h.situation.rinshan else 0


def chankan(h: HandFacts) -> int:
    return 1 if h.situation.chankan else 0


def haitei(h: HandFacts) -> int:
    return 1 if h.situation.haitei else 0


def houtei(h: HandFacts) -> int:
    return 1 if h.situation.houtei else 0


# --- tile yaku (hand) -------------------------------------------------------------------------


def tanyao(h: HandFacts) -> int:
    """All simples (2-8); in an open hand only with kuitan."""
    if not h.all_simples:
        return 0
    return 1 if h.closed or h.options.kuitan else 0


def honroutou(h: HandFacts) -> int:
    """Only terminals and honours (with both present; all honours is tsuuiisou, a yakuman)."""
    return 2 if h.all_terminals_or_honors and h.has_honors and h.suits else 0


def honitsu(h: HandFacts) -> int:
    """One suit plus honours."""
    return _closed_or_open(h, 3) if h.suits == 1 and h.has_honors else 0


def chinitsu(h: HandFacts) -> int:
    """One suit, no honours."""
    return _closed_or_open(h, 6) if h.suits == 1 and not h.has_honors else 0


def sankantsu(h: HandFacts) -> int:
    return 2 if h.kans == 3 else 0


# Honours held three or more times are a triplet (or kan) in every reading: hand yaku.


def is_value_pair(h: HandFacts, kind: int) -> bool:
    return kind >= WHITE or kind == h.seat_wind or kind == h.round_wind


# The wind yaku are one function each for seat and round, bound to a wind with partial (not made by a
# function at import, whose body mutation testing could never switch on).
def seat_wind_han(wind: int, h: HandFacts) -> int:
    return 1 if h.seat_wind == wind and wind in h.honor_triplets else 0


def round_wind_han(wind: int, h: HandFacts) -> int:
    return 1 if h.round_wind == wind and wind in h.honor_triplets else 0


def haku(h: HandFacts) -> int:
    return 1 if WHITE in h.honor_triplets else 0


def hatsu(h: HandFacts) -> int:
    return 1 if GREEN in h.honor_triplets else 0


def chun(h: HandFacts) -> int:
    return 1 if RED in h.honor_triplets else 0


def shousangen(h: HandFacts) -> int:
    """Two dragon triplets and a dragon pair (a dragon held twice is the pair in every reading)."""
    c = h.all_counts
    dragons = sorted((count_of(c, WHITE), count_of(c, GREEN), count_of(c, RED)))
    return 2 if dragons[0] == 2 and dragons[1] >= 3 else 0


# --- shape yaku (reading) ---------------------------------------------------------------------


def pinfu(h: HandFacts, w: Win) -> int:
    """Closed, four sequences, a pair that gives no fu, won on a two-sided wait."""
    if not h.closed or w.seven_pairs or w.triplets or w.wait != RYANMEN:
        return 0
    return 0 if is_value_pair(h, w.pair) else 1


def iipeikou(h: HandFacts, w: Win) -> int:
    """Two identical sequences in a closed hand (not counted inside ryanpeikou)."""
    return 1 if h.closed and w.identical_sequences == 1 else 0


def ryanpeikou(h: HandFacts, w: Win) -> int:
    """Two sets of two identical sequences in a closed hand."""
    return 3 if h.closed and w.identical_sequences == 2 else 0


def chiitoitsu(h: HandFacts, w: Win) -> int:
    return 2 if w.seven_pairs else 0


def chanta(h: HandFacts, w: Win) -> int:
    """Every set and the pair hold a terminal or honour, with honours and a sequence."""
    if not (w.outside and w.sequences and h.has_honors):
        return 0
    return _closed_or_open(h, 2)


def junchan(h: HandFacts, w: Win) -> int:
    """Every set and the pair hold a terminal, no honours, at least one sequence."""
    if not w.outside or not w.sequences or h.has_honors:
        return 0
    return _closed_or_open(h, 3)


def ittsu(h: HandFacts, w: Win) -> int:
    """123, 456 and 789 of one suit."""
    mask = w.sequence_mask
    for base in (0, 9, 18):
        if (mask >> base) & ITTSU_MASK == ITTSU_MASK:
            return _closed_or_open(h, 2)
    return 0


def sanshoku(h: HandFacts, w: Win) -> int:
    """The same sequence in all three suits."""
    mask = w.sequence_mask
    return _closed_or_open(h, 2) if mask & (mask >> 9) & (mask >> 18) & NINE_BITS else 0


def sanshoku_doukou(h: HandFacts, w: Win) -> int:
    """The same triplet in all three suits."""
    mask = w.triplet_mask
    return 2 if mask & (mask >> 9) & (mask >> 18) & NINE_BITS else 0


def toitoi(h: HandFacts, w: Win) -> int:
    """Four triplets (or kans)."""
    return 2 if w.triplets == 4 else 0


def sanankou(h: HandFacts, w: Win) -> int:
    """Three concealed triplets (a triplet completed by ron is not concealed)."""
    return 2 if w.concealed_triplets == 3 else 0


# --- the rules in groups, each behind its cheap test -----------------------------------------

FLAG_YAKU: Final[tuple[tuple[str, HandYaku], ...]] = (
    ("riichi", riichi),
    ("double_riichi", double_riichi),
    ("ippatsu", ippatsu),
    ("chankan", chankan),
    ("rinshan", rinshan),
    ("haitei", haitei),
    ("houtei", houtei),
)
# The situational yaku with the WinSituation field each needs (its rule is asked only when it is set).
FLAG_RULES: Final = tuple((WinSituation._fields.index(name), name, rule) for name, rule in FLAG_YAKU)
SEAT_WIND_YAKU: Final[tuple[tuple[str, HandYaku], ...]] = (
    ("seat_wind_east", partial(seat_wind_han, EAST)),
    ("seat_wind_south", partial(seat_wind_han, SOUTH)),
    ("seat_wind_west", partial(seat_wind_han, WEST)),
    ("seat_wind_north", partial(seat_wind_han, NORTH)),
)
ROUND_WIND_YAKU: Final[tuple[tuple[str, HandYaku], ...]] = (
    ("round_wind_east", partial(round_wind_han, EAST)),
    ("round_wind_south", partial(round_wind_han, SOUTH)),
    ("round_wind_west", partial(round_wind_han, WEST)),
    ("round_wind_north", partial(round_wind_han, NORTH)),
)
DRAGON_YAKU: Final[tuple[tuple[str, HandYaku], ...]] = (("haku", haku), ("hatsu", hatsu), ("chun", chun))
FLUSH_YAKU: Final[tuple[tuple[str, HandYaku], ...]] = (("honitsu", honitsu), ("chinitsu", chinitsu))


# Every yaku in the order its line is shown (Tenhou's order of old; tests read lines by name).
YAKU_RULES: Final[tuple[tuple[str, HandYaku | ReadingYaku], ...]] = (
    ("menzen_tsumo", menzen_tsumo),
    ("pinfu", pinfu),
    ("iipeikou", iipeikou),
    *FLAG_YAKU,
    ("tanyao", tanyao),
    ("chiitoitsu", chiitoitsu),
    ("honroutou", honroutou),
    *SEAT_WIND_YAKU,
    *ROUND_WIND_YAKU,
    *DRAGON_YAKU,
    ("shousangen", shousangen),
    ("chanta", chanta),
    ("junchan", junchan),
    ("ittsu", ittsu),
    ("sanshoku", sanshoku),
    ("ryanpeikou", ryanpeikou),
    ("toitoi", toitoi),
    ("sanankou", sanankou),
    ("sanshoku_doukou", sanshoku_doukou),
    ("sankantsu", sankantsu),
    *FLUSH_YAKU,
)
YAKU_ORDER: Final = {name: index for index, (name, _) in enumerate(YAKU_RULES)}

YakuLines = list[tuple[str, int]]
PINFU_LINE: Final = ("pinfu", 1)  # fu_of asks whether the reading's lines hold it


def hand_yaku_lines(h: HandFacts) -> YakuLines:
    """(yaku id, han) of the yaku every reading of the hand has (unordered; see :func:`in_order`)."""
    lines: YakuLines = []
    if h.closed and h.tsumo:
        lines.append(("menzen_tsumo", menzen_tsumo(h)))
    if h.any_flag:
        situation = h.situation
        for field, name, rule in FLAG_RULES:
            if situation[field] and (han := rule(h)):
                lines.append((name, han))
    if h.all_simples and (han := tanyao(h)):
        lines.append(("tanyao", han))
    if h.all_terminals_or_honors and (han := honroutou(h)):
        lines.append(("honroutou", han))
    honor_triplets = h.honor_triplets  # sorted kinds: winds, then dragons
    if honor_triplets:
        seat_wind = h.seat_wind
        round_wind = h.round_wind
        for kind in honor_triplets:
            if kind >= WHITE:
                name, rule = DRAGON_YAKU[kind - WHITE]
                lines.append((name, rule(h)))
                continue
            if kind == seat_wind:  # a wind triplet counts only as the seat or round wind
                name, rule = SEAT_WIND_YAKU[kind - EAST]
                lines.append((name, rule(h)))
            if kind == round_wind:
                name, rule = ROUND_WIND_YAKU[kind - EAST]
                lines.append((name, rule(h)))
        if len(honor_triplets) >= 2 and honor_triplets[-2] >= WHITE and (han := shousangen(h)):
            lines.append(("shousangen", han))
    if h.kans == 3:
        lines.append(("sankantsu", sankantsu(h)))
    if h.suits == 1:
        for name, hand_rule in FLUSH_YAKU:
            if han := hand_rule(h):
                lines.append((name, han))
    return lines


def reading_yaku_lines(h: HandFacts, w: Win) -> YakuLines:
    """(yaku id, han) of the yaku of this reading only (unordered; see :func:`in_order`).

    Each rule is asked only when its cheap precondition holds (most readings ask one or two).
    """
    if w.seven_pairs:
        return [("chiitoitsu", chiitoitsu(h, w))]
    lines: YakuLines = []
    if w.wait == RYANMEN and pinfu(h, w):
        lines.append(PINFU_LINE)
    if w.identical_sequences:
        if w.identical_sequences == 1 and (han := iipeikou(h, w)):
            lines.append(("iipeikou", han))
        elif han := ryanpeikou(h, w):
            lines.append(("ryanpeikou", han))
    if w.outside and w.sequences:
        if h.has_honors:
            lines.append(("chanta", chanta(h, w)))
        else:
            lines.append(("junchan", junchan(h, w)))
    if w.sequences >= 3:
        if han := ittsu(h, w):
            lines.append(("ittsu", han))
        if han := sanshoku(h, w):
            lines.append(("sanshoku", han))
    if w.triplets >= 3:
        if w.triplets == 4:
            lines.append(("toitoi", toitoi(h, w)))
        if w.concealed_triplets == 3:
            lines.append(("sanankou", sanankou(h, w)))
        if han := sanshoku_doukou(h, w):
            lines.append(("sanshoku_doukou", han))
    return lines


# The place of every possible line (yaku id, han 1-6): sorting by a dict lookup costs less than by
# a Python key function.
LINE_ORDER: Final = {(name, han): index for name, index in YAKU_ORDER.items() for han in range(1, 7)}


_line_place: Final = LINE_ORDER.__getitem__


def in_order(lines: YakuLines) -> YakuLines:
    """The lines in the order they are shown (:data:`YAKU_RULES`), sorted in place."""
    lines.sort(key=_line_place)
    return lines
