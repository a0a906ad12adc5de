"""What the yaku, fu and dora rules look at: the facts of a winning hand and each way to read it.

:class:`HandFacts` is computed once per hand (tile counts, melds, suits, flags); :class:`Win` once per
reading (a decomposition with the winning tile placed in it, or seven pairs).  Rules are plain
functions of ``(HandFacts, Win)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import NORTH, NUM_KINDS, TERMINALS_AND_HONORS
from bot.rules.riichi.shape import Reading, Wait
from bot.rules.riichi.situation import HandError, RiichiOptions, WinSituation, check_situation


class Triplet(NamedTuple):
    kind: int
    concealed: bool  # a concealed triplet (ankou) or closed kan; False for pon, open kan, ron-completed
    kan: bool


@dataclass(slots=True)
class HandFacts:
    situation: WinSituation
    options: RiichiOptions
    concealed_ids: tuple[int, ...]
    melds: tuple[Meld, ...]
    counts: list[int]  # concealed tiles only
    all_counts: list[int]  # every tile of the hand, meld tiles included (a kan counts 4)
    win_kind: int
    closed: bool  # no open meld (closed kans keep a hand closed)
    tsumo: bool
    any_flag: bool  # a situational yaku flag is set (riichi, ippatsu, haitei, ...)
    meld_sequences: tuple[int, ...]  # first kind of each chi
    meld_triplets: tuple[Triplet, ...]
    kans: int
    kinds: frozenset[int]  # every kind in the hand
    all_simples: bool
    all_terminals_or_honors: bool
    has_honors: bool
    suits: frozenset[int]  # 0 man, 1 pin, 2 sou among the tiles (honours not included)
    honor_triplets: frozenset[int]  # honours held 3+ times: always a triplet (or kan) in a winning hand


class Win(NamedTuple):
    """One reading of the hand: all sets (melds included), the pair, the wait."""

    sequences: tuple[int, ...]  # first kinds, sorted
    triplets: tuple[Triplet, ...]
    pair: int  # -1 for seven pairs
    wait: Wait
    seven_pairs: bool
    triplet_kinds: frozenset[int]
    concealed_triplets: int  # concealed triplets and closed kans (not the one completed by ron)


def concealed_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Counts of the concealed tiles, after the tile-count check (the first, cheapest validation)."""
    if len(concealed) + 3 * len(melds) != 14:
        raise HandError(
            f"a winning hand has 14 tiles counting each meld as 3: got {len(concealed)} concealed"
            f" and {len(melds)} meld(s)"
        )
    counts = [0] * NUM_KINDS
    try:
        for t in concealed:
            counts[t >> 2] += 1
    except (IndexError, TypeError):
        raise HandError("tile ids must be integers 0-135 (riichi has no flowers)") from None
    return counts


def hand_facts(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    situation: WinSituation,
    options: RiichiOptions,
    counts: list[int] | None = None,
) -> HandFacts:
    """Check the tiles and flags and gather the facts; raises :class:`HandError` on bad input."""
    ids = tuple(concealed)
    if counts is None:
        counts = concealed_counts(ids, melds)
    all_ids = list(ids)
    for meld in melds:
        all_ids.extend(meld.tiles)
    if len(set(all_ids)) != len(all_ids):
        raise HandError("the same physical tile is used twice")
    if min(all_ids) < 0 or max(all_ids) >= 136:
        raise HandError("tile ids must be 0-135 (riichi has no flowers)")
    win_tile = situation.win_tile
    if win_tile not in ids:
        raise HandError("the winning tile must be among the concealed tiles")
    all_counts = counts
    meld_sequences: list[int] = []
    meld_triplets: list[Triplet] = []
    kans = 0
    closed = True
    if melds:
        all_counts = list(counts)
        for meld in melds:
            kind = meld.tiles[0] >> 2
            for t in meld.tiles:
                all_counts[t >> 2] += 1
            meld_type = meld.type
            if meld_type is MeldType.CHI:
                meld_sequences.append(kind)
            else:
                is_kan = meld_type is not MeldType.PON
                kans += is_kan
                meld_triplets.append(Triplet(kind, meld_type is MeldType.ANKAN, is_kan))
            if meld_type is not MeldType.ANKAN:
                closed = False
    if options.players == 3 and any(all_counts[1:8]):
        raise HandError("sanma has no 2m-8m")
    if situation.kita and all_counts[NORTH] + situation.kita > 4:
        raise HandError("more than four North tiles counting the kita set aside")
    check_situation(situation, options, closed, kans > 0)
    kinds = frozenset([t >> 2 for t in all_ids])
    return HandFacts(
        situation,
        options,
        ids,
        tuple(melds),
        counts,
        all_counts,
        win_tile >> 2,
        closed,
        situation.tsumo,
        situation.any_flag,
        tuple(meld_sequences),
        tuple(meld_triplets),
        kans,
        kinds,
        kinds.isdisjoint(TERMINALS_AND_HONORS),
        kinds <= TERMINALS_AND_HONORS,
        max(kinds) >= 27,
        frozenset([k // 9 for k in kinds if k < 27]),
        frozenset([k for k in kinds if k >= 27 and all_counts[k] >= 3]),
    )


def win_of(h: HandFacts, reading: Reading) -> Win:
    """The :class:`Win` for a decomposition reading; a ron-completed triplet is not concealed."""
    sequences = list(h.meld_sequences)
    triplets = list(h.meld_triplets)
    ron = not h.tsumo
    for index, block in enumerate(reading.blocks):
        if block.sequence:
            sequences.append(block.first)
        else:
            triplets.append(Triplet(block.first, not (ron and index == reading.completed), False))
    sequences.sort()
    return Win(
        tuple(sequences),
        tuple(triplets),
        reading.pair,
        reading.wait,
        False,
        frozenset(t.kind for t in triplets),
        sum(1 for t in triplets if t.concealed),
    )


SEVEN_PAIRS_WIN = Win((), (), -1, Wait.TANKI, True, frozenset(), 0)
