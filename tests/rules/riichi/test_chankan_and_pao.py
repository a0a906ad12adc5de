"""Robbing an added kan (chankan) and liability for daisangen (pao)."""

from __future__ import annotations

from bot.engine import actions as A
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


def test_feeding_the_third_dragon_set_makes_the_giver_liable() -> None:
    g = table(
        ["55z66z77z123p456p9s", "5z369m147p258s123z", "6z147m258p369s124z", "7z2345678m23456s"],
        "8p9p8s1s9m9p1s",
    )
    tsumogiri_round(g, 1)
    discard(g, 1, "5z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "9s")
    tsumogiri_round(g, 1)
    discard(g, 2, "6z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    discard(g, 0, "1p")
    tsumogiri_round(g, 2)
    assert g.hand.liable == {}
    discard(g, 3, "7z")
    g.apply(kinds(g.legal_actions(0), A.PON)[0])
    assert g.hand.liable == {0: 3}
    assert g.hand.seats[0].melds[-1].kind == RED
