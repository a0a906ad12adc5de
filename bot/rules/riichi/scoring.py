"""Score a riichi or sanma win exactly as Tenhou does, and settle it between the seats.

The public API for the engine:

* :func:`score_hand` (raises :class:`NotAWin` for no winning shape or no yaku, :class:`HandError`
  for impossible input);
* :func:`settle_win` (each seat's score change, honba included, riichi sticks not).

Each decomposition of the hand is read once per place the winning tile can take in it; every
reading is scored and the one worth the most points (then han, then fu) is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final, NamedTuple

from bot.hand.meld import Meld
from bot.hand.refusal import NotAWin  # noqa: F401 - raised here, caught as <module>.NotAWin
from bot.hand.tiles import EAST, TERMINALS_AND_HONORS
from bot.rules.riichi import shape as shape_tables
from bot.rules.riichi.dora import dora_lines
from bot.rules.riichi.fu import fu_of
from bot.rules.riichi.hand import SEVEN_PAIRS_WIN, HandFacts, Win, concealed_counts, hand_facts, wins_of
from bot.rules.riichi.points import HAND_POINTS, MANGAN, base_points, settle, table_hand_points
from bot.rules.riichi.shape import COUNT_BITS, COUNT_MASK, TRIPLETS_MASK_SHIFT, concealed_shape, count_of
from bot.rules.riichi.situation import HandError, RiichiOptions, WinSituation
from bot.rules.riichi.yaku import PINFU_LINE, hand_yaku_lines, in_order, reading_yaku_lines
from bot.rules.riichi.yakuman import (
    HAND_YAKUMAN,
    PAO_YAKUMAN,
    READING_YAKUMAN,
    might_be_yakuman,
)

__all__ = [
    "HandError",
    "NotAWin",
    "RiichiOptions",
    "RiichiScore",
    "WinSituation",
    "score_hand",
    "settle_win",
]

YAKUMAN_HAN: Final = 13  # the han shown on a yakuman line
_new: Final = tuple.__new__  # builds a named tuple at half the cost of its generated __new__
_han: Final = itemgetter(1)  # the han of a (name, han) line


class RiichiScore(NamedTuple):
    """The score of a win (immutable; a named tuple because a frozen dataclass costs several times
    more to build, which shows when the engine scores every possible win)."""

    yaku: tuple[tuple[str, int], ...]  # (yaku id, han), dora lines included; yakuman lines are 13 each
    han: int  # 0 for a yakuman hand
    fu: int  # 0 for a yakuman hand
    yakuman: int  # number of yakuman (a counted yakuman at 13 han is 0 here, han >= 13)
    base_points: int
    points: int  # what the winner gains from the hand itself (no honba, no sticks)
    dealer: bool
    tsumo: bool
    players: int = 4

    @property
    def pao_possible(self) -> bool:
        """Daisangen or daisuushii is in the hand: a liable seat may have to pay (see settle_win)."""
        return any(name in PAO_YAKUMAN for name, _ in self.yaku)


def _four_concealed(wins: list[Win]) -> bool:
    """Some reading has four concealed triplets (suuankou)."""
    for w in wins:  # noqa: SIM110 - a plain loop costs less than any() over a generator
        if w.concealed_triplets == 4:
            return True
    return False


def _yakuman_lines(h: HandFacts, wins: list[Win]) -> list[tuple[str, int]]:
    """The best yakuman lines over all readings (empty when no yakuman)."""
    hand_lines = []
    if might_be_yakuman(h):
        hand_lines = [(name, YAKUMAN_HAN * v) for name, rule in HAND_YAKUMAN if (v := rule(h))]
    best = hand_lines
    for w in wins:
        if w.concealed_triplets < 4:  # the reading yakuman are suuankou and suuankou tanki
            continue
        extra = [(name, YAKUMAN_HAN * v) for name, rule in READING_YAKUMAN if (v := rule(h, w))]
        if extra and len(hand_lines) + len(extra) > len(best):
            best = hand_lines + extra
    return best


# Packed counts whose every kind is 0 or 2 have none of these bits (4 = 0b100 is not two pairs).
NOT_ZERO_OR_TWO: Final = sum(0b101 << COUNT_BITS * kind for kind in range(34))
SIMPLE_COUNTS: Final = sum(
    COUNT_MASK << COUNT_BITS * kind for kind in range(34) if kind not in TERMINALS_AND_HONORS
)


def _is_kokushi_counts(counts: int, melds: Sequence[Meld]) -> bool:
    """The 13 terminal and honour kinds, nothing else (14 tiles are checked before)."""
    return not melds and not counts & SIMPLE_COUNTS and all(count_of(counts, k) for k in TERMINALS_AND_HONORS)


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    situation: WinSituation,
    options: RiichiOptions = RiichiOptions(),  # noqa: B008 - frozen dataclass, safe as a default
) -> RiichiScore:
    """Score a win: ``concealed`` holds the winning tile; kans count as one set."""
    counts = concealed_counts(concealed, melds)
    # The shape first: it is the cheap part, and the answer for most "can this tile win?" questions.
    concealed_mask, splits = concealed_shape(counts)
    # Seven different pairs: every count 0 or 2 (Tenhou: four of a kind is not two pairs), 14 tiles.
    seven_pairs = not melds and not counts & NOT_ZERO_OR_TWO
    if not splits and not seven_pairs and not _is_kokushi_counts(counts, melds):
        raise NotAWin(
            "not a winning hand: the tiles do not make four sets and a pair, seven pairs or kokushi",
            "riichi.not_a_win",
        )
    honor_triplets = splits[0] >> TRIPLETS_MASK_SHIFT if splits else 0  # honours split one way only
    h = hand_facts(concealed, melds, situation, options, counts, concealed_mask, honor_triplets)
    wins = wins_of(h, splits) if splits else []
    if seven_pairs:
        wins.append(SEVEN_PAIRS_WIN)
    dealer = h.seat_wind == EAST
    tsumo = h.tsumo
    players = options.players
    # Yakuman: the hand-wide ones behind a cheap gate, suuankou on readings of 4 concealed triplets.
    yakuman_lines = (
        _yakuman_lines(h, wins) if might_be_yakuman(h) or h.closed and _four_concealed(wins) else None
    )
    if yakuman_lines:
        count = sum(map(_han, yakuman_lines)) // YAKUMAN_HAN
        base = base_points(0, 0, count)
        points = table_hand_points(base, dealer, tsumo, players)
        return _new(RiichiScore, (tuple(yakuman_lines), 0, 0, count, base, points, dealer, tsumo, players))
    hand_lines = hand_yaku_lines(h)
    bonus = dora_lines(h)
    # Dora are in the key too: with them a reading of fewer han but more fu may reach the same limit.
    hand_han = 0
    for _, han in hand_lines:  # plain loops: these lists hold a few lines, less than sum(map()) costs
        hand_han += han
    for _, han in bonus:
        hand_han += han
    best: tuple[int, int, int] | None = None
    best_lines: list[tuple[str, int]] = []
    for w in wins:
        lines = reading_yaku_lines(h, w)
        if not lines and not hand_lines:
            continue
        han = hand_han
        for _, line_han in lines:
            han += line_han
        fu = fu_of(h, w, PINFU_LINE in lines)
        # base_points inlined below 5 han: fu x 2^(han + 2), capped at a mangan
        key = (min(fu << han + 2, MANGAN) if han < 5 else base_points(han, fu), han, fu)
        if best is None or key > best:
            best = key
            best_lines = lines
    if best is None:
        raise NotAWin("no yaku: a win needs at least one han of yaku (dora do not count)", "riichi.no_yaku")
    base, han, fu = best
    yaku = hand_lines + best_lines
    if len(yaku) > 1:
        in_order(yaku)
    if bonus:
        yaku += bonus
    points = HAND_POINTS.get((base, dealer, tsumo, players)) or table_hand_points(
        base, dealer, tsumo, players
    )
    return _new(RiichiScore, (tuple(yaku), han, fu, 0, base, points, dealer, tsumo, players))


def clear_tables() -> None:
    """Forget the memoised suit splits and points (benchmarks time a cold start with it)."""
    shape_tables.clear_tables()
    HAND_POINTS.clear()


def settle_win(
    score: RiichiScore,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    players: int,
    honba: int,
    liable: int | None = None,
) -> list[int]:
    """Score change per seat (0..players-1) from the hand and the honba, riichi sticks excluded.

    ``discarder`` is None for a tsumo.  ``liable`` is the pao seat (daisangen/daisuushii): on tsumo it
    pays everything, on ron it and the discarder pay half each, honba split the same way; it covers
    the whole yakuman value, other yakuman in the same hand included.
    """
    if (discarder is None) != score.tsumo:
        raise ValueError("a tsumo has no discarder and a ron needs one")
    if (winner == dealer) != score.dealer:
        raise ValueError("the score was computed for a different dealer")
    return settle(
        score.base_points,
        winner=winner,
        dealer=dealer,
        discarder=discarder,
        players=players,
        honba=honba,
        liable=liable,
    )
