"""Score one mingjiang win: choose the best reading, count fan or find the limit, look up the base."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.hand.meld import Meld
from bot.hand.notation import kind_name
from bot.hand.refusal import NotAWin as NotAWin  # re-exported: raised here, caught as <module>.NotAWin
from bot.hand.refusal import Refusal
from bot.hand.tiles import kind_of
from bot.rules.mingjiang.arrangement import Arrangement, arrangements
from bot.rules.mingjiang.limits import LIABLE_LIMITS, Limit, limit_hands
from bot.rules.mingjiang.names import name_of
from bot.rules.mingjiang.points import FAN_CAP, MINIMUM_FAN, RON_FACTOR, base_points, dora_fan
from bot.rules.mingjiang.situation import MingjiangSituation
from bot.rules.mingjiang.yaku import fan_yaku

HAND_TILES = 14  # a kan counts as 3
MAX_DORA_INDICATORS = 4
MAX_URA_INDICATORS = 1


class InvalidWin(Refusal):
    """The hand or its situation cannot happen (wrong tile count, contradictory flags)."""


@dataclass(frozen=True, slots=True)
class YakuLine:
    id: str
    fan: int  # 0 on the lines of a limit hand

    def name(self, language: str = "en") -> str:
        return name_of(self.id, language)


@dataclass(frozen=True, slots=True)
class MingjiangScore:
    yaku: tuple[YakuLine, ...]  # fan yaku then dora and ura lines; for a limit hand, its limit hands
    limit: Limit | None
    fan: int  # yaku + dora, capped at 10 (0 for a limit hand)
    yaku_fan: int  # before dora and the cap (0 for a limit hand)
    base: int  # 基本分
    tsumo: bool
    after_kan: bool

    @property
    def points(self) -> int:
        """What the winner receives in all (without deposits): 3 x base, tsumo or ron."""
        return RON_FACTOR * self.base

    @property
    def liability_applies(self) -> bool:
        """Whether a 包牌 player can be liable: one of the paying limit hands is a liable one."""
        return self.limit is not None and any(line.id in LIABLE_LIMITS for line in self.yaku)


def score_hand(
    concealed: Sequence[int], melds: Sequence[Meld], situation: MingjiangSituation
) -> MingjiangScore:
    """Score a complete hand: ``concealed`` tile ids include the winning tile.

    Raises :class:`NotAWin` for no winning shape or no yaku, :class:`InvalidWin` for impossible input.
    """
    win_kind = _check_hand(concealed, melds, situation)
    _check_situation(melds, situation)
    readings = list(arrangements(concealed, melds, win_kind, situation.tsumo))
    if not readings:
        raise NotAWin(
            "not a winning hand: the tiles do not form four sets and a pair or a special shape",
            "mingjiang.not_a_win",
        )
    best = max((_valued(a, situation) for a in readings), key=lambda v: (v.rank, v.fan))
    if best.limit is not None:
        lines = tuple(YakuLine(name, 0) for name, _ in best.lines)
        return MingjiangScore(
            lines, best.limit, 0, 0, base_points(0, best.limit), situation.tsumo, situation.after_kan
        )
    yaku_fan = best.fan
    fan_lines = [YakuLine(name, fan) for name, fan in best.lines]
    if yaku_fan < MINIMUM_FAN:
        raise NotAWin(
            f"no yaku: a mingjiang win needs at least {MINIMUM_FAN} fan before dora",
            "mingjiang.no_yaku",
            fan=MINIMUM_FAN,
        )
    kinds = best.reading.kinds_present
    dora = dora_fan(situation.dora_indicators, kinds)
    ura = dora_fan(situation.ura_indicators, kinds) if situation.riichi else 0
    fan_lines += [YakuLine(name, n) for name, n in (("dora", dora), ("ura_dora", ura)) if n]
    fan = min(yaku_fan + dora + ura, FAN_CAP)
    return MingjiangScore(
        tuple(fan_lines), None, fan, yaku_fan, base_points(fan), situation.tsumo, situation.after_kan
    )


class Valued(NamedTuple):
    """One reading's value: a big limit (rank 2) beats a small one (1) beats any fan; then more fan."""

    rank: int
    fan: int  # before dora; 0 for a limit hand
    reading: Arrangement
    limit: Limit | None
    lines: list[tuple[str, int]]  # the fan lines, or the limit hands (with 0)


