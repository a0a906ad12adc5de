"""The computer player's choices on hand-made views: efficiency, defence, calls, riichi, kita."""

from __future__ import annotations

import random

import pytest

from bot.ai import make_player
from bot.ai.defence import Threat, kind_danger
from bot.ai.player import AIPlayer, isolated_edge
from bot.ai.seatview import read_view
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.hand.analysis import analyze
from bot.hand.notation import parse_kinds
from bot.hand.tiles import counts_of, kind_of
from tests.ai.views import Tiles, discarded_kind, discards, make_view


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def ids_of(view: dict, text: str) -> list[int]:
    """Ids in the seat's hand of the kinds written (one id per tile written)."""
    hand = list(view["seats"][view["seat"]]["concealed"])
    out = []
    for k in parse_kinds(text):
        t = next(t for t in hand if kind_of(t) == k)
        hand.remove(t)
        out.append(t)
    return out


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        AIPlayer("expert")


@pytest.mark.parametrize("seed", range(12))
def test_normal_discards_a_tile_with_the_most_accepted_tiles(seed: int) -> None:
    """Against the shared analysis (least shanten, then most unseen accepted copies); no dora shown,
    so value does not decide."""
    game = Game("riichi", seed=f"eff:{seed}")
    view = {**game.view(0), "dora_indicators": []}
    legal = [a for a in game.legal_actions(0) if a.kind == A.DISCARD]  # no nine-terminals abort
    counts = counts_of(view["seats"][0]["concealed"])
    table = analyze(counts).discards
    best = [(c.shanten, c.unseen) for c in table][0]
    winners = {c.discard for c in table if (c.shanten, c.unseen) == best}
    choice = make_player("normal", seed).decide(legal, view)
    assert choice.kind == A.DISCARD and discarded_kind(choice) in winners


@pytest.mark.parametrize("seed", range(12))
def test_easy_keeps_the_least_shanten_and_throws_a_lone_honour_or_terminal_first(seed: int) -> None:
    """The beginner: least shanten without counting accepted tiles, lone honours and 1/9s first."""
    game = Game("riichi", seed=f"eff:{seed}")
    view = game.view(0)
    legal = [a for a in game.legal_actions(0) if a.kind == A.DISCARD]
    counts = counts_of(view["seats"][0]["concealed"])
    table = analyze(counts, visible=counts_of(view["dora_indicators"])).discards
    least = min(c.shanten for c in table)
    keeping = {c.discard for c in table if c.shanten == least}
    lone = {k for k in keeping if isolated_edge(counts, k)}
    choice = make_player("easy", seed).decide(legal, view)
    assert choice.kind == A.DISCARD and discarded_kind(choice) in (lone or keeping)


def test_easy_does_not_count_accepted_tiles() -> None:
    # 13m and 45m: dropping 1m or 3m keeps the most tiles; a beginner may break 45m as well, and over
    # seeds it does.
    view = make_view("13m45m123p456p789s", drawn="9s")
    chosen = {discarded_kind(make_player("easy", s).decide(discards(view), view)) for s in range(24)}
    assert chosen - {kind("1m"), kind("3m")}


def test_efficiency_keeps_the_two_sided_shape() -> None:
    # 13m and 45m: dropping 1m keeps the 45m two-sided wait (8 tiles) over the 13m closed wait (4).
    view = make_view("13m45m123p456p789s", drawn="9s")
    choice = make_player("normal", 1).decide(discards(view), view)
    assert discarded_kind(choice) in (kind("1m"), kind("3m"))


def riichi_river_view(hand: str, drawn: str, river: str = "1z8m2s5p") -> dict:
    return make_view(hand, drawn=drawn, rivers={1: river}, riichi={1: len(parse_kinds(river)) - 1})


def test_normal_folds_with_genbutsu_against_riichi() -> None:
    # A slow hand (three shanten or worse) facing riichi: the 5p in the riichi player's river goes.
    view = riichi_river_view("1379m2468p468s5p3z", drawn="5s")
    normal = make_player("normal", 1).decide(discards(view), view)
    assert discarded_kind(normal) == kind("5p")
    easy = make_player("easy", 1).decide(discards(view), view)
    assert discarded_kind(easy) != kind("5p")  # efficiency alone keeps the connected 5p


