"""Tenhou mjlog XML -> :class:`RecordedGame`.

Tags: ``GO type`` (lobby bits: 0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan, 0x10 three
players), ``INIT`` (seed = round, honba, sticks, dice, dice, dora indicator; ten; oya; hai0-3),
draws ``T/U/V/W``, discards ``D/E/F/G``, ``N`` (calls, bit-packed ``m``), ``REACH``, ``DORA``,
``AGARI``, ``RYUUKYOKU``; the last result carries ``owari``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from bot.hand.meld import Meld, MeldType
from bot.logs.record import RecordedGame, RecordedHand, Step

DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"
STANDARD_LOBBY_MASK = 0xFF  # bits above these mark special lobbies (chips, custom rules)


class RecordError(ValueError):
    """A record that cannot be read; the message says where."""


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


def read_mjlog(path: str | Path) -> RecordedGame:
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise RecordError(f"{path}: not readable as mjlog XML ({exc})") from None
    return parse_mjlog_root(root, str(path))


def parse_mjlog_root(root: ET.Element, source: str = "") -> RecordedGame:
    lobby = 169
    hands: list[RecordedHand] = []
    final = None
    players = 4
    for position, el in enumerate(root):
        try:
            players = _read_element(el, hands, players)
        except (KeyError, ValueError, IndexError) as exc:
            raise RecordError(
                f"{source}: element {position + 1} <{el.tag}> is not readable ({exc!r})"
            ) from None
        if "owari" in el.attrib:
            try:
                values = el.attrib["owari"].split(",")
                final = [(int(values[2 * i]), float(values[2 * i + 1])) for i in range(players)]
            except (ValueError, IndexError):
                raise RecordError(f"{source}: unreadable owari {el.attrib['owari']!r}") from None
        if el.tag == "GO":
            lobby = int(el.attrib.get("type", "169"))
    go = root.find("GO")
    options = {
        "red": 0 if lobby & 0x02 else 3,
        "kuitan": not lobby & 0x04,
        "length": "hanchan" if lobby & 0x08 else "east",
    }
    standard = not lobby & ~STANDARD_LOBBY_MASK and (go is None or not go.attrib.get("csrule"))
    return RecordedGame(
        "sanma" if players == 3 else "riichi", options, players, hands, final, standard, source
    )


def _read_element(el: ET.Element, hands: list[RecordedHand], players: int) -> int:
    """Add what one element says to ``hands``; returns the number of players (set by GO)."""
    tag, a = el.tag, el.attrib
    if tag == "GO":
        return 3 if int(a.get("type", "169")) & 0x10 else 4
    if tag == "INIT":
        hands.append(_init(a, players))
    elif hands:
        step = _step(tag, a)
        if step is not None:
            hands[-1].steps.append(step)
    return players


def _init(a: dict[str, str], players: int) -> RecordedHand:
    seed = _ints(a["seed"])
    return RecordedHand(
        round_index=seed[0],
        honba=seed[1],
        sticks=seed[2],
        dora_indicator=seed[5],
        points=[p * 100 for p in _ints(a["ten"])[:players]],
        dealer=int(a["oya"]),
        deal=[_ints(a.get(f"hai{i}")) for i in range(players)],
        dice=(seed[3] + 1, seed[4] + 1),  # Tenhou writes the dice as 0-5
    )


def _step(tag: str, a: dict[str, str]) -> Step | None:
    if tag[0] in DRAW_TAGS and tag[1:].isdigit():
        return Step("draw", DRAW_TAGS.index(tag[0]), int(tag[1:]))
    if tag[0] in DISCARD_TAGS and tag[1:].isdigit():
        return Step("discard", DISCARD_TAGS.index(tag[0]), int(tag[1:]))
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
