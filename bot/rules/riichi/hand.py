"""What the yaku, fu and dora rules look at: the facts of a winning hand and each way to read it.

:class:`HandFacts` is computed once per hand (tile counts, melds, suits, flags, as ints and bit masks);
:class:`Win` once per reading (a decomposition with the winning tile placed in it, or seven pairs).
Rules are plain functions of ``HandFacts`` (hand-wide) or ``(HandFacts, Win)`` (per reading).

Bit masks: bit ``k`` of a kind mask is kind ``k`` (0-33); bits 0, 1, 2 of a suit mask are man, pin, sou.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from operator import attrgetter
from typing import Final

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import NORTH, NUM_KINDS, TERMINALS_AND_HONORS, WINDS
from bot.rules.riichi.shape import (
    COUNT_BITS,
    EIGHT_BITS,
    FOUR_BITS,
    IDENTICAL_SHIFT,
    INSIDE_SHIFT,
    KIND_UNIT,
    PAIR_FIELD,
    SEQUENCE_FIELDS,
    SEQUENCES_COUNT_SHIFT,
    SEQUENCES_SHIFT,
    SHANPON,
    SIMPLE_TRIPLET_FU,
    SMALL_FIELDS,
    TANKI,
    TERMINAL_TRIPLET_FU,
    TILE_UNIT,
    TRIPLET_FU_SHIFT,
    TRIPLETS_MASK_SHIFT,
    TRIPLETS_SHIFT,
    WAITS,
    count_of,
    tally,
)
from bot.rules.riichi.situation import HandError, RiichiOptions, WinSituation, check_situation

TERMINAL_HONOR_MASK: Final = sum(1 << k for k in TERMINALS_AND_HONORS)
SIMPLE_MASK: Final = ((1 << NUM_KINDS) - 1) & ~TERMINAL_HONOR_MASK
HONOR_MASK: Final = 0x7F << 27
HONORLESS_MASK: Final = (1 << 27) - 1  # a kind mask above this holds an honour
MAN_MASK: Final = 0x1FF
PIN_MASK: Final = 0x1FF << 9
SOU_MASK: Final = 0x1FF << 18
SANMA_MISSING_MASK: Final = 0b011111110  # 2m-8m
SEQUENCE_UNIT: Final = tuple(sum(KIND_UNIT[first : first + 3]) for first in range(NUM_KINDS))  # packed counts
# Above the 34 packed counts, concealed_counts keeps one bit per tile id: the same additions count the
# kinds and gather the ids (n distinct ids add up to n bits; a repeated id carries and leaves fewer).
# An id past 135 fails to index; a negative id indexes a real entry from the end, so the smallest id
# is checked too (the None padding this once had caught only -1 to -136).
ID_SHIFT: Final = COUNT_BITS * NUM_KINDS
KIND_FIELDS: Final = (1 << ID_SHIFT) - 1
TILE_COUNT_AND_ID: Final = tuple(TILE_UNIT[t] | 1 << ID_SHIFT + t for t in range(136))
TILE_ID_BIT: Final = tuple(1 << t for t in range(136))  # for meld tiles


def _meld_tiles() -> list[tuple[int, ...]]:
    """The sorted tile ids of every chi, pon and kan there can be."""
    out: list[tuple[int, ...]] = []
    for kind in range(NUM_KINDS):
        ids = range(4 * kind, 4 * kind + 4)
        out.extend(combinations(ids, 3))  # pons
        out.append(tuple(ids))  # kans
        if kind < 27 and kind % 9 <= 6:  # chis
            out.extend(product(ids, range(4 * kind + 4, 4 * kind + 8), range(4 * kind + 8, 4 * kind + 12)))
    return out


# The bits of a meld's tile ids, by its sorted tiles (other tiles are added up one by one).  This and
# the other tables of melds (_MELD_PARTS, _ONE_MELD) are filled by the first hand with a meld
# (_fill_meld_tables): a one-shot score of a closed hand does not build their 1,800 entries.
MELD_TILE_BITS: Final[dict[tuple[int, ...], int]] = {}


SEATS_4: Final = frozenset(WINDS)
# The honour kinds of each 7-bit honour mask (bit 0 East ... bit 6 Red).
HONORS_OF_MASK: Final = tuple(tuple(27 + i for i in range(7) if bits >> i & 1) for bits in range(128))

# The facts are slotted classes, not named tuples: the rules read their fields many times per hand,
# and a slot is read several times faster than a named tuple's field (a descriptor call each).


@dataclass(slots=True, eq=False)  # compared never: no __eq__ to build at import
class MeldFacts:
    """The called and declared sets, summed once per hand (every reading shares them)."""

    tally: int  # chi, pons and kans, their fu, and whether all are outside (bot.rules.riichi.shape.tally)
    sequence_mask: int  # bit of the first kind of each chi
    triplet_mask: int  # bit of the kind of each pon or kan
    closed_kans: int
    kans: int
    closed: bool  # no open meld (closed kans keep a hand closed)


NO_MELDS: Final = MeldFacts(0, 0, 0, 0, 0, True)


@dataclass(slots=True, eq=False)  # compared never: no __eq__ to build at import
class HandFacts:
    """What every reading of the hand shares, worked out once."""

    situation: WinSituation
    options: RiichiOptions
    tile_bits: int  # bit t for each tile id t in the hand, meld tiles included
    melds: Sequence[Meld]
    meld_facts: MeldFacts
    concealed_counts: int  # packed counts of the concealed tiles (shape.count_of)
    all_counts: int  # packed counts of every tile, meld tiles included (a kan counts 4)
    win_kind: int
    closed: bool  # no open meld (closed kans keep a hand closed)
    tsumo: bool
    seat_wind: int  # the situation's winds, read by several rules (a named tuple's field costs more)
    round_wind: int
    in_riichi: bool  # riichi or double riichi
    kita: int
    dora_indicators: tuple[int, ...]  # tile ids, as in the situation
    ura_indicators: tuple[int, ...]
    any_flag: bool  # a situational yaku flag is set (riichi, ippatsu, haitei, ...)
    kans: int
    kind_mask: int  # every kind in the hand, melds included
    suit_mask: int  # the suits among the tiles (honours not included)
    suits: int  # how many suits (0-3)
    all_simples: bool
    all_terminals_or_honors: bool
    has_honors: bool
    honor_triplets: tuple[int, ...]  # honour kinds held as a triplet or kan (the same in every reading)

    @property
    def kind_count(self) -> int:
        """How many different kinds the hand holds."""
        return self.kind_mask.bit_count()


@dataclass(slots=True, eq=False)  # compared never: no __eq__ to build at import
class Win:
    """One reading of the hand: all sets (melds included) summed up, the pair, the wait."""

    wait: int  # RYANMEN ... SHANPON (bot.rules.riichi.shape)
    pair: int  # -1 for seven pairs
    seven_pairs: bool
    sequences: int  # number of sequences
    sequence_mask: int  # bit of each sequence's first kind
    identical_sequences: int  # pairs of identical sequences (concealed ones; only closed hands count)
    triplets: int  # number of triplets and kans
    triplet_mask: int  # bit of each triplet's kind
    concealed_triplets: int  # concealed triplets and closed kans (not the one completed by ron)
    outside: bool  # every set and the pair hold a terminal or honour
    triplet_fu: int  # fu of every triplet and kan (the one completed by ron counts as open)


SEVEN_PAIRS_WIN: Final = Win(TANKI, -1, True, 0, 0, 0, 0, 0, 0, False, 0)


def concealed_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> int:
    """Packed counts of the concealed tiles (:mod:`bot.rules.riichi.shape`) and above them (from
    :data:`ID_SHIFT`) a bit per tile id, after the tile-count check (the first, cheapest validation)."""
    if len(concealed) + 3 * len(melds) != 14:
        raise HandError(
            f"a winning hand has 14 tiles counting each meld as 3: got {len(concealed)} concealed"
            f" and {len(melds)} meld(s)",
            "hand.size",
            size=14,
            count=len(concealed) + 3 * len(melds),
        )
    counts = 0
    try:
        for t in concealed:
            counts += TILE_COUNT_AND_ID[t]
        if min(concealed) < 0:
            raise IndexError
    except (IndexError, TypeError):
        raise HandError(
            "tile ids must be integers 0-135 (riichi has no flowers)", "riichi.tile_ids"
        ) from None
    return counts


def _meld_part(meld_type: MeldType, kind: int, size: int) -> tuple[int, int, int, int, int, int, int, bool]:
    """What one meld adds to the hand: packed counts, kinds (mask), chi mask, pon/kan mask, tally
    (bot.rules.riichi.shape.tally), closed kans, kans, and whether it opens the hand."""
    if meld_type is MeldType.CHI:
        outside = kind % 9 == 0 or kind % 9 == 6
        return (SEQUENCE_UNIT[kind], 0b111 << kind, 1 << kind, 0, tally(1, 0, 0, 0, outside), 0, 0, True)
    # Pon 2, open kan 8, closed kan 16; doubled for terminals and honours.
    fu = {MeldType.PON: 2, MeldType.ANKAN: 16}.get(meld_type, 8)
    outside = kind in TERMINALS_AND_HONORS
    closed_kan = meld_type is MeldType.ANKAN
    return (
        size * KIND_UNIT[kind],
        1 << kind,
        0,
        1 << kind,
        tally(0, 1, 0, 2 * fu if outside else fu, outside),
        int(closed_kan),
        int(meld_type is not MeldType.PON),
        not closed_kan,
    )


MeldPart = tuple[int, int, int, int, int, int, int, bool]
# Every meld's part, by meld type and kind (a kan's four tiles counted).
_MELD_PARTS: Final[dict[MeldType, tuple[MeldPart, ...]]] = {}


def _summed(parts: Sequence[MeldPart]) -> tuple[MeldFacts, int, int]:
    """The melds' parts summed up: the facts, the kinds as a bit mask and the packed counts."""
    counts = kind_mask = sequence_mask = triplet_mask = melds_tally = closed_kans = kans = 0
    closed = True
    for part in parts:
        counts += part[0]
        kind_mask |= part[1]
        sequence_mask |= part[2]
        triplet_mask |= part[3]
        melds_tally += part[4]
        closed_kans += part[5]
        kans += part[6]
        if part[7]:
            closed = False
    facts = MeldFacts(melds_tally, sequence_mask, triplet_mask, closed_kans, kans, closed)
    return facts, kind_mask, counts


