"""What the referee tells mingjiang's scorer about a win (docs/rules/mingjiang.md, "Fan" and "Limits"),
and the liable sets (包牌) the called melds alone make, each case worked out by hand from the rules:

- 天和 heavenly: the dealer's tsumo before any call or closed kan; 地和 earthly: a non-dealer's ron on the
  dealer's first discard with its dealt 13; 人和: any other non-dealer win before its first discard; a
  call or a closed kan by anyone voids all three;
- 海底撈月: a tsumo on the last tile of the live wall; 河底撈魚: a ron on the discard after it; 搶槓: a
  ron on an added kan;
- the seat wind counts from the dealer (East), the dora indicators are the turned ones, the ura indicator
  only for a riichi winner.

The expected situation is written out in full: a flag the flow sets wrongly, or leaves out, fails the
comparison; the game's record then shows the yaku the player sees.
"""

from __future__ import annotations

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.registry import load_rules, rule_set
from bot.engine.wall import shuffled_wall
from bot.hand.notation import parse_hand, parse_kinds
from bot.hand.tiles import EAST, SOUTH, WEST, kind_of
from bot.rules.mingjiang import MingjiangSituation
from bot.rules.mingjiang.flow import MingjiangRules, called_limits, mingjiang_waits
from tests.engine.tables import discard, kinds, pass_all, table, tsumogiri_round, wall_for
from tests.rules.mingjiang.dragon_calls import south_pons_the_three_dragons

# Hands with no wait for seats that only draw and discard (as in test_flow.py).
JUNK_A = "59m2589p258s1234z"
JUNK_B = "69m13679p369s567z"  # holds a 7z
JUNK_C7 = "58m1478p147s1237z"  # holds a 7z
READY_14M = "23m678m567p345s66s"  # closed, waits 1m and 4m
TANKI_7Z = "123m456p789p234s7z"  # closed four sequences waiting on the single 7z
_RULES = load_rules("mingjiang")


def _kind(name: str) -> int:
    (k,) = parse_kinds(name)
    return k


def _rules(game: Game) -> MingjiangRules:
    assert isinstance(game.rules, MingjiangRules)
    return game.rules


def _claimed(game: Game) -> int:
    assert game.hand.claim is not None
    return game.hand.claim.tile


def _yaku(game: Game) -> dict[str, int]:
    (win,) = game.hands[-1]["result"]["wins"]
    return {name: fan for name, fan in win["yaku"]}


# ---- first go-around ------------------------------------------------------------------------------


def test_heavenly_is_the_dealers_tsumo_on_the_dealt_fourteen() -> None:
    game = table(["123m456m789m123p5p", JUNK_A, JUNK_B, JUNK_C7], "5p", rules="mingjiang", dora="1z2z")
    drawn = game.hand.drawn
    assert drawn is not None
    assert _rules(game).win_situation(game.hand, 0, drawn, "tsumo") == MingjiangSituation(
        win_tile=_kind("5p"),
        tsumo=True,
        heavenly=True,
        seat_wind=EAST,
        round_wind=EAST,
        dora_indicators=(_kind("1z"), _kind("2z")),
    )
    game.apply(Action(A.TSUMO, 0, drawn))
    win = game.hands[-1]["result"]["wins"][0]
    assert win["limit"] == "small" and "heavenly" in _yaku(game)


def test_earthly_is_a_ron_on_the_dealers_first_discard() -> None:
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C7], "4m", rules="mingjiang", dora="1z2z")
    discard(game, 0, "4m")
    tile = _claimed(game)
    assert _rules(game).win_situation(game.hand, 1, tile, "discard") == MingjiangSituation(
        win_tile=_kind("4m"),
        earthly=True,
        seat_wind=SOUTH,
        round_wind=EAST,
        dora_indicators=(_kind("1z"), _kind("2z")),
    )
    game.apply(Action(A.RON, 1, tile))
    assert "earthly" in _yaku(game) and game.hands[-1]["result"]["wins"][0]["limit"] == "small"


