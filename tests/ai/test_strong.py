"""The strong level: expected value over sampled draws (bot/ai/lookahead.py) and its value estimates."""

from __future__ import annotations

import random

from bot.ai import make_player
from bot.ai.efficiency import HandShape
from bot.ai.hand_value import read_tiles, riichi_han, sichuan_fan
from bot.ai.lookahead import Lookahead
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


def look(value: float = 1.0, hazard: float = 0.0, ron: float = 0.0) -> Lookahead:
    return Lookahead(
        melds=0,
        closed=True,
        shape=SHAPE,
        unseen=[3] * NUM_KINDS,
        turns=12,
        value=lambda c, tsumo: value,
        rng=random.Random(1),
        samples=200,
        hazard=hazard,
        ron_draws=ron,
    )


def test_a_wider_wait_wins_more_often() -> None:
    lookahead = look()
    two_sided, _ = lookahead.expected(counts("23m456m789m123p55s"))
    edge, _ = lookahead.expected(counts("12m456m789m123p55s"))
    assert two_sided > edge > 0.2


def test_other_seats_winning_first_lowers_the_chance() -> None:
    hand = counts("23m456m789m123p55s")
    alone, _ = look().expected(hand)
    threatened, _ = look(hazard=0.2).expected(hand)
    assert threatened < alone


def test_rons_add_to_the_chance() -> None:
    hand = counts("23m456m789m123p55s")
    assert look(ron=1.0).expected(hand)[0] > look().expected(hand)[0]


def test_value_is_the_wins_value() -> None:
    p, ev = look(value=8000.0).expected(counts("23m456m789m123p55s"))
    assert abs(ev - 8000.0 * p) < 1e-6


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