# The sum for a single meld (the most common case) by meld type and kind.
_ONE_MELD: Final[dict[MeldType, tuple[tuple[MeldFacts, int, int], ...]]] = {}


def _fill_meld_tables() -> None:
    """Work out the tables of melds once (see MELD_TILE_BITS)."""
    for meld_type in MeldType:
        size = 3 if meld_type in (MeldType.CHI, MeldType.PON) else 4
        parts = tuple(_meld_part(meld_type, kind, size) for kind in range(NUM_KINDS))
        _MELD_PARTS[meld_type] = parts
        _ONE_MELD[meld_type] = tuple(_summed([part]) for part in parts)
    # Filled last: hand_facts takes a filled MELD_TILE_BITS for all three filled.
    MELD_TILE_BITS.update((tiles, sum(1 << t for t in tiles)) for tiles in _meld_tiles())


#: A meld's tiles as whatever sequence it holds: meld_facts and the slow paths below also take a meld
#: built with a list, as the pure build does.  Read through attrgetter, not ``meld.tiles``: the compiled
#: build checks an attribute read against its declared type (a tuple) and raises TypeError on a list.
tiles_of: Final[Callable[[Meld], Sequence[int]]] = attrgetter("tiles")


def meld_facts(melds: Sequence[Meld]) -> tuple[MeldFacts, int, int]:
    """Sum up the melds (tile ids checked before); also the kinds of the meld tiles as a bit mask and
    their packed counts.  The result is shared: read it, do not change it."""
    if not MELD_TILE_BITS:
        _fill_meld_tables()
    if len(melds) == 1:
        meld = melds[0]
        return _ONE_MELD[meld.type][tiles_of(meld)[0] >> 2]
    return _summed([_MELD_PARTS[meld.type][tiles_of(meld)[0] >> 2] for meld in melds])


