"""Robbing an added kan (chankan) and liability for daisangen (pao)."""

from __future__ import annotations

from bot.engine import actions as A
from bot.engine.game import Game
from bot.hand.tiles import RED
from tests.engine.tables import discard, kinds, pass_all, table, tsumogiri_round


def test_chankan_robs_an_added_kan() -> None:
    g = table(
        ["33p258m69p147s123z", "369m1347p258s567z", "12p456s789s234m55m", "147m258p369s4567z"],
        "7z8p9s9p8m3p",
    )
    tsumogiri_round(g, 1)
    discard(g, 1, "3p")
    g.apply(next(a for a in g.legal_actions(2) if a.kind == A.PASS))
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "1z")
    tsumogiri_round(g, 3)
    kakan = kinds(g.legal_actions(0), A.KAKAN)
    assert kakan
    g.apply(kakan[0])
    ron = kinds(g.legal_actions(2), A.RON)
    assert ron  # 12p waits on 3p; chankan is the yaku
    g.apply(ron[0])
    pass_all(g)
    win = g.hands[0]["result"]["wins"][0]
    assert win["seat"] == 2 and "chankan" in [name for name, _ in win["yaku"]]


# Seat 0 holds three dragon pairs; seats 1 and 2 feed it white and green, seat 3 the red.
THREE_DRAGON_PAIRS = ["55z66z77z123p456p9s", "5z369m147p258s123z", "6z147m258p369s124z", "7z2345678m23456s"]


def _white_and_green_ponned(g: Game) -> None:
    """Seat 0 pons white from seat 1 and green from seat 2; the turn comes round to seat 3."""
    tsumogiri_round(g, 1)
    discard(g, 1, "5z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "9s")
    tsumogiri_round(g, 1)
    discard(g, 2, "6z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "1p")
    tsumogiri_round(g, 2)


def test_feeding_the_third_dragon_set_makes_the_giver_liable() -> None:
    g = table(THREE_DRAGON_PAIRS, "8p9p8s1s9m9p1s")
    _white_and_green_ponned(g)
    assert g.hand.liable == {}
    discard(g, 3, "7z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert g.hand.liable == {0: 3}
    assert g.hand.seats[0].melds[-1].kind == RED


def test_the_liable_giver_of_daisangen_pays_the_whole_tsumo() -> None:
    # The dragon pons above, then seat 0 (the dealer) waits on 3p-6p and draws 6p: daisangen, a dealer's
    # yakuman tsumo of 48000, all paid by seat 3 who fed the third dragon set (docs/rules/riichi.md, pao).
    g = table(THREE_DRAGON_PAIRS, "8p9p8s1s9m9p1s" + "9s9s9m6p")
    _white_and_green_ponned(g)
    discard(g, 3, "7z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "2p")  # 3456p: waits on 3p and 6p
    tsumogiri_round(g, 3)
    g.apply(kinds(g.legal_actions(0), A.TSUMO)[0])
    result = g.hands[0]["result"]
    win = result["wins"][0]
    assert [name for name, _ in win["yaku"]] == ["daisangen"]
    assert win["liable"] == 3
    assert result["deltas"] == [48000, 0, 0, -48000]


def test_feeding_the_fourth_wind_set_makes_the_giver_liable() -> None:
    # Seat 0 pons East and South from seat 1 and West from seat 2: not yet liable; North from seat 3 is.
    g = table(
        ["11z22z33z44z123p55p", "1267z369m147p258s", "3z147m258p369s567z", "4z2345678m23456s"],
        "9s8m8m8p8p9p9p7s",
    )
    tsumogiri_round(g, 1)
    discard(g, 1, "1z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "5p")
    discard(g, 1, "2z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "5p")
    tsumogiri_round(g, 1)
    discard(g, 2, "3z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "1p")
    assert g.hand.liable == {}
    tsumogiri_round(g, 2)
    discard(g, 3, "4z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert g.hand.liable == {0: 3}


def test_a_number_pon_and_two_dragon_pons_make_nobody_liable() -> None:
    # Liability counts dragon sets only: 9m, haku and hatsu pons are two of them, not three.
    g = table(
        ["55z66z99m123p456p9s", "5z369m147p258s123z", "6z147m258p369s124z", "7z2345678m23456s"],
        "8p8s8s1s",
    )
    tsumogiri_round(g, 1)
    discard(g, 1, "9m")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "9s")
    discard(g, 1, "5z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "1p")
    tsumogiri_round(g, 1)
    discard(g, 2, "6z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert len(g.hand.seats[0].melds) == 3 and g.hand.liable == {}
