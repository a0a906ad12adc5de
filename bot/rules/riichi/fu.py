"""Fu as Tenhou counts them.

20 base; +10 closed ron; +2 tsumo except pinfu tsumo (a rinshan tsumo keeps its 2); sets: pon 2,
concealed triplet 4, open kan 8, closed kan 16, doubled for terminals and honours (a triplet
completed by ron counts as open); pair of dragons, seat wind or round wind 2 each (a double-wind
pair is 4); closed, edge or pair wait 2.  Pinfu tsumo is 20, an open hand without fu is 30, seven
pairs are 25.  Totals round up to the next 10.
"""

from __future__ import annotations

from typing import Final

from bot.hand.tiles import EAST, WHITE
from bot.rules.riichi.hand import HandFacts, Win
from bot.rules.riichi.shape import KANCHAN, PENCHAN, TANKI, WAIT_NAMES

SEVEN_PAIRS_FU: Final = 25
BASE_FU: Final = 20
CLOSED_RON_FU: Final = 10
TSUMO_FU: Final = 2
OPEN_PINFU_SHAPE_FU: Final = 30
PINFU_TSUMO_FU: Final = 20
# Triplet fu (pon 2, concealed 4, kans x4, terminals and honours x2) are summed with the shape:
# see the tally in bot.rules.riichi.shape (a split and MeldFacts each carry one).


# The fu of each wait, indexed by the wait: closed, edge and pair waits give 2.  Built here, not by a
# function: a function only ever called at import is run before mutation testing switches a mutant on.
WAIT_FU: Final = tuple(2 if wait in (KANCHAN, PENCHAN, TANKI) else 0 for wait in range(len(WAIT_NAMES)))


def fu_of(h: HandFacts, w: Win, pinfu: bool) -> int:
    """The hand's fu for this reading (``pinfu`` = the pinfu yaku applies)."""
    if w.seven_pairs:
        return SEVEN_PAIRS_FU
    if pinfu:
        return PINFU_TSUMO_FU if h.tsumo else BASE_FU + CLOSED_RON_FU
    fu = BASE_FU + w.triplet_fu + WAIT_FU[w.wait]
    pair = w.pair
    if pair >= EAST:  # a pair of dragons, of the seat wind, of the round wind: 2 fu each
        fu += (
            (2 if pair >= WHITE else 0)
            + (2 if pair == h.seat_wind else 0)
            + (2 if pair == h.round_wind else 0)
        )
    if h.tsumo:
        fu += TSUMO_FU
    elif h.closed:
        fu += CLOSED_RON_FU
    if fu == BASE_FU and not h.closed:
        return OPEN_PINFU_SHAPE_FU
    return -(-fu // 10) * 10  # rounded up to a multiple of 10