def test_a_non_dealers_tsumo_on_its_first_draw_is_a_hand_of_man_not_earthly() -> None:
    # The dealer has discarded once (its turns_taken is 1), but the win is no ron on that discard.
    game = table([JUNK_A, READY_14M, JUNK_B, JUNK_C7], "7z4m", rules="mingjiang", dora="1z2z")
    tsumogiri_round(game, 1)
    drawn = game.hand.drawn
    assert drawn is not None and game.hand.current == 1
    assert _rules(game).win_situation(game.hand, 1, drawn, "tsumo") == MingjiangSituation(
        win_tile=_kind("4m"),
        tsumo=True,
        human=True,
        seat_wind=SOUTH,
        round_wind=EAST,
        dora_indicators=(_kind("1z"), _kind("2z")),
    )
    game.apply(Action(A.TSUMO, 1, drawn))
    assert "human" in _yaku(game)


def test_a_ron_on_a_non_dealers_first_discard_is_a_hand_of_man_not_earthly() -> None:
    # South discards its first tile, West wins on it: still the first go-around, but not the dealer's discard.
    game = table([JUNK_A, JUNK_B, READY_14M, JUNK_C7], "7z4m", rules="mingjiang", dora="1z2z")
    tsumogiri_round(game, 1)
    game.apply(Action(A.DISCARD, 1, game.hand.drawn))  # South lets go of the 4m it drew
    tile = _claimed(game)
    assert _rules(game).win_situation(game.hand, 2, tile, "discard") == MingjiangSituation(
        win_tile=_kind("4m"),
        human=True,
        seat_wind=WEST,
        round_wind=EAST,
        dora_indicators=(_kind("1z"), _kind("2z")),
    )
    game.apply(Action(A.RON, 2, tile))
    assert "human" in _yaku(game) and "earthly" not in _yaku(game)


def test_a_closed_kan_before_the_dealers_first_discard_voids_earthly_and_hand_of_man() -> None:
    game = table(["1111m234p567s99s1z", READY_14M, JUNK_B, JUNK_A], "4m", rules="mingjiang", dora="3z4z")
    game.apply(kinds(game.legal_actions(0), A.ANKAN)[0])
    discard(game, 0, "4m")
    tile = _claimed(game)
    assert _rules(game).win_situation(game.hand, 1, tile, "discard") == MingjiangSituation(
        win_tile=_kind("4m"),
        seat_wind=SOUTH,
        round_wind=EAST,
        dora_indicators=(_kind("3z"), _kind("4z")),
    )
    game.apply(Action(A.RON, 1, tile))
    assert not {"earthly", "human", "heavenly"} & set(_yaku(game))


# ---- the last tile and robbing a kan --------------------------------------------------------------


def _last_tile_game(hands: list[str], last: str) -> Game:
    """A table whose last live tile (drawn by South when nobody calls) is a ``last``."""
    wall = wall_for("mingjiang", hands)
    last_live = len(wall) - 15  # the dead wall is the last 14 tiles
    spare = next(i for i in range(52, len(wall)) if kind_of(wall[i]) == _kind(last))
    wall[spare], wall[last_live] = wall[last_live], wall[spare]
    return Game("mingjiang", None, "last", walls=[wall, shuffled_wall("next", 1, _RULES.tile_ids())])


def _play_to_the_last_draw(game: Game) -> None:
    """Every seat discards what it draws, offers passed, until the live wall is empty."""
    while True:
        pass_all(game)
        if game.hand.wall.live_left == 0:
            return
        game.apply(Action(A.DISCARD, game.hand.current, game.hand.drawn))


