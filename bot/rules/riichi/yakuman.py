"""Yakuman (Tenhou set): one function per yakuman, returning how many it is worth (0 or 1).

Tenhou has no double yakuman for a single hand: the 13-sided kokushi, suuankou tanki, junsei
chuuren and daisuushii are worth one, but are shown under their own names (and Tenhou ids).
Different yakuman add up.  Hand-wide yakuman look at :class:`HandFacts` only; suuankou depends on
the reading (a triplet completed by ron is not concealed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bot.hand.tiles import EAST, GREEN_KINDS, NORTH, RED, TERMINALS, WHITE
from bot.rules.riichi.hand import HandFacts, Win
from bot.rules.riichi.shape import COUNT_BITS, TANKI, count_of, unpack

HandYakuman = Callable[[HandFacts], int]
ReadingYakuman = Callable[[HandFacts, Win], int]

TERMINAL_MASK: Final = sum(1 << k for k in TERMINALS)
GREEN_MASK: Final = sum(1 << k for k in GREEN_KINDS)
NOT_GREEN_MASK: Final = ((1 << 34) - 1) & ~GREEN_MASK
NOT_TERMINAL_MASK: Final = ((1 << 34) - 1) & ~TERMINAL_MASK
CHUUREN_BASE: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999


def kokushi(h: HandFacts) -> int:
    """Thirteen orphans, the winning tile completing the pair (one of 13 singles drawn twice)."""
    return 1 if is_kokushi_shape(h) and count_of(h.concealed_counts, h.win_kind) == 1 else 0


def kokushi_13(h: HandFacts) -> int:
    """Thirteen orphans on the 13-sided wait (the winning tile made the pair)."""
    return 1 if is_kokushi_shape(h) and count_of(h.concealed_counts, h.win_kind) == 2 else 0


def is_kokushi_shape(h: HandFacts) -> bool:
    """All 13 terminal and honour kinds, nothing else, no meld."""
    return not h.melds and h.kind_count == 13 and h.all_terminals_or_honors


def daisangen(h: HandFacts) -> int:
    """Triplets of all three dragons."""
    if len(h.honor_triplets) < 3:
        return 0
    c = h.all_counts
    return 1 if count_of(c, WHITE) >= 3 and count_of(c, WHITE + 1) >= 3 and count_of(c, RED) >= 3 else 0


def _wind_counts(h: HandFacts) -> tuple[int, ...]:
    return unpack(h.all_counts >> COUNT_BITS * EAST, NORTH - EAST + 1)


def shousuushii(h: HandFacts) -> int:
    """Three wind triplets and a wind pair."""
    if len(h.honor_triplets) < 3:
        return 0
    winds = _wind_counts(h)
    return 1 if sum(1 for c in winds if c >= 3) == 3 and 2 in winds else 0


def daisuushii(h: HandFacts) -> int:
    """Four wind triplets (a single yakuman on Tenhou)."""
    if len(h.honor_triplets) < 4:
        return 0
    return 1 if all(c >= 3 for c in _wind_counts(h)) else 0


def tsuuiisou(h: HandFacts) -> int:
    """All honours (seven pairs allowed)."""
    return 0 if h.suits else 1


def ryuuiisou(h: HandFacts) -> int:
    """Only 2s 3s 4s 6s 8s and Green (Green not required)."""
    return 0 if h.kind_mask & NOT_GREEN_MASK else 1


def chinroutou(h: HandFacts) -> int:
    """Only terminals."""
    return 0 if h.kind_mask & NOT_TERMINAL_MASK else 1


def _chuuren_extra(h: HandFacts) -> int:
    """The kind beyond 1112345678999 in a closed one-suit hand, or -1."""
    if h.melds or h.has_honors or h.suits != 1:
        return -1
    base = 9 * (h.suit_mask.bit_length() - 1)
    counts = unpack(h.concealed_counts >> COUNT_BITS * base, 9)
    diff = [counts[i] - CHUUREN_BASE[i] for i in range(9)]
    if any(d < 0 for d in diff):
        return -1
    return base + diff.index(1)


def chuuren(h: HandFacts) -> int:
    """Nine gates, the winning tile not being the extra one (ordinary wait)."""
    extra = _chuuren_extra(h)
    return 1 if extra >= 0 and extra != h.win_kind else 0


def junsei_chuuren(h: HandFacts) -> int:
    """Nine gates on the nine-sided wait: the hand before the win was exactly 1112345678999."""
    extra = _chuuren_extra(h)
    return 1 if extra >= 0 and extra == h.win_kind else 0


def suukantsu(h: HandFacts) -> int:
    return 1 if h.kans == 4 else 0


def tenhou(h: HandFacts) -> int:
    return 1 if h.situation.tenhou else 0


def chiihou(h: HandFacts) -> int:
    return 1 if h.situation.chiihou else 0


def suuankou(h: HandFacts, w: Win) -> int:
    """Four concealed triplets, not won on the pair (that is suuankou tanki)."""
    return 1 if w.concealed_triplets == 4 and w.wait != TANKI else 0


def suuankou_tanki(h: HandFacts, w: Win) -> int:
    """Four concealed triplets won on the pair wait."""
    return 1 if w.concealed_triplets == 4 and w.wait == TANKI else 0


def might_be_yakuman(h: HandFacts) -> bool:
    """A cheap test that every hand-wide yakuman implies (most hands fail it: no yakuman rule is run)."""
    return (
        not h.suits  # tsuuiisou
        or (h.suits == 1 and (not h.melds or not h.kind_mask & NOT_GREEN_MASK))  # chuuren, ryuuiisou
        or h.all_terminals_or_honors  # chinroutou, kokushi
        or len(h.honor_triplets) >= 3  # daisangen, shousuushii, daisuushii
        or h.kans == 4  # suukantsu
        or (h.any_flag and (h.situation.tenhou or h.situation.chiihou))
    )


HAND_YAKUMAN: Final[tuple[tuple[str, HandYakuman], ...]] = (
    ("tenhou", tenhou),
    ("chiihou", chiihou),
    ("daisangen", daisangen),
    ("tsuuiisou", tsuuiisou),
    ("ryuuiisou", ryuuiisou),
    ("chinroutou", chinroutou),
    ("chuuren", chuuren),
    ("junsei_chuuren", junsei_chuuren),
    ("kokushi", kokushi),
    ("kokushi_13", kokushi_13),
    ("daisuushii", daisuushii),
    ("shousuushii", shousuushii),
    ("suukantsu", suukantsu),
)

READING_YAKUMAN: Final[tuple[tuple[str, ReadingYakuman], ...]] = (
    ("suuankou", suuankou),
    ("suuankou_tanki", suuankou_tanki),
)

# Yakuman for which the player who fed the last set is liable (pao).
PAO_YAKUMAN: Final = frozenset({"daisangen", "daisuushii"})
