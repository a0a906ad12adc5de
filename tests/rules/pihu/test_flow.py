"""Rules of docs/rules/pihu.md played through the referee (seat 0 deals), one test per rule."""

from __future__ import annotations

from typing import Any

from bot.ai.player import AIPlayer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.wall import shuffled_wall
from bot.hand.meld import NEXT_PLAYER, PREVIOUS_PLAYER, Meld, MeldType
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kind_of
from bot.rules.pihu import (
    KanKind,
    KanRecord,
    PihuScore,
    PihuSituation,
    score_hand,
    settle_kans,
    settle_multiple_ron,
    settle_win,
)
from bot.rules.pihu.flow import kan_record
from tests.engine.tables import (
    discard,
    kinds,
    pass_all,
    tile_of,
    tsumogiri_round,
    tsumogiri_to_the_end,
    wall_for,
)

JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"
JUNK_C = "58m1478p147s1234z"
JUNK_D = "47m1369p2589s567z"
READY_14M = "23m678m567p345s66s"  # waits 1m and 4m


def _kind(name: str) -> int:
    return parse_kinds(name)[0]


def _game(hands: list[str], draws: str = "", back: str = "", options: dict[str, Any] | None = None) -> Game:
    """A pihu table; ``back`` are the kan replacement tiles, taken from the end of the wall."""
    wall = wall_for("pihu", hands, draws)
    dealt_and_drawn = 52 + len(parse_kinds(draws)) if draws else 52
    for i, kind in enumerate(parse_kinds(back)):
        position = len(wall) - 1 - i
        source = next(j for j in range(dealt_and_drawn, len(wall) - 1 - i) if kind_of(wall[j]) == kind)
        wall[position], wall[source] = wall[source], wall[position]
    more = [shuffled_wall("later", i, list(range(136))) for i in range(1, 10)]
    return Game("pihu", options, "test", walls=[wall, *more])


def _score(game: Game, seat: int, tile: int) -> PihuScore:
    s = game.hand.seats[seat]
    return score_hand([*s.concealed, tile], s.melds, PihuSituation(kind_of(tile)))


def test_multiple_ron_each_winner_is_paid_in_full_by_the_discarder() -> None:
    game = _game([JUNK_A, READY_14M, "23m456p789p234s55s", "4m111z222z333z777z"], "4m")
    discard(game, 0, "4m")
    assert sorted(game.waiting_for()) == [1, 2, 3]
    tile = game.hand.claim.tile if game.hand.claim else -1
    scores = [(seat, _score(game, seat, tile)) for seat in (1, 2, 3)]
    for seat in (3, 1, 2):
        game.apply(Action(A.RON, seat, tile))
    result = game.hands[-1]["result"]
    assert [w["seat"] for w in result["wins"]] == [1, 2, 3]
    for win, (seat, score) in zip(result["wins"], scores, strict=True):
        assert win["deltas"] == settle_win(score, winner=seat, dealer=0, discarder=0)
    assert result["deltas"] == settle_multiple_ron(scores, discarder=0, dealer=0)
    assert result["deltas"][0] == -sum(result["deltas"][1:])  # the discarder pays everything
    # The dealer deals into a basic win: own share 2 x (10 x 2) + the two others' 10 each = 60.
    assert result["wins"][2]["deltas"][3] == 60
    assert game.hand.dealer == 1  # no dealer win: the deal passes


def _closed_kan_then_ron(game: Game) -> None:
    tsumogiri_round(game, 1)
    ankan = kinds(game.legal_actions(1), A.ANKAN)
    game.apply(ankan[0])
    assert game.hand.points == [0, 0, 0, 0]  # recorded, not paid during the hand
    discard(game, 1, "7z")
    pass_all(game)


