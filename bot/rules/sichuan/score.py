"""Scoring one Sichuan hand: the best reading of the hand, its fan lines, floor and cap.

Public API: :func:`score_hand` (tile ids) and :func:`score_kinds` (kinds) return a
:class:`SichuanScore`; :func:`waiting_values` / :func:`best_waiting_fan` give what a waiting hand
could score for the not-tenpai check (查大叫).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.hand.meld import Meld, whole_hand_counts
from bot.hand.notation import kind_name
from bot.hand.refusal import NotAWin as NotAWin  # re-exported: raised here, caught as <module>.NotAWin
from bot.hand.tiles import kind_of, kinds_to_counts
from bot.hand.win_checks import refuse_a_fifth_copy, refuse_the_wrong_way_of_winning
from bot.rules.sichuan.fan import ordered, shape_lines, situation_lines
from bot.rules.sichuan.shape import winning_shapes
from bot.rules.sichuan.situation import HEAVENLY_FLOOR, SichuanOptions, SichuanSituation

SUIT_LETTERS = "mps"


@dataclass(frozen=True)
class SichuanScore:
    fan: int  # after the heavenly/earthly floor and the cap
    yaku: tuple[tuple[str, int], ...]  # (fan key, fan) lines; names in bot.rules.sichuan.names
    uncapped_fan: int

    @property
    def multiple(self) -> int:
        """Payout = base x 2 ** fan."""
        return int(2**self.fan)  # int ** int is typed Any (a negative power is a float)


def capped(fan: int, cap: int | None) -> int:
    """The table's fan cap (None: no cap)."""
    return fan if cap is None else min(fan, cap)


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    situation: SichuanSituation | None = None,
    options: SichuanOptions | None = None,
) -> SichuanScore:
    """Score a win given as tile ids (the winning tile among the concealed ones)."""
    return score_kinds([kind_of(t) for t in concealed], melds, situation, options)


def score_kinds(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    situation: SichuanSituation | None = None,
    options: SichuanOptions | None = None,
) -> SichuanScore:
    """Score a win given as kinds.  Raises :class:`NotAWin` with the reason."""
    s = situation or SichuanSituation()
    o = options or SichuanOptions()
    _check_tiles(concealed, melds, 14)
    _check_void(concealed, melds, s.void_suit)
    _check_situation(concealed, s)
    shapes = winning_shapes(concealed, melds)
    if not shapes:
        raise NotAWin(
            "not a winning hand: it needs four sets and a pair, or seven pairs", "sichuan.not_a_win"
        )
    # Decomposition choice: the reading worth the most fan.
    best = max((shape_lines(shape) for shape in shapes), key=lambda lines: sum(v for _, v in lines))
    lines = ordered(best + situation_lines(s, o))
    if s.heavenly or s.earthly:
        lines = _heavenly_floor(lines, "heavenly" if s.heavenly else "earthly")
    fan = sum(v for _, v in lines)
    if not lines:
        lines = [("plain", 0)]
    return SichuanScore(capped(fan, o.cap), tuple(lines), fan)


def _heavenly_floor(lines: list[tuple[str, int]], key: str) -> list[tuple[str, int]]:
    """天和/地和: the hand's fan without self-drawn, or the 5-fan floor alone when that is more."""
    own = [line for line in lines if line[0] != "self_drawn"]
    if sum(v for _, v in own) >= HEAVENLY_FLOOR:
        return own
    return [(key, HEAVENLY_FLOOR)]


def _check_tiles(concealed: Sequence[int], melds: Sequence[Meld], size: int) -> None:
    honours = [k for k in concealed if k >= 27] + [k for m in melds for k in m.kinds if k >= 27]
    if honours:
        raise NotAWin(
            f"{kind_name(honours[0])}: sichuan plays the three number suits only",
            "sichuan.honour",
            tile=kind_name(honours[0]),
        )
    count = len(concealed) + 3 * len(melds)
    if count != size:
        what = "a winning hand" if size == 14 else "a waiting hand"
        raise NotAWin(
            f"{what} has {size} tiles (a kan counts as 3), this one has {count}",
            "hand.size",
            size=size,
            count=count,
        )
    refuse_a_fifth_copy(whole_hand_counts(kinds_to_counts(concealed), melds))


