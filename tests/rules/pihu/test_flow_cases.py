"""Pihu's referee case by case (docs/rules/pihu.md), each worked out by hand from the rules: a self-draw
offered and paid, a win on a kan replacement (杠上開), seven pairs holding a four through the table, no kan
once the wall is empty (and still one tile before), the dealer and session progression, the final table
and the kan amounts of the options.  Seat 0 deals; base 10 unless said."""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.hand import start_hand
from bot.engine.ruleset import NextHand
from bot.engine.state import HandResult, HandState
from bot.engine.wall import shuffled_wall
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kind_of
from bot.rules.pihu import KanAmounts
from bot.rules.pihu.flow import PihuRules
from tests.engine.tables import kinds, pass_all, tsumogiri_round, wall_for

JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"
JUNK_D = "47m1369p2589s567z"
READY_14M = "23m678m567p345s66s"  # waits 1m and 4m: a basic win


def _kind(name: str) -> int:
    (k,) = parse_kinds(name)
    return k


def _game(wall: list[int], options: dict[str, Any] | None = None) -> Game:
    more = [shuffled_wall("later", i, list(range(136))) for i in range(1, 4)]
    return Game("pihu", options, "cases", walls=[wall, *more])


def _put(wall: list[int], position: int, name: str, after: int = 52) -> None:
    """Move an undealt tile of kind ``name`` to ``position`` (positions before ``after`` stay)."""
    source = next(i for i in range(after, len(wall)) if kind_of(wall[i]) == _kind(name) and i != position)
    wall[position], wall[source] = wall[source], wall[position]


# ---- wins through the table -----------------------------------------------------------------------


def test_a_self_draw_is_offered_and_every_other_player_pays_double() -> None:
    # South draws 4m: a basic win (x1), self-drawn (x2); the dealer also x2: 40, the others 20 each.
    game = _game(wall_for("pihu", [JUNK_A, READY_14M, JUNK_B, JUNK_D], "6z4m"))
    tsumogiri_round(game, 1)
    drawn = game.hand.drawn
    assert drawn is not None and kind_of(drawn) == _kind("4m")
    assert kinds(game.legal_actions(1), A.TSUMO) == [Action(A.TSUMO, 1, drawn)]
    game.apply(Action(A.TSUMO, 1, drawn))
    (win,) = game.hands[-1]["result"]["wins"]
    assert (win["seat"], win["from"], win["multiplier"], win["points"]) == (1, None, 1, 80)
    assert win["deltas"] == [-40, 80, -20, -20] and game.points == [-40, 80, -20, -20]


def test_a_self_draw_on_a_closed_kans_replacement_doubles_and_the_kan_is_paid() -> None:
    # South's closed kan of 1s, then its replacement 4m from the back of the wall completes the hand:
    # 杠上開 x2 and self-drawn x2: the dealer pays 10 x 2 x 2 x 2 = 80, the others 40 each; the closed kan
    # (this table: kan_closed=12) 12 from each other player.
    wall = wall_for("pihu", [JUNK_A, "1111s23m678m567p6s", JUNK_B, JUNK_D], "6z6s")
    _put(wall, len(wall) - 1, "4m", after=54)
    game = _game(wall, {"kan_closed": 12})
    tsumogiri_round(game, 1)
    game.apply(kinds(game.legal_actions(1), A.ANKAN)[0])
    drawn = game.hand.drawn
    assert drawn is not None and kind_of(drawn) == _kind("4m")
    assert kinds(game.legal_actions(1), A.TSUMO) == [Action(A.TSUMO, 1, drawn)]
    game.apply(Action(A.TSUMO, 1, drawn))
    result = game.hands[-1]["result"]
    (win,) = result["wins"]
    assert win["yaku"] == [["kan_win", 2]] and win["multiplier"] == 2 and win["robbed_kan"] is False
    assert win["deltas"] == [-80, 160, -40, -40]
    assert win["kans"] == [{"seat": 1, "kind": "closed", "from": None, "deltas": [-12, 36, -12, -12]}]
    assert result["deltas"] == [-92, 196, -52, -52]


