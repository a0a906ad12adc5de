"""Calls on a discard, shared by every rule set with chi: which sequences a tile completes, which tiles
may be taken, and kuikae (the kinds a caller may not discard right after the call).

The rule set decides kuikae through its ``RuleSet.forbidden_after_call`` hook; :func:`chi_options`
asks that hook, so a chi is offered only when the caller keeps a tile it may discard afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.meld import PREVIOUS_PLAYER, Meld, MeldType
from bot.hand.tiles import kind_of


def kuikae(meld: Meld) -> frozenset[int]:
    """Riichi's kuikae: after a call the called kind may not be discarded, nor (after a chi) the kind at
    the other end of the sequence when the call was at one end (chi 4m with 56m also forbids 7m)."""
    assert meld.called is not None
    return kuikae_kinds(kind_of(meld.called), meld.kind, meld.type is MeldType.CHI)


def kuikae_kinds(called: int, low: int, sequence: bool) -> frozenset[int]:
    """:func:`kuikae` by kinds: the called kind, the meld's lowest kind, whether it is a sequence."""
    if not sequence:
        return frozenset({called})
    kinds = {called}
    if called == low and low % 9 <= 5:
        kinds.add(low + 3)
    elif called == low + 2 and low % 9 >= 1:
        kinds.add(low - 1)
    return frozenset(kinds)


def sequence_partners(kind: int) -> list[tuple[int, int]]:
    """The two other kinds of each sequence ``kind`` belongs to, lowest sequence first."""
    if kind >= 27:
        return []
    start = kind - kind % 9
    return [
        tuple(x for x in (low, low + 1, low + 2) if x != kind)  # type: ignore[misc]
        for low in (kind - 2, kind - 1, kind)
        if start <= low and low + 2 <= start + 8
    ]


#: :func:`sequence_partners` of every playing kind (flowers make no sequences).
SEQUENCE_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(sequence_partners(kind)) for kind in range(34)
)


def chi_possible(counts: Sequence[int], kind: int) -> bool:
    """Whether a hand of these kind counts holds both other kinds of a sequence with ``kind``: the
    cheap question before :func:`chi_options` (most discards offer no chi at all)."""
    return kind < 34 and any(counts[first] and counts[second] for first, second in SEQUENCE_PARTNERS[kind])


def discard_left_after(concealed: Sequence[int], using: Sequence[int], forbidden: frozenset[int]) -> bool:
    """Whether a tile other than the ``forbidden`` kinds is left once ``using`` leaves the hand."""
    rest = list(concealed)
    for t in using:
        rest.remove(t)
    return any(kind_of(t) not in forbidden for t in rest)


def chi_options(
    concealed: Sequence[int],
    seat: int,
    tile: int,
    forbidden_after_call: Callable[[Meld], frozenset[int]],
    *,
    one_per_shape: bool = False,
) -> list[Action]:
    """Every chi of ``tile`` from the hand ``concealed`` that leaves a tile to discard.

    Each pair of tiles is offered (red fives are other tiles), in the hand's order; ``one_per_shape``
    offers one pair per sequence instead, the lowest ids (a rule set without red fives).
    """
    found = []
    kind = kind_of(tile)
    for first, second in SEQUENCE_PARTNERS[kind] if kind < 34 else ():
        firsts = [t for t in concealed if kind_of(t) == first]
        seconds = [t for t in concealed if kind_of(t) == second]
        if not firsts or not seconds:
            continue
        if one_per_shape:
            firsts, seconds = [min(firsts)], [min(seconds)]
        shape = Meld(MeldType.CHI, tuple(sorted((firsts[0], seconds[0], tile))), tile, PREVIOUS_PLAYER)
        forbidden = forbidden_after_call(shape)
        for a in firsts:
            for b in seconds:
                if discard_left_after(concealed, (a, b), forbidden):
                    found.append(Action(A.CHI, seat, tile, (a, b)))
    return found
