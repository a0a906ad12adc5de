"""One function per tai of taiwan.md's default list.  Each returns the tai it is worth (0 = absent).

The "bigger pattern replaces its parts" rule is the :data:`REPLACES` table, applied by the scorer
after every function has been asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.hand.meld import Meld
from bot.hand.tiles import DRAGONS, EAST, WINDS
from bot.rules.taiwan.shape import WinningShape
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation


@dataclass(frozen=True)
class Context:
    situation: TaiwanSituation
    options: TaiwanOptions
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]  # flower kinds held (34-41)
    wait_count: int  # kinds the hand waited on before the win

    @property
    def closed(self) -> bool:
        """門清: no chi, pon, open or added kan (closed kans allowed)."""
        return not any(m.is_open for m in self.melds)


Tai = Callable[[WinningShape, Context], int]


def _triplets_of(shape: WinningShape, kinds: tuple[int, ...]) -> int:
    return sum(1 for g in shape.groups if g.triplet and g.first in kinds)


# --- how the hand was won ------------------------------------------------------------------------


def self_drawn(shape: WinningShape, c: Context) -> int:
    """自摸 1."""
    return 1 if c.situation.tsumo else 0


def concealed_hand(shape: WinningShape, c: Context) -> int:
    """門清 1: no chi, pon or open kan (closed kans allowed)."""
    return 1 if c.closed else 0


def concealed_self_drawn(shape: WinningShape, c: Context) -> int:
    """門清自摸 3 (門清 + 自摸 + 不求人; replaces 門清 and 自摸)."""
    return 3 if c.closed and c.situation.tsumo else 0


def all_called(shape: WinningShape, c: Context) -> int:
    """全求 2: every set called, one tile left in hand, won by ron."""
    return 2 if not c.situation.tsumo and len(c.melds) == 5 and all(m.is_open for m in c.melds) else 0


def single_wait(shape: WinningShape, c: Context) -> int:
    """獨聽 1: only one tile kind completed the hand (edge, closed or single wait)."""
    return 1 if c.wait_count == 1 else 0


def _two_sided(shape: WinningShape) -> bool:
    if shape.win_group is None:
        return False
    g = shape.groups[shape.win_group]
    if not g.sequence:
        return False
    if shape.win_tile == g.first:
        return g.first % 9 <= 5  # 4 on 56 waits on 4 or 7; 7 on 89 is an edge wait
    if shape.win_tile == g.first + 2:
        return g.first % 9 >= 1  # 3 on 12 is an edge wait
    return False


def pinghu(shape: WinningShape, c: Context) -> int:
    """平胡 2: no honours, no flowers, no triplets, all sequences and a pair, ron, two-sided wait
    (each of the last three conditions can be relaxed by an option)."""
    o = c.options
    if shape.special or 3 in shape.suits or not all(g.sequence for g in shape.groups):
        return 0
    if c.flowers and not o.pinghu_flowers:
        return 0
    if c.situation.tsumo and not o.pinghu_tsumo:
        return 0
    if not o.pinghu_any_wait and not _two_sided(shape):
        return 0
    return 2


def last_tile(shape: WinningShape, c: Context) -> int:
    """海底撈月 1 [2]: tsumo on the last tile (adds to 自摸)."""
    return c.options.last_tile if c.situation.tsumo and c.situation.last_tile else 0


def last_discard(shape: WinningShape, c: Context) -> int:
    """河底撈魚 1: ron on the discard after the last tile."""
    return 1 if not c.situation.tsumo and c.situation.last_tile else 0


def robbing_kan(shape: WinningShape, c: Context) -> int:
    """搶槓 1: ron on an added kan."""
    return 1 if c.situation.robbing_kan else 0


def after_kan(shape: WinningShape, c: Context) -> int:
    """槓上開花 1: tsumo on a replacement tile (after a closed or added kan, or a flower)."""
    return 1 if c.situation.tsumo and c.situation.after_kan else 0


def heavenly(shape: WinningShape, c: Context) -> int:
    """天胡 24 [16]: the dealer wins on the dealt hand."""
    return c.options.heavenly if c.situation.heavenly else 0


def earthly(shape: WinningShape, c: Context) -> int:
    """地胡 16: a non-dealer wins on the first draw, nobody called before."""
    return 16 if c.situation.earthly else 0


def human(shape: WinningShape, c: Context) -> int:
    """人胡 8 [16]: ron in the first go-around."""
    return c.options.human if c.situation.human else 0


def tianting(shape: WinningShape, c: Context) -> int:
    """天聽 16 [8]: ready declared with the first discard."""
    return c.options.tianting if c.situation.ready == "tianting" else 0


def migi(shape: WinningShape, c: Context) -> int:
    """MIGI 8 [4]: ready within the first 8 discards of the hand, nobody called before."""
    return c.options.migi if c.situation.ready == "migi" else 0


def diting(shape: WinningShape, c: Context) -> int:
    """地聽 8 [4] (option ready=dishen): ready declared within the first go-around."""
    return c.options.diting if c.situation.ready == "diting" else 0


# --- the shape ----------------------------------------------------------------------------------


def dragon_set(shape: WinningShape, c: Context) -> int:
    """三元台 1 per dragon triplet or kan."""
    return _triplets_of(shape, DRAGONS)


def seat_wind(shape: WinningShape, c: Context) -> int:
    """風台 1: a set of the seat wind (門風)."""
    return _triplets_of(shape, (EAST + c.situation.seat_wind,))


def round_wind(shape: WinningShape, c: Context) -> int:
    """風台 +1: a set of the round wind (圈風)."""
    return _triplets_of(shape, (EAST + c.situation.round_wind,))


def all_triplets(shape: WinningShape, c: Context) -> int:
    """碰碰胡 4: five triplets or kans and a pair."""
    return 4 if shape.special is None and all(g.triplet for g in shape.groups) else 0


def _concealed_triplets(shape: WinningShape) -> int:
    return sum(1 for g in shape.groups if g.triplet and g.concealed)


def three_concealed(shape: WinningShape, c: Context) -> int:
    """三暗刻 2 (closed kans count; a set completed by ron does not)."""
    return 2 if _concealed_triplets(shape) == 3 else 0


def four_concealed(shape: WinningShape, c: Context) -> int:
    """四暗刻 5."""
    return 5 if _concealed_triplets(shape) == 4 else 0


def five_concealed(shape: WinningShape, c: Context) -> int:
    """五暗刻 8."""
    return 8 if _concealed_triplets(shape) == 5 else 0


def half_flush(shape: WinningShape, c: Context) -> int:
    """混一色 4: one number suit and honours."""
    suits = shape.suits
    return 4 if 3 in suits and len(suits) == 2 else 0


def full_flush(shape: WinningShape, c: Context) -> int:
    """清一色 12 [8]: one number suit only."""
    suits = shape.suits
    return c.options.full_flush if len(suits) == 1 and 3 not in suits else 0


def all_honours(shape: WinningShape, c: Context) -> int:
    """字一色 16 (replaces 碰碰胡 and 混一色; the scorer adds the seed's minus 4)."""
    return 16 if shape.suits == {3} else 0


def little_three_dragons(shape: WinningShape, c: Context) -> int:
    """小三元 4: two dragon sets and a dragon pair."""
    return 4 if _triplets_of(shape, DRAGONS) == 2 and shape.pair in DRAGONS else 0


def big_three_dragons(shape: WinningShape, c: Context) -> int:
    """大三元 8: three dragon sets."""
    return 8 if _triplets_of(shape, DRAGONS) == 3 else 0


def little_four_winds(shape: WinningShape, c: Context) -> int:
    """小四喜 8: three wind sets and a wind pair."""
    return 8 if _triplets_of(shape, WINDS) == 3 and shape.pair in WINDS else 0


def big_four_winds(shape: WinningShape, c: Context) -> int:
    """大四喜 16: four wind sets."""
    return 16 if _triplets_of(shape, WINDS) == 4 else 0


BASIC_TAI: dict[str, Tai] = {
    "self_drawn": self_drawn,
    "concealed_hand": concealed_hand,
    "concealed_self_drawn": concealed_self_drawn,
    "all_called": all_called,
    "single_wait": single_wait,
    "pinghu": pinghu,
    "dragon_set": dragon_set,
    "seat_wind": seat_wind,
    "round_wind": round_wind,
    "all_triplets": all_triplets,
    "three_concealed": three_concealed,
    "four_concealed": four_concealed,
    "five_concealed": five_concealed,
    "half_flush": half_flush,
    "full_flush": full_flush,
    "all_honours": all_honours,
    "little_three_dragons": little_three_dragons,
    "big_three_dragons": big_three_dragons,
    "little_four_winds": little_four_winds,
    "big_four_winds": big_four_winds,
    "last_tile": last_tile,
    "last_discard": last_discard,
    "robbing_kan": robbing_kan,
    "after_kan": after_kan,
    "heavenly": heavenly,
    "earthly": earthly,
    "human": human,
    "tianting": tianting,
    "migi": migi,
    "diting": diting,
}

# 天胡/地胡/人胡: in the 24台制 they replace the hand's pattern tai (flowers, dealer, streak stay).
HEAVENLY_KEYS = ("heavenly", "earthly", "human")
ALL_HONOURS_DEDUCTION = -4  # the seed: 字一色 "所有的台數必須扣4番"

# Bigger patterns replace the parts they are made of (taiwan.md "Combinations").
REPLACES: dict[str, frozenset[str]] = {
    "concealed_self_drawn": frozenset({"self_drawn", "concealed_hand"}),
    "little_three_dragons": frozenset({"dragon_set"}),
    "big_three_dragons": frozenset({"dragon_set"}),
    "little_four_winds": frozenset({"seat_wind", "round_wind"}),
    "big_four_winds": frozenset({"seat_wind", "round_wind"}),
    "all_honours": frozenset({"all_triplets", "half_flush"}),
    "full_flush": frozenset({"half_flush"}),
}


def apply_replacements(
    lines: list[tuple[str, int]], replaces: dict[str, frozenset[str]]
) -> list[tuple[str, int]]:
    present = {key for key, _ in lines}
    gone: set[str] = set()
    for key in present:
        gone |= replaces.get(key, frozenset())
    return [(key, value) for key, value in lines if key not in gone]
