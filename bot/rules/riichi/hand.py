"""What the yaku, fu and dora rules look at: the facts of a winning hand and each way to read it.

:class:`HandFacts` is computed once per hand (tile counts, melds, suits, flags, as ints and bit masks);
:class:`Win` once per reading (a decomposition with the winning tile placed in it, or seven pairs).
Rules are plain functions of ``HandFacts`` (hand-wide) or ``(HandFacts, Win)`` (per reading).

Bit masks: bit ``k`` of a kind mask is kind ``k`` (0-33); bits 0, 1, 2 of a suit mask are man, pin, sou.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import NORTH, NUM_KINDS, TERMINALS_AND_HONORS, WINDS
from bot.rules.riichi.shape import (
    EIGHT_BITS,
    FOUR_BITS,
    IDENTICAL_SHIFT,
    INSIDE_SHIFT,
    KIND_UNIT,
    SHANPON,
    SIMPLE_TRIPLET_FU,
    TANKI,
    TERMINAL_TRIPLET_FU,
    TILE_UNIT,
    TRIPLET_FU_SHIFT,
    TRIPLETS_SHIFT,
    HandSplit,
    count_of,
    tally,
    waits_at,
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
TILE_IDS: Final = frozenset(range(136))
SEATS_4: Final = frozenset(WINDS)
# The honour kinds of each 7-bit honour mask (bit 0 East ... bit 6 Red).
HONORS_OF_MASK: Final = tuple(tuple(27 + i for i in range(7) if bits >> i & 1) for bits in range(128))

# Named tuples are built with tuple.__new__ in the hot paths: their generated __new__ costs twice as
# much, and these are built once or more for every hand scored.
_new = tuple.__new__


class MeldFacts(NamedTuple):
    """The called and declared sets, summed once per hand (every reading shares them)."""

    tally: int  # chi, pons and kans, their fu, and whether all are outside (bot.rules.riichi.shape.tally)
    sequence_mask: int  # bit of the first kind of each chi
    triplet_mask: int  # bit of the kind of each pon or kan
    closed_kans: int
    kans: int
    closed: bool  # no open meld (closed kans keep a hand closed)


NO_MELDS: Final = MeldFacts(0, 0, 0, 0, 0, True)


class HandFacts(NamedTuple):
    """What every reading of the hand shares, worked out once."""

    situation: WinSituation
    options: RiichiOptions
    tile_ids: Sequence[int]  # every tile, concealed then meld tiles
    melds: Sequence[Meld]
    meld_facts: MeldFacts
    concealed_counts: int  # packed counts of the concealed tiles (shape.count_of)
    all_counts: int  # packed counts of every tile, meld tiles included (a kan counts 4)
    win_kind: int
    closed: bool  # no open meld (closed kans keep a hand closed)
    tsumo: bool
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


class Win(NamedTuple):
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
    """Packed counts of the concealed tiles (:mod:`bot.rules.riichi.shape`), after the tile-count check
    (the first, cheapest validation)."""
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
            counts += TILE_UNIT[t]
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


# Every meld's part, by meld type and kind (a kan's four tiles counted; worked out once, here).
_MELD_PARTS: Final = {
    meld_type: tuple(
        _meld_part(meld_type, kind, 3 if meld_type in (MeldType.CHI, MeldType.PON) else 4)
        for kind in range(NUM_KINDS)
    )
    for meld_type in MeldType
}


def meld_facts(melds: Sequence[Meld]) -> tuple[MeldFacts, int, int]:
    """Sum up the melds (tile ids checked before); also the kinds of the meld tiles as a bit mask and
    their packed counts."""
    counts = kind_mask = sequence_mask = triplet_mask = melds_tally = closed_kans = kans = 0
    closed = True
    for meld in melds:
        part = _MELD_PARTS[meld.type][meld.tiles[0] >> 2]
        counts += part[0]
        kind_mask |= part[1]
        sequence_mask |= part[2]
        triplet_mask |= part[3]
        melds_tally += part[4]
        closed_kans += part[5]
        kans += part[6]
        if part[7]:
            closed = False
    facts = _new(MeldFacts, (melds_tally, sequence_mask, triplet_mask, closed_kans, kans, closed))
    return facts, kind_mask, counts


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
    ``concealed_honor_triplets`` the bits of the concealed honour triplets
    (:func:`bot.rules.riichi.shape.concealed_shape`).
    """
    all_ids: Sequence[int] = concealed
    if melds:
        listed = [*concealed]
        for meld in melds:
            listed.extend(meld.tiles)
        all_ids = listed
    unique = set(all_ids)
    if len(unique) != len(all_ids):
        raise HandError("the same physical tile is used twice", "riichi.tile_twice")
    if not unique <= TILE_IDS:
        raise HandError("tile ids must be 0-135 (riichi has no flowers)", "riichi.tile_ids")
    win_tile = situation.win_tile
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
        honor_triplets = concealed_honor_triplets
    if options.players == 3 and kind_mask & SANMA_MISSING_MASK:
        raise HandError("sanma has no 2m-8m", "riichi.sanma_characters")
    kita = situation.kita
    if kita and count_of(all_counts, NORTH) + kita > 4:
        raise HandError("more than four North tiles counting the kita set aside", "riichi.kita_five")
    s = situation  # WinSituation.any_flag, inlined (a property call costs twice as much)
    any_flag = (
        s.riichi
        or s.double_riichi
        or s.ippatsu
        or s.rinshan
        or s.chankan
        or s.haitei
        or s.houtei
        or s.tenhou
        or s.chiihou
    )
    closed = facts.closed
    if (
        any_flag
        or kita
        or situation.honba < 0
        or situation.sticks < 0
        or situation.seat_wind not in SEATS_4
        or situation.round_wind not in SEATS_4
        or options.players != 4
    ):  # the common case (no flag, four players, plain winds) has nothing to refuse
        check_situation(situation, options, closed, facts.kans > 0, any_flag)
    suit_mask = (
        (1 if kind_mask & MAN_MASK else 0)
        | (2 if kind_mask & PIN_MASK else 0)
        | (4 if kind_mask & SOU_MASK else 0)
    )
    return _new(
        HandFacts,
        (
            situation,
            options,
            all_ids,
            melds,
            facts,
            counts,
            all_counts,
            win_tile >> 2,
            closed,
            situation.tsumo,
            any_flag,
            facts.kans,
            kind_mask,
            suit_mask,
            suit_mask.bit_count(),
            not kind_mask & TERMINAL_HONOR_MASK,
            not kind_mask & SIMPLE_MASK,
            kind_mask > HONORLESS_MASK,
            HONORS_OF_MASK[honor_triplets >> 27],
        ),
    )