def void_suit_of(concealed: Sequence[int], melds: Sequence[Meld], void_suit: int | None) -> int | None:
    """The declared void suit, or the one suit the hand does not hold (None if it holds all three)."""
    if void_suit is not None:
        return void_suit
    held = {k // 9 for k in concealed} | {k // 9 for m in melds for k in m.kinds}
    missing = [suit for suit in range(3) if suit not in held]
    return missing[0] if missing else None


def _check_void(concealed: Sequence[int], melds: Sequence[Meld], void_suit: int | None) -> None:
    void = void_suit_of(concealed, melds, void_suit)
    if void is None:
        raise NotAWin(
            "the hand holds all three suits: a win must be void in one suit (定缺)", "sichuan.three_suits"
        )
    bad = [k for k in concealed if k // 9 == void] + [k for m in melds for k in m.kinds if k // 9 == void]
    if bad:
        raise NotAWin(
            f"{kind_name(bad[0])} is of the void suit {SUIT_LETTERS[void]}: "
            "a hand holding void-suit tiles cannot win",
            "sichuan.void_tile",
            tile=kind_name(bad[0]),
            suit=SUIT_LETTERS[void],
        )


def _check_situation(concealed: Sequence[int], s: SichuanSituation) -> None:
    if s.win_tile is not None and s.win_tile not in concealed:
        raise NotAWin(
            f"the winning tile {kind_name(s.win_tile)} is not among the concealed tiles",
            "hand.win_not_held",
            tile=kind_name(s.win_tile),
        )
    refuse_the_wrong_way_of_winning(
        s.tsumo,
        self_drawn_only={"after_kan (杠上开花)": s.after_kan, "heavenly (天和)": s.heavenly},
        on_discard_only={"kan_discard (杠上炮)": s.kan_discard, "robbing_kan (抢杠和)": s.robbing_kan},
    )
    if s.kan_discard and s.robbing_kan:
        raise NotAWin("a win cannot be both on a discard after a kan and robbing a kan", "sichuan.kan_twice")
    if s.heavenly and s.earthly:
        raise NotAWin(
            "a hand cannot be both heavenly (dealer) and earthly (non-dealer)", "hand.heavenly_earthly"
        )


# --- waiting hands (not-tenpai check) -----------------------------------------------------------


def waiting_values(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    void_suit: int | None,
    options: SichuanOptions | None = None,
) -> dict[int, int]:
    """Each waiting kind -> the most fan the hand scores on it, counting every hand-shape fan and
    the roots but no situational fan.  Empty when not tenpai: a void-suit tile in hand, or no
    wait other than a fifth copy of a kind the player holds all four of."""
    o = options or SichuanOptions()
    _check_tiles(concealed, melds, 13)
    void = void_suit_of(concealed, melds, void_suit)
    if void is None or any(k // 9 == void for k in concealed):
        return {}
    counts = whole_hand_counts(kinds_to_counts(concealed), melds)
    values: dict[int, int] = {}
    for kind in range(27):
        if kind // 9 == void or counts[kind] == 4:
            continue
        hand = [*concealed, kind]
        if not winning_shapes(hand, melds):
            continue
        score = score_kinds(hand, melds, SichuanSituation(void_suit=void), SichuanOptions(cap=o.cap))
        values[kind] = score.fan
    return values


def is_tenpai(concealed: Sequence[int], melds: Sequence[Meld], void_suit: int | None) -> bool:
    return bool(waiting_values(concealed, melds, void_suit))


def best_waiting_fan(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    void_suit: int | None,
    options: SichuanOptions | None = None,
) -> int | None:
    """The most fan a waiting hand could score (None when not tenpai)."""
    values = waiting_values(concealed, melds, void_suit, options)
    return max(values.values()) if values else None