def test_a_tsumo_on_the_last_live_tile_is_haitei() -> None:
    game = _last_tile_game([JUNK_B, TANKI_7Z, JUNK_A, JUNK_C7], "7z")
    _play_to_the_last_draw(game)
    drawn = game.hand.drawn
    assert drawn is not None and game.hand.current == 1 and kind_of(drawn) == _kind("7z")
    situation = _rules(game).win_situation(game.hand, 1, drawn, "tsumo")
    indicators = tuple(kind_of(t) for t in game.hand.wall.dora_indicators())
    assert situation == MingjiangSituation(
        win_tile=_kind("7z"),
        tsumo=True,
        last_tile_draw=True,
        seat_wind=SOUTH,
        round_wind=EAST,
        dora_indicators=indicators,
    )
    game.apply(Action(A.TSUMO, 1, drawn))
    assert _yaku(game)["last_tile_draw"] == 1


def test_a_ron_on_the_discard_of_the_last_live_tile_is_houtei() -> None:
    game = _last_tile_game([JUNK_B, JUNK_A, TANKI_7Z, JUNK_C7], "7z")
    _play_to_the_last_draw(game)
    assert game.hand.current == 1
    before_discard = _rules(game).win_situation(game.hand, 1, game.hand.drawn or 0, "tsumo")
    assert before_discard.last_tile_draw and not before_discard.last_tile_claim
    game.apply(Action(A.DISCARD, 1, game.hand.drawn))
    tile = _claimed(game)
    situation = _rules(game).win_situation(game.hand, 2, tile, "discard")
    indicators = tuple(kind_of(t) for t in game.hand.wall.dora_indicators())
    assert situation == MingjiangSituation(
        win_tile=_kind("7z"),
        last_tile_claim=True,
        seat_wind=WEST,
        round_wind=EAST,
        dora_indicators=indicators,
    )
    game.apply(Action(A.RON, 2, tile))
    assert _yaku(game)["last_tile_claim"] == 1 and "last_tile_draw" not in _yaku(game)


def test_a_ron_on_an_added_kan_robs_the_kan() -> None:
    # East lets go of a 4m: South (waiting 1m-4m) passes, West pons; West later draws the fourth 4m and
    # adds it to the pon; South robs it (South's own draw in between ended its pass's furiten).
    game = table([JUNK_A, READY_14M, "44m2589p258s1234z", JUNK_C7], "4m6z6z6z4m", rules="mingjiang")
    discard(game, 0, "4m")
    game.apply(Action(A.PASS, 1))
    game.apply(kinds(game.legal_actions(2), A.PON)[0])
    discard(game, 2, "1z")
    tsumogiri_round(game, 3)  # North, East and South discard what they draw
    kakan = kinds(game.legal_actions(2), A.KAKAN)
    assert kakan
    game.apply(kakan[0])
    added = game.hand.pending_kakan
    assert added is not None and added.tile is not None and kind_of(added.tile) == _kind("4m")
    tile = added.tile
    assert _rules(game).win_situation(game.hand, 1, tile, "kakan") == MingjiangSituation(
        win_tile=_kind("4m"),
        robbing_kan=True,
        seat_wind=SOUTH,
        round_wind=EAST,
        dora_indicators=tuple(kind_of(t) for t in game.hand.wall.dora_indicators()),
    )
    game.apply(kinds(game.legal_actions(1), A.RON)[0])
    assert _yaku(game)["robbing_kan"] == 1