def _tile_bits_one_by_one(counts: int, concealed: int, melds: Sequence[Meld]) -> tuple[int, int]:
    """The bits of every tile id (-1 when a meld holds an id that is not a tile's) and the number of
    tiles, the meld tiles added one by one; ``counts`` from :func:`concealed_counts`."""
    tile_bits = counts >> ID_SHIFT
    tiles = concealed
    try:
        for meld in melds:
            meld_tiles = tiles_of(meld)
            for t in meld_tiles:
                tile_bits += TILE_ID_BIT[t]
            if min(meld_tiles) < 0:
                raise IndexError
            tiles += len(meld_tiles)
    except (IndexError, TypeError):
        tile_bits = -1
    return tile_bits, tiles


def _refuse_tile_ids(concealed: Sequence[int], melds: Sequence[Meld]) -> None:
    """Raise for a tile id given twice or not a tile's id (in that order; the concealed ids were
    counted before)."""
    all_ids = [*concealed]
    for meld in melds:
        all_ids.extend(tiles_of(meld))
    unique = set(all_ids)
    if len(unique) != len(all_ids):
        raise HandError("the same physical tile is used twice", "riichi.tile_twice")
    raise HandError("tile ids must be 0-135 (riichi has no flowers)", "riichi.tile_ids")


