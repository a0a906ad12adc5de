"""Scoring one Taiwanese 16-tile hand: the best reading, its tai lines, flowers, dealer tai, payments.

Public API: :func:`score_hand` (tile ids) / :func:`score_kinds` (kinds) and
:func:`score_flower_win` (七搶一 / 八仙過海) return a :class:`TaiwanScore`; :func:`payments` is the
per-payer rule on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.hand.meld import Meld, whole_hand_counts
from bot.hand.notation import kind_name
from bot.hand.refusal import NotAWin as NotAWin  # re-exported: raised here, caught as <module>.NotAWin
from bot.hand.tiles import FIRST_FLOWER, kind_of, kinds_to_counts
from bot.hand.win_checks import refuse_a_fifth_copy, refuse_the_wrong_way_of_winning
from bot.rules.taiwan.extras import EXTRA_REPLACES, EXTRA_TAI
from bot.rules.taiwan.flowers import FLOWER_WIN_TAI, flower_lines, flower_win_key
from bot.rules.taiwan.names import ORDER
from bot.rules.taiwan.shape import WinningShape, waits, winning_shapes
from bot.rules.taiwan.situation import READY_KINDS, TaiwanOptions, TaiwanSituation
from bot.rules.taiwan.tai import (
    ALL_HONOURS_DEDUCTION,
    BASIC_TAI,
    HEAVENLY_KEYS,
    REPLACES,
    Context,
    apply_replacements,
)

Line = tuple[str, int]


@dataclass(frozen=True)
class TaiwanScore:
    lines: tuple[Line, ...]  # hand and flower tai (names in bot.rules.taiwan.names)
    dealer_lines: tuple[Line, ...]  # 莊家 1 and 連莊 2n: only between the dealer and another player
    payments: tuple[tuple[int, int], ...]  # (payer seat, amount)
    winner: int
    dealer: int

    @property
    def hand_tai(self) -> int:
        return sum(v for _, v in self.lines)

    @property
    def dealer_tai(self) -> int:
        return sum(v for _, v in self.dealer_lines)

    @property
    def dealer_involved(self) -> bool:
        return self.winner == self.dealer or any(p == self.dealer for p, _ in self.payments)

    @property
    def total(self) -> int:
        """The tai as announced: the dealer tai count whenever the dealer wins or pays."""
        return self.hand_tai + (self.dealer_tai if self.dealer_involved else 0)

    @property
    def points(self) -> int:
        return sum(amount for _, amount in self.payments)

    @property
    def all_lines(self) -> tuple[Line, ...]:
        return self.lines + (self.dealer_lines if self.dealer_involved else ())


def dealer_lines(streak: int) -> tuple[Line, ...]:
    """莊家 1, and 連莊 2n on a streak of n (連n拉n)."""
    return (("dealer", 1),) + ((("streak", 2 * streak),) if streak else ())


def payments(
    hand_tai: int,
    dealer_tai: int,
    winner: int,
    dealer: int,
    tsumo: bool,
    discarder: int | None,
    options: TaiwanOptions,
) -> tuple[tuple[int, int], ...]:
    """Ron: the discarder pays; tsumo: each of the three others.  Each payer pays base + tai x
    tai_value, the dealer tai counted only when the winner or that payer is the dealer."""
    if tsumo:
        payers = [s for s in range(4) if s != winner]
    else:
        if discarder is None or discarder == winner or not 0 <= discarder <= 3:
            raise NotAWin("a ron needs the discarder's seat, another player's", "taiwan.discarder")
        payers = [discarder]
    return tuple(
        (p, options.payment(hand_tai + (dealer_tai if dealer in (winner, p) else 0))) for p in payers
    )


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    flowers: Iterable[int] = (),
    situation: TaiwanSituation | None = None,
    options: TaiwanOptions | None = None,
) -> TaiwanScore:
    """Score a win given as tile ids (flowers as ids 136-143; the winning tile among the concealed)."""
    return score_kinds(
        [kind_of(t) for t in concealed], melds, [kind_of(f) for f in flowers], situation, options
    )


def score_kinds(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    flowers: Iterable[int] = (),
    situation: TaiwanSituation | None = None,
    options: TaiwanOptions | None = None,
) -> TaiwanScore:
    """Score a win given as kinds (flowers 34-41).  Raises :class:`NotAWin` with the reason."""
    s = situation or TaiwanSituation()
    o = options or TaiwanOptions()
    flower_kinds = _check_flowers(flowers, o)
    _check_tiles(concealed, melds)
    win = s.win_tile if s.win_tile is not None else concealed[-1]
    if win not in concealed:
        raise NotAWin(
            f"the winning tile {kind_name(win)} is not among the concealed tiles",
            "hand.win_not_held",
            tile=kind_name(win),
        )
    _check_situation(s)
    shapes = winning_shapes(concealed, melds, win, s.tsumo, o.extras)
    if not shapes:
        raise NotAWin(
            "not a winning hand: a win is five sets and a pair (17 tiles, a kan counts as 3)",
            "taiwan.not_a_win",
        )
    before = list(concealed)
    before.remove(win)
    context = Context(s, o, tuple(melds), flower_kinds, len(waits(before, melds, o.extras)))
    # Decomposition choice: the reading worth the most tai.
    best = max((shape_lines(shape, context) for shape in shapes), key=lambda ls: sum(v for _, v in ls))
    lines = _ordered(best + flower_lines(flower_kinds, s.seat_wind))
    return _score(lines, s, o)


def _score(lines: list[Line], s: TaiwanSituation, o: TaiwanOptions) -> TaiwanScore:
    dealer = dealer_lines(s.streak)
    hand_tai = sum(v for _, v in lines)
    paid = payments(hand_tai, sum(v for _, v in dealer), s.seat, s.dealer, s.tsumo, s.discarder, o)
    return TaiwanScore(tuple(lines), dealer, paid, s.seat, s.dealer)


def shape_lines(shape: WinningShape, context: Context) -> list[Line]:
    """Every tai of one reading, after the replacements, the 24台制 and 字一色's minus 4."""
    functions = dict(BASIC_TAI)
    replaces = dict(REPLACES)
    if context.options.extras:
        functions.update(EXTRA_TAI)
        replaces.update(EXTRA_REPLACES)
    lines = [(key, value) for key, fn in functions.items() if (value := fn(shape, context))]
    lines = apply_replacements(lines, replaces)
    heavenly = [line for line in lines if line[0] in HEAVENLY_KEYS]
    if heavenly and not context.options.stack_heavenly:
        return heavenly
    if any(key == "all_honours" for key, _ in lines):
        lines.append(("all_honours_deduction", ALL_HONOURS_DEDUCTION))
    return lines