def test_genbutsu_is_safe_and_suji_is_safer_than_an_open_middle_tile() -> None:
    view = riichi_river_view("147p258s369m1z", drawn="2z", river="4p9s6m")
    sv = read_view(view)
    threat = Threat(1, 1.0, frozenset(parse_kinds("4p9s6m")))
    danger = {name: kind_danger(sv, kind(name), threat, frozenset()) for name in ("4p", "7p", "5s", "1p")}
    assert danger["4p"] == 0  # genbutsu
    assert danger["7p"] < danger["5s"]  # 7p is suji of 4p; 5s has both sides open
    assert danger["1p"] < danger["5s"]


def test_honour_with_every_other_copy_visible_is_safe() -> None:
    view = make_view("123m456p789s11z5p", drawn="7z", rivers={2: "7z7z7z"})
    sv = read_view(view)
    assert kind_danger(sv, kind("7z"), Threat(1, 1.0, frozenset()), frozenset()) == 0


def test_normal_pons_a_value_dragon_and_easy_does_not() -> None:
    view = make_view("77z123m456p13s58s9m", offer=("7z", 2))
    pair = ids_of(view, "7z7z")
    offered = view["offer"]["tile"]
    legal = [Action(A.PON, 0, offered, tuple(pair)), Action(A.PASS, 0)]
    assert make_player("normal", 1).decide(legal, view).kind == A.PON
    assert make_player("easy", 1).decide(legal, view).kind == A.PASS


def test_normal_does_not_open_a_hand_without_a_yaku() -> None:
    view = make_view("123m789p12s9s1z2z99m", offer=("3s", 3))
    legal = [Action(A.CHI, 0, view["offer"]["tile"], tuple(ids_of(view, "1s2s"))), Action(A.PASS, 0)]
    assert make_player("normal", 1).decide(legal, view).kind == A.PASS


def test_open_all_simples_hand_chis_when_it_gets_closer() -> None:
    view = make_view("234m67p34s66m2m", offer=("5p", 3), melds={0: [("pon", "555s")]})
    legal = [Action(A.CHI, 0, view["offer"]["tile"], tuple(ids_of(view, "6p7p"))), Action(A.PASS, 0)]
    assert make_player("normal", 1).decide(legal, view).kind == A.CHI


def riichi_view(rivers: dict[int, str] | None = None) -> tuple[dict, list[Action]]:
    view = make_view("123m456p789s23s55m", drawn="1z", rivers=rivers)
    legal = discards(view) + [Action(A.RIICHI, 0, view["seats"][0]["drawn"])]
    return view, legal


def test_normal_declares_riichi_on_a_live_wait() -> None:
    view, legal = riichi_view()
    action = make_player("normal", 1).decide(legal, view)
    assert action.kind == A.RIICHI and discarded_kind(action) == kind("1z")


def test_no_riichi_on_a_wait_with_no_tile_left() -> None:
    view, legal = riichi_view(rivers={2: "1s1s1s1s", 3: "4s4s4s4s"})
    action = make_player("normal", 1).decide(legal, view)
    assert action.kind == A.DISCARD and discarded_kind(action) == kind("1z")


def test_wins_are_always_taken() -> None:
    view = make_view("123m456p789s23s55m", drawn="1s")
    drawn = view["seats"][0]["drawn"]
    legal = discards(view) + [Action(A.TSUMO, 0, drawn)]
    for level in ("easy", "normal"):
        assert make_player(level, 1).decide(legal, view).kind == A.TSUMO


def test_sanma_sets_north_aside() -> None:
    view = make_view("19m123p456s789s4z1z", drawn="5z", rules="sanma", players=3, dora="1p")
    north = ids_of(view, "4z")[0]
    legal = discards(view) + [Action(A.KITA, 0, north)]
    assert make_player("normal", 1).decide(legal, view) == Action(A.KITA, 0, north)