def wins_of(h: HandFacts, splits: list[HandSplit]) -> list[Win]:
    """Every distinct reading of the decompositions: each place the winning tile can take.

    A triplet completed by ron is not concealed (fewer concealed triplets, open triplet fu).
    """
    wins = []
    m = h.meld_facts
    win_kind = h.win_kind
    win_suit = win_kind // 9 if win_kind < 27 else 3
    win_offset = win_kind - 9 * win_suit
    ron = not h.tsumo
    for split in splits:
        man, pin, sou, honors = split
        concealed = man.tally + pin.tally + sou.tally + honors.tally
        total = concealed + m.tally
        concealed_triplets = (concealed >> TRIPLETS_SHIFT & FOUR_BITS) + m.closed_kans
        triplet_fu = total >> TRIPLET_FU_SHIFT & EIGHT_BITS
        # Win's fields after the wait and before the concealed triplets, the same for every wait.
        shared = (
            max(man.pair, pin.pair, sou.pair, honors.pair),  # the suits without the pair say -1
            False,
            total & FOUR_BITS,
            man.sequence_mask | pin.sequence_mask | sou.sequence_mask | m.sequence_mask,
            total >> IDENTICAL_SHIFT & FOUR_BITS,
            total >> TRIPLETS_SHIFT & FOUR_BITS,
            man.triplet_mask | pin.triplet_mask | sou.triplet_mask | honors.triplet_mask | m.triplet_mask,
        )
        outside = total < 1 << INSIDE_SHIFT
        win_split = split[win_suit]
        waits = win_split.waits[win_offset]
        if waits is None:
            waits = win_split.waits[win_offset] = waits_at(win_split, win_offset, win_kind)
        for wait in waits:
            if ron and wait == SHANPON:  # the triplet completed by ron counts as open
                ron_fu = TERMINAL_TRIPLET_FU if win_kind in TERMINALS_AND_HONORS else SIMPLE_TRIPLET_FU
                rest = (concealed_triplets - 1, outside, triplet_fu - ron_fu // 2)
            else:
                rest = (concealed_triplets, outside, triplet_fu)
            wins.append(_new(Win, (wait, *shared, *rest)))
    return wins
