"""The call rules case by case, each expected set worked out by hand from Tenhou's rule (kuikae): after a
call the called kind may not be discarded, and after a chi called at one end of its run neither may the
kind just beyond the run's other end (chi 4m with 56m: not 4m, not 7m); no such kind exists past a suit's
end (chi 7m with 89m forbids only 7m: 1p is another suit).  Checked through the helper in
bot/engine/calls.py and through ``legal_actions`` of a table, where a forbidden discard is also refused.

Mingjiang forbids only the called kind (rules/mingjiang.md); Sichuan, Taiwan and pihu have no kuikae.
"""

from __future__ import annotations

import pytest

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.calls import chi_options, kuikae, kuikae_kinds
from bot.engine.game import Game
from bot.engine.registry import load_rules
from bot.hand.meld import PREVIOUS_PLAYER, Meld, MeldType
from bot.hand.notation import parse_kinds
from bot.hand.tiles import kind_of
from tests.engine.tables import discard, table


def k(name: str) -> int:
    """The kind of one tile written in notation ("7m")."""
    (kind,) = parse_kinds(name)
    return kind


def ks(text: str) -> frozenset[int]:
    return frozenset(parse_kinds(text))


# (called tile, the two tiles called with, call, kinds forbidden afterwards by Tenhou's rule).
RIICHI_CASES = [
    ("4m", "56m", "chi", "47m"),  # called low: the called kind and the kind past the other end
    ("6m", "45m", "chi", "36m"),  # called high: the called kind and the kind below the run
    ("5m", "46m", "chi", "5m"),  # called in the middle (kanchan): the called kind only
    ("1m", "23m", "chi", "14m"),  # low at the suit's bottom end
    ("9m", "78m", "chi", "69m"),  # high at the suit's top end
    ("7m", "89m", "chi", "7m"),  # low, the run ends at 9m: nothing beyond it (1p is another suit)
    ("3p", "12p", "chi", "3p"),  # high, the run starts at 1p: nothing below it (9m is another suit)
    ("7p", "89p", "chi", "7p"),
    ("3s", "12s", "chi", "3s"),
    ("2s", "34s", "chi", "25s"),
    ("8s", "67s", "chi", "58s"),
    ("6p", "78p", "chi", "69p"),  # low, the last run whose other end has a kind beyond it (9p)
    ("4s", "23s", "chi", "14s"),  # high, the first run with a kind below it (1s)
    ("5m", "55m", "pon", "5m"),  # pon: the called kind only, never a neighbour
    ("1p", "11p", "pon", "1p"),
    ("9s", "99s", "pon", "9s"),
    ("3z", "33z", "pon", "3z"),
]
IDS = [f"{call}-{tile}-with-{partners}" for tile, partners, call, _ in RIICHI_CASES]


def _meld(tile: str, partners: str, call: str) -> Meld:
    called = k(tile) * 4 + 3
    others = [kind * 4 + i for i, kind in enumerate(parse_kinds(partners))]
    meld_type = MeldType.CHI if call == "chi" else MeldType.PON
    return Meld(meld_type, tuple(sorted([*others, called])), called, PREVIOUS_PLAYER)


@pytest.mark.parametrize(("tile", "partners", "call", "forbidden"), RIICHI_CASES, ids=IDS)
def test_kuikae_helper_forbids_exactly_tenhous_kinds(
    tile: str, partners: str, call: str, forbidden: str
) -> None:
    assert kuikae(_meld(tile, partners, call)) == ks(forbidden)
    low = min(k(tile), *parse_kinds(partners))
    assert kuikae_kinds(k(tile), low, call == "chi") == ks(forbidden)
    assert load_rules("riichi").forbidden_after_call(_meld(tile, partners, call)) == ks(forbidden)
    assert load_rules("sanma").forbidden_after_call(_meld(tile, partners, call)) == ks(forbidden)


