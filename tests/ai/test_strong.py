"""The strong level: two draws ahead (bot/ai/twostep.py), the rule sets' value estimates and the last hand
played for the final place (bot/ai/placement.py)."""

from __future__ import annotations

from collections.abc import Callable

from bot.ai import make_player, placement
from bot.ai.efficiency import HandShape
from bot.ai.hand_value import read_tiles, riichi_han, sichuan_fan
from bot.ai.seatview import read_view
from bot.ai.twostep import TwoStep
from bot.ai.win_payment import offered_win
from bot.engine import actions as A
from bot.engine.actions import Action
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


def test_two_steps_out_the_value_the_tiles_show_can_outweigh_a_few_accepted_tiles() -> None:
    flush_pays = lambda c: 8.0 if not any(c[9:]) else 1.0  # noqa: E731
    one_suit = counts("1125666889999m")  # two steps from ready, all in man
    mixed = counts("112666889999m5p")  # the same with the 5 in pin: more tiles take it a step closer
    plain = TwoStep(melds=0, closed=True, shape=SHAPE, unseen=[3] * NUM_KINDS, value=flush_pays)
    assert plain.worth(mixed) > plain.worth(one_suit)  # without value_far: accepted tiles only
    far = TwoStep(melds=0, closed=True, shape=SHAPE, unseen=[3] * NUM_KINDS, value=flush_pays, value_far=True)
    assert far.worth(one_suit) > far.worth(mixed)


def test_strong_keeps_the_wait_that_the_draws_make_wider() -> None:
    view = make_view("234m567m345p1p78s", drawn="9s", dora="8s")
    assert make_player("strong", 2).decide(discards(view), view) in discards(view)


# --- the last hand played for the final place (bot/ai/placement.py) -------------------------------


def last_hand_spot(hand: str, drawn: str, dora: str, points: int, dealer: int = 3) -> dict:
    """South 4 (the riichi default game's last hand) when ``dealer`` is 3; the others hold 25,000."""
    river = "1z8m2s5p"
    return make_view(
        hand,
        drawn=drawn,
        dora=dora,
        rivers={1: river},
        riichi={1: len(parse_kinds(river)) - 1},
        round_wind=1,
        dealer=dealer,
        extra={0: {"points": points}},
    )


def test_the_last_hand_is_read_from_the_round_and_the_dealer() -> None:
    assert placement.stance(read_view(last_hand_spot("1m", "", "9p", 40000))) == placement.LEAD
    assert placement.stance(read_view(last_hand_spot("1m", "", "9p", 10000))) == placement.CHASE
    assert placement.stance(read_view(last_hand_spot("1m", "", "9p", 25001, dealer=2))) is None  # South 3
    assert placement.stance(read_view(last_hand_spot("1m", "", "9p", 25000))) is None  # tied: neither


def test_an_east_only_table_reads_its_last_hand_from_its_options() -> None:
    east_four = last_hand_spot("1m", "", "9p", 40000)
    east_four["round_wind"] = 0
    assert placement.stance(read_view(east_four)) is None  # a half game (the default) goes on to South
    east_four["options"] = {"length": "east"}
    assert placement.stance(read_view(east_four)) == placement.LEAD
    south_four = last_hand_spot("1m", "", "9p", 40000)
    south_four["options"] = {"length": "east"}
    assert placement.stance(read_view(south_four)) == placement.LEAD  # an extension is the last hand too


def test_mingjiang_plays_for_place_in_its_decider_hands_and_not_in_south_4() -> None:
    # South 4 is always followed by the decider (決勝局), any of whose hands may end the game.
    south_four = {**last_hand_spot("1m", "", "9p", 40000), "rules": "mingjiang"}
    assert placement.stance(read_view(south_four)) is None
    decider = {**south_four, "decider": True, "dealer": 0}  # the leader deals the decider
    assert placement.stance(read_view(decider)) == placement.LEAD
    chasing = {**last_hand_spot("1m", "", "9p", 100), "rules": "mingjiang", "decider": True}
    assert placement.stance(read_view(chasing)) == placement.CHASE


def test_the_leader_folds_in_the_last_hand_what_it_would_push_before() -> None:
    # One step from ready with a dora: pushed against a riichi (normal's line), except by the leader of
    # the last hand, who lets the safe 2s go.
    hand, safe = "234m678p34s79s9s1m7m", parse_kinds("2s")[0]
    leading = last_hand_spot(hand, "2s", "8s", 40000)
    assert discarded_kind(make_player("strong", 1).decide(discards(leading), leading)) == safe
    assert discarded_kind(make_player("normal", 1).decide(discards(leading), leading)) != safe
    level = last_hand_spot(hand, "2s", "8s", 25000)
    assert discarded_kind(make_player("strong", 1).decide(discards(level), level)) != safe