def test_kan_payments_are_paid_with_a_win() -> None:
    game = _game([JUNK_A, "1111s23m678m567p6s", JUNK_B, JUNK_D], "6z6s4m", back="7z")
    _closed_kan_then_ron(game)
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # 4m
    tile = game.hand.claim.tile if game.hand.claim else -1
    score = _score(game, 1, tile)
    game.apply(Action(A.RON, 1, tile))
    win = settle_win(score, winner=1, dealer=0, discarder=2)
    kan = settle_kans([KanRecord(1, KanKind.CLOSED)], hand_won=True)
    assert kan == [-10, 30, -10, -10]
    result = game.hands[-1]["result"]
    assert result["deltas"] == [a + b for a, b in zip(win, kan, strict=True)]
    assert result["wins"][0]["kans"][0]["kind"] == "closed"


def test_kan_payments_are_void_after_an_exhaustive_draw() -> None:
    game = _game([JUNK_A, "1111s23m678m567p6s", JUNK_B, JUNK_D], "6z6s", back="7z")
    _closed_kan_then_ron(game)
    tsumogiri_to_the_end(game)
    result = game.hands[0]["result"]
    assert result["kind"] == "draw" and result["deltas"] == [0, 0, 0, 0]
    assert game.points == [0, 0, 0, 0] and game.hand.dealer == 0  # the dealer keeps after a draw


def test_robbing_an_added_kan_the_kanner_pays_as_the_discarder_and_the_kan_pays_nothing() -> None:
    game = _game([JUNK_A, "55p23m678m345s66s7z", "46p111m888m111z55z", JUNK_B], "6z2z3z4z5p")
    discard(game, 0, "5p")
    assert kinds(game.legal_actions(2), A.RON)
    game.apply(Action(A.PASS, 2))
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
    discard(game, 1, "7z")
    pass_all(game)
    tsumogiri_round(game, 3)  # seats 2, 3 and 0
    kakan = kinds(game.legal_actions(1), A.KAKAN)
    game.apply(kakan[0])
    tile = kakan[0].tile
    assert tile is not None and kinds(game.legal_actions(2), A.RON)
    score = _score(game, 2, tile)
    game.apply(Action(A.RON, 2, tile))
    result = game.hands[-1]["result"]
    assert result["deltas"] == settle_win(score, winner=2, dealer=0, discarder=1)
    assert result["wins"][0]["kans"] == []  # the robbed kan never stood
    assert result["wins"][0]["robbed_kan"] is True


def test_passing_a_ron_bars_every_ron_until_the_own_next_draw() -> None:
    game = _game([JUNK_A, JUNK_C, READY_14M, JUNK_B], "4m1m7z4m")
    discard(game, 0, "4m")
    assert kinds(game.legal_actions(2), A.RON)
    game.apply(Action(A.PASS, 2))
    events = game.apply(Action(A.DISCARD, 1, tile_of(game, 1, "1m")))  # the other wait, before seat 2 drew
    assert not [e for e in events if e.kind == "offer"] and game.hand.current == 2
    pass_all(game)
    game.apply(Action(A.DISCARD, 2, game.hand.drawn))  # seat 2 drew: the bar is lifted
    pass_all(game)
    game.apply(Action(A.DISCARD, 3, game.hand.drawn))  # 4m
    assert kinds(game.legal_actions(2), A.RON)


def test_pon_remembers_the_giver_for_the_face_down_tile() -> None:
    game = _game([JUNK_A, "55p23m678m345s66s7z", JUNK_C, JUNK_B], "6z")
    discard(game, 0, "5p")
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
    meld = game.hand.seats[1].melds[0]
    assert meld.type is MeldType.PON and (1 + meld.source) % 4 == 0  # seat 0 gave it: the previous player
    assert game.view(None)["seats"][1]["melds"][0]["source"] == 3  # what the picture reads