def test_seven_pairs_holding_a_four_win_by_ron_through_the_table() -> None:
    # 1111m 22m 33p 44p 55s 6s + 6s: seven pairs with a four (x4).  The dealer deals in: its own share
    # 10 x 4 x 2 twice (160) and the others' 40 each.
    game = _game(wall_for("pihu", [JUNK_A, "1111m22m33p44p55s6s", JUNK_B, JUNK_D], "6s"))
    game.apply(Action(A.DISCARD, 0, game.hand.drawn))
    assert game.hand.claim is not None
    tile = game.hand.claim.tile
    assert kinds(game.legal_actions(1), A.RON) == [Action(A.RON, 1, tile)]
    game.apply(Action(A.RON, 1, tile))
    (win,) = game.hands[-1]["result"]["wins"]
    assert win["multiplier"] == 4 and win["deltas"] == [-240, 240, 0, 0]


# ---- no kan once the wall is empty ------------------------------------------------------------------

# Junk without 1p-4p, so the copies of those kinds are where the tests put them.
JUNK_X = "69m69p369s123456z"
JUNK_Y = "58m58p147s123456z"
JUNK_Z = "47m7p2589s123457z"


def _play_until_live_left(game: Game, left: int) -> None:
    """Every seat discards what it draws, offers passed, until ``left`` tiles are still to be drawn."""
    while True:
        pass_all(game)
        if game.hand.wall.live_left == left:
            return
        game.apply(Action(A.DISCARD, game.hand.current, game.hand.drawn))


def test_a_closed_kan_is_offered_with_one_tile_left_and_not_on_the_last_tile() -> None:
    # No calls: draw k goes to seat k % 4, so West draws the 83rd tile (one left) and North the last.
    wall = wall_for("pihu", [JUNK_X, JUNK_Y, "333p59m589s12347z", "444p69m69s123456z"])
    _put(wall, 134, "3p")
    _put(wall, 135, "4p")
    game = _game(wall)
    _play_until_live_left(game, 1)
    assert game.hand.current == 2
    four = tuple(sorted(t for t in game.hand.seats[2].concealed if kind_of(t) == _kind("3p")))
    assert kinds(game.legal_actions(2), A.ANKAN) == [Action(A.ANKAN, 2, None, four)]
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))
    _play_until_live_left(game, 0)
    assert game.hand.current == 3 and game.hand.seats[3].counts()[_kind("4p")] == 4
    assert kinds(game.legal_actions(3), A.ANKAN) == []


def test_an_open_kan_is_offered_with_one_tile_left_and_only_a_pon_on_the_last_discard() -> None:
    wall = wall_for("pihu", [JUNK_X, "111p222p59m58s123z", JUNK_Y, JUNK_Z])
    _put(wall, 134, "1p")
    _put(wall, 135, "2p")
    game = _game(wall)
    _play_until_live_left(game, 1)
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # the 1p: one tile still to draw
    assert game.hand.claim is not None
    tile = game.hand.claim.tile
    held = tuple(sorted(t for t in game.hand.seats[1].concealed if kind_of(t) == _kind("1p")))
    assert kinds(game.legal_actions(1), A.PON) == [Action(A.PON, 1, tile, held[:2])]
    assert kinds(game.legal_actions(1), A.KAN) == [Action(A.KAN, 1, tile, held)]
    pass_all(game)
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))  # the 2p, the last tile of the wall
    assert game.hand.claim is not None
    tile = game.hand.claim.tile
    held = tuple(sorted(t for t in game.hand.seats[1].concealed if kind_of(t) == _kind("2p")))
    assert kinds(game.legal_actions(1), A.PON) == [Action(A.PON, 1, tile, held[:2])]
    assert kinds(game.legal_actions(1), A.KAN) == []


# ---- dealer and session -------------------------------------------------------------------------