def test_red_five_is_kept_when_a_plain_five_of_the_same_kind_goes() -> None:
    t = Tiles()
    view = make_view("0p5p5p5p19m19s1234z", drawn="5z", tiles=t)
    fives = [a for a in discards(view) if a.tile is not None and kind_of(a.tile) == kind("5p")]
    from bot.ai.player import pick_tile
    from bot.ai.rulesets import strategy_for

    assert pick_tile(fives, read_view(view), strategy_for("riichi")).tile != 52


def test_a_seed_gives_the_same_choices() -> None:
    rng = random.Random(5)
    for _ in range(20):
        game = Game("riichi", seed=str(rng.random()))
        a = make_player("normal", "s").decide(game.legal_actions(0), game.view(0))
        b = make_player("normal", "s").decide(game.legal_actions(0), game.view(0))
        assert a == b


@pytest.mark.parametrize(("river", "expected"), [("", "4s"), ("1z2s", "3s")])
def test_ready_hand_avoids_a_furiten_wait(river: str, expected: str) -> None:
    # Dropping 4s waits on 2s5s (8 tiles), dropping 3s on 4s/5m (4 tiles); with a 2s in your own
    # river the wider wait is furiten (tsumo only), so the narrower live wait is better.
    view = make_view("123m456p789p55m34s", drawn="4s", rivers={0: river} if river else None)
    choice = make_player("normal", 1).decide(discards(view), view)
    assert discarded_kind(choice) == kind(expected)


def test_open_all_simples_hand_drops_the_terminal_that_would_leave_it_without_a_yaku() -> None:
    # Open (pon of 5s), no value set: 9m must go even though 6m is the loose tile for efficiency.
    view = make_view("234m67p34s99m6m", drawn="8p", melds={0: [("pon", "555s")]})
    choice = make_player("normal", 1).decide(discards(view), view)
    assert discarded_kind(choice) == kind("9m")


def test_closed_kan_when_it_keeps_the_shanten() -> None:
    view = make_view("1111m234p567s89s5z", drawn="6z")
    ankan = Action(A.ANKAN, 0, None, tuple(ids_of(view, "1m1m1m1m")))
    assert make_player("normal", 1).decide(discards(view) + [ankan], view) == ankan


def test_no_closed_kan_that_breaks_a_sequence() -> None:
    # 1111m + 23m: the fourth 1m is part of 123m; a kan would cost a set.
    view = make_view("111123m567s89s5z7z", drawn="6z")
    ankan = Action(A.ANKAN, 0, None, tuple(ids_of(view, "1m1m1m1m")))
    assert make_player("normal", 1).decide(discards(view) + [ankan], view).kind == A.DISCARD


def test_easy_declares_riichi_as_soon_as_it_is_ready_even_on_a_dead_wait() -> None:
    view, legal = riichi_view(rivers={2: "1s1s1s1s", 3: "4s4s4s4s"})
    assert make_player("normal", 1).decide(legal, view).kind == A.DISCARD
    action = make_player("easy", 1).decide(legal, view)
    assert action.kind == A.RIICHI and discarded_kind(action) == kind("1z")


def test_easy_pons_whatever_keeps_its_shanten_where_no_yaku_is_needed() -> None:
    # Ready on 8s (pair 55s, 79s); the pon of 5s leaves it ready (on a single tile) but no faster.
    view = make_view("345m678m234s55s79s", offer=("5s", 3), rules="sichuan", dora="")
    legal = [Action(A.PON, 0, view["offer"]["tile"], tuple(ids_of(view, "5s5s"))), Action(A.PASS, 0)]
    assert make_player("normal", 1).decide(legal, view).kind == A.PASS
    assert make_player("easy", 1).decide(legal, view).kind == A.PON
    riichi = make_view("345m678m234s55s79s", offer=("5s", 3))
    legal = [Action(A.PON, 0, riichi["offer"]["tile"], tuple(ids_of(riichi, "5s5s"))), Action(A.PASS, 0)]
    assert make_player("easy", 1).decide(legal, riichi).kind == A.PASS  # a yaku is needed: no calls