def test_no_chi_and_no_dora_and_the_whole_wall_is_live() -> None:
    game = _game([JUNK_A, "34m678m567p345s6s7z", JUNK_C, JUNK_B], "6z")
    assert game.hand.wall.live_left == 136 - 52 - 1 and game.hand.wall.dora_indicators() == []
    events = game.apply(Action(A.DISCARD, 0, tile_of(game, 0, "5m")))  # 34m could chi it elsewhere
    assert not [e for e in events if e.kind == "offer"] and game.hand.current == 1


def test_dealer_winner_option_and_session_length_rebuild_identically() -> None:
    game = Game("pihu", {"dealer": "winner", "hands": 6}, seed="session-1")
    players = [AIPlayer("normal", seat) for seat in range(4)]
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    assert len(game.hands) == 6
    for before, after in zip(game.hands, game.hands[1:], strict=False):
        result = before["result"]
        expected = result["wins"][0]["seat"] if result["kind"] == "win" else before["dealer"]
        assert after["dealer"] == expected  # the winner deals next; after a draw the dealer stays
    again = Game.from_json(game.to_json())
    assert again.hands == game.hands and again.final == game.final
    assert [f["rank"] for f in sorted(game.final or [], key=lambda f: -f["points"])] == [1, 2, 3, 4]


def test_an_east_only_session_ends_when_the_fourth_dealer_passes_the_deal() -> None:
    game = Game("pihu", {"length": "east"}, seed="east-1")
    players = [AIPlayer("normal", seat) for seat in range(4)]
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game, seat))
    dealers = [h["dealer"] for h in game.hands]
    assert dealers[0] == 0 and dealers[-1] == 3 and sorted(set(dealers)) == [0, 1, 2, 3]
    last = game.hands[-1]["result"]
    assert last["kind"] == "win" and all(w["seat"] != 3 for w in last["wins"])  # the deal passed


def test_a_ron_is_recorded_with_its_discarder_and_tile_and_paid_at_the_tables_base() -> None:
    game = _game([JUNK_A, "1369m258p147s456z", JUNK_B, "4m111z222z333z777z"], "4m", options={"base": 20})
    discard(game, 0, "4m")
    tile = game.hand.claim.tile if game.hand.claim else -1
    game.apply(Action(A.RON, 3, tile))
    (win,) = game.hands[-1]["result"]["wins"]
    assert (win["seat"], win["from"], win["tile"]) == (3, 0, tile)
    # The dealer deals into a basic win at base 20: own share 2 x (20 x 2) + the two others' 20 each = 120.
    assert win["deltas"] == [-120, 0, 0, 120]


def test_an_exhaustive_draw_is_recorded_as_one_that_keeps_the_dealer() -> None:
    game = _game([JUNK_A, "1111s23m678m567p6s", JUNK_B, JUNK_D], "6z6s", back="7z")
    _closed_kan_then_ron(game)
    tsumogiri_to_the_end(game)
    result = game.hands[0]["result"]
    assert (result["kind"], result["reason"], result["dealer_keeps"]) == ("draw", "exhaustive", True)


def test_each_kan_is_paid_by_the_player_the_rules_name() -> None:
    """Open kan: the discarder; added kan: the player who gave the pon tile; closed: everyone."""
    pon_from_previous = Meld(MeldType.KAKAN, (0, 1, 2, 3), 0, PREVIOUS_PLAYER, added=3)
    open_from_next = Meld(MeldType.KAN, (4, 5, 6, 7), 4, NEXT_PLAYER)
    closed = Meld(MeldType.ANKAN, (8, 9, 10, 11))
    assert kan_record(1, pon_from_previous, 4) == KanRecord(1, KanKind.ADDED, 0)
    assert kan_record(2, open_from_next, 4) == KanRecord(2, KanKind.OPEN, 3)
    assert kan_record(0, pon_from_previous, 4) == KanRecord(0, KanKind.ADDED, 3)
    assert kan_record(3, closed, 4) == KanRecord(3, KanKind.CLOSED)
    assert kan_record(3, Meld(MeldType.PON, (0, 1, 2), 0, PREVIOUS_PLAYER), 4) is None