def score_flower_win(
    flowers: Iterable[int],
    situation: TaiwanSituation,
    options: TaiwanOptions | None = None,
    robbing: bool = False,
) -> TaiwanScore:
    """八仙過海 (all eight flowers, paid by all three like a tsumo) or 七搶一 (``robbing``: seven
    flowers robbing the eighth; ``situation.discarder`` is the player who drew it and pays as the
    discarder).  8 tai; flower tai are not added; dealer and streak tai are."""
    o = options or TaiwanOptions()
    if not o.flowers:
        raise NotAWin("this table plays without flowers", "taiwan.no_flowers")
    kinds = _check_flowers(flowers, o)
    try:
        key = flower_win_key(kinds, robbing)
    except ValueError as exc:
        raise NotAWin.wrap(exc) from None
    s = situation
    flower_situation = TaiwanSituation(
        seat=s.seat, dealer=s.dealer, round_wind=s.round_wind, streak=s.streak,
        tsumo=not robbing, discarder=s.discarder,
    )  # fmt: skip
    return _score([(key, FLOWER_WIN_TAI)], flower_situation, o)


def _ordered(lines: list[Line]) -> list[Line]:
    merged: dict[str, int] = {}
    for key, value in lines:
        merged[key] = merged.get(key, 0) + value
    return sorted(merged.items(), key=lambda line: ORDER.index(line[0]))


def _check_flowers(flowers: Iterable[int], o: TaiwanOptions) -> tuple[int, ...]:
    kinds = tuple(flowers)
    if any(not FIRST_FLOWER <= k < FIRST_FLOWER + 8 for k in kinds):
        raise NotAWin("flowers are 1f-8f", "taiwan.flower_range")
    if len(set(kinds)) != len(kinds):
        raise NotAWin("each flower exists once", "taiwan.flower_once")
    if kinds and not o.flowers:
        raise NotAWin("this table plays without flowers (flowers=off)", "taiwan.no_flowers")
    return kinds


def _check_tiles(concealed: Sequence[int], melds: Sequence[Meld]) -> None:
    count = len(concealed) + 3 * len(melds)
    if count != 17:
        raise NotAWin(
            f"a winning hand has 17 tiles (a kan counts as 3), this one has {count}",
            "hand.size",
            size=17,
            count=count,
        )
    refuse_a_fifth_copy(whole_hand_counts(kinds_to_counts(concealed), melds))


def _check_situation(s: TaiwanSituation) -> None:
    for name, seat in (("seat", s.seat), ("dealer", s.dealer), ("round wind", s.round_wind)):
        if not 0 <= seat <= 3:
            raise NotAWin(f"{name} must be 0-3 (E S W N)", "taiwan.seat_range", name=name)
    if s.streak < 0:
        raise NotAWin("the dealer streak cannot be negative", "taiwan.negative_streak")
    if s.ready is not None and s.ready not in READY_KINDS:
        raise NotAWin(
            f"ready declaration {s.ready!r}: use one of {', '.join(READY_KINDS)}",
            "taiwan.ready",
            value=s.ready,
            choices=", ".join(READY_KINDS),
        )
    refuse_the_wrong_way_of_winning(
        s.tsumo,
        self_drawn_only={
            "槓上開花 (after a kan)": s.after_kan,
            "天胡 (heavenly)": s.heavenly,
            "地胡 (earthly)": s.earthly,
        },
        on_discard_only={"搶槓 (robbing a kan)": s.robbing_kan, "人胡 (human)": s.human},
    )
    if s.heavenly and not s.winner_is_dealer:
        raise NotAWin("天胡 (heavenly) is the dealer's win", "taiwan.heavenly_dealer")
    if s.earthly and s.winner_is_dealer:
        raise NotAWin("地胡 (earthly) is a non-dealer's win", "taiwan.earthly_dealer")