@pytest.mark.parametrize(("tile", "partners", "call", "forbidden"), RIICHI_CASES, ids=IDS)
def test_mingjiang_forbids_only_the_called_kind(tile: str, partners: str, call: str, forbidden: str) -> None:
    assert load_rules("mingjiang").forbidden_after_call(_meld(tile, partners, call)) == ks(tile)


@pytest.mark.parametrize("rules", ["sichuan", "taiwan", "pihu"])
@pytest.mark.parametrize(("tile", "partners", "call", "forbidden"), RIICHI_CASES, ids=IDS)
def test_rule_sets_without_kuikae_forbid_nothing(
    rules: str, tile: str, partners: str, call: str, forbidden: str
) -> None:
    assert load_rules(rules).forbidden_after_call(_meld(tile, partners, call)) == frozenset()


# Seats 2 and 3 hold sou and honours only, seat 0 honours and the tile it discards: only seat 1 may call.
SEAT2 = "1133557799s123z"
SEAT3 = "22446688s14567z"
SEAT0_FILL = "223344556677z"  # twelve honours; the discarded tile makes thirteen
FILL1 = "123456789s"


def _seat1(partners: str, holds: str, call_suit_free: str = FILL1) -> str:
    """Seat 1: the partners, the kinds the case wants to see allowed or forbidden, sou to thirteen."""
    tiles = parse_kinds(partners + holds)
    filler = [kind for kind in parse_kinds(call_suit_free) if kind not in tiles]
    need = 13 - len(tiles)
    return "".join(_name(x) for x in tiles + filler[:need])


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def _allowed_discards(game: Game, seat: int) -> set[int]:
    return {kind_of(a.tile) for a in game.legal_actions(seat) if a.kind == A.DISCARD and a.tile is not None}


def _call(game: Game, seat: int, call: str, partners: str) -> None:
    wanted = sorted(parse_kinds(partners))
    options = [
        a for a in game.legal_actions(seat) if a.kind == call and sorted(map(kind_of, a.using)) == wanted
    ]
    assert options, f"no {call} with {partners} offered: {game.legal_actions(seat)}"
    game.apply(options[0])
    for other in list(game.waiting_for()):
        if other != seat and game.hand.phase == "claim":
            game.apply(Action(A.PASS, other))


# The kinds seat 1 keeps besides the partners: the forbidden ones and their neighbours, so that a wrong
# rule (one kind too many or too few) shows in the legal discards.
HOLDS = {
    "4m": "4m7m3m8m",
    "6m": "6m3m2m7m",
    "5m": "5m3m7m",
    "1m": "1m4m5m",
    "9m": "9m6m5m",
    "7m": "7m1p6m",
    "3p": "3p9m4p",
    "7p": "7p1s6p",
    "3s": "3s9p4s",
    "2s": "2s5s1s6s",
    "8s": "8s5s9s4s",
    "6p": "6p9p5p1s",
    "4s": "4s1s5s",
    "1p": "2p3p",
    "9s": "7s8s",
    "3z": "4z",
}


@pytest.mark.parametrize("rules", ["riichi", "mingjiang"])
@pytest.mark.parametrize(("tile", "partners", "call", "forbidden"), RIICHI_CASES, ids=IDS)
def test_legal_discards_after_the_call_leave_out_exactly_the_forbidden_kinds(
    rules: str, tile: str, partners: str, call: str, forbidden: str
) -> None:
    if tile == "5m" and call == "pon":
        holds = "2m4m6m8m"
    else:
        holds = HOLDS[tile]
    if tile[-1] == "s" or tile == "3z":
        fill = "123456789m1p"
    else:
        fill = FILL1
    seat1 = _seat1(partners, holds.replace(tile, "") if call == "pon" else holds, fill)
    seat0 = tile + SEAT0_FILL
    seats23 = ["1133557799p123z", "22446688p14567z"] if tile[-1] == "s" else [SEAT2, SEAT3]
    if tile == "3z":
        seat0 = "3z1122445566m77z"
        seats23 = [SEAT2, SEAT3]
    game = table([seat0, seat1, *seats23], "1z", rules=rules)
    discard(game, 0, tile)
    rest_before = {kind_of(t) for t in game.hand.seats[1].concealed}
    _call(game, 1, call, partners)
    rest = {kind_of(t) for t in game.hand.seats[1].concealed}
    expected_forbidden = ks(forbidden) if rules == "riichi" else ks(tile)
    # Every forbidden kind (but the called one) is still in the hand: its absence shows the rule.
    assert (expected_forbidden - {k(tile)}) <= rest, (rest_before, rest)
    assert _allowed_discards(game, 1) == rest - expected_forbidden
    for kind in expected_forbidden & rest:
        with pytest.raises(IllegalAction, match="not one of the legal"):
            discard(game, 1, _name(kind))


