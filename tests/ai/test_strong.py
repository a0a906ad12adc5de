"""The strong level: two draws ahead (bot/ai/twostep.py) and the rule sets' value estimates."""

from __future__ import annotations

from collections.abc import Callable

from bot.ai import make_player
from bot.ai.efficiency import HandShape
from bot.ai.hand_value import read_tiles, riichi_han, sichuan_fan
from bot.ai.twostep import TwoStep
from bot.hand.notation import parse_kinds
from bot.hand.shanten import RIICHI_SHAPES
from bot.hand.tiles import NUM_KINDS
from tests.ai.views import discarded_kind, discards, make_view

SHAPE = HandShape(RIICHI_SHAPES, 4, frozenset(range(NUM_KINDS)))


def counts(text: str) -> bytes:
    out = bytearray(NUM_KINDS)
    for k in parse_kinds(text):
        out[k] += 1
    return bytes(out)


def test_riichi_han_counts_yaku_and_needs_one() -> None:
    closed = read_tiles(counts("234m456m678p345s55s"), ())
    assert riichi_han(closed, [], 0, tsumo=True) >= 3  # riichi, tsumo, all simples
    flush = read_tiles(counts("11123456789999m"), ())
    assert riichi_han(flush, [], 0, tsumo=False) >= 7  # riichi and a closed full flush
    assert riichi_han(read_tiles(counts("123m456m789p123s11z"), ()), [], 2, tsumo=False) > 2


def test_sichuan_fan_counts_roots_and_flush() -> None:
    assert sichuan_fan(read_tiles(counts("11112345678999m"), ()), tsumo=False) == 3  # flush 2, root 1
    assert sichuan_fan(read_tiles(counts("123m456p789s234m55p"), ()), tsumo=True) == 1


def test_strong_breaks_a_tie_of_speed_by_value() -> None:
    # 1p or 9s: either leaves the same shanten, but only dropping the 1p keeps the dora 9s-8s pair
    # shape... the strong player keeps the dora (worth more when the hand wins).
    view = make_view("234m567m345p1p78s", drawn="9s", dora="8s")
    choice = make_player("strong", 1).decide(discards(view), view)
    assert discarded_kind(choice) == parse_kinds("1p")[0]


def two_step(value: Callable[[bytes], float] = lambda c: 1.0) -> TwoStep:
    return TwoStep(melds=0, closed=True, shape=SHAPE, unseen=[3] * NUM_KINDS, value=value)


def test_two_steps_a_ready_hand_is_worth_its_waits_times_their_value() -> None:
    assert two_step().worth(counts("23m456m789m123p55s")) == 9  # 1m, 4m and 7m, three unseen each
    assert two_step().worth(counts("12m456m789m123p55s")) == 3  # 3m only
    flush_pays = two_step(lambda c: 8.0 if not any(c[9:]) else 1.0)
    flush = flush_pays.worth(counts("123m456m789m11m22m"))  # every completion a flush: 8 each
    mixed = flush_pays.worth(counts("123m456m789m11m22p"))  # no completion is a flush: 1 each
    assert mixed > 0 and flush % 24 == 0 and flush > 8 * mixed


def test_two_steps_one_from_ready_counts_the_waits_each_draw_leads_to() -> None:
    # two two-sided shapes lead to wide waits; two closed shapes to single-tile waits
    wide = two_step().worth(counts("34m67m456p789p11s5z"))
    narrow = two_step().worth(counts("13m79m456p789p11s5z"))
    assert wide > narrow > 0


def test_strong_keeps_the_wait_that_the_draws_make_wider() -> None:
    view = make_view("234m567m345p1p78s", drawn="9s", dora="8s")
    assert make_player("strong", 2).decide(discards(view), view) in discards(view)