def _hand(rules: PihuRules, index: int, dealer: int, honba: int = 0) -> HandState:
    hand, _ = start_hand(
        rules,
        index=index,
        round_wind=0,
        dealer=dealer,
        honba=honba,
        sticks=0,
        points=[0] * 4,
        tiles=shuffled_wall("session", index, rules.tile_ids()),
    )
    return hand


def _win(*seats: int, dealer_keeps: bool = False) -> HandResult:
    return HandResult("win", [0] * 4, [{"seat": s} for s in seats], dealer_keeps=dealer_keeps)


DRAW = HandResult("draw", [0] * 4, reason="exhaustive", dealer_keeps=True)


def test_the_dealer_keeps_after_its_win_and_a_draw_and_passes_otherwise() -> None:
    rules = PihuRules()
    assert rules.next_hand(_hand(rules, 0, 0), _win(0, dealer_keeps=True), [0] * 4, 1) == NextHand(0, 0, 1)
    assert rules.next_hand(_hand(rules, 1, 0, honba=1), DRAW, [0] * 4, 2) == NextHand(0, 0, 2)
    assert rules.next_hand(_hand(rules, 2, 0, honba=2), _win(2), [0] * 4, 3) == NextHand(0, 1, 0)


def test_the_round_wind_moves_every_four_deal_changes_and_the_session_ends_at_eight() -> None:
    rules = PihuRules()
    seen = []
    for index in range(7):  # seven deal changes: East 1 to South 4
        nxt = rules.next_hand(_hand(rules, index, index % 4), _win((index + 1) % 4), [0] * 4, index + 1)
        seen.append(nxt)
    assert seen == [NextHand(w, d, 0) for w, d in [(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]]
    repeat = rules.next_hand(_hand(rules, 7, 3), DRAW, [0] * 4, 8)  # South 4 repeats: no deal change
    assert repeat == NextHand(1, 3, 1)
    assert rules.next_hand(_hand(rules, 8, 3, honba=1), _win(0), [0] * 4, 9) is None


def test_dealer_winner_moves_the_deal_to_the_winner_and_a_hands_count_caps_the_wind_at_north() -> None:
    rules = PihuRules({"dealer": "winner", "hands": 40})
    winners = [2, 3, 1, 0] * 5  # every hand a change of dealer: 20 changes
    dealer = 0
    for index, winner in enumerate(winners):
        nxt = rules.next_hand(_hand(rules, index, dealer), _win(winner), [0] * 4, index + 1)
        assert nxt is not None and nxt.dealer == winner
        assert nxt.round_wind == min((index + 1) // 4, 3)
        dealer = winner
    assert nxt == NextHand(3, 0, 0)  # 20 changes: past North the wind stays North


def test_hands_and_max_hands_end_the_session_after_that_many_hands() -> None:
    by_hands = PihuRules({"hands": 3})
    assert by_hands.next_hand(_hand(by_hands, 1, 0), DRAW, [0] * 4, 2) == NextHand(0, 0, 1)
    assert by_hands.next_hand(_hand(by_hands, 2, 0), DRAW, [0] * 4, 3) is None
    capped = PihuRules({"max_hands": 3})
    assert capped.next_hand(_hand(capped, 1, 0), DRAW, [0] * 4, 2) == NextHand(0, 0, 1)
    assert capped.next_hand(_hand(capped, 2, 0), DRAW, [0] * 4, 3) is None


def test_final_scores_are_the_totals_less_the_start_ties_to_the_earlier_seat() -> None:
    rules = PihuRules({"start": 100})
    assert rules.final_scores([130, 100, 70, 100], sticks=0) == [
        {"seat": 0, "rank": 1, "points": 130, "score": 30},
        {"seat": 1, "rank": 2, "points": 100, "score": 0},
        {"seat": 2, "rank": 4, "points": 70, "score": -30},
        {"seat": 3, "rank": 3, "points": 100, "score": 0},
    ]


def test_the_kan_amounts_are_the_tables_options() -> None:
    rules = PihuRules({"kan_open": 20, "kan_added": 25, "kan_closed": 12})
    assert rules.kan_amounts == KanAmounts(open=20, added=25, closed_each=12)