def test_the_last_place_never_folds_in_the_last_hand() -> None:
    # A slow hand against a riichi: normal folds with the genbutsu 5p; the last place keeps building.
    view = last_hand_spot("1379m2468p468s5p3z", "5s", "9p", 10000)
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) == parse_kinds("5p")[0]
    assert discarded_kind(make_player("strong", 1).decide(discards(view), view)) != parse_kinds("5p")[0]


# --- the last place passes a win that ends the game with it still last (見逃し) -------------------------

# 234m 78m 567p 345s 66s: all simples and pinfu on 6m or 9m; a 6m ron is 2 han 30 fu, 2,000 points.
CHEAP_READY = "234m78m567p345s66s"


def last_place_ron(
    mine: int, others: tuple[int, int, int], *, rules: str = "mingjiang", riichi: bool = False
) -> tuple[dict, list[Action]]:
    """South 4, seat 3 dealing; seat 0 holds ``mine`` and is offered 6m by seat 2."""
    extra: dict[int, dict] = {0: {"points": mine, "riichi": riichi}}
    extra.update({seat: {"points": points} for seat, points in zip((1, 2, 3), others, strict=True)})
    view = make_view(
        CHEAP_READY, offer=("6m", 2), dora="1z", round_wind=1, dealer=3, extra=extra, rules=rules
    )
    assert view["offer"] is not None
    return view, [Action(A.RON, 0, view["offer"]["tile"]), Action(A.PASS, 0)]


def test_the_win_payment_of_a_6m_ron_on_234m78m567p345s66s_is_2000_with_its_honba_and_stick() -> None:
    view, (ron, _) = last_place_ron(18000, (32000, 25000, 23000), rules="riichi")
    win = offered_win(read_view(view), ron)
    assert win is not None and win.deltas() == [2000, 0, -2000, 0]
    view["honba"], view["sticks"] = 1, 1
    win = offered_win(read_view(view), ron)
    assert win is not None and win.deltas() == [3300, 0, -2300, 0]
    assert win.deltas(hoped_han=2) == [7700 + 1300, 0, -8000, 0]  # 4 han 30 fu


def test_the_last_place_passes_a_ron_that_ends_south_4_with_it_still_last_of_234m78m567p345s66s_6m() -> None:
    # 18,000 + 2,000 stays below the dealer's 23,000, and seat 1 holds 30,000: the game would end.
    view, legal = last_place_ron(18000, (32000, 25000, 23000), rules="riichi")
    assert make_player("strong", 1).decide(legal, view).kind == A.PASS
    assert make_player("normal", 1).decide(legal, view).kind == A.RON


def test_the_last_place_takes_a_ron_that_lifts_it_of_234m78m567p345s66s_6m() -> None:
    # 21,500 + 2,000 passes the dealer's 23,000 (and seat 2's, which pays).
    view, legal = last_place_ron(21500, (32000, 25000, 23000), rules="riichi")
    assert make_player("strong", 1).decide(legal, view).kind == A.RON


def test_the_last_place_takes_a_ron_when_the_game_goes_on_into_west_of_234m78m567p345s66s_6m() -> None:
    # Nobody reaches 30,000: the game goes on into the West round, where the points count.
    view, legal = last_place_ron(18000, (29000, 25000, 28000), rules="riichi")
    assert make_player("strong", 1).decide(legal, view).kind == A.RON


def test_the_last_place_in_riichi_takes_a_ron_its_ura_dora_could_lift_of_234m78m567p345s66s_6m() -> None:
    # Riichi, all simples, pinfu: 3,900 leaves it last, but ura-dora and ippatsu may make it a haneman.
    view, legal = last_place_ron(18000, (32000, 25000, 23000), rules="riichi", riichi=True)
    assert make_player("strong", 1).decide(legal, view).kind == A.RON
    view, legal = last_place_ron(5000, (38000, 35000, 20000), rules="riichi", riichi=True)
    assert make_player("strong", 1).decide(legal, view).kind == A.PASS  # 17,000 is short even so


def test_the_last_place_passes_a_tsumo_that_ends_south_4_with_it_still_last_of_234m78m567p345s66s_6m() -> (
    None
):
    view = make_view(
        CHEAP_READY,
        drawn="6m",
        dora="1z",
        round_wind=1,
        dealer=3,
        extra={0: {"points": 18000}, 1: {"points": 32000}, 3: {"points": 23000}},
        rules="riichi",
    )
    me = view["seats"][0]
    legal = [Action(A.TSUMO, 0, me["drawn"]), *discards(view)]
    assert make_player("normal", 1).decide(legal, view).kind == A.TSUMO
    assert make_player("strong", 1).decide(legal, view).kind == A.DISCARD


def test_mingjiang_takes_every_win_in_its_decider() -> None:
    # A decider hand ends only with its winner first: a win never ends it with the winner last.
    view, legal = last_place_ron(18000, (32000, 25000, 23000))
    view["decider"] = True
    assert placement.stance(read_view(view)) == placement.CHASE
    assert make_player("strong", 1).decide(legal, view).kind == A.RON