# ---- the liable sets the called melds make ---------------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        ("pon:555z pon:666z pon:777z", {"big_three_dragons"}),
        ("pon:555z pon:666z chi:123m", set()),
        ("pon:111z pon:222z pon:333z pon:444z", {"big_four_winds"}),
        ("pon:111z pon:222z pon:333z pon:555z", set()),  # three winds and a dragon
        ("pon:111z pon:222z", set()),
        ("kan:1111m ankan:9999p kakan:6666s kan:7777z", {"four_kans"}),
        ("kan:1111m ankan:9999p kakan:6666s pon:777z", set()),
        ("kan:1111m ankan:9999p", set()),
        ("pon:222m pon:333m pon:444m pon:555m", {"four_chained"}),
        ("pon:111m pon:222m pon:333m pon:555m", set()),  # one suit, not consecutive
        ("pon:888m pon:999m pon:111p pon:222p", set()),  # consecutive kinds across two suits
        ("pon:777m pon:888m pon:999m pon:111p", set()),
        ("pon:777p pon:888p pon:999p pon:111s", set()),
        ("pon:111p pon:222p pon:333p pon:444p", {"four_chained"}),  # in the second suit too
        ("pon:777s pon:888s pon:999s pon:111z", set()),  # an honour does not chain on from 9
        ("chi:123m chi:234m chi:345m chi:456m", set()),  # sequences are no chained triplets
        ("chi:234p chi:234p chi:234p chi:234p", {"four_identical_sequences"}),
        ("chi:234p chi:234p chi:234p chi:345p", set()),
    ],
)
def test_called_limits_are_the_liable_sets_the_melds_alone_make(melds: str, expected: set[str]) -> None:
    parsed = parse_hand(f"1z {melds}", rule_set("mingjiang").tileset)
    assert called_limits(parsed.melds) == expected


# ---- waits in every shape ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("23m678m567p345s66s", "14m"),  # regular
        ("11m55m99p22s66s11z7z", "7z"),  # six pairs and a single
        ("1111m55m99p22s66s7z", "7z"),  # a four counts as two pairs
        ("147m258p369s1234z", "567z"),  # knitted: the three honours not held
        ("47m258p369s12345z", "1m67z"),  # knitted missing a number tile
        ("147m258p369s1233z", ""),  # a pair: no knitted wait, no seven pairs
        ("147m258p368s1234z", ""),  # 3s 6s 8s: two residues in one suit
        ("147m147p369s1234z", ""),  # the same 147 in two suits
    ],
)
def test_waits_in_every_winning_shape(hand: str, expected: str) -> None:
    counts = [0] * 34
    for k in parse_kinds(hand):
        counts[k] += 1
    before = list(counts)
    assert mingjiang_waits(counts) == set(parse_kinds(expected)) if expected else not mingjiang_waits(counts)
    assert counts == before  # the caller's counts are left as they were


def test_a_thirteen_orphans_hand_cannot_rob_a_closed_kan() -> None:
    # South waits on 1m (99m pair and the other twelve orphans); East declares a closed kan of 1m.
    game = table(["111m234p567s99s11z", "99m19p19s1234567z", JUNK_B, JUNK_A], "1m", rules="mingjiang")
    ankan = kinds(game.legal_actions(0), A.ANKAN)
    assert ankan
    game.apply(ankan[0])
    assert game.hand.claim is None and game.waiting_for() == [0]  # nobody is asked: East draws on


# ---- the table's options and deposits ------------------------------------------------------------


def test_no_red_fives_and_the_uma_option_sets_the_final_scores() -> None:
    rules = MingjiangRules({"uma": "5-15"})
    assert rules.red_ids == frozenset()
    # 302 first: 0.2 + 15 + oka 20; 263: -3.7 + 5; 248: -5.2 - 5; 187: -11.3 - 15.
    assert [f["score"] for f in rules.final_scores([263, 187, 302, 248], sticks=0)] == [
        1.3,
        -26.3,
        35.2,
        -10.2,
    ]


def test_each_riichi_takes_one_deposit_once() -> None:
    # South and West declare riichi in turn: two sticks on the table, 10 from each, and their later
    # discards take nothing more.
    game = table([JUNK_A, READY_14M, "23m456p789p234s55s", JUNK_C7], "6z7z6z3s1p8s9s2s", rules="mingjiang")
    tsumogiri_round(game, 1)
    game.apply(Action(A.RIICHI, 1, game.hand.drawn))
    pass_all(game)
    game.apply(Action(A.RIICHI, 2, game.hand.drawn))
    pass_all(game)
    assert (game.hand.sticks, game.hand.points) == (2, [250, 240, 240, 250])
    tsumogiri_round(game, 4)  # North, East, South, West
    assert (game.hand.sticks, game.hand.points) == (2, [250, 240, 240, 250])


