"""The referee's per-seat memo (bot/engine/waits.py SeatFacts, seat_facts): whatever way a seat's tiles
changed (a draw, a discard, a call, a test that sets them), the facts it answers are those of the tiles as
they are, the same as computed from scratch."""

from __future__ import annotations

import random

from bot.engine.state import HandState, SeatState
from bot.engine.waits import SeatFacts, is_complete, seat_facts, waits
from bot.engine.wall import Wall
from bot.hand.shanten import least_shanten
from bot.hand.tiles import counts_of


def _hand(concealed: list[int]) -> HandState:
    seats = [SeatState(concealed=list(concealed)), SeatState()]
    return HandState(0, 0, 0, 0, 0, [25000, 25000], Wall(list(range(136)), 14, 4, 0), seats, 0)


def _fresh(tiles: list[int]) -> tuple[bytes, frozenset[int]]:
    return bytes(counts_of(tiles)), waits(counts_of(tiles))


def test_facts_follow_every_change_of_the_tiles():
    rng = random.Random(41)
    for _ in range(300):
        wall = rng.sample(range(136), 40)
        hand = _hand(wall[:13])
        seat = hand.seats[0]
        rest = wall[13:]
        for _step in range(12):
            change = rng.random()
            # a draw, then often its shanten asked (as the turn's riichi check asks it)
            if change < 0.4 and rest and len(seat.concealed) < 14:
                seat.concealed.append(rest.pop())
                if rng.random() < 0.7 and len(seat.concealed) % 3 == 2 and len(seat.concealed) > 2:
                    seat_facts(hand, 0).shanten((len(seat.concealed) - 1) // 3)
            elif change < 0.8 and seat.concealed:  # a discard from anywhere in the hand
                seat.concealed.remove(rng.choice(seat.concealed))
            elif change < 0.9 and len(seat.concealed) >= 2:  # a call: two tiles leave at once
                for tile in rng.sample(seat.concealed, 2):
                    seat.concealed.remove(tile)
            elif seat.concealed and rest:  # a tile swapped for another (same count: no draw nor discard)
                seat.concealed[rng.randrange(len(seat.concealed))] = rest.pop()
            facts = seat_facts(hand, 0)
            assert facts.tiles == seat.concealed
            assert (facts.counts, facts.waits) == _fresh(seat.concealed)


def test_a_hand_one_or_more_from_ready_leaves_no_waits_whatever_it_discards():
    rng = random.Random(7)
    checked = 0
    while checked < 200:
        tiles = rng.sample(range(136), 14)
        facts = SeatFacts(list(tiles))
        if facts.shanten(4) <= 0:
            continue
        checked += 1
        for tile in tiles:
            after = [t for t in tiles if t != tile]
            known = facts.changed_to(after)
            assert known.waits == frozenset() == waits(counts_of(after))
            assert least_shanten(known.counts, 4, True) >= 1


def test_a_ready_hand_keeps_its_waits_after_a_draw_and_the_same_discard():
    ready = [0, 4, 8, 12, 16, 20, 36, 40, 44, 72, 76, 80, 108]  # 1-2-3-4-5-6m 1-2-3p 1-2-3s + 1z: 1z wait
    hand = _hand(ready)
    assert seat_facts(hand, 0).waits == frozenset({27})
    hand.seats[0].concealed.append(130)  # drew 6z
    assert seat_facts(hand, 0).waits == frozenset()  # 14 tiles: no waits
    assert seat_facts(hand, 0).shanten(4) == 0  # asked, as the turn's riichi check asks it: ready
    hand.seats[0].concealed.remove(130)  # and let it go
    assert seat_facts(hand, 0).waits == frozenset({27})


def test_two_hands_with_the_same_tiles_compare_equal_whatever_their_memos_hold():
    # A HandState compares its extra (where the memo lives): facts asked on one and not the other, or
    # reached by another path, must not make equal hands unequal.
    live, rebuilt = _hand([0, 4, 8, 12]), _hand([0, 4, 8])
    rebuilt.seats[0].concealed.append(12)
    seat_facts(live, 0).shanten(1)
    seat_facts(rebuilt, 0)
    assert live == rebuilt


def test_what_carries_over_from_the_tiles_before_is_what_the_tiles_say():
    # SeatFacts.changed_to carries the shanten over (a floor after a draw or a discard, the win after a
    # draw from the waits before it): whichever questions were asked on the way, each answer is the one
    # a fresh look at the tiles gives.
    rng = random.Random(4141)
    carried = 0
    for _ in range(400):
        wall = rng.sample(range(136), 60)
        hand = _hand(wall[:13])
        seat = hand.seats[0]
        rest = wall[13:]
        for _turn in range(20):
            if len(seat.concealed) % 3 == 1:  # the other seats' turns: their discards ask for the waits
                if rng.random() < 0.6:
                    assert seat_facts(hand, 0).waits == waits(counts_of(seat.concealed))
                seat.concealed.append(rest.pop())
                facts = seat_facts(hand, 0)
                needed = (len(seat.concealed) - 2) // 3
                carried += facts._complete is not None or facts._floor is not None
                # the turn: the win, then riichi's shanten question, each asked or not
                if rng.random() < 0.8:
                    assert facts.complete == is_complete(counts_of(seat.concealed))
                if rng.random() < 0.8:
                    bound = rng.choice((-1, 0, 0, 1))
                    exact = least_shanten(bytes(counts_of(seat.concealed)), needed, True)
                    assert facts.shanten_exceeds(needed, bound) == (exact > bound)
            else:
                seat.concealed.remove(rng.choice(seat.concealed))
                if not rest:
                    break
    assert carried > 1000  # the carried-over answers were the ones checked, not only fresh ones
