"""What a completed hand is worth in each rule set, estimated from its counts and melds alone.

These are the ``strong`` level's value estimates (:mod:`bot.ai.twostep` calls them on every completion
of every ready hand it reaches, hundreds per decision, so they read counts, never decompose): the
common yaku, fan or tai of each rule set that can be seen in the tiles, turned into the points the
winner would collect.  The real
scorers under bot/rules/ decide the actual payment at a win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai.seatview import MeldView
from bot.hand.tiles import TERMINALS_AND_HONORS


@dataclass(frozen=True, slots=True)
class Tiles:
    """Facts of a whole hand (concealed counts plus melds) that many value rules share."""

    kinds: tuple[int, ...]  # 34 copies in hand and melds
    closed: bool
    sequences_melded: bool
    suits: frozenset[int]  # number suits present
    honours: bool
    pairs: int  # concealed kinds held exactly twice
    singles: int
    triplets: int  # concealed kinds held three times or more (and triplet/kan melds)

    @property
    def all_simples(self) -> bool:
        return not any(self.kinds[k] for k in TERMINALS_AND_HONORS)

    @property
    def flush(self) -> int:
        """2 full flush, 1 half flush (one suit and honours), 0 none."""
        if len(self.suits) != 1:
            return 0
        return 1 if self.honours else 2

    @property
    def seven_pairs(self) -> bool:
        return self.closed and self.pairs == 7

    @property
    def all_triplets(self) -> bool:
        return not self.sequences_melded and self.pairs == 1 and self.singles == 0 and self.triplets >= 1

    def roots(self) -> int:
        """Kinds held four times (concealed and melded together)."""
        return sum(1 for c in self.kinds if c >= 4)

    def straight(self) -> bool:
        """123 456 789 of one suit could be read (every number of a suit present)."""
        return any(all(self.kinds[9 * s + n] for n in range(9)) for s in range(3))


def read_tiles(counts: bytes | Sequence[int], melds: Sequence[MeldView]) -> Tiles:
    kinds = list(counts[:34])
    triplets = 0
    for m in melds:
        for k in m.kinds:
            kinds[k] += 1
        if not m.is_sequence:
            triplets += 1
    pairs = sum(1 for c in counts[:34] if c == 2)
    singles = sum(1 for c in counts[:34] if c == 1)
    triplets += sum(1 for c in counts[:34] if c >= 3)
    return Tiles(
        kinds=tuple(kinds),
        closed=all(not m.is_open for m in melds),
        sequences_melded=any(m.is_sequence for m in melds),
        suits=frozenset(k // 9 for k in range(27) if kinds[k]),
        honours=any(kinds[27:34]),
        pairs=pairs,
        singles=singles,
        triplets=triplets,
    )


def value_sets(tiles: Tiles, value_kinds: Sequence[int]) -> int:
    """Value-honour triplets (a kind listed twice, a double wind, counts twice)."""
    return sum(1 for k in value_kinds if tiles.kinds[k] >= 3)


# --- riichi ------------------------------------------------------------------------------------

_RIICHI_POINTS = {1: 1000, 2: 2000, 3: 3900, 4: 7700, 5: 8000}


def riichi_points(han: float, dealer: bool) -> float:
    """A non-dealer ron at 30 fu by han (mangan and up by limit), half as much again for the dealer."""
    whole = int(han + 0.5)
    if whole <= 0:
        return 0.0
    base = _RIICHI_POINTS.get(whole)
    if base is None:
        base = 12000 if whole <= 7 else 16000 if whole <= 10 else 24000 if whole <= 12 else 32000
    return base * 1.5 if dealer else float(base)


def riichi_han(
    tiles: Tiles,
    value_kinds: Sequence[int],
    dora: int,
    tsumo: bool,
    kuitan: bool = True,
    riichi: bool = True,
) -> float:
    """Yaku han (0 when the hand has none) plus dora; a closed hand is counted as a riichi unless
    ``riichi`` is False (a hand played dama)."""
    han = 0.0
    if tiles.closed:
        if riichi:
            han += 1.3  # riichi and the chance of ura-dora
        if tsumo:
            han += 1
    han += value_sets(tiles, value_kinds)
    if tiles.all_simples and (kuitan or tiles.closed):
        han += 1
    flush = tiles.flush
    if flush:
        han += (3 if flush == 1 else 6) - (0 if tiles.closed else 1)
    if tiles.all_triplets or tiles.seven_pairs:
        han += 2
    return han + dora if han > 0 else 0.0


# --- mingjiang ---------------------------------------------------------------------------------

MINGJIANG_BASE = (0, 4, 8, 16, 30, 40, 50, 60, 70, 80, 90)


def mingjiang_fan(
    tiles: Tiles,
    value_kinds: Sequence[int],
    dora_hits: int,
    tsumo: bool,
    riichi: bool = True,
    concealed: Sequence[int] | None = None,
) -> int:
    """Fan (0 without the one-fan minimum); a closed hand counts its riichi unless ``riichi`` is False.
    With the ``concealed`` counts, the shape yaku of :func:`mingjiang_shape_fan` count too."""
    fan = 0 if concealed is None else mingjiang_shape_fan(tiles, concealed)
    if tiles.closed and riichi:
        fan += 1
    menmo = sum((tiles.closed, tsumo, tiles.all_simples, tiles.triplets == 0 and not tiles.seven_pairs))
    fan += (0, 0, 1, 2, 3)[menmo]
    fan += value_sets(tiles, value_kinds)
    flush = tiles.flush
    if flush:
        fan += 2 if flush == 1 else 5
    elif len(tiles.suits) == 2 and not tiles.honours:
        fan += 1  # 缺一門
    if tiles.all_triplets or tiles.seven_pairs:
        fan += 2
    if fan == 0:
        return 0
    return min(10, fan + dora_hits)


def mingjiang_shape_fan(tiles: Tiles, concealed: Sequence[int]) -> int:
    """明將's shape yaku that a complete hand's tiles show without decomposing it: five gates (五門齊 2:
    every number suit, a wind and a dragon), three concealed triplets (三暗刻 2: three kinds held three
    times in the concealed tiles), a pure straight (清龍 2: every number of one suit present) and a
    mixed triple (三色同順 2: one run of three numbers present in every suit).  The last two read the
    tiles present, which a complete hand nearly always holds as those sets."""
    k = tiles.kinds
    fan = 0
    if len(tiles.suits) == 3 and any(k[27:31]) and any(k[31:34]):
        fan += 2
    if sum(1 for c in concealed[:34] if c >= 3) >= 3:
        fan += 2
    if tiles.straight():
        fan += 2
    if any(all(k[9 * s + n + i] for s in range(3) for i in range(3)) for n in range(7)):
        fan += 2
    return fan


# --- sichuan, taiwan, pihu ---------------------------------------------------------------------


def sichuan_fan(tiles: Tiles, tsumo: bool) -> int:
    fan = tiles.roots() + (1 if tsumo else 0)
    if tiles.all_triplets:
        fan += 1
    if tiles.flush == 2:
        fan += 2
    if tiles.seven_pairs:
        fan += 2
    if tiles.all_simples:
        fan += 1
    return fan


def taiwan_tai(tiles: Tiles, value_sets_made: int, own_flowers: int, dealer: bool, tsumo: bool) -> int:
    tai = value_sets_made + own_flowers + (1 if dealer else 0)
    if tiles.closed:
        tai += 3 if tsumo else 1
    elif tsumo:
        tai += 1
    flush = tiles.flush
    if flush:
        tai += 4 if flush == 1 else 12
    if tiles.all_triplets:
        tai += 4
    return tai


def pihu_multiplier(tiles: Tiles) -> int:
    mult = 1
    if tiles.seven_pairs:
        mult *= 4 if tiles.roots() else 2
    if tiles.flush == 2:
        mult *= 2
    if tiles.straight():
        mult *= 2
    return mult