def hand_facts(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    situation: WinSituation,
    options: RiichiOptions,
    counts: int,
    concealed_mask: int,
    concealed_honor_triplets: int,
) -> HandFacts:
    """Check the tiles and flags and gather the facts; raises :class:`HandError` on bad input.

    ``counts`` are the packed concealed counts (:func:`concealed_counts`), ``concealed_mask`` their kinds and
    ``concealed_honor_triplets`` the triplet mask of any of their decompositions (its honour bits are
    the same in every one; :func:`bot.rules.riichi.shape.concealed_shape`).
    """
    tile_bits = counts >> ID_SHIFT
    tiles = len(concealed)
    if melds and not MELD_TILE_BITS:
        _fill_meld_tables()
    try:
        for meld in melds:
            tile_bits += MELD_TILE_BITS[meld.tiles]
            tiles += len(meld.tiles)
    except (KeyError, TypeError):  # not the sorted tiles of a chi, pon or kan
        tile_bits, tiles = _tile_bits_one_by_one(counts, len(concealed), melds)
    if tile_bits.bit_count() != tiles or tile_bits < 0:
        _refuse_tile_ids(concealed, melds)
    counts &= KIND_FIELDS
    # Every field of the situation in one go (cheaper than a field at a time).
    (
        win_tile, tsumo, seat_wind, round_wind, riichi, double_riichi, ippatsu, rinshan, chankan, haitei,
        houtei, tenhou, chiihou, dora_indicators, ura_indicators, kita, honba, sticks,
    ) = situation  # fmt: skip
    if win_tile not in concealed:
        raise HandError("the winning tile must be among the concealed tiles", "riichi.win_not_held")
    if melds:
        facts, meld_mask, meld_counts = meld_facts(melds)
        all_counts = counts + meld_counts
        kind_mask = concealed_mask | meld_mask
        honor_triplets = (concealed_honor_triplets | facts.triplet_mask) & HONOR_MASK
    else:
        all_counts = counts
        facts = NO_MELDS
        kind_mask = concealed_mask
        honor_triplets = concealed_honor_triplets & HONOR_MASK
    players = options.players
    if players == 3 and kind_mask & SANMA_MISSING_MASK:
        raise HandError("sanma has no 2m-8m", "riichi.sanma_characters")
    if kita and count_of(all_counts, NORTH) + kita > 4:
        raise HandError("more than four North tiles counting the kita set aside", "riichi.kita_five")
    # WinSituation.any_flag, inlined
    any_flag = (
        riichi or double_riichi or ippatsu or rinshan or chankan or haitei or houtei or tenhou or chiihou
    )
    closed = facts.closed
    if (
        any_flag
        or kita
        or honba < 0
        or sticks < 0
        or seat_wind not in SEATS_4
        or round_wind not in SEATS_4
        or players != 4
    ):  # the common case (no flag, four players, plain winds) has nothing to refuse
        check_situation(situation, options, closed, facts.kans > 0, any_flag)
    suit_mask = (
        (1 if kind_mask & MAN_MASK else 0)
        | (2 if kind_mask & PIN_MASK else 0)
        | (4 if kind_mask & SOU_MASK else 0)
    )
    # Filled field by field: a call of the dataclass's __init__ with 19 arguments costs more.
    # (HandFacts.__new__, not object.__new__: the compiled build's classes have a __new__ of their own)
    h = HandFacts.__new__(HandFacts)
    h.situation = situation
    h.options = options
    h.tile_bits = tile_bits
    h.melds = melds
    h.meld_facts = facts
    h.concealed_counts = counts
    h.all_counts = all_counts
    h.win_kind = win_tile >> 2
    h.closed = closed
    h.tsumo = tsumo
    h.seat_wind = seat_wind
    h.round_wind = round_wind
    h.in_riichi = riichi or double_riichi
    h.kita = kita
    h.dora_indicators = dora_indicators
    h.ura_indicators = ura_indicators
    h.any_flag = any_flag
    h.kans = facts.kans
    h.kind_mask = kind_mask
    h.suit_mask = suit_mask
    h.suits = suit_mask.bit_count()
    h.all_simples = not kind_mask & TERMINAL_HONOR_MASK
    h.all_terminals_or_honors = not kind_mask & SIMPLE_MASK
    h.has_honors = kind_mask > HONORLESS_MASK
    h.honor_triplets = HONORS_OF_MASK[honor_triplets >> 27]
    return h