# ---- liability and kan replacements ---------------------------------------------------------------


def test_a_later_call_does_not_move_the_liability_for_the_third_dragon_set() -> None:
    # South pons 5z (East), 6z and 7z (West: liable), then 4p from North; it wins by tsumo on 3m with
    # big three dragons (small limit, 120 a share): West alone pays all three shares.
    game = table(
        ["59m2589p258s1235z", "55z66z77z23m44p19s9p", JUNK_B, "58m1478p147s1234z"],
        "1z2z3z3s6s7s5s6p3m",
        rules="mingjiang",
    )
    south_pons_the_three_dragons(game, "1s", "9s")
    discard(game, 1, "9p")
    tsumogiri_round(game, 1)  # West
    discard(game, 3, "4p")
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
    assert game.hand.liable == {1: 2}
    discard(game, 1, "2m")
    tsumogiri_round(game, 3)  # West, North and East
    game.apply(kinds(game.legal_actions(1), A.TSUMO)[0])
    win = game.hands[-1]["result"]["wins"][0]
    assert (win["limit"], win["liable"]) == ("small", 2)
    assert game.hands[-1]["result"]["deltas"] == [0, 360, -360, 0]


def test_a_win_on_a_closed_kans_replacement_is_a_self_draw_paid_by_everyone() -> None:
    # East: closed kan of 1m, then the replacement 4p completes 23p: after a kan 1 + closed kan 1 +
    # 門摸斷平 1 (closed, self-drawn) = 3 fan, base 16 from each other player.
    wall = wall_for("mingjiang", ["1111m23p567s789m9s", JUNK_A, JUNK_B, JUNK_C7], "9s", dora="5z6z")
    last_live = len(wall) - 15
    four = next(i for i in range(53, last_live) if kind_of(wall[i]) == _kind("4p"))
    wall[four], wall[last_live] = wall[last_live], wall[four]
    game = Game("mingjiang", None, "kan", walls=[wall, shuffled_wall("next", 1, _RULES.tile_ids())])
    game.apply(kinds(game.legal_actions(0), A.ANKAN)[0])
    assert kind_of(game.hand.drawn or 0) == _kind("4p")
    game.apply(kinds(game.legal_actions(0), A.TSUMO)[0])
    result = game.hands[-1]["result"]
    (win,) = result["wins"]
    assert _yaku(game) == {"after_kan": 1, "concealed_kan": 1, "menmo": 1} and win["from"] is None
    assert result["deltas"] == [48, -16, -16, -16]


def test_in_riichi_a_closed_kan_that_keeps_the_waits_is_allowed_whatever_the_reading() -> None:
    # East in riichi on 1112344m 456p 123s waits 1m and 4m; it draws the fourth 1m.  A kan of 1m leaves
    # 2344m, still waiting 1m and 4m: mingjiang allows it, though 11m + 123m + 44m reads the 1m
    # differently (Tenhou's riichi would refuse it).
    game = table(["1112344m456p123s", JUNK_A, JUNK_B, JUNK_C7], "7z6z5z6z1m", rules="mingjiang")
    game.apply(Action(A.RIICHI, 0, game.hand.drawn))
    tsumogiri_round(game, 3)
    drawn = game.hand.drawn
    assert drawn is not None and kind_of(drawn) == _kind("1m") and game.hand.seats[0].riichi
    ones = tuple(sorted(t for t in game.hand.seats[0].concealed if kind_of(t) == _kind("1m")))
    assert kinds(game.legal_actions(0), A.ANKAN) == [Action(A.ANKAN, 0, None, ones)]


# ---- an open hand whose only fan is the last discard ------------------------------------------------

OPEN_7Z = "99p123m456p234s7z1z"  # West: pons 9p, then waits on 7z with no fan (open, a terminal, a triplet)
NORTH_9P = "9p58m147p147s1234z"  # North lets go of its 9p first