def test_chi_is_not_offered_when_every_tile_left_would_be_forbidden() -> None:
    """Hand 56m77m, 4m offered: chi 4m with 56m leaves 77m and 7m is forbidden (other end): no chi."""
    riichi = load_rules("riichi")
    concealed = [k("5m") * 4, k("6m") * 4, k("7m") * 4, k("7m") * 4 + 1]
    assert chi_options(concealed, 1, k("4m") * 4 + 2, riichi.forbidden_after_call) == []
    # Mingjiang forbids only 4m: the same chi is offered.
    mingjiang = load_rules("mingjiang")
    offered = chi_options(concealed, 1, k("4m") * 4 + 2, mingjiang.forbidden_after_call)
    assert [tuple(map(kind_of, a.using)) for a in offered] == [(k("5m"), k("6m"))]
    # Hand 45m66m, 6m offered: chi 6m with 45m leaves 66m, all forbidden; chi with 57m? 7m absent.
    concealed = [k("4m") * 4, k("5m") * 4, k("6m") * 4, k("6m") * 4 + 1]
    assert chi_options(concealed, 1, k("6m") * 4 + 2, riichi.forbidden_after_call) == []
    # Hand 45m33m: chi 6m leaves 33m and 3m is forbidden (the kind below the run): no chi.
    concealed = [k("4m") * 4, k("5m") * 4, k("3m") * 4, k("3m") * 4 + 1]
    assert chi_options(concealed, 1, k("6m") * 4 + 2, riichi.forbidden_after_call) == []
    # Hand 89m11p: chi 7m leaves 11p; nothing past 9m is forbidden, so the chi is offered.
    concealed = [k("8m") * 4, k("9m") * 4, k("1p") * 4, k("1p") * 4 + 1]
    assert len(chi_options(concealed, 1, k("7m") * 4 + 2, riichi.forbidden_after_call)) == 1


def test_no_chi_crosses_from_one_suit_into_the_next() -> None:
    """8m with 9m1p or 2p with 9m1p is no sequence: no chi is offered."""
    riichi = load_rules("riichi")
    concealed = [k("9m") * 4, k("1p") * 4, k("5z") * 4, k("6z") * 4]
    assert chi_options(concealed, 1, k("8m") * 4, riichi.forbidden_after_call) == []
    assert chi_options(concealed, 1, k("2p") * 4, riichi.forbidden_after_call) == []


def test_each_pair_of_tiles_is_a_chi_of_its_own_unless_one_per_shape() -> None:
    """Hand 5m 5m(red) 6m: 4m may be called with either five (riichi's red fives are other tiles); a rule set
    without red fives is offered one pair per sequence, the lowest ids."""
    red, five, six = 16, k("5m") * 4 + 1, k("6m") * 4
    concealed = [red, five, six, k("5z") * 4]
    riichi = load_rules("riichi")
    both = chi_options(concealed, 1, k("4m") * 4, riichi.forbidden_after_call)
    assert sorted(a.using for a in both) == [(red, six), (five, six)]
    one = chi_options(concealed, 1, k("4m") * 4, riichi.forbidden_after_call, one_per_shape=True)
    assert [a.using for a in one] == [(red, six)]