def wins_of(h: HandFacts, splits: list[int]) -> list[Win]:
    """Every distinct reading of the decompositions (each the sum of its suits' splits:
    :func:`bot.rules.riichi.shape.split_of`): each place the winning tile can take.

    A triplet completed by ron is not concealed (fewer concealed triplets, open triplet fu).
    """
    wins = []
    m = h.meld_facts
    win_kind = h.win_kind
    # Where the winning tile's sequences, triplet and pair sit in a split, for its WAITS index.
    win_offset = win_kind % 9 if win_kind < 27 else win_kind - 27
    sequence_window = 0b111 if win_kind < 27 else 0  # honours make no sequences
    waits_base = win_offset << 5
    # The triplet completed by ron counts as open: half its fu.
    ron_fu = 0
    if not h.tsumo:
        ron_fu = (TERMINAL_TRIPLET_FU if win_kind in TERMINALS_AND_HONORS else SIMPLE_TRIPLET_FU) // 2
    for split in splits:
        small = split & SMALL_FIELDS  # the pair and the tally
        total = small + m.tally
        pair = (small & PAIR_FIELD) - 1
        concealed_triplets = (small >> TRIPLETS_SHIFT & FOUR_BITS) + m.closed_kans
        triplet_fu = total >> TRIPLET_FU_SHIFT & EIGHT_BITS
        sequence_mask = split >> SEQUENCES_SHIFT & SEQUENCE_FIELDS
        triplet_mask = split >> TRIPLETS_MASK_SHIFT
        near = (
            waits_base
            | sequence_mask << 2 >> win_kind & sequence_window
            | (triplet_mask >> win_kind & 1) << 3
            | (16 if pair == win_kind else 0)
        )
        sequence_mask |= m.sequence_mask
        triplet_mask |= m.triplet_mask
        for wait in WAITS[near]:
            w = Win.__new__(Win)  # filled field by field, as HandFacts
            w.wait = wait
            w.pair = pair
            w.seven_pairs = False
            w.sequences = total >> SEQUENCES_COUNT_SHIFT & FOUR_BITS
            w.sequence_mask = sequence_mask
            w.identical_sequences = total >> IDENTICAL_SHIFT & FOUR_BITS
            w.triplets = total >> TRIPLETS_SHIFT & FOUR_BITS
            w.triplet_mask = triplet_mask
            w.outside = total < 1 << INSIDE_SHIFT  # no part is inside
            if wait == SHANPON and ron_fu:
                w.concealed_triplets = concealed_triplets - 1
                w.triplet_fu = triplet_fu - ron_fu
            else:
                w.concealed_triplets = concealed_triplets
                w.triplet_fu = triplet_fu
            wins.append(w)
    return wins