def _houtei_game(hands: list[str], sevens: list[int]) -> Game:
    """West pons North's 9p in the first go-around, so East draws the last live tile; the 7z copies
    not in a hand are put at the wall ``sevens`` positions (121: the last live tile, drawn by East;
    120: the tile before it, drawn by North)."""
    wall = wall_for("mingjiang", hands)
    for position in sevens:
        spare = next(i for i in range(52, len(wall)) if kind_of(wall[i]) == _kind("7z") and i not in sevens)
        wall[spare], wall[position] = wall[position], wall[spare]
    game = Game("mingjiang", None, "houtei", walls=[wall, shuffled_wall("next", 1, _RULES.tile_ids())])
    tsumogiri_round(game, 3)  # East, South and West discard what they draw
    discard(game, 3, "9p")
    game.apply(kinds(game.legal_actions(2), A.PON)[0])
    discard(game, 2, "1z")
    _play_to_the_last_draw(game)
    assert game.hand.current == 0 and kind_of(game.hand.drawn or 0) == _kind("7z")
    game.apply(Action(A.DISCARD, 0, game.hand.drawn))
    return game


def test_an_open_hand_without_fan_may_ron_the_last_discard_for_houtei() -> None:
    game = _houtei_game([JUNK_B, JUNK_C7, OPEN_7Z, NORTH_9P], [121])
    ron = kinds(game.legal_actions(2), A.RON)
    assert ron
    game.apply(ron[0])
    assert _yaku(game)["last_tile_claim"] == 1 and "menmo" not in _yaku(game)


def test_a_kind_discarded_unasked_in_the_go_around_bars_the_ron_on_the_last_discard() -> None:
    # North let go of a 7z just before (West was not asked: no fan then): furiten until West's next
    # discard, so East's last 7z is not West's to win.
    game = _houtei_game([JUNK_B, "58m1478p147s1234z", OPEN_7Z, NORTH_9P], [120, 121])
    result = game.hands[-1]["result"]  # nobody was asked: the hand ended in the exhaustive draw
    assert (result["kind"], result["reason"], result["tenpai"]) == ("draw", "exhaustive", [2])


def test_the_third_dragons_feeder_is_not_liable_for_four_kans_made_without_a_call() -> None:
    # South pons 5z (East), 6z and 7z (West: liable for big three dragons), then adds the fourth 5z,
    # declares its closed kan of 1m and adds the 6z and 7z from the replacement draws: four kans (big
    # limit), the last replacement 9s pairing the first.  The limit paid is four kans, whose sets no call
    # completed: a plain self-draw, 160 from each.
    wall = wall_for(
        "mingjiang",
        ["59m2589p258s1235z", "55z66z77z1111m9p2s3s", "69m13679p369s467z", "58m1478p147s1234z"],
        "2p3p4p6p7p8p5z",
    )
    last_live = len(wall) - 15
    for offset, name in enumerate(["9s", "6z", "7z", "9s"]):  # the replacements, from the far end
        position = last_live - offset
        spare = next(
            i
            for i in range(59, len(wall))
            if kind_of(wall[i]) == _kind(name) and not last_live - 3 <= i <= last_live
        )
        wall[spare], wall[position] = wall[position], wall[spare]
    game = Game("mingjiang", None, "kans", walls=[wall, shuffled_wall("next", 1, _RULES.tile_ids())])
    south_pons_the_three_dragons(game, "2s", "3s")
    assert game.hand.liable == {1: 2}
    discard(game, 1, "9p")
    tsumogiri_round(game, 3)  # West, North and East
    for kan in (A.KAKAN, A.ANKAN, A.KAKAN, A.KAKAN):
        game.apply(kinds(game.legal_actions(1), kan)[0])
        pass_all(game)
    game.apply(kinds(game.legal_actions(1), A.TSUMO)[0])
    result = game.hands[-1]["result"]
    (win,) = result["wins"]
    assert (win["limit"], win["yaku"], win["liable"]) == ("big", [["four_kans", 0]], None)
    assert result["deltas"] == [-160, 480, -160, -160]
