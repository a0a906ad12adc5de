"""Strategy hooks of the rule sets whose game flow may not exist yet, on hand-made views and on the
action kinds those flows will offer; unknown action kinds never make a player crash."""

from __future__ import annotations

from bot.ai import make_player
from bot.ai.efficiency import discard_candidates
from bot.ai.player import AIPlayer
from bot.ai.rulesets import strategy_for
from bot.ai.seatview import read_view
from bot.ai.sichuan import choose_void, exchange_picks
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import parse_kinds
from bot.hand.tiles import counts_of, kind_of
from tests.ai.views import discarded_kind, discards, make_view


def most_accepted(view: dict) -> set[int]:
    """The discards plain efficiency picks: least shanten, then most unseen accepted copies."""
    sv = read_view(view)
    held = {k for k, n in enumerate(sv.counts) if n}
    cands = discard_candidates(
        sv.counts, len(sv.melds), sv.is_closed, strategy_for(sv.rules).hand_shape(sv), sv.unseen, held
    )
    return {c.kind for c in cands if (c.shanten, c.unseen) == (cands[0].shanten, cands[0].unseen)}


def strict(level: str = "normal") -> AIPlayer:
    player = make_player(level, 7)
    player.strict = True
    return player


def test_sichuan_void_is_the_suit_with_fewest_tiles() -> None:
    view = make_view("11123456m2468p3s", drawn="9m", rules="sichuan", dora="")
    counts = counts_of(view["seats"][0]["concealed"])
    assert choose_void(counts) == 2
    by_index = [Action("void", 0, suit) for suit in range(3)]
    assert strict().decide(by_index, view) == Action("void", 0, 2)
    hand = view["seats"][0]["concealed"]
    by_tile = [Action("void", 0, None, (next(t for t in hand if kind_of(t) // 9 == s),)) for s in (0, 1, 2)]
    assert strict().decide(by_tile, view) == by_tile[2]


def test_sichuan_void_tie_goes_to_the_less_connected_suit() -> None:
    # Pins and sou both hold three tiles; 159p are loose, 345s is a set.
    view = make_view("1112345m159p345s", rules="sichuan", dora="")
    assert choose_void(counts_of(view["seats"][0]["concealed"])) == 1


def test_sichuan_exchange_passes_three_loose_tiles_of_the_weakest_suit() -> None:
    view = make_view("1112345m1589p37s", drawn="6m", rules="sichuan", dora="")
    hand = view["seats"][0]["concealed"]
    picks = exchange_picks(hand, counts_of(hand))
    assert len(picks) == 3 and len(set(picks)) == 3
    assert {kind_of(t) // 9 for t in picks} == {1}  # pins: four loose tiles, sou has only two
    # Offered one tile at a time, the player picks one of those three.
    singles = [Action("exchange", 0, t) for t in hand]
    assert strict().decide(singles, view).tile in picks
    # Offered as whole triples, the player picks exactly that triple.
    triples = [
        Action("exchange", 0, None, tuple(sorted(picks))),
        Action("exchange", 0, None, tuple(hand[:3])),
    ]
    assert strict().decide(triples, view) == triples[0]


def test_sichuan_discards_the_void_suit_first() -> None:
    view = make_view("123456m789s11s5p9p", drawn="4s", rules="sichuan", dora="", extra={0: {"void": 1}})
    for level in ("easy", "normal"):
        assert discarded_kind(strict(level).decide(discards(view), view)) in parse_kinds("5p9p")


def test_sichuan_flush_aim_drops_the_other_suit() -> None:
    view = make_view("12345677m99m13s5s", drawn="8m", rules="sichuan", dora="", extra={0: {"void": 1}})
    # Eleven or more characters (FLUSH_AT): the lone sou go before anything else.
    assert discarded_kind(strict().decide(discards(view), view)) in parse_kinds("1s3s5s")


def test_taiwan_flower_is_set_aside_first() -> None:
    view = make_view("123m456p789s123m456p3z", drawn="1f", rules="taiwan", dora="")
    flower = view["seats"][0]["drawn"]
    legal = discards(view) + [Action("flower", 0, flower)]
    assert strict().decide(legal, view) == Action("flower", 0, flower)


def taiwan_ready_view(rivers: dict[int, str] | None = None) -> tuple[dict, list[Action]]:
    # 16 tiles waiting on 1s/4s after dropping the drawn 7z.
    view = make_view("123m456p789s123p55m23s", drawn="7z", rules="taiwan", dora="", rivers=rivers)
    drawn = view["seats"][0]["drawn"]
    return view, discards(view) + [Action("ready", 0, drawn)]


def test_taiwan_ready_declared_on_a_wide_wait() -> None:
    view, legal = taiwan_ready_view()
    assert strict().decide(legal, view).kind == "ready"


def test_taiwan_ready_not_declared_on_a_thin_wait() -> None:
    view, legal = taiwan_ready_view(rivers={2: "1s1s1s1s4s4s"})
    action = strict().decide(legal, view)
    assert action.kind == A.DISCARD and discarded_kind(action) == parse_kinds("7z")[0]


def test_pihu_full_flush_aim_drops_an_off_suit_tile() -> None:
    # Ten pins: plain efficiency throws the 9p (or 8p), the flush aim (x2) an off-suit tile instead.
    view = make_view("89m113455668p9p79s", rules="pihu", dora="")
    assert parse_kinds("9p")[0] in most_accepted(view) <= set(parse_kinds("8p9p"))
    assert discarded_kind(strict().decide(discards(view), view)) in parse_kinds("8m9m7s9s")


def test_pihu_seven_pairs_stays_closed() -> None:
    view = make_view("11m22p33s44m55p66s7z", offer=("7z", 2), rules="pihu", dora="")
    hand = view["seats"][0]["concealed"]
    sevens = tuple(t for t in hand if kind_of(t) == parse_kinds("7z")[0])
    legal = [Action(A.PASS, 0)]
    # Six pairs and a single: a pon would throw seven pairs (x2) away.
    assert strict().decide(legal + [Action(A.PON, 0, view["offer"]["tile"], sevens * 2)], view).kind == A.PASS


def mingjiang_riichi(hand: str) -> tuple[dict, list[Action]]:
    view = make_view(hand, drawn="1z", rules="mingjiang", dora="9s")
    return view, discards(view) + [Action(A.RIICHI, 0, view["seats"][0]["drawn"])]


def test_mingjiang_skips_riichi_near_a_concealed_triplets_limit() -> None:
    view, legal = mingjiang_riichi("111m222p333s45m99p")
    assert strict().decide(legal, view).kind == A.DISCARD
    plain, legal = mingjiang_riichi("123m456p789s45m99p")
    assert strict().decide(legal, plain).kind == A.RIICHI


def test_mingjiang_indicator_is_the_dora() -> None:
    from bot.ai.rulesets import strategy_for

    view = make_view("123m456p789s45m99p", drawn="1z", rules="mingjiang", dora="9s")
    assert strategy_for("mingjiang").dora(read_view(view)) == tuple(parse_kinds("9s"))
    assert strategy_for("riichi").dora(read_view(view)) == tuple(parse_kinds("1s"))


def test_unknown_action_kinds_never_crash() -> None:
    view = make_view("123m456p789s45m99p", drawn="1z", rules="sichuan")
    odd = [Action("mystery", 0, None), Action("riddle", 0, 5)]
    for level in ("easy", "normal"):
        assert make_player(level, 1).decide(odd, view) in odd
        legal = discards(view) + odd
        assert make_player(level, 1).decide(legal, view).kind == A.DISCARD


def test_unknown_rule_set_plays_by_efficiency() -> None:
    view = make_view("123m456p789s45m99p", drawn="1z", rules="newgame")
    action = strict().decide(discards(view), view)
    assert discarded_kind(action) == parse_kinds("1z")[0]


def test_a_broken_view_falls_back_to_a_legal_choice() -> None:
    legal = [Action(A.DISCARD, 0, 5), Action(A.DISCARD, 0, 9)]
    player = make_player("normal", 1)
    assert player.decide(legal, {"seat": 0, "seats": []}) in legal
    assert player.fallbacks == 1


def test_taiwan_separate_ready_declaration_follows_the_wait() -> None:
    view, legal = taiwan_ready_view()
    declare = Action("ready", 0, None)
    assert strict().decide([declare, *discards(view)], view) == declare
    thin, legal = taiwan_ready_view(rivers={2: "1s1s1s1s4s4s"})
    assert strict().decide([declare, *discards(thin)], thin).kind == A.DISCARD


def test_mingjiang_plays_for_knitted_when_it_is_close() -> None:
    # Thirteen different tiles of the 147m 258p 369s knitted set and honours, plus a 5m: dropping the
    # 5m makes 十四不搭 ready (on 6s, 9s, 7z); regular shapes are far away.
    view = make_view("147m258p3s123456z", drawn="5m", rules="mingjiang", dora="")
    assert discarded_kind(strict().decide(discards(view), view)) == parse_kinds("5m")[0]


def test_taiwan_normal_drops_the_off_suit_tile_for_a_flush_where_efficiency_keeps_it() -> None:
    # Fifteen of seventeen tiles in man and honours: 混一色 (4 tai, 清一色 12) is near, so a lone
    # off-suit middle tile goes, where efficiency alone keeps it and lets the lone 9m go.
    view = make_view("111m234m567m555z22z5p3s", drawn="9m", rules="taiwan", dora="")
    off_suit = set(parse_kinds("5p3s"))
    assert discarded_kind(make_player("normal", 1).decide(discards(view), view)) in off_suit
    assert most_accepted(view) == {parse_kinds("9m")[0]}


def test_mingjiang_decider_gives_the_round_wind_no_value() -> None:
    # 決勝局 has no round wind; the view keeps South for display.  Seat 0 is South when seat 3 deals.
    south = parse_kinds("2z")[0]
    strategy = strategy_for("mingjiang")
    regular = read_view(make_view("1m", rules="mingjiang", round_wind=1, dealer=3))
    assert strategy.value_list(regular).count(south) == 2  # a double wind in South 4
    decider = read_view({**make_view("1m", rules="mingjiang", round_wind=1, dealer=3), "decider": True})
    assert strategy.value_list(decider).count(south) == 1  # the seat wind alone
    north_seat = read_view({**make_view("1m", rules="mingjiang", round_wind=1, dealer=1), "decider": True})
    assert south not in strategy.value_kinds(north_seat)
