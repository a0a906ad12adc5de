"""One test per rule of docs/rules/riichi.md (four players), on hand-built tables (seat 0 deals)."""

from __future__ import annotations

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.waits import waits
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kinds_to_counts
from tests.engine.tables import closed_kans, discard, kinds, pass_all, table, tsumogiri_round

# Hands without pairs, waits or nine terminals, for seats that only draw and discard.
Q0 = "258m369p147s1234z"
Q1 = "369m147p258s5671z"
Q2 = "147m258p369s2356z"


def _counts(text: str) -> list[int]:
    return kinds_to_counts(parse_kinds(text))


def test_chi_only_from_previous_player_and_kuikae_forbids_both_ends() -> None:
    g = table(["4m2p19p19s1234567z", "4567m2468p2468s5z", "13579p13579s135z", "2468m1357p1357s7z"], "6z")
    discard(g, 0, "4m")
    assert g.waiting_for() == [1]  # seat 3 holds 4m too, but chi comes only from the previous player
    chi = kinds(g.legal_actions(1), A.CHI)
    assert len(chi) == 1
    g.apply(chi[0])
    allowed = {a.tile // 4 for a in g.legal_actions(1) if a.kind == A.DISCARD and a.tile is not None}
    assert 3 not in allowed and 6 not in allowed  # neither 4m (called) nor 7m (other end)
    with pytest.raises(IllegalAction, match="not one of the legal"):
        discard(g, 1, "7m")


def test_pon_beats_chi_when_both_are_claimed() -> None:
    g = table(["4m2p19p19s1234567z", "56m2468p2468s567z", "44m1357p1357s135z", Q2], "6z")
    discard(g, 0, "4m")
    assert sorted(g.waiting_for()) == [1, 2]
    g.apply(kinds(g.legal_actions(1), A.CHI)[0])
    g.apply(kinds(g.legal_actions(2), A.PON)[0])
    assert g.hand.current == 2 and g.hand.seats[2].melds[0].type == "pon"
    assert not g.hand.seats[1].melds


def test_permanent_furiten_blocks_ron_but_not_tsumo() -> None:
    # Seat 1 waits on 1m-4m; it draws 4m, does not win and discards it: furiten on both tiles.
    g = table([Q0, "23m456p789p234s55s", Q1, Q2], "7z4m1m7z6z1m")
    tsumogiri_round(g, 1)
    assert kinds(g.legal_actions(1), A.TSUMO)
    discard(g, 1, "4m")
    pass_all(g)
    discard(g, 2, "1m")
    assert 1 not in g.waiting_for()
    tsumogiri_round(g, 2)
    assert kinds(g.legal_actions(1), A.TSUMO)  # furiten never stops tsumo


def test_temporary_furiten_after_letting_a_win_go_lasts_until_own_discard() -> None:
    g = table(["1m258m369p47s1234z", "4m369m147p258s671z", "23m456p789p555z11s", Q2], "7z6z7z2p")
    pass_all(g)
    discard(g, 0, "1m")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    pass_all(g)
    discard(g, 1, "4m")
    assert not kinds(g.legal_actions(2), A.RON)  # same go-around: still furiten (chi is offered)
    pass_all(g)
    discard(g, 2, "7z")  # own discard clears it
    pass_all(g)
    discard(g, 3, "1m")
    assert kinds(g.legal_actions(2), A.RON)


def test_riichi_furiten_after_letting_a_win_go_lasts_the_hand() -> None:
    g = table(["4m258m369p47s1234z", Q1, "23m456p789p234s55s", Q2], "6z6z7z2p8s")
    tsumogiri_round(g, 2)
    discard(g, 2, "7z", riichi=True)
    pass_all(g)
    discard(g, 3, "1m")
    assert kinds(g.legal_actions(2), A.RON)
    g.apply(Action(A.PASS, 2))
    pass_all(g)
    discard(g, 0, "4m")
    assert 2 not in g.waiting_for()
    assert g.hand.seats[2].riichi_furiten


def test_ron_needs_a_yaku_but_letting_the_tile_go_still_makes_furiten() -> None:
    # 23m456p789p234s + East pair: a complete shape on 1m, but no yaku for the South seat.
    g = table(["1m258m369p47s1234z", "23m456p789p234s11z", Q1, Q2], "7z")
    pass_all(g)
    discard(g, 0, "1m")
    assert not kinds(g.legal_actions(1), A.RON)  # only the chi is offered
    g.apply(Action(A.PASS, 1))
    assert g.hand.seats[1].temporary_furiten  # Tenhou: a pass of a winning shape without yaku counts


def test_a_winning_shape_that_nobody_asks_about_also_makes_furiten() -> None:
    # Seat 2 waits on 1m-4m without a yaku; seat 0's 4m is not offered to it at all (no chi from there).
    g = table(["4m258m369p47s1234z", Q1, "23m456p789p234s11z", Q2], "7z")
    pass_all(g)
    discard(g, 0, "4m")
    assert g.hand.seats[2].temporary_furiten


def test_riichi_needs_closed_tenpai_and_1000_points() -> None:
    hands = [Q0, Q1, "23m456p789p234s55s", Q2]
    rich = table(hands, "6z6z7z")
    tsumogiri_round(rich, 2)
    assert {a.tile for a in kinds(rich.legal_actions(2), A.RIICHI)} == {rich.hand.drawn}
    poor = table(hands, "6z6z7z", points=[25000, 25000, 900, 49100])
    tsumogiri_round(poor, 2)
    assert not kinds(poor.legal_actions(2), A.RIICHI)


def test_riichi_needs_four_tiles_left_in_the_live_wall() -> None:
    g = table([Q0, Q1, "23m456p789p234s55s", Q2], "6z6z7z")
    tsumogiri_round(g, 2)
    assert kinds(g.legal_actions(2), A.RIICHI)
    g.hand.wall.next_live = g.hand.wall.live_end - 3
    g.engine._legal_cache.clear()
    assert not kinds(g.legal_actions(2), A.RIICHI)


def test_riichi_deposit_is_not_paid_when_the_declaration_tile_is_ronned() -> None:
    g = table([Q0, "1m234p567p789s11z2z", "23m456p789p555z11s", Q2], "7z2z")
    tsumogiri_round(g, 1)
    discard(g, 1, "1m", riichi=True)
    g.apply(kinds(g.legal_actions(2), A.RON)[0])
    pass_all(g)
    result = g.hands[0]["result"]
    assert result["kind"] == "win" and result["wins"][0]["seat"] == 2
    assert g.sticks == 0
    assert result["deltas"][1] == -result["wins"][0]["points"]  # no extra 1000 from seat 1


def test_after_riichi_only_the_drawn_tile_and_only_a_kan_that_keeps_the_waits() -> None:
    # 1113m waits on 2m and 3m; a kan of 1m would leave only 3m: refused.
    g = table(["1113m456p789p123s", Q0, Q1, "47m258p3689s2356z"], "7z6z4z3z1m")
    discard(g, 0, "7z", riichi=True)
    tsumogiri_round(g, 3)
    legal = g.legal_actions(0)
    assert [a.kind for a in legal] == [A.DISCARD] and legal[0].tile == g.hand.drawn
    # 111m with a 2z wait: the kan keeps the waits and the reading.
    h = table(["111m234p567p789s2z", Q0, Q1, "47m258p3689s2356z"], "7z6z4z3z1m")
    discard(h, 0, "7z", riichi=True)
    tsumogiri_round(h, 3)
    assert kinds(h.legal_actions(0), A.ANKAN)


# Seat 0's 3334566m 789p 123s waits on 3m (333 345 66) and 6m; 3333m as a kan leaves 4566m, which waits on
# 3m (345 66) and 6m (456 66) too.  But won on 6m the hand reads 333 456 66 or 33 345 666: 3m is not a triplet
# in every reading, so in riichi the kan is refused (docs/rules/riichi.md: a kan after riichi may change
# neither the waits nor any reading).  The others hold no 3m, and seat 0 draws the fourth.
KAN_CHANGES_A_READING = ["3334566m789p123s", Q0, Q2, "47m258p3689s2356z"]


def _fourth_tile_drawn_after_a_first_discard(hands: list[str], fourth: str, riichi: bool) -> Game:
    """Seat 0 discards 7z (declaring riichi or not); the others let it go; seat 0 draws ``fourth``."""
    g = table(hands, "7z6z4z3z" + fourth)
    discard(g, 0, "7z", riichi=riichi)
    tsumogiri_round(g, 3)
    assert g.hand.current == 0 and g.hand.drawn is not None and g.hand.drawn // 4 == parse_kinds(fourth)[0]
    return g


@pytest.mark.parametrize("riichi", [True, False], ids=["in-riichi", "not-in-riichi"])
def test_a_kan_that_keeps_the_waits_but_changes_a_reading_is_refused_in_riichi_only(riichi: bool) -> None:
    legal = _fourth_tile_drawn_after_a_first_discard(KAN_CHANGES_A_READING, "3m", riichi).legal_actions(0)
    assert kinds(legal, A.TSUMO)  # 3m completes the hand
    assert bool(kinds(legal, A.ANKAN)) is not riichi


# Seat 0 holds four 1m from the deal and waits on 3m (111 12m 55s...); it draws 2m, with which 1111m as a
# kan would keep the waits and every reading (2m and 5s: 111 22 55 both ways).  After riichi only the tile
# just drawn may make a kan (docs/rules/riichi.md), so the four 1m held all along may not; before, they may.
HELD_QUAD = ["1111m2m567p789s55s", Q0, Q1, "47m258p3689s2356z"]


@pytest.mark.parametrize("riichi", [True, False], ids=["in-riichi", "not-in-riichi"])
def test_after_riichi_four_tiles_held_from_before_make_no_kan(riichi: bool) -> None:
    g = table(HELD_QUAD, "7z6z4z3z2m")
    discard(g, 0, "7z", riichi=riichi)
    tsumogiri_round(g, 3)
    assert g.hand.current == 0 and g.hand.drawn is not None and g.hand.drawn // 4 == 1  # 2m
    assert bool(kinds(g.legal_actions(0), A.ANKAN)) is not riichi


def test_a_win_out_of_riichi_shows_no_ura_indicator() -> None:
    # The ura indicators are turned for a riichi winner only: seat 0 wins by tsumo without riichi.
    g = table(KAN_CHANGES_A_READING, "7z6z4z3z3m")
    discard(g, 0, "7z")
    tsumogiri_round(g, 3)
    g.apply(kinds(g.legal_actions(0), A.TSUMO)[0])
    win = g.hands[0]["result"]["wins"][0]
    assert (win["yaku"], win["han"], win["ura"], len(win["dora"])) == ([["menzen_tsumo", 1]], 1, [], 1)


def test_closed_kan_turns_dora_at_once_open_kan_after_the_discard() -> None:
    g = table(["1111m258m369p0p14s", Q1, "555p47m3689s2356z", "479m248p369s2346z"], "7z", replacements="6z")
    g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
    assert len(g.hand.wall.dora_indicators()) == 2  # at once, before the replacement draw
    discard(g, 0, "5p")
    pon_or_kan = kinds(g.legal_actions(2), A.KAN)
    g.apply(pon_or_kan[0])
    pass_all(g)
    assert len(g.hand.wall.dora_indicators()) == 2  # not yet
    g.apply(Action(A.DISCARD, 2, g.hand.drawn))
    assert len(g.hand.wall.dora_indicators()) == 3  # turned with the kanner's discard


def test_last_discard_of_the_wall_can_only_be_ronned() -> None:
    hands = ["7z258m369p47s1234z", "77z369m147p25s561z", Q2.replace("2356z", "235z6s"), Q2]
    control = table(hands, "6z")
    discard(control, 0, "7z")
    assert kinds(control.legal_actions(1), A.PON)
    g = table(hands, "6z")
    g.hand.wall.next_live = g.hand.wall.live_end  # seat 0 just drew the last tile
    discard(g, 0, "7z")
    assert g.hands[0]["result"]["kind"] == "draw"  # no pon was offered; the hand is over


def test_nine_terminals_abort_on_the_first_draw_only() -> None:
    g = table(["19m19p19s1234567z", "2345678m2345p66s", "2345678s3467p88m", "2345678p23457s9p"], "5m5s")
    assert kinds(g.legal_actions(0), A.NINE_TERMINALS)
    g.apply(Action(A.NINE_TERMINALS, 0))
    record = g.hands[0]
    assert (record["result"]["kind"], record["result"]["reason"]) == ("abort", "nine_terminals")
    assert (g.hand.dealer, g.hand.honba) == (0, 1)  # dealer keeps, one more honba


def test_four_winds_abort() -> None:
    g = table(
        ["1z258m369p147s234z", "1z369m147p258s567z", "1z147m258p369s235z", "1z2345678m2345p6s"], "6z6z6z7z"
    )
    for seat in range(4):
        pass_all(g)
        discard(g, seat, "1z")
    assert g.hands[0]["result"]["reason"] == "four_winds"


TENPAI = ["123m456m789m123p1z", "123s456s789s456p2z", "234m567m234s789p3z", "567s678p345m999s4z"]


def test_four_riichi_abort_keeps_the_deposits_on_the_table() -> None:
    g = table(TENPAI, "5z6z7z5z")
    for seat, tile in enumerate(["5z", "6z", "7z", "5z"]):
        pass_all(g)
        discard(g, seat, tile, riichi=True)
    assert g.hands[0]["result"]["reason"] == "four_riichi"
    assert g.sticks == 4 and g.points == [24000] * 4


def test_triple_ron_aborts_the_hand() -> None:
    hands = ["1z258m369p14s2346z", "123s456s789s456p1z", "234m567m234s789p1z", "567s678p345m999s1z"]
    g = table(hands, "7z5z5z5z6z")
    discard(g, 0, "7z")
    for seat in (1, 2, 3):
        pass_all(g)
        discard(g, seat, "5z", riichi=True)
    pass_all(g)
    discard(g, 0, "1z")
    for seat in (1, 2, 3):
        g.apply(Action(A.RON, seat, g.hand.claim.tile if g.hand.claim else None))
    assert g.hands[0]["result"]["reason"] == "triple_ron"
    assert g.sticks == 3


def _double_ron_on_1z(honba: int) -> Game:
    """Seats 1 and 2 declare riichi waiting on 1z; seat 0 deals it in and both ron it."""
    hands = ["1z258m369p14s2346z", "123s456s789s456p1z", "234m567m234s789p1z", Q2]
    g = table(hands, "7z5z5z7z6z")
    g.hand.honba = honba
    discard(g, 0, "7z")
    for seat in (1, 2):
        pass_all(g)
        discard(g, seat, "5z", riichi=True)
    tsumogiri_round(g, 1)
    discard(g, 0, "1z")
    for seat in (1, 2):
        g.apply(kinds(g.legal_actions(seat), A.RON)[0])
    pass_all(g)
    return g


def test_double_ron_gives_sticks_and_honba_to_the_winner_nearest_the_discarder() -> None:
    g = _double_ron_on_1z(honba=0)
    result = g.hands[0]["result"]
    first, second = result["wins"]
    assert (first["seat"], second["seat"]) == (1, 2)
    assert first["sticks"] == 2
    assert result["deltas"][1] == first["points"] + 2000  # both riichi sticks
    assert result["deltas"][2] == second["points"]


def test_double_ron_on_honba_2_pays_the_600_to_the_nearest_winner_only_and_records_the_discarder() -> None:
    # The double ron above, on 2 honba: seat 1 is paid its hand + 600 + the two sticks, seat 2 its hand
    # alone; both wins are recorded as seat 0's 1z.
    g = _double_ron_on_1z(honba=2)
    first, second = g.hands[0]["result"]["wins"]
    assert [(w["seat"], w["from"], w["tile"] // 4) for w in (first, second)] == [(1, 0, 27), (2, 0, 27)]
    assert first["deltas"] == [-first["points"] - 600, first["points"] + 600, 0, 0]
    assert second["deltas"] == [-second["points"], 0, second["points"], 0]
    # Both won in riichi: each record shows the ura indicator (one, under the one dora indicator) and
    # its han, the sum of its lines; nobody was liable.
    for win in (first, second):
        assert len(win["ura"]) == len(win["dora"]) == 1 and win["liable"] is None
        assert win["han"] == sum(han for _, han in win["yaku"])


def test_four_kans_by_two_players_abort_after_the_fourth_kanners_discard() -> None:
    g = table(
        ["1111m2222m3333m4m", "0555p478m369s147z", "6789m147p258s567z", "69m2368p147s2346z"],
        "7z9p",
        replacements="6z5z4z8p",
    )
    for _ in range(3):
        g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
        pass_all(g)
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))
    pass_all(g)
    g.apply(kinds(g.legal_actions(1), A.ANKAN)[0])
    pass_all(g)
    assert not g.hands  # not after the kan itself
    g.apply(Action(A.DISCARD, 1, g.hand.drawn))
    pass_all(g)
    assert g.hands[0]["result"]["reason"] == "four_kans"


def test_formal_tenpai_excludes_a_wait_on_the_fifth_tile() -> None:
    assert waits(_counts("1111m234p567p789s")) == frozenset()
    assert waits(_counts("1m234p567p789s111z")) == frozenset({0})  # the 1m pon is not concealed


def test_noten_payments_split_3000() -> None:
    g = table([Q0, Q1, Q2, "2345678m2345p66s"], "")
    rules = g.rules
    assert rules.noten_payments(4, [0]) == [3000, -1000, -1000, -1000]  # type: ignore[attr-defined]
    assert rules.noten_payments(4, [0, 2]) == [1500, -1500, 1500, -1500]  # type: ignore[attr-defined]
    assert rules.noten_payments(4, [0, 1, 3]) == [1000, 1000, -3000, 1000]  # type: ignore[attr-defined]
    assert rules.noten_payments(4, []) == [0, 0, 0, 0]  # type: ignore[attr-defined]


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo() -> None:
    from bot.engine.state import Discard

    g = table([Q0, Q1, Q2, "2345678m2345p66s"], "")
    g.hand.seats[1].discards = [Discard(0, False), Discard(108, False), Discard(132, False)]
    g.hand.seats[2].discards = [Discard(0 + 1, False), Discard(20, False)]  # a 6m: no
    g.hand.seats[3].discards = [Discard(2, False, called=True)]  # called away: no
    result = g.rules.settle_exhaustive_draw(g.hand)
    assert result.reason == "nagashi"
    assert result.deltas == [-4000, 8000, -2000, -2000]


# --- kans: the live wall, the fifth kan, the open kan's tile -------------------------------------------


@pytest.mark.parametrize(("left", "offered"), [(1, True), (0, False)], ids=["one-left", "none-left"])
def test_a_closed_kan_needs_a_tile_left_in_the_live_wall(left: int, offered: bool) -> None:
    # Seat 0 holds 1111m on its first turn; the replacement shortens the live wall, so with one live tile
    # left the kan is still offered, and on the last tile (none left) it is not (docs/rules/riichi.md).
    g = table(["1111m258p369s123z", Q0, Q1, "2468m1357p2468s5z"], "7z")
    g.hand.wall.next_live = g.hand.wall.live_end - left
    assert g.hand.wall.live_left == left
    assert bool(kinds(g.legal_actions(0), A.ANKAN)) is offered


# Seat 0 makes four closed kans (1m, 2m, 3m and the 4m its replacements bring) and discards 7z; seat 1
# then draws its fourth 5p, and seat 2 holds three 9s when seat 1 discards one: no fifth kan either way.
FOUR_KANS = ["1111m2222m3333m4m", "055p689m149s2567z", "999s346p234s1234z", "2678p1368s23467z"]


def test_after_four_kans_nobody_is_offered_a_fifth() -> None:
    g = table(FOUR_KANS, "7z5p", replacements="4m4m4m8p")
    closed_kans(g, 0, 4)
    assert len(g.hand.kans) == 4
    discard(g, 0, "7z")
    pass_all(g)
    assert g.hand.current == 1 and g.hand.drawn is not None and g.hand.drawn // 4 == 13  # the fourth 5p
    assert not kinds(g.legal_actions(1), A.ANKAN)
    discard(g, 1, "9s")
    offered = g.legal_actions(2)
    assert kinds(offered, A.PON) and not kinds(offered, A.KAN)


def test_an_open_kan_is_offered_on_the_discarded_tile_with_the_three_held() -> None:
    g = table(["1111m258m369p0p14s", Q1, "555p47m3689s2356z", "479m248p369s2346z"], "7z", replacements="6z")
    g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
    discard(g, 0, "5p")
    tile = g.hand.claim.tile if g.hand.claim else None
    held = tuple(sorted(t for t in g.hand.seats[2].concealed if t // 4 == 13))
    assert tile is not None and tile // 4 == 13 and len(held) == 3
    assert Action(A.KAN, 2, tile, held) in g.legal_actions(2)


# 1112223333s is read 111 222 333 or 123 123 123: seat 0's 111222333s 456s waits on 5p alone, and so do
# 111 333 456s with 2s as a kan; but won on 5p the hand also reads 123s three times, where 2s is no triplet.
# So in riichi the kan of the fourth 2s is refused (it changes a reading), out of riichi it is offered.
KAN_OF_A_SANRENKOU = ["111222333s456s5p", Q0, Q2, "47m258p689s23567z"]


@pytest.mark.parametrize("riichi", [True, False], ids=["in-riichi", "not-in-riichi"])
def test_a_kan_inside_three_consecutive_triplets_is_refused_in_riichi_only(riichi: bool) -> None:
    g = _fourth_tile_drawn_after_a_first_discard(KAN_OF_A_SANRENKOU, "2s", riichi)
    assert bool(kinds(g.legal_actions(0), A.ANKAN)) is not riichi


# --- claims and furiten ------------------------------------------------------------------------------


def test_kuikae_after_a_pon_leaves_any_other_kind_free_even_a_last_pair() -> None:
    # Seat 1 pons seat 0's 9m, 9p and 9s and keeps 55z 11m: a pon of 5z would leave only the 1m pair, which
    # it may still discard (after a pon only the called kind is forbidden), so that pon is offered too.
    g = table([Q0, "99m99p99s55z11m368p", "147m258p369s2367z", "2345678m2345p66s"], "9m1p1p9p2p2p9s7p7p5z")
    for junk in ("3p", "6p", "8p"):
        g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 9m, then 9p, then 9s
        g.apply(kinds(g.legal_actions(1), A.PON)[0])
        discard(g, 1, junk)
        tsumogiri_round(g, 2)
    assert sorted(t // 4 for t in g.hand.seats[1].concealed) == [0, 0, 31, 31]  # 11m 55z
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 5z
    assert kinds(g.legal_actions(1), A.PON)


def test_passing_a_pon_of_a_tile_that_is_no_wait_makes_no_furiten() -> None:
    # Seat 3 waits on 1m-4m with a chun triplet and holds 55s: it lets seat 1's 5s go (a pon, not a win),
    # so seat 2's 4m right after is still a ron for it.
    g = table([Q0, Q1, Q2, "23m456p789p05s777z"], "6z5s4m")
    tsumogiri_round(g, 1)
    g.apply(Action(A.DISCARD, 1, g.hand.drawn))  # 5s
    assert kinds(g.legal_actions(3), A.PON) and not kinds(g.legal_actions(3), A.RON)
    pass_all(g)
    g.apply(Action(A.DISCARD, 2, g.hand.drawn))  # 4m
    assert kinds(g.legal_actions(3), A.RON)


def test_a_closed_kan_of_a_waited_kind_makes_no_furiten() -> None:
    # Seat 1 waits on 1m-4m with a chun triplet; seat 0's closed kan of 1m cannot be robbed by it (not
    # thirteen orphans), so it let no win go: seat 0's 4m after the kan is a ron for it.
    g = table(["1111m4m258p369s12z", "23m456p789p55s777z", Q1, "2468m1357p2468s5z"], "6z", replacements="5z")
    g.apply(kinds(g.legal_actions(0), A.ANKAN)[0])
    pass_all(g)
    discard(g, 0, "4m")
    assert kinds(g.legal_actions(1), A.RON)


# --- the win's situation: tenhou, chiihou, haitei, houtei ---------------------------------------------
COMPLETE = "123m456p789p234s5s"  # 13 tiles waiting on 5s alone (tanki): no pinfu, no other yaku closed


def _names(g: Game) -> list[str]:
    return [name for name, _ in g.hands[0]["result"]["wins"][0]["yaku"]]


def test_the_dealer_winning_on_the_dealt_tiles_is_tenhou_paid_16000_by_each() -> None:
    g = table([COMPLETE, Q0, Q1, Q2], "5s")
    g.apply(kinds(g.legal_actions(0), A.TSUMO)[0])
    assert _names(g) == ["tenhou"]
    assert g.hands[0]["result"]["deltas"] == [48000, -16000, -16000, -16000]


def test_a_non_dealer_winning_on_its_first_draw_is_chiihou_paid_16000_and_8000() -> None:
    g = table([Q0, COMPLETE, Q1, Q2], "7z5s")
    tsumogiri_round(g, 1)
    g.apply(kinds(g.legal_actions(1), A.TSUMO)[0])
    assert _names(g) == ["chiihou"]
    assert g.hands[0]["result"]["deltas"] == [-16000, 32000, -8000, -8000]


def test_a_call_before_the_first_draw_voids_chiihou() -> None:
    # Seat 2 pons the dealer's first discard (7z): seat 1's first draw then wins only menzen tsumo.
    g = table([Q0, COMPLETE, "77z147m258p369s25z", "2345678m2345p66s"], "7z6z1z5s")
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))
    g.apply(kinds(g.legal_actions(2), A.PON)[0])
    discard(g, 2, "2z")
    tsumogiri_round(g, 2)  # seats 3 and 0
    assert g.hand.current == 1 and g.hand.seats[1].turns_taken == 0
    g.apply(kinds(g.legal_actions(1), A.TSUMO)[0])
    assert "chiihou" not in _names(g) and "menzen_tsumo" in _names(g)


def test_a_win_on_the_second_draw_is_no_chiihou() -> None:
    g = table([Q0, COMPLETE, Q1, Q2], "7z6z6z1z2z5s")
    tsumogiri_round(g, 5)  # seat 1's first draw (6z) is no win
    assert g.hand.current == 1 and g.hand.seats[1].turns_taken == 1
    g.apply(kinds(g.legal_actions(1), A.TSUMO)[0])
    assert "chiihou" not in _names(g) and "menzen_tsumo" in _names(g)


def _last_live_tile_is_next(g: Game) -> None:
    """The tile the next draw would take goes to the end of the live wall, which is then all drawn."""
    w = g.hand.wall
    w.tiles[w.next_live], w.tiles[w.live_end - 1] = w.tiles[w.live_end - 1], w.tiles[w.next_live]
    w.next_live = w.live_end - 1


def test_a_tsumo_on_the_last_tile_of_the_wall_is_haitei() -> None:
    # Seat 1's pinfu hand lets its first draw go and draws its 4m as the last live tile: pinfu, menzen
    # tsumo and haitei.
    g = table([Q0, "23m456p789p234s55s", Q1, Q2], "7z6z6z7z1z4m")
    tsumogiri_round(g, 4)
    _last_live_tile_is_next(g)
    tsumogiri_round(g, 1)
    assert g.hand.current == 1 and g.hand.wall.live_left == 0
    g.apply(kinds(g.legal_actions(1), A.TSUMO)[0])
    assert sorted(_names(g)) == ["haitei", "menzen_tsumo", "pinfu"]


def test_a_ron_on_the_last_discard_is_houtei_even_as_the_only_yaku() -> None:
    # Seat 1 waits on 1m-4m with the round wind as its pair: no yaku but houtei on seat 0's last 4m.
    g = table(["4m258m369p47s1234z", "23m456p789p234s11z", Q1, Q2], "6z")
    g.hand.wall.next_live = g.hand.wall.live_end  # seat 0 just drew the last tile
    discard(g, 0, "4m")
    g.apply(kinds(g.legal_actions(1), A.RON)[0])
    pass_all(g)
    assert _names(g) == ["houtei"]


# --- the table's options: red fives, kuitan -----------------------------------------------------------


@pytest.mark.parametrize(
    ("red", "yaku"), [("3", [["menzen_tsumo", 1], ["aka_dora", 1]]), ("0", [["menzen_tsumo", 1]])]
)
def test_a_red_five_counts_as_dora_only_at_a_table_with_red_fives(red: str, yaku: list[list[object]]) -> None:
    g = table(["3334066m789p123s", Q0, Q2, "47m258p3689s2356z"], "7z6z4z3z3m", options={"red": red})
    discard(g, 0, "7z")
    tsumogiri_round(g, 3)
    g.apply(kinds(g.legal_actions(0), A.TSUMO)[0])
    assert g.hands[0]["result"]["wins"][0]["yaku"] == yaku


@pytest.mark.parametrize("kuitan", [True, False], ids=["kuitan-on", "kuitan-off"])
def test_an_open_all_simples_hand_wins_only_with_kuitan(kuitan: bool) -> None:
    # Seat 1 pons 2p and waits on 2s-5s with all simples: tanyao is its only yaku.
    g = table([Q0, "22p345m567p34s66s8s", Q2, Q1], "2p5s", options={"kuitan": kuitan})
    g.apply(Action(A.DISCARD, 0, g.hand.drawn))  # 2p
    g.apply(kinds(g.legal_actions(1), A.PON)[0])
    discard(g, 1, "8s")
    pass_all(g)
    g.apply(Action(A.DISCARD, 2, g.hand.drawn))  # 5s
    assert bool(kinds(g.legal_actions(1), A.RON)) is kuitan
