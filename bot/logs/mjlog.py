"""Tenhou mjlog XML -> :class:`RecordedGame`.

Tags: ``GO type`` (lobby bits: 0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan, 0x10 three
players) and ``lobby`` (0 ranked, others private lobbies), ``UN`` (names, dan, rate, sex), ``INIT``
(seed = round, honba, sticks, dice, dice, dora indicator; ten; oya; hai0-3), draws ``T/U/V/W``,
discards ``D/E/F/G``, ``N`` (calls, bit-packed ``m``), ``REACH``, ``DORA``, ``AGARI``, ``RYUUKYOKU``;
the last result carries ``owari``.  The round in the seed is wind * 4 + dealer in three-player games
too (South 1 of a sanma game is 4).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

from bot.hand.meld import Meld, MeldType
from bot.logs.record import (
    TENHOU_REF,
    RecordedGame,
    RecordedHand,
    RecordError,
    Step,
    TenhouHeader,
    lobby_disp,
    lobby_options,
    ref_facts,
)
from bot.text import whole_number

__all__ = ["RecordError", "decode_meld", "parse_mjlog_root"]

DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"
STANDARD_LOBBY_MASK = 0xFF  # bits above these mark special lobbies (chips, custom rules)
# Tenhou's dan ids in UN as its JSON names them.
DAN_NAMES = ["新人", *(f"{'９８７６５４３２１'[i]}級" for i in range(9))]
DAN_NAMES += ["初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位"]


def decode_meld(m: int) -> tuple[Meld | None, int | None]:
    """Tenhou's bit-packed call: (meld, None) or (None, kita tile id).  ``source`` is relative:
    1 next, 2 opposite, 3 previous."""
    source = m & 3
    if m & 0x4:  # chi
        t = m >> 10
        called_index = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Meld(MeldType.CHI, tiles, tiles[called_index], 3), None
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = m >> 9
        called_index = t % 3
        kind = t // 3
        unused = (m >> 5) & 3
        three = tuple(kind * 4 + i for i in range(4) if i != unused)
        called = three[called_index]
        if m & 0x8:
            return Meld(MeldType.PON, three, called, source), None
        added = kind * 4 + unused
        return Meld(MeldType.KAKAN, tuple(sorted(three + (added,))), called, source, added), None
    if m & 0x20:  # kita (nuki): the North set aside
        return None, m >> 8
    hai0 = m >> 8
    kind = hai0 // 4
    tiles = tuple(kind * 4 + i for i in range(4))
    if source == 0:
        return Meld(MeldType.ANKAN, tiles), None
    return Meld(MeldType.KAN, tiles, hai0, source), None


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def parse_mjlog_root(root: ET.Element, source: str = "") -> RecordedGame:
    if root.tag != "mjloggm":
        raise RecordError(
            source,
            f"the XML root is <{root.tag}>, a Tenhou mjlog's is <mjloggm>",
            "record.xml_root",
            tag=root.tag,
        )
    go = root.find("GO")
    try:
        bits = int(go.attrib.get("type", "169")) if go is not None else 169
        lobby = int(go.attrib.get("lobby", "0")) if go is not None else 0
    except ValueError:
        raise RecordError(
            source, "the <GO> lobby tag's type or lobby is not a number", "record.tag_not_a_number", tag="GO"
        ) from None
    date, _, ref_lobby = ref_facts(Path(source).name if source else "")
    players = 3 if bits & 0x10 else 4
    hands: list[RecordedHand] = []
    final = None
    for position, el in enumerate(root):
        try:
            _read_element(el, hands, players)
            if "owari" in el.attrib:
                values = el.attrib["owari"].split(",")
                final = [(int(values[2 * i]) * 100, float(values[2 * i + 1])) for i in range(players)]
        except (KeyError, ValueError, IndexError) as exc:
            raise RecordError(
                source,
                f"element {position + 1} <{el.tag}> is not readable ({exc!r})",
                "record.xml_element",
                position=position + 1,
                tag=el.tag,
            ) from None
    standard = not bits & ~STANDARD_LOBBY_MASK and (go is None or not go.attrib.get("csrule"))
    game = RecordedGame(
        "sanma" if players == 3 else "riichi", lobby_options(bits), players, hands, final, standard, source
    )
    game.lobby = lobby if lobby or ref_lobby is None else ref_lobby
    game.date = date
    game.names, game.header = _players(root, players, bits, game.lobby, source)
    return game


def _players(
    root: ET.Element, players: int, bits: int, lobby: int, source: str
) -> tuple[list[str], TenhouHeader]:
    """Names from UN, and the header Tenhou's JSON of the game would carry."""
    un = root.find("UN")
    a = un.attrib if un is not None else {}
    names = [unquote(a.get(f"n{i}", "")) for i in range(4)]
    header = TenhouHeader(disp=lobby_disp(bits & 0xFF), lobby=lobby, ratingc=f"PF{players}")
    match = TENHOU_REF.search(Path(source).name) if source else None
    header.ref = match.group() if match else ""
    try:
        if a.get("dan"):
            header.dan = [
                DAN_NAMES[int(d)] if 0 <= int(d) < len(DAN_NAMES) else "" for d in a["dan"].split(",")
            ]
        if a.get("rate"):
            header.rate = [float(r) for r in a["rate"].split(",")]
    except ValueError:
        raise RecordError(
            source, "the <UN> tag's dan or rate is not a number", "record.tag_not_a_number", tag="UN"
        ) from None
    if a.get("sx"):
        header.sx = a["sx"].split(",")
    return names, header


def _read_element(el: ET.Element, hands: list[RecordedHand], players: int) -> None:
    """Add what one element says to ``hands``."""
    tag, a = el.tag, el.attrib
    if tag == "INIT":
        hands.append(_init(a, players))
    elif hands:
        step = _step(tag, a)
        if step is not None:
            hands[-1].steps.append(step)


def _init(a: dict[str, str], players: int) -> RecordedHand:
    seed = _ints(a["seed"])
    return RecordedHand(
        round_wind=seed[0] // 4,
        honba=seed[1],
        sticks=seed[2],
        dora_indicator=seed[5],
        points=[p * 100 for p in _ints(a["ten"])[:players]],
        dealer=int(a["oya"]),
        deal=[_ints(a.get(f"hai{i}")) for i in range(players)],
        dice=(seed[3] + 1, seed[4] + 1),  # Tenhou writes the dice as 0-5
    )


def _step(tag: str, a: dict[str, str]) -> Step | None:
    tile = whole_number(tag[1:])
    if tag[0] in DRAW_TAGS and tile is not None:
        return Step("draw", DRAW_TAGS.index(tag[0]), tile)
    if tag[0] in DISCARD_TAGS and tile is not None:
        return Step("discard", DISCARD_TAGS.index(tag[0]), tile)
    if tag == "N":
        who = int(a["who"])
        meld, kita = decode_meld(int(a["m"]))
        if kita is not None:
            return Step("call", who, tile=kita, kita=True)
        return Step("call", who, meld=meld)
    if tag == "REACH":
        return Step("riichi", int(a["who"]), attrs={"step": int(a["step"]), "ten": a.get("ten")})
    if tag == "DORA":
        return Step("dora", tile=int(a["hai"]))
    if tag == "AGARI":
        return Step("win", int(a["who"]), attrs=dict(a))
    if tag == "RYUUKYOKU":
        return Step("draw_end", attrs=dict(a))
    return None  # UN, BYE, SHUFFLE, TAIKYOKU: nothing to replay
