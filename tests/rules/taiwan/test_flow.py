"""The taiwan referee flow (bot/rules/taiwan/flow.py) through the shared engine: flowers and their
replacements, the reserve, calls and their limits, ready declarations and the lock, flower wins,
payments with a dealer streak, and whole games."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai.random_player import RandomPlayer, play_out
from bot.cli.simulate import simulate
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.hand import HandEngine, start_hand
from bot.engine.registry import load_rules, rule_set
from bot.engine.state import HandResult
from bot.engine.wall import shuffled_wall, untouched_tiles
from bot.hand.notation import TileAllocator, parse_kinds, parse_tiles
from bot.hand.tiles import kind_of

FLOWERS = frozenset(range(136, 144))
DEALT = 64  # 4 x 16


def taiwan_wall(
    hands: list[str],
    draws: str = "",
    back: str = "",
    *,
    live: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
) -> list[int]:
    """Deal ``hands`` (16 tiles each from the dealer; missing ones are filler), then the live wall:
    ``draws`` in order, ``live`` = {k: tile} for the k-th live draw; ``back`` are the replacement
    tiles in the order they are taken (from the back of the live wall, before the reserve).  Flowers
    not placed go to the end of the reserve, which is never drawn."""
    rules = load_rules("taiwan", options)
    alloc = TileAllocator(rule_set("taiwan").tileset)
    ids = rules.tile_ids()
    total, reserve = len(ids), rules.dead_size
    wall: list[int | None] = [None] * total
    for seat, hand in enumerate(hands):
        if not hand:
            continue  # filler
        tiles = parse_tiles(hand, allocator=alloc)
        assert len(tiles) == 16, hand
        wall[16 * seat : 16 * seat + 16] = tiles
    for k, t in enumerate(parse_tiles(draws, allocator=alloc)):
        wall[DEALT + k] = t
    for k, name in (live or {}).items():
        assert wall[DEALT + k] is None
        wall[DEALT + k] = parse_tiles(name, allocator=alloc)[0]
    for k, t in enumerate(parse_tiles(back, allocator=alloc)):
        wall[total - reserve - 1 - k] = t
    used = {t for t in wall if t is not None}
    for i, t in enumerate(sorted((set(ids) & FLOWERS) - used)):
        assert wall[total - 1 - i] is None
        wall[total - 1 - i] = t
        used.add(t)
    spare = iter(sorted(set(ids) - used, key=lambda t: (t % 4, t)))
    return [t if t is not None else next(spare) for t in wall]


def taiwan_game(hands: list[str], draws: str = "", back: str = "", **kwargs: Any) -> Game:
    options = kwargs.get("options")
    first = taiwan_wall(hands, draws, back, **kwargs)
    more = [shuffled_wall("later", i, load_rules("taiwan", options).tile_ids()) for i in range(1, 40)]
    return Game("taiwan", options, "test", walls=[first, *more])


def taiwan_hand(
    hands: list[str], draws: str = "", back: str = "", *, streak: int = 0, live: dict[int, str] | None = None
) -> HandEngine:
    """One hand through the engine, the dealer (seat 0) on a streak of ``streak``."""
    rules = load_rules("taiwan")
    tiles = taiwan_wall(hands, draws, back, live=live)
    hand, _ = start_hand(
        rules, index=0, round_wind=0, dealer=0, honba=streak, sticks=0, points=[0] * 4, tiles=tiles
    )
    return HandEngine(rules, hand)


Table = Game | HandEngine


def kind(name: str) -> int:
    return parse_kinds(name)[0]


def tile_in(table: Table, seat: int, name: str) -> int:
    return next(t for t in table.hand.seats[seat].concealed if kind_of(t) == kind(name))


def names(tiles: list[int]) -> list[int]:
    return sorted(kind_of(t) for t in tiles)


def legal_kinds(table: Table, seat: int) -> set[str]:
    return {a.kind for a in table.legal_actions(seat)}


def pass_offer(table: Table) -> None:
    """Every seat asked about an offered discard or kan passes (a flower offer is left alone)."""
    while (
        table.hand.phase == "claim" and table.hand.claim is not None and table.hand.claim.context != "flower"
    ):
        table.apply(Action(A.PASS, table.waiting_for()[0]))


def tsumogiri(table: Table, turns: int = 1) -> None:
    """The seat to play discards what it drew; offers are passed (``turns`` times)."""
    for _ in range(turns):
        h = table.hand
        table.apply(Action(A.DISCARD, h.current, h.drawn))
        pass_offer(table)


# --- flowers ------------------------------------------------------------------------------------


def test_deal_flowers_are_replaced_dealer_first_then_in_turn_order_chains_included() -> None:
    game = taiwan_game(
        [
            "1f 123m 456m 789m 123p 45p 7z",
            "2f 123s 456s 789s 456p 78p 6z",
            "",
            "3f 333m 666m 999p 88p 1s 2s 3s 5z",
        ],
        draws="1z",
        back="4f 9m 9p 9s",
    )
    seats = game.hand.seats
    # The dealer's replacement is a flower (4f): replaced again before seat 1 gets its turn.
    assert names(seats[0].flowers) == [kind("1f"), kind("4f")] and kind("9m") in names(seats[0].concealed)
    assert names(seats[1].flowers) == [kind("2f")] and kind("9p") in names(seats[1].concealed)
    assert seats[2].flowers == []
    assert names(seats[3].flowers) == [kind("3f")] and kind("9s") in names(seats[3].concealed)
    assert all(t < 136 for s in seats for t in s.concealed)
    assert [len(s.concealed) for s in seats] == [17, 16, 16, 16]


def test_a_flower_drawn_in_play_is_replaced_from_the_back_and_a_flower_replacement_again() -> None:
    game = taiwan_game(["123m 456m 789m 123p 456p 7z"], draws="1z 5f", back="6f 8m")
    live_before = game.hand.wall.live_left
    tsumogiri(game)  # the dealer lets its 1z go; seat 1 draws 5f, replaced by 6f, replaced by 8m
    h = game.hand
    assert h.current == 1 and names(h.seats[1].flowers) == [kind("5f"), kind("6f")]
    assert h.drawn is not None and kind_of(h.drawn) == kind("8m") and h.replacement_draw
    assert h.wall.live_left == live_before - 3
    assert game.check_invariants() == []


def test_the_reserve_stays_whole_and_a_flower_drawn_as_the_last_tile_ends_the_hand_as_a_draw() -> None:
    # 5f comes early (its replacement 9s from the back), so the last drawable tile moves one up: 8f.
    table = taiwan_hand([], draws="1z 2z 5f", back="9s 8f")
    tiles = list(table.hand.wall.tiles)
    while table.hand.phase != "ended":
        tsumogiri(table)
    h = table.hand
    assert h.result is not None and h.result.kind == "draw" and h.result.deltas == [0, 0, 0, 0]
    assert h.result.dealer_keeps
    assert any(kind_of(f) == kind("8f") for f in h.seats[h.current].flowers)
    assert sorted(untouched_tiles(h.wall)) == sorted(tiles[-16:])  # the reserve, untouched


@pytest.mark.parametrize(("options", "tiles", "live"), [({}, 144, 63), ({"flowers": "off"}, 136, 55)])
def test_tile_count_and_the_reserve_option(options: dict[str, Any], tiles: int, live: int) -> None:
    assert len(load_rules("taiwan", options).tile_ids()) == tiles
    for reserve in (16, 0):
        table = taiwan_game([], options={**options, "reserve": reserve})
        replaced = sum(len(s.flowers) for s in table.hand.seats)
        assert table.hand.wall.live_left == live + 16 - reserve - replaced


# --- calls -------------------------------------------------------------------------------------


def test_no_chi_pon_or_open_kan_with_the_last_three_tiles_but_a_closed_kan_still() -> None:
    # Tsumogiri from the start: live draw k goes to seat k % 4.  Seat 1 holds 77z and 666z.
    hands = ["", "77z 666z 123m 456m 789p 2s 3s"]
    table = taiwan_hand(hands, live={56: "7z", 60: "7z", 61: "6z"})
    while table.hand.wall.live_left > 7:
        tsumogiri(table)
    h = table.hand
    assert h.current == 0 and kind_of(h.drawn or 0) == kind("7z")
    table.apply(Action(A.DISCARD, 0, h.drawn))
    assert A.PON in legal_kinds(table, 1)  # 7 drawable tiles left: pon allowed
    pass_offer(table)
    tsumogiri(table, 3)
    h = table.hand
    assert h.current == 0 and h.wall.live_left == 3 and kind_of(h.drawn or 0) == kind("7z")
    table.apply(Action(A.DISCARD, 0, h.drawn))
    assert A.PON not in legal_kinds(table, 1)  # the last 3 drawable tiles: no pon
    pass_offer(table)
    assert table.hand.current == 1 and table.hand.wall.live_left == 2
    assert A.ANKAN in legal_kinds(table, 1)  # a closed kan is still allowed


def test_no_kan_right_after_a_pon_only_a_discard() -> None:
    table = taiwan_hand(["123m 456m 789m 123p 456p 1s", "666z 11m 22z 33z 44z 55z 5s 6s 7s"], draws="6z")
    table.apply(Action(A.DISCARD, 0, table.hand.drawn))
    pon = next(a for a in table.legal_actions(1) if a.kind == A.PON)
    table.apply(pon)
    pass_offer(table)
    assert table.hand.current == 1 and legal_kinds(table, 1) == {A.DISCARD}
    table.apply(Action(A.DISCARD, 1, tile_in(table, 1, "5s")))
    pass_offer(table)
    tsumogiri(table, 3)
    # Seat 1's next own draw: now the added kan is allowed.
    assert table.hand.current == 1 and A.KAKAN in legal_kinds(table, 1)


def test_chi_only_from_the_previous_player() -> None:
    table = taiwan_hand(
        ["", "23m 111z 222z 333z 444z 5z 6z", "", "23m 111p 222p 333p 444p 5p 6p"], draws="1m"
    )
    table.apply(Action(A.DISCARD, 0, table.hand.drawn))
    assert A.CHI in legal_kinds(table, 1) and A.CHI not in legal_kinds(table, 3)


def test_no_win_on_the_replacement_of_an_open_kan_but_after_a_closed_kan_it_is_a_win_on_a_kan() -> None:
    hand = ["", "777z 123m 456m 789m 234p 9s"]
    opened = taiwan_hand(hand, draws="7z", back="9s")
    opened.apply(Action(A.DISCARD, 0, opened.hand.drawn))
    opened.apply(next(a for a in opened.legal_actions(1) if a.kind == A.KAN))
    pass_offer(opened)
    h = opened.hand
    assert h.current == 1 and kind_of(h.drawn or 0) == kind("9s")
    assert A.TSUMO not in legal_kinds(opened, 1)

    closed = taiwan_hand(hand, draws="1z 7z", back="9s")
    tsumogiri(closed)
    closed.apply(next(a for a in closed.legal_actions(1) if a.kind == A.ANKAN))
    pass_offer(closed)
    closed.apply(Action(A.TSUMO, 1, closed.hand.drawn))
    result = closed.hand.result
    assert result is not None and result.kind == "win"
    assert ["after_kan", 1] in result.wins[0]["yaku"]


def test_passing_a_win_bars_ron_until_the_own_next_draw() -> None:
    # Seat 2 waits on 1s/4s.  It passes seat 1's 4s; seat 3 pons that 4s and lets 1s go: no ron for
    # seat 2 before its own next draw; after it, the next 1s may be ronned.
    hands = ["", "", "23s 123m 456m 789m 456p 11p", "44s 1s 111z 222z 333z 777z 5z"]
    table = taiwan_hand(hands, draws="5z 4s 6z 9p 5z 1s")
    tsumogiri(table)  # dealer: 5z
    table.apply(Action(A.DISCARD, 1, table.hand.drawn))  # 4s
    assert A.RON in legal_kinds(table, 2)
    table.apply(Action(A.PASS, 2))
    table.apply(next(a for a in table.legal_actions(3) if a.kind == A.PON))
    pass_offer(table)
    table.apply(Action(A.DISCARD, 3, tile_in(table, 3, "1s")))
    assert 2 not in table.waiting_for()  # barred: no ron on this 1s
    pass_offer(table)
    tsumogiri(table, 3)  # dealer, seat 1, then seat 2 (its own draw ends the bar)
    table.apply(Action(A.DISCARD, 3, table.hand.drawn))  # 1s again
    assert A.RON in legal_kinds(table, 2)


# --- ready declarations --------------------------------------------------------------------------


def test_tianting_locks_the_hand_and_a_winning_tile_cannot_be_passed() -> None:
    table = taiwan_hand(["123m 456m 789m 123p 55p 11z"], draws="9s 9p 8s 7s 9m 5p")
    assert A.RIICHI in legal_kinds(table, 0)  # the dealer is ready after its first discard: 天聽
    table.apply(Action(A.RIICHI, 0, table.hand.drawn))
    pass_offer(table)
    assert table.hand.seats[0].riichi
    assert table.rules.seat_view(table.hand, 0, None) == {"ready": "tianting"}
    tsumogiri(table, 3)
    # Locked: only the drawn tile may go (no kan, no other discard).
    assert table.legal_actions(0) == [Action(A.DISCARD, 0, table.hand.drawn)]
    tsumogiri(table)
    table.apply(Action(A.DISCARD, 1, table.hand.drawn))  # 5p: no pon for the locked hand, and no pass
    assert set(table.legal_actions(0)) == {Action(A.RON, 0, table.hand.seats[1].discards[-1].tile)}
    table.apply(table.legal_actions(0)[0])
    pass_offer(table)
    result = table.hand.result
    assert result is not None and result.kind == "win"
    assert ["tianting", 16] in result.wins[0]["yaku"]


def test_migi_is_offered_within_the_first_eight_discards_unless_someone_called() -> None:
    hands = ["", "77z", "123m 456m 789m 123p 46p 1z 9s"]
    hands[1] = "77z 111p 999p 111s 999s 2s 5m"
    calm = taiwan_hand(hands, draws="7z 1m 1z")
    tsumogiri(calm, 2)
    assert calm.hand.current == 2 and any(
        a.kind == A.RIICHI and kind_of(a.tile or 0) == kind("9s") for a in calm.legal_actions(2)
    )
    called = taiwan_hand(hands, draws="7z 1z")
    called.apply(Action(A.DISCARD, 0, called.hand.drawn))
    called.apply(next(a for a in called.legal_actions(1) if a.kind == A.PON))
    pass_offer(called)
    called.apply(Action(A.DISCARD, 1, tile_in(called, 1, "5m")))
    pass_offer(called)
    assert called.hand.current == 2 and A.RIICHI not in legal_kinds(called, 2)


# --- flower wins ------------------------------------------------------------------------------


SEVEN = "1f 2f 3f 4f 5f 6f 7f 123m 456m 789m"  # seat 2's deal: seven flowers


@pytest.mark.parametrize("rob", [True, False])
def test_seven_rob_one_the_drawer_pays_or_the_flower_is_replaced(rob: bool) -> None:
    table = taiwan_hand(["", "", SEVEN], draws="1z 8f", back="1p 2p 3p 4p 5p 6p 7p 9s")
    assert len(table.hand.seats[2].flowers) == 7
    table.apply(Action(A.DISCARD, 0, table.hand.drawn))
    pass_offer(table)
    h = table.hand
    assert h.phase == "claim" and h.claim is not None and h.claim.context == "flower"
    robbing = Action(A.RON, 2, h.claim.tile)
    assert set(table.legal_actions(2)) == {robbing, Action(A.PASS, 2)}
    if rob:
        table.apply(robbing)
        result = table.hand.result
        assert result is not None and result.kind == "win"
        assert result.deltas == [0, -210, 210, 0]  # seat 1 drew it: base 50 + 8 x 20
        assert result.wins[0]["yaku"] == [["seven_rob_one", 8]]
    else:
        table.apply(Action(A.PASS, 2))
        h = table.hand
        assert h.current == 1 and kind_of(h.drawn or 0) == kind("9s") and len(h.seats[1].flowers) == 1


def test_eight_immortals_may_be_claimed_or_declined_on_the_own_turn() -> None:
    table = taiwan_hand(["1f 2f 3f 4f 5f 6f 7f 8f 123m 456m 78m"], draws="1z")
    h = table.hand
    assert len(h.seats[0].flowers) == 8
    flower_win = Action(A.TSUMO, 0, h.seats[0].flowers[-1])
    assert flower_win in table.legal_actions(0) and A.DISCARD in legal_kinds(table, 0)
    table.apply(flower_win)
    result = table.hand.result
    assert result is not None and result.deltas == [690, -230, -230, -230]  # 50 + (8 + dealer 1) x 20


# --- wins and payments -------------------------------------------------------------------------


def test_dealer_streak_self_drawn_closed_hand_each_payer_pays_base_plus_8_tai() -> None:
    # Dealer on a 2-hand streak: dealer 1 + streak 4 + 門清自摸 3 = 8 tai.
    table = taiwan_hand(["123m 456m 789m 234p 99s 45s"], draws="1z 1p 2z 5m 3s", streak=2)
    tsumogiri(table, 4)
    table.apply(Action(A.TSUMO, 0, table.hand.drawn))
    result = table.hand.result
    assert result is not None and result.kind == "win"
    assert result.deltas == [630, -210, -210, -210]
    assert result.wins[0]["tai"] == 8 and len(result.wins[0]["hand"]) == 17


def test_heavenly_17_tile_win_of_the_dealer_on_the_deal() -> None:
    table = taiwan_hand(["123m 456m 789m 234p 567p 9s"], draws="9s")
    assert Action(A.TSUMO, 0, table.hand.drawn) in table.legal_actions(0)
    table.apply(Action(A.TSUMO, 0, table.hand.drawn))
    result = table.hand.result
    assert result is not None and result.wins[0]["tai"] == 25  # 天胡 24 + dealer 1
    assert result.deltas == [1650, -550, -550, -550]


def test_a_ron_pays_from_the_discarder_only_with_head_bump() -> None:
    # Seats 2 and 3 both wait on 9s; seat 1 discards it: seat 2, the nearer, takes it alone.
    ready = "123m 456m 789m 234p 567p 9s"
    table = taiwan_hand(["", "", ready, "111s 222s 333s 444s 567s 9s"], draws="1z 9s")
    tsumogiri(table)
    table.apply(Action(A.DISCARD, 1, table.hand.drawn))
    for seat in (2, 3):
        table.apply(Action(A.RON, seat, table.hand.seats[1].discards[-1].tile))
    result = table.hand.result
    assert result is not None and [w["seat"] for w in result.wins] == [2]
    assert result.deltas[0] == 0 and result.deltas[3] == 0 and result.deltas[1] == -result.deltas[2] < 0


# --- whole games -------------------------------------------------------------------------------


def test_simulated_games_keep_every_tile_and_totals_sum_to_zero() -> None:
    summary = simulate("taiwan", 3, "taiwan-test", ai="normal")
    assert summary["invariant_failures"] == 0 and summary["wins"] > 0


@pytest.mark.parametrize("options", [{}, {"flowers": "off", "multi_ron": "on", "ready": "dishen"}])
def test_a_game_ends_after_one_round_ranked_by_total_and_replays_identically(options: dict[str, Any]) -> None:
    game = Game("taiwan", options, seed="replay")
    checks, problems = play_out(game, [RandomPlayer(seat, call_rate=0.6) for seat in range(4)])
    assert problems == [] and game.final is not None
    assert sum(f["points"] for f in game.final) == 0
    assert sorted(f["rank"] for f in game.final) == [1, 2, 3, 4]
    assert all(h["round_wind"] == 0 for h in game.hands)
    again = Game.from_json(game.to_json())
    assert again.final == game.final and again.hands == game.hands


def test_bad_options_are_refused_with_the_option_named() -> None:
    with pytest.raises(ValueError, match="reserve"):
        load_rules("taiwan", {"reserve": "lots"})
    with pytest.raises(ValueError, match="colour"):
        load_rules("taiwan", {"colour": 1})


def test_multi_ron_option_lets_every_ron_win_each_paid_by_the_discarder() -> None:
    ready = "123m 456m 789m 234p 567p 9s"
    hands = ["", "", ready, "111s 222s 333s 444s 567s 9s"]
    rules = load_rules("taiwan", {"multi_ron": "on"})
    hand, _ = start_hand(
        rules, index=0, round_wind=0, dealer=0, honba=0, sticks=0, points=[0] * 4,
        tiles=taiwan_wall(hands, "1z 9s", options={"multi_ron": "on"}),
    )  # fmt: skip
    table = HandEngine(rules, hand)
    tsumogiri(table)
    table.apply(Action(A.DISCARD, 1, table.hand.drawn))
    for seat in (2, 3):
        table.apply(Action(A.RON, seat, table.hand.seats[1].discards[-1].tile))
    result = table.hand.result
    assert result is not None and [w["seat"] for w in result.wins] == [2, 3]
    assert result.deltas[1] == -(result.deltas[2] + result.deltas[3]) and result.deltas[0] == 0


def test_eight_immortals_declined_can_be_claimed_on_a_later_turn() -> None:
    table = taiwan_hand(["1f 2f 3f 4f 5f 6f 7f 8f 123m 456m 78m"], draws="1z 1p 2p 3p 2z")
    tsumogiri(table, 4)
    assert table.hand.current == 0
    table.apply(Action(A.TSUMO, 0, table.hand.seats[0].flowers[-1]))
    result = table.hand.result
    assert result is not None and result.wins[0]["yaku"][0] == ["eight_immortals", 8]


@pytest.mark.parametrize(
    ("winners", "kind", "dealer", "streak", "expected"),
    [
        ([0], "win", 0, 1, (0, 0, 2)),  # the dealer wins: keeps the deal, streak + 1
        ([], "draw", 2, 0, (0, 2, 1)),  # a draw: the dealer keeps it too
        ([3], "win", 2, 3, (0, 3, 0)),  # another seat wins: the deal passes, the streak resets
        ([1], "win", 3, 0, None),  # North's deal passes: one wind round is over
    ],
)
def test_dealer_rotation_and_one_wind_round(
    winners: list[int], kind: str, dealer: int, streak: int, expected: tuple[int, int, int] | None
) -> None:
    rules = load_rules("taiwan")
    table = taiwan_hand([])
    table.hand.dealer, table.hand.honba = dealer, streak
    result = HandResult(kind, [0] * 4, [{"seat": w} for w in winners])
    where = rules.next_hand(table.hand, result, [0] * 4, 1)
    assert (None if where is None else (where.round_wind, where.dealer, where.honba)) == expected
    jiang = load_rules("taiwan", {"length": "jiang"}).next_hand(table.hand, result, [0] * 4, 1)
    if expected is None:
        assert jiang is not None and (jiang.round_wind, jiang.dealer, jiang.honba) == (1, 0, 0)


def test_the_dealers_first_draw_may_be_robbed_and_the_dealer_pays_with_the_dealer_tai() -> None:
    table = taiwan_hand(["", "", SEVEN], draws="8f", back="1p 2p 3p 4p 5p 6p 7p 9s")
    h = table.hand
    assert h.phase == "claim" and h.claim is not None and h.claim.context == "flower" and h.current == 0
    table.apply(Action(A.RON, 2, h.claim.tile))
    result = table.hand.result
    assert result is not None and result.deltas == [-230, 0, 230, 0]  # 50 + (8 + dealer 1) x 20


def test_an_exhaustive_draw_pays_nothing_keeps_the_dealer_and_records_the_ready_seats() -> None:
    # Every seat discards what it draws, so the dealt hands stay: only seat 1 (123m 456m 789m 123p 456p
    # and 7s, waiting on 7s) is ready; the others hold no set at all.
    hands = [
        "1357m 2468p 1357s 1234z",
        "123m 456m 789m 123p 456p 7s",
        "2468m 1357p 2468s 5671z",
        "1357m 2468p 2468s 2345z",
    ]
    table = taiwan_hand(hands)
    while table.hand.phase != "ended":
        tsumogiri(table)
    result = table.hand.result
    assert result is not None
    assert (result.kind, result.reason, result.tenpai) == ("draw", "exhaustive", [1])
    assert result.deltas == [0, 0, 0, 0] and result.dealer_keeps


def test_the_final_ranking_is_by_total_and_equal_totals_by_seat() -> None:
    # docs/rules/taiwan.md: ranking by total, ties in seat order; the score is the total won or lost.
    rules = load_rules("taiwan")
    assert rules.final_scores([-120, 300, -120, -60], 0) == [
        {"seat": 0, "rank": 3, "points": -120, "score": -120},
        {"seat": 1, "rank": 1, "points": 300, "score": 300},
        {"seat": 2, "rank": 4, "points": -120, "score": -120},
        {"seat": 3, "rank": 2, "points": -60, "score": -60},
    ]


# Seat 1 waits on 9s alone (123m 456m 789m 123p 456p 9s); the others hold no set, and draw honours.
WAITING_ON_9S = [
    "1357m 2468p 1357s 1234z",
    "123m 456m 789m 123p 456p 9s",
    "2468m 1357p 2468s 5671z",
    "1357m 2468p 2468s 2345z",
]


def _win_yaku(table: Table) -> list[list[Any]]:
    result = table.hand.result
    assert result is not None and result.kind == "win"
    return result.wins[0]["yaku"]


def test_earthly_hand_a_non_dealers_tsumo_on_its_first_draw_replaces_the_hand_tai() -> None:
    table = taiwan_hand(WAITING_ON_9S, draws="1z 9s")
    tsumogiri(table)
    table.apply(Action(A.TSUMO, 1, table.hand.drawn))
    assert _win_yaku(table) == [["earthly", 16], ["dealer", 1]]  # 24台制: 地胡 alone, the dealer paying


@pytest.mark.parametrize(
    ("draws", "before", "yaku"),
    [
        ("1z 2z 3z 9s", 3, [["human", 8]]),  # seat 3's 9s: the hand's fourth discard, 人胡
        ("1z 2z 3z 4z 9s", 4, [["concealed_hand", 1], ["single_wait", 1], ["dealer", 1]]),  # the fifth
    ],
    ids=["fourth-discard", "fifth-discard"],
)
def test_human_hand_is_a_ron_on_one_of_the_first_four_discards(
    draws: str, before: int, yaku: list[list[Any]]
) -> None:
    table = taiwan_hand(WAITING_ON_9S, draws=draws)
    tsumogiri(table, before)
    table.apply(Action(A.DISCARD, table.hand.current, table.hand.drawn))  # the 9s
    table.apply(Action(A.RON, 1, table.hand.claim.tile if table.hand.claim else None))
    pass_offer(table)
    assert _win_yaku(table) == yaku


def test_a_tsumo_on_the_last_drawable_tile_adds_last_tile() -> None:
    table = taiwan_hand(WAITING_ON_9S, draws="1z 2z 3z 4z 5z 9s")
    tsumogiri(table, 5)
    table.hand.wall.next_live = table.hand.wall.live_end  # the 9s seat 1 just drew was the last
    table.apply(Action(A.TSUMO, 1, table.hand.drawn))
    assert _win_yaku(table) == [
        ["concealed_self_drawn", 3],
        ["single_wait", 1],
        ["last_tile", 1],
        ["dealer", 1],
    ]
