"""One function per fan of docs/rules/sichuan.md.  Each returns the fan it is worth on a shape (0 = absent).

Hand-shape fan look only at the :class:`WinningShape`; situational fan only at the situation.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.sichuan.shape import WinningShape
from bot.rules.sichuan.situation import SichuanOptions, SichuanSituation


def _is_terminal(kind: int) -> bool:
    return kind % 9 in (0, 8)


# --- hand shape ---------------------------------------------------------------------------------


def root(shape: WinningShape) -> int:
    """带根 1 per root: every four identical tiles of the final hand, kans included."""
    return sum(1 for c in shape.counts if c == 4)


def all_triplets(shape: WinningShape) -> int:
    """碰碰和 1: four triplets or kans and a pair."""
    if shape.seven_pairs:
        return 0
    return 1 if all(not g.sequence for g in shape.groups) else 0


def all_simples(shape: WinningShape) -> int:
    """断幺九 1: no 1 or 9 anywhere."""
    return 0 if any(_is_terminal(k) for k in shape.kinds_present) else 1


def single_wait(shape: WinningShape) -> int:
    """金钩钓 1: every set melded (pon or kan), the win on the one tile left in hand."""
    return 1 if not shape.seven_pairs and shape.meld_count == 4 else 0


def straight(shape: WinningShape) -> int:
    """一条龙 1: 123 456 789 of one suit, inside a regular decomposition."""
    if shape.seven_pairs:
        return 0
    starts = {g.first for g in shape.groups if g.sequence}
    return 1 if any({s, s + 3, s + 6} <= starts for s in (0, 9, 18)) else 0


def outside(shape: WinningShape) -> int:
    """全幺九 2: every set and the pair hold a 1 or a 9."""
    if shape.seven_pairs or shape.pair is None:
        return 0
    if not _is_terminal(shape.pair):
        return 0
    return 2 if all(any(_is_terminal(k) for k in g.kinds) for g in shape.groups) else 0


def all_258(shape: WinningShape) -> int:
    """全是将 2: every tile is a 2, 5 or 8."""
    return 2 if all(k % 9 in (1, 4, 7) for k in shape.kinds_present) else 0


def full_flush(shape: WinningShape) -> int:
    """清一色 2: one suit only."""
    return 2 if len({k // 9 for k in shape.kinds_present}) == 1 else 0


def seven_pairs(shape: WinningShape) -> int:
    """七小对 2 (a four of a kind is two pairs, and a root as well)."""
    return 2 if shape.seven_pairs else 0


SHAPE_FAN: dict[str, Callable[[WinningShape], int]] = {
    "root": root,
    "all_triplets": all_triplets,
    "all_simples": all_simples,
    "single_wait": single_wait,
    "straight": straight,
    "outside": outside,
    "all_258": all_258,
    "full_flush": full_flush,
    "seven_pairs": seven_pairs,
}


# --- situation ----------------------------------------------------------------------------------


def self_drawn(s: SichuanSituation, o: SichuanOptions) -> int:
    """自摸 1."""
    return 1 if s.tsumo else 0


def after_kan(s: SichuanSituation, o: SichuanOptions) -> int:
    """杠上开花 1: tsumo on a kan replacement tile."""
    return 1 if s.tsumo and s.after_kan else 0


def kan_discard(s: SichuanSituation, o: SichuanOptions) -> int:
    """杠上炮 1: ron on the discard made right after a kan replacement draw."""
    return 1 if not s.tsumo and s.kan_discard else 0


def robbing_kan(s: SichuanSituation, o: SichuanOptions) -> int:
    """抢杠和 1: ron on an added kan."""
    return 1 if not s.tsumo and s.robbing_kan else 0


def last_tile(s: SichuanSituation, o: SichuanOptions) -> int:
    """海底捞月 1: tsumo on the last tile."""
    return 1 if s.tsumo and s.last_tile else 0


def last_discard(s: SichuanSituation, o: SichuanOptions) -> int:
    """Option ``last_discard``: a ron on the last discard scores 1 fan like 海底捞月."""
    return 1 if o.last_discard and not s.tsumo and s.last_tile else 0


SITUATION_FAN: dict[str, Callable[[SichuanSituation, SichuanOptions], int]] = {
    "self_drawn": self_drawn,
    "after_kan": after_kan,
    "kan_discard": kan_discard,
    "robbing_kan": robbing_kan,
    "last_tile": last_tile,
    "last_discard": last_discard,
}

# Lines are listed in this order.
ORDER = (
    "self_drawn",
    "root",
    "after_kan",
    "kan_discard",
    "robbing_kan",
    "last_tile",
    "last_discard",
    "all_triplets",
    "all_simples",
    "single_wait",
    "straight",
    "outside",
    "all_258",
    "full_flush",
    "seven_pairs",
)


def shape_lines(shape: WinningShape) -> list[tuple[str, int]]:
    return [(key, value) for key, fn in SHAPE_FAN.items() if (value := fn(shape))]


def situation_lines(situation: SichuanSituation, options: SichuanOptions) -> list[tuple[str, int]]:
    return [(key, value) for key, fn in SITUATION_FAN.items() if (value := fn(situation, options))]


def ordered(lines: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return sorted(lines, key=lambda line: ORDER.index(line[0]))
