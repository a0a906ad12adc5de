"""The ordinary yaku (Tenhou set): one function per yaku, returning its han (0 when absent).

Han for open hands follow the usual reduction (chanta, junchan, ittsu, sanshoku, honitsu and
chinitsu lose one; closed-only yaku give 0).  Dora are not yaku: see :mod:`bot.rules.riichi.dora`.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.hand.tiles import EAST, GREEN, NORTH, RED, SOUTH, TERMINALS_AND_HONORS, WEST, WHITE
from bot.rules.riichi.hand import HandFacts, Win
from bot.rules.riichi.shape import Wait

YakuRule = Callable[[HandFacts, Win], int]


def _closed_or_open(h: HandFacts, closed_han: int) -> int:
    return closed_han if h.closed else closed_han - 1


# --- situational yaku -------------------------------------------------------------------------


def riichi(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.riichi and not h.situation.double_riichi else 0


def double_riichi(h: HandFacts, w: Win) -> int:
    return 2 if h.situation.double_riichi else 0


def ippatsu(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.ippatsu else 0


def menzen_tsumo(h: HandFacts, w: Win) -> int:
    """Fully concealed hand won by self-draw."""
    return 1 if h.closed and h.tsumo else 0


def rinshan(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.rinshan else 0


def chankan(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.chankan else 0


def haitei(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.haitei else 0


def houtei(h: HandFacts, w: Win) -> int:
    return 1 if h.situation.houtei else 0


# --- shape yaku -------------------------------------------------------------------------------


def is_value_pair(h: HandFacts, kind: int) -> bool:
    return kind >= WHITE or kind == h.situation.seat_wind or kind == h.situation.round_wind


def pinfu(h: HandFacts, w: Win) -> int:
    """Closed, four sequences, a pair that gives no fu, won on a two-sided wait."""
    if not h.closed or w.seven_pairs or w.triplets or w.wait is not Wait.RYANMEN:
        return 0
    return 0 if is_value_pair(h, w.pair) else 1


def tanyao(h: HandFacts, w: Win) -> int:
    """All simples (2-8); in an open hand only with kuitan."""
    if not h.all_simples:
        return 0
    return 1 if h.closed or h.options.kuitan else 0


def _identical_sequence_pairs(w: Win) -> int:
    seqs = w.sequences
    pairs = 0
    i = 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def iipeikou(h: HandFacts, w: Win) -> int:
    """Two identical sequences in a closed hand (not counted inside ryanpeikou)."""
    return 1 if h.closed and _identical_sequence_pairs(w) == 1 else 0


def ryanpeikou(h: HandFacts, w: Win) -> int:
    """Two sets of two identical sequences in a closed hand."""
    return 3 if h.closed and _identical_sequence_pairs(w) == 2 else 0


def _has_triplet(w: Win, kind: int) -> bool:
    return kind in w.triplet_kinds


def _seat_wind(wind: int) -> YakuRule:
    def seat_wind(h: HandFacts, w: Win) -> int:
        return 1 if h.situation.seat_wind == wind and _has_triplet(w, wind) else 0

    return seat_wind


def _round_wind(wind: int) -> YakuRule:
    def round_wind(h: HandFacts, w: Win) -> int:
        return 1 if h.situation.round_wind == wind and _has_triplet(w, wind) else 0

    return round_wind


def haku(h: HandFacts, w: Win) -> int:
    return 1 if _has_triplet(w, WHITE) else 0


def hatsu(h: HandFacts, w: Win) -> int:
    return 1 if _has_triplet(w, GREEN) else 0


def chun(h: HandFacts, w: Win) -> int:
    return 1 if _has_triplet(w, RED) else 0


def chiitoitsu(h: HandFacts, w: Win) -> int:
    return 2 if w.seven_pairs else 0


def _all_sets_have_terminal(w: Win) -> bool:
    return (
        bool(w.sequences)
        and w.pair in TERMINALS_AND_HONORS
        and all(f % 9 in (0, 6) for f in w.sequences)
        and all(t.kind in TERMINALS_AND_HONORS for t in w.triplets)
    )


def chanta(h: HandFacts, w: Win) -> int:
    """Every set and the pair hold a terminal or honour, with honours and a sequence."""
    if w.seven_pairs or not h.has_honors or not _all_sets_have_terminal(w):
        return 0
    return _closed_or_open(h, 2)


def junchan(h: HandFacts, w: Win) -> int:
    """Every set and the pair hold a terminal, no honours, at least one sequence."""
    if w.seven_pairs or h.has_honors or not _all_sets_have_terminal(w):
        return 0
    return _closed_or_open(h, 3)


def ittsu(h: HandFacts, w: Win) -> int:
    """123, 456 and 789 of one suit."""
    seqs = w.sequences
    for base in (0, 9, 18):
        if base in seqs and base + 3 in seqs and base + 6 in seqs:
            return _closed_or_open(h, 2)
    return 0


def sanshoku(h: HandFacts, w: Win) -> int:
    """The same sequence in all three suits."""
    seqs = w.sequences
    for first in seqs:
        if first < 9 and first + 9 in seqs and first + 18 in seqs:
            return _closed_or_open(h, 2)
    return 0


def sanshoku_doukou(h: HandFacts, w: Win) -> int:
    """The same triplet in all three suits."""
    kinds = w.triplet_kinds
    for kind in kinds:
        if kind < 9 and kind + 9 in kinds and kind + 18 in kinds:
            return 2
    return 0


def sankantsu(h: HandFacts, w: Win) -> int:
    return 2 if h.kans == 3 else 0


def toitoi(h: HandFacts, w: Win) -> int:
    """Four triplets (or kans)."""
    return 2 if len(w.triplets) == 4 else 0


def sanankou(h: HandFacts, w: Win) -> int:
    """Three concealed triplets (a triplet completed by ron is not concealed)."""
    return 2 if w.concealed_triplets == 3 else 0


def shousangen(h: HandFacts, w: Win) -> int:
    """Two dragon triplets and a dragon pair."""
    if w.pair < WHITE:
        return 0
    return 2 if sum(1 for k in w.triplet_kinds if k >= WHITE) == 2 else 0


def honroutou(h: HandFacts, w: Win) -> int:
    """Only terminals and honours (with both present; all honours is tsuuiisou, a yakuman)."""
    return 2 if h.all_terminals_or_honors and h.has_honors and h.suits else 0


def honitsu(h: HandFacts, w: Win) -> int:
    """One suit plus honours."""
    return _closed_or_open(h, 3) if len(h.suits) == 1 and h.has_honors else 0


def chinitsu(h: HandFacts, w: Win) -> int:
    """One suit, no honours."""
    return _closed_or_open(h, 6) if len(h.suits) == 1 and not h.has_honors else 0


# The rules in groups, each behind a cheap test that most hands fail, so a typical hand calls about
# a dozen rules instead of all 36.  Lines come out group by group.
CLOSED_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("menzen_tsumo", menzen_tsumo),
    ("pinfu", pinfu),
    ("iipeikou", iipeikou),
)
FLAG_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("riichi", riichi),
    ("double_riichi", double_riichi),
    ("ippatsu", ippatsu),
    ("chankan", chankan),
    ("rinshan", rinshan),
    ("haitei", haitei),
    ("houtei", houtei),
)
ANY_HAND_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("tanyao", tanyao),
    ("chiitoitsu", chiitoitsu),
    ("honroutou", honroutou),
)
HONOR_TRIPLET_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("seat_wind_east", _seat_wind(EAST)),
    ("seat_wind_south", _seat_wind(SOUTH)),
    ("seat_wind_west", _seat_wind(WEST)),
    ("seat_wind_north", _seat_wind(NORTH)),
    ("round_wind_east", _round_wind(EAST)),
    ("round_wind_south", _round_wind(SOUTH)),
    ("round_wind_west", _round_wind(WEST)),
    ("round_wind_north", _round_wind(NORTH)),
    ("haku", haku),
    ("hatsu", hatsu),
    ("chun", chun),
    ("shousangen", shousangen),
)
SEQUENCE_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("chanta", chanta),
    ("junchan", junchan),
    ("ittsu", ittsu),
    ("sanshoku", sanshoku),
    ("ryanpeikou", ryanpeikou),
)
TRIPLET_YAKU: tuple[tuple[str, YakuRule], ...] = (
    ("toitoi", toitoi),
    ("sanankou", sanankou),
    ("sanshoku_doukou", sanshoku_doukou),
    ("sankantsu", sankantsu),
)
FLUSH_YAKU: tuple[tuple[str, YakuRule], ...] = (("honitsu", honitsu), ("chinitsu", chinitsu))

YAKU_RULES: tuple[tuple[str, YakuRule], ...] = (
    CLOSED_YAKU + FLAG_YAKU + ANY_HAND_YAKU + HONOR_TRIPLET_YAKU + SEQUENCE_YAKU + TRIPLET_YAKU + FLUSH_YAKU
)


YakuTable = tuple[tuple[str, YakuRule], ...]


def _apply(rules: YakuTable, h: HandFacts, w: Win, lines: list[tuple[str, int]]) -> None:
    for name, rule in rules:
        han = rule(h, w)
        if han:
            lines.append((name, han))


def yaku_lines(h: HandFacts, w: Win) -> list[tuple[str, int]]:
    """(yaku id, han) of every yaku of this reading, dora excluded."""
    lines: list[tuple[str, int]] = []
    if h.closed:
        _apply(CLOSED_YAKU, h, w, lines)
    if h.any_flag:
        _apply(FLAG_YAKU, h, w, lines)
    _apply(ANY_HAND_YAKU, h, w, lines)
    if h.honor_triplets:  # honours held three times are triplets in every reading
        _apply(HONOR_TRIPLET_YAKU, h, w, lines)
    if w.sequences:
        _apply(SEQUENCE_YAKU, h, w, lines)
    if w.triplets:
        _apply(TRIPLET_YAKU, h, w, lines)
    if len(h.suits) == 1:
        _apply(FLUSH_YAKU, h, w, lines)
    return lines
