"""From han and fu to points, and from points to each seat's payment (Tenhou, no kiriage)."""

from __future__ import annotations

from typing import Final

MANGAN: Final = 2000
HANEMAN: Final = 3000
BAIMAN: Final = 4000
SANBAIMAN: Final = 6000
YAKUMAN: Final = 8000
KAZOE_HAN: Final = 13
HONBA_PER_PAYER: Final = 100  # a honba is 100 from each player who would pay a tsumo: 300 in 4p, 200 in sanma


def base_points(han: int, fu: int, yakuman: int = 0) -> int:
    """The base (a quarter of a non-dealer ron); limits from mangan up, kazoe yakuman at 13 han."""
    if han < 5 and not yakuman:
        return min(fu << (han + 2), MANGAN)  # fu * 2 ** (han + 2)
    if yakuman:
        return YAKUMAN * yakuman
    if han >= KAZOE_HAN:
        return YAKUMAN
    if han >= 11:
        return SANBAIMAN
    if han >= 8:
        return BAIMAN
    if han >= 6:
        return HANEMAN
    return MANGAN


# hand_points by (base, dealer, tsumo, players), filled as asked: a few hundred entries at most (the
# bases are fu x 2^(han + 2) below mangan, and the limits).
HAND_POINTS: Final[dict[tuple[int, bool, bool, int], int]] = {}


def table_hand_points(base: int, dealer: bool, tsumo: bool, players: int) -> int:
    """:func:`hand_points`, remembered in :data:`HAND_POINTS`."""
    points = HAND_POINTS[base, dealer, tsumo, players] = hand_points(base, dealer, tsumo, players)
    return points


def limit_name(han: int, yakuman: int, base: int) -> str | None:
    """``mangan`` ... ``yakuman`` (``kazoe yakuman`` at 13 han, ``2x yakuman`` ...), None below mangan."""
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    names = {YAKUMAN: "kazoe yakuman", SANBAIMAN: "sanbaiman", BAIMAN: "baiman", HANEMAN: "haneman"}
    if base in names:
        return names[base]
    return "mangan" if base == MANGAN else None


def ron_value(base: int, dealer: bool) -> int:
    return -(-base * (6 if dealer else 4) // 100) * 100  # rounded up to 100


def tsumo_shares(base: int, dealer: bool) -> tuple[int, int]:
    """(what the dealer pays, what each non-dealer pays) on a tsumo; a dealer's win is all equal."""
    double = -(-base * 2 // 100) * 100  # rounded up to 100
    if dealer:
        return double, double
    return double, -(-base // 100) * 100


def hand_points(base: int, dealer: bool, tsumo: bool, players: int) -> int:
    """What the winner gains from the hand itself; a sanma tsumo loses the absent player's share."""
    if not tsumo:
        return ron_value(base, dealer)
    from_dealer, from_other = tsumo_shares(base, dealer)
    if dealer:
        return from_other * (players - 1)
    return from_dealer + from_other * (players - 2)


def settle(
    base: int,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    players: int,
    honba: int,
    liable: int | None = None,
) -> list[int]:
    """Score change per seat from the hand and the honba (riichi sticks excluded).

    Ron: the discarder pays everything.  Tsumo: each other seat pays its share plus 100 per honba.
    Liability (pao): on tsumo the liable seat pays the ron value and all honba alone; on ron the
    liable seat and the discarder pay half each, honba split the same way.
    """
    if not 0 <= winner < players or not 0 <= dealer < players:
        raise ValueError("winner and dealer must be seats of the table")
    if discarder is not None and (discarder == winner or not 0 <= discarder < players):
        raise ValueError("the discarder must be another seat of the table")
    if liable is not None and (liable == winner or not 0 <= liable < players):
        raise ValueError("the liable seat must be another seat of the table")
    deltas = [0] * players
    winner_is_dealer = winner == dealer
    honba_total = HONBA_PER_PAYER * (players - 1) * honba
    if liable is not None:
        total = ron_value(base, winner_is_dealer) + honba_total
        if discarder is None or discarder == liable:
            deltas[liable] -= total
        else:
            half = total // 2
            deltas[liable] -= half
            deltas[discarder] -= total - half
        deltas[winner] += total
        return deltas
    if discarder is not None:
        total = ron_value(base, winner_is_dealer) + honba_total
        deltas[discarder] -= total
        deltas[winner] += total
        return deltas
    from_dealer, from_other = tsumo_shares(base, winner_is_dealer)
    for seat in range(players):
        if seat == winner:
            continue
        pay = (from_dealer if seat == dealer else from_other) + HONBA_PER_PAYER * honba
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas
