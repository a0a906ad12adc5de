"""Rebuild the wins recorded in Tenhou mjlog XML (AGARI elements) as scoring requests."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import EAST
from bot.rules.riichi.scoring import RiichiOptions, WinSituation

# Situational yaku are inputs of a scoring (the flow knows them); the record states them as yaku.
FLAG_OF_TENHOU_ID = {1: "riichi", 21: "double_riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan",
                     5: "haitei", 6: "houtei", 37: "tenhou", 38: "chiihou"}  # fmt: skip


def decode_meld(m: int) -> Meld | None:
    """A Tenhou bit-packed call; None for a kita (North set aside, sanma)."""
    source = m & 3
    if m & 0x4:  # chi
        t = m >> 10
        called_index = t % 3
        t //= 3
        first = (t // 7) * 9 + t % 7
        ids = tuple((first + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Meld(MeldType.CHI, ids, called=ids[called_index], source=source)
    if m & 0x18:  # pon or added kan
        t = m >> 9
        called_index = t % 3
        kind = t // 3
        unused = (m >> 5) & 3
        ids = tuple(kind * 4 + i for i in range(4) if i != unused)
        if m & 0x8:
            return Meld(MeldType.PON, ids, called=ids[called_index], source=source)
        added = kind * 4 + unused
        return Meld(MeldType.KAKAN, tuple(sorted(ids + (added,))), ids[called_index], source, added)
    if m & 0x20:
        return None
    tile = m >> 8
    ids = tuple(range(tile // 4 * 4, tile // 4 * 4 + 4))
    if source == 0:
        return Meld(MeldType.ANKAN, ids)
    return Meld(MeldType.KAN, ids, called=tile, source=source)


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


@dataclass
class RecordedWin:
    where: str
    concealed: list[int]
    melds: list[Meld]
    situation: WinSituation
    options: RiichiOptions
    winner: int
    dealer: int
    discarder: int | None
    liable: int | None
    fu: int
    points: int
    yaku: list[tuple[int, int]]  # sorted (Tenhou id, han)
    yakuman: list[int]  # sorted Tenhou ids
    deltas: list[int]  # sc deltas in points, riichi sticks included
    settled_honba: int  # honba this win is paid: 0 for the second winner of a double ron


def recorded_wins(path: Path) -> Iterator[RecordedWin]:
    root = ET.parse(path).getroot()
    options = RiichiOptions()
    dealer = 0
    round_wind = EAST
    players = 4
    number = 0
    previous_tag = ""
    for element in root:
        a = element.attrib
        if element.tag == "GO":
            game_type = int(a["type"])
            players = 3 if game_type & 0x10 else 4
            options = RiichiOptions(players=players, red=not game_type & 0x2, kuitan=not game_type & 0x4)
        elif element.tag == "INIT":
            seed = _ints(a["seed"])
            round_wind = EAST + seed[0] // 4
            dealer = int(a["oya"])
        elif element.tag == "AGARI":
            number += 1
            who = int(a["who"])
            from_who = int(a["fromWho"])
            honba, sticks = _ints(a["ba"])
            fu, points, _limit = _ints(a["ten"])[:3]
            pairs = _ints(a.get("yaku"))
            yaku = sorted(zip(pairs[::2], pairs[1::2], strict=True))
            yakuman = sorted(_ints(a.get("yakuman")))
            flags = {FLAG_OF_TENHOU_ID[i]: True for i, _ in yaku if i in FLAG_OF_TENHOU_ID}
            flags.update({FLAG_OF_TENHOU_ID[i]: True for i in yakuman if i in FLAG_OF_TENHOU_ID})
            melds: list[Meld] = []
            kita = 0
            for code in _ints(a.get("m")):
                meld = decode_meld(code)
                if meld is None:
                    kita += 1
                else:
                    melds.append(meld)
            situation = WinSituation(
                win_tile=int(a["machi"]),
                tsumo=who == from_who,
                seat_wind=EAST + (who - dealer) % players,
                round_wind=round_wind,
                dora_indicators=tuple(_ints(a.get("doraHai"))),
                ura_indicators=tuple(_ints(a.get("doraHaiUra"))),
                kita=kita,
                honba=honba,
                sticks=sticks,
                **flags,
            )
            sc = _ints(a["sc"])
            yield RecordedWin(
                where=f"{path.name} AGARI #{number}",
                concealed=_ints(a["hai"]),
                melds=melds,
                situation=situation,
                options=options,
                winner=who,
                dealer=dealer,
                discarder=None if who == from_who else from_who,
                liable=int(a["paoWho"]) if "paoWho" in a else None,
                fu=fu,
                points=points,
                yaku=yaku,
                yakuman=yakuman,
                deltas=[100 * d for d in sc[1::2]][:players],
                # Double ron: the honba go to the winner nearest the discarder, recorded first;
                # the second AGARI repeats ba= but pays no honba (and its sticks are already 0).
                settled_honba=0 if previous_tag == "AGARI" else honba,
            )
        previous_tag = element.tag
