"""Writes chi_pon_collision.json: one East 1 hand where a discard is claimed by a chi and a pon at once.

No public record of this shape was found (see SOURCES.md), so it is made here, move by move, through the
referee: seat 0 discards 3p; seat 1 (holding 2p 4p) declares chi and seat 2 (holding 3p 3p) declares pon
on the same tile; the pon has priority.  Later seat 0 discards its other 3p and seat 1 chis that one.
Everyone else discards what they draw; the hand ends in an exhaustive draw.  The file is the referee's
tenhou.net/6 export of that hand (tiles dealt from a fixed wall).  Run ``python -m
tests.logs.records.handmade.chi_pon_collision`` to write it again.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.logs.tenhou6_writer import tenhou6_document

HERE = Path(__file__).parent
P2, P3, P4 = 9 + 1, 9 + 2, 9 + 3  # kinds of 2p, 3p, 4p


def ids(kind: int, *copies: int) -> list[int]:
    return [kind * 4 + c for c in copies]


def wall() -> list[int]:
    """Seat 0: 3p 3p; seat 1: 2p 4p; seat 2: 3p 3p; the rest filled in id order."""
    hands = {
        0: ids(P3, 0, 1),
        1: ids(P2, 1) + ids(P4, 1),
        2: ids(P3, 2, 3),
        3: [],
    }
    taken = {t for tiles in hands.values() for t in tiles} | {52}  # no red five anywhere near the calls
    rest = iter(t for t in range(136) if t not in taken and t // 4 not in (P2, P3, P4))
    deal: list[int] = []
    for seat in range(4):
        tiles = hands[seat]
        tiles += [next(rest) for _ in range(13 - len(tiles))]
        deal += tiles
    others = [t for t in range(136) if t not in set(deal)]
    return deal + others


def play() -> Game:
    game = Game("riichi", {"red": 0}, "chi-pon", walls=[wall(), sorted(range(136))], dice=[(3, 4)])
    three_p = ids(P3, 0, 1)
    game.apply(Action(A.DISCARD, 0, three_p[0]))
    assert any(a.kind == A.CHI for a in game.legal_actions(1)), "seat 1 must be able to chi"
    assert any(a.kind == A.PON for a in game.legal_actions(2)), "seat 2 must be able to pon"
    chi = next(a for a in game.legal_actions(1) if a.kind == A.CHI)
    pon = next(a for a in game.legal_actions(2) if a.kind == A.PON)
    game.apply(chi)
    game.apply(pon)
    for seat in game.waiting_for() if game.hand.phase == "claim" else []:
        game.apply(Action(A.PASS, seat))
    assert game.hand.seats[2].melds, "the pon must have won"
    second_call_done = False
    while len(game.hands) == 0:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if not second_call_done and seat == 1 and any(a.kind == A.CHI for a in legal):
            game.apply(next(a for a in legal if a.kind == A.CHI))
            second_call_done = True
            continue
        if game.hand.phase == "claim":
            game.apply(Action(A.PASS, seat))
        elif seat == 0 and three_p[1] in game.hand.seats[0].concealed:
            game.apply(Action(A.DISCARD, 0, three_p[1]))
        else:
            drawn = game.hand.drawn
            discard = next(a for a in legal if a.kind == A.DISCARD and (drawn is None or a.tile == drawn))
            game.apply(discard)
    assert second_call_done, "seat 1 never got the second 3p"
    return game


if __name__ == "__main__":
    document = tenhou6_document(play(), names=["A", "B", "C", "D"])
    (HERE / "chi_pon_collision.json").write_text(
        json.dumps(document, ensure_ascii=False) + "\n", encoding="utf-8"
    )
