"""The strong level's pihu (bot/ai/strong_pihu.py): open hands are no threat, and the full flush is
aimed at from 11 tiles of one suit, not from normal's 9, so ten tiles of a suit do not stop a pon that
makes the hand ready."""

from __future__ import annotations

from bot.ai import make_player
from bot.ai.pihu import PihuStrategy
from bot.ai.player import AIPlayer
from bot.ai.seatview import read_view
from bot.ai.strong_pihu import StrongPihuStrategy
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import parse_kinds
from tests.ai.views import discarded_kind, discards, make_view


def strict(level: str) -> AIPlayer:
    player = make_player(level, 7)
    player.strict = True
    return player


def offered_pon(view: dict) -> list[Action]:
    offered = view["offer"]["tile"]
    mine = [t for t in view["seats"][0]["concealed"] if t >> 2 == offered >> 2]
    return [Action(A.PON, 0, offered, tuple(mine[:2])), Action(A.PASS, 0)]


def test_strong_pons_the_third_5p_with_ten_man_where_normal_holds_out_for_the_flush() -> None:
    # 1234456789m is ten man; 55p with 5p offered makes a pon that leaves the hand ready on 4m/7m once
    # 7s goes.  normal aims the flush from nine tiles and refuses an off-suit pon; strong aims from 11.
    view = make_view("1234456789m55p7s", rules="pihu", dora="", offer=("5p", 3))
    sv = read_view(view)
    assert PihuStrategy().flush_aim(sv) == 0
    assert StrongPihuStrategy().flush_aim(sv) is None
    assert strict("normal").decide(offered_pon(view), view).kind == A.PASS
    assert strict("strong").decide(offered_pon(view), view).kind == A.PON


def test_strong_aims_the_flush_from_eleven_tiles_of_one_suit() -> None:
    view = make_view("12344567899m5p7s", rules="pihu", dora="", offer=("5p", 3))
    assert StrongPihuStrategy().flush_aim(read_view(view)) == 0


def test_strong_keeps_racing_against_three_pons_where_normal_folds_to_the_9m_they_threw() -> None:
    # Seat 1 shows three pons (normal weighs it 0.7 ready) and threw 9m.  The hand is two steps from
    # ready: normal folds and lets 9m go, breaking 789m; strong sees no threat in pons and throws the
    # lone 7z.
    view = make_view(
        "789m46799p2468s5z",
        drawn="7z",
        rules="pihu",
        dora="",
        melds={1: [("pon", "111z"), ("pon", "555p"), ("pon", "888s")]},
        rivers={1: "9m3p", 2: "1m", 3: "2p"},
        live_left=40,
    )
    sv = read_view(view)
    assert [t.seat for t in PihuStrategy().threats(sv, False)] == [1]
    assert StrongPihuStrategy().threats(sv, False) == []
    assert discarded_kind(strict("normal").decide(discards(view), view)) == parse_kinds("9m")[0]
    assert discarded_kind(strict("strong").decide(discards(view), view)) == parse_kinds("7z")[0]