def _valued(a: Arrangement, s: MingjiangSituation) -> Valued:
    limit, names = limit_hands(a, s)
    if limit is not None:
        return Valued(2 if limit is Limit.BIG else 1, 0, a, limit, [(name, 0) for name in names])
    lines = fan_yaku(a, s)
    return Valued(0, sum(fan for _, fan in lines), a, None, lines)


def _check_hand(concealed: Sequence[int], melds: Sequence[Meld], s: MingjiangSituation) -> int:
    """The winning tile's kind, after checking the tile count."""
    tiles = len(concealed) + 3 * len(melds)
    if tiles != HAND_TILES:
        raise InvalidWin(
            f"a winning hand has {HAND_TILES} tiles (a kan counts as 3), this one has {tiles}",
            "hand.size",
            size=HAND_TILES,
            count=tiles,
        )
    if not concealed:
        raise InvalidWin("the winning tile must be among the concealed tiles")
    kinds = [kind_of(t) for t in concealed]
    win_kind = kinds[-1] if s.win_tile is None else s.win_tile
    if win_kind not in kinds:
        tile = kind_name(win_kind)
        raise InvalidWin(
            f"the winning tile {tile} is not among the concealed tiles", "hand.win_not_held", tile=tile
        )
    return win_kind


def _check_situation(melds: Sequence[Meld], s: MingjiangSituation) -> None:
    """Refuse flags that contradict each other or the hand, naming every contradiction."""
    problems: list[InvalidWin] = []

    def problem(text: str, key: str, **values: object) -> None:
        problems.append(InvalidWin(text, f"mingjiang.situation.{key}", **values))

    has_calls = bool(melds)
    if s.riichi and any(m.is_open for m in melds):
        problem("riichi needs a closed hand", "riichi_open")
    if s.after_kan and (not s.tsumo or not any(m.is_kan for m in melds)):
        problem("a win after a kan is a self-draw by a hand that has a kan", "after_kan")
    if s.robbing_kan and s.tsumo:
        problem("robbing a kan is a ron, not a self-draw", "robbing_kan")
    if s.last_tile_draw and not s.tsumo:
        problem("a win on the last draw is a self-draw", "last_draw")
    if s.last_tile_claim and s.tsumo:
        problem("a win on the last discard is a ron", "last_discard")
    if s.heavenly and (not s.is_dealer or not s.tsumo or has_calls):
        problem("a heavenly hand is the dealer's self-draw on the dealt 14 (no kan)", "heavenly")
    if s.earthly and (s.is_dealer or s.tsumo or has_calls):
        problem("an earthly hand is a non-dealer's ron on the dealer's first discard", "earthly")
    if s.human and (s.is_dealer or has_calls):
        problem("a hand of man is a non-dealer's win in the first go-around before any call", "human")
    if len(s.dora_indicators) > MAX_DORA_INDICATORS:
        problem(
            f"at most {MAX_DORA_INDICATORS} dora indicators are turned", "dora", count=MAX_DORA_INDICATORS
        )
    if s.ura_indicators and not s.riichi:
        problem("only a riichi winner turns the ura indicator", "ura_without_riichi")
    if len(s.ura_indicators) > MAX_URA_INDICATORS:
        problem("a riichi winner turns one ura indicator", "ura_count")
    if problems:
        raise _all_of(problems)


def _all_of(problems: Sequence[InvalidWin]) -> InvalidWin:
    """One refusal naming every problem (``first; rest``), each said in the reader's language by its own
    message (bot/service/refusal.py localizes a refusal's refusal values)."""
    first, *rest = problems
    if not rest:
        return first
    tail = _all_of(rest)
    return InvalidWin(f"{first}; {tail}", "mingjiang.situation.all", first=first, rest=tail)
