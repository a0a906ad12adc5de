"""tenhou.net/6 JSON -> :class:`RecordedGame`.

Each hand is ``[[round, honba, sticks], points, dora, ura, hai0, take0, discard0, ..., result]`` with tiles
as codes 11-19 (m), 21-29 (p), 31-39 (s), 41-47 (z), 51-53 (red fives) and 60 for a tsumogiri discard.
Calls are strings whose letter says what and from whom: ``c`` chi, ``p`` pon, ``m`` open kan (in the
takes), ``a`` closed kan, ``k`` added kan, ``f`` kita, ``r`` riichi (in the discards).  The format gives
kinds, not physical tiles, so ids are assigned per hand (the red five keeps its Tenhou id) and the
order of events is rebuilt from turn order and the calls.  Files with one JSON object per line (one
hand each) are read as one game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from bot.hand.meld import MeldType
from bot.hand.tiles import ids_of_kind, kind_of
from bot.logs.mjlog import RecordError
from bot.logs.record import RecordedGame, RecordedHand, Step

RED_CODES = {51: 16, 52: 52, 53: 88}
TSUMOGIRI = 60
YAKU_IDS = {
    "門前清自摸和": 0, "立直": 1, "一発": 2, "槍槓": 3, "嶺上開花": 4, "海底摸月": 5, "河底撈魚": 6,
    "平和": 7, "断幺九": 8, "一盃口": 9, "自風 東": 10, "自風 南": 11, "自風 西": 12, "自風 北": 13,
    "場風 東": 14, "場風 南": 15, "場風 西": 16, "場風 北": 17, "役牌 白": 18, "役牌 發": 19,
    "役牌 中": 20, "両立直": 21, "七対子": 22, "混全帯幺九": 23, "一気通貫": 24, "三色同順": 25,
    "三色同刻": 26, "三槓子": 27, "対々和": 28, "三暗刻": 29, "小三元": 30, "混老頭": 31, "二盃口": 32,
    "純全帯幺九": 33, "混一色": 34, "清一色": 35, "人和": 36, "天和": 37, "地和": 38, "大三元": 39,
    "四暗刻": 40, "四暗刻単騎": 41, "字一色": 42, "緑一色": 43, "清老頭": 44, "九蓮宝燈": 45,
    "純正九蓮宝燈": 46, "国士無双": 47, "国士無双１３面": 48, "大四喜": 49, "小四喜": 50, "四槓子": 51,
    "ドラ": 52, "裏ドラ": 53, "赤ドラ": 54, "抜きドラ": 52,
}  # fmt: skip
DRAW_RESULTS = {
    "九種九牌": "yao9",
    "四家立直": "reach4",
    "三家和了": "ron3",
    "四槓散了": "kan4",
    "四風連打": "kaze4",
    "流し満貫": "nm",
}


def code_kind(code: int) -> int:
    if code in RED_CODES:
        return kind_of(RED_CODES[code])
    return (code // 10 - 1) * 9 + code % 10 - 1


def read_tenhou6_text(text: str, source: str = "") -> RecordedGame:
    objects = _json_objects(text, source)
    if not objects or "log" not in objects[0]:
        raise RecordError(f"{source}: not a tenhou.net/6 log (no 'log' key)")
    rule = objects[0].get("rule", {})
    disp = str(rule.get("disp", ""))
    players = 3 if "三" in disp else 4
    options = {
        "red": 3 if rule.get("aka", 1) else 0,
        "kuitan": "喰" in disp or not disp,
        "length": "east" if "東" in disp else "hanchan",
    }
    hands = []
    for obj in objects:
        for entry in obj.get("log", []):
            try:
                hands.append(_Hand(entry, players, bool(options["red"]), source).read())
            except (LookupError, TypeError, ValueError, AttributeError) as exc:
                if isinstance(exc, RecordError):
                    raise
                raise RecordError(f"{source}: hand {len(hands) + 1} is not readable ({exc!r})") from None
    game = RecordedGame("sanma" if players == 3 else "riichi", options, players, hands, None, True, source)
    game.complete = True
    game.dora_timing = False
    return game


def _json_objects(text: str, source: str) -> list[dict[str, Any]]:
    decoder = json.JSONDecoder()
    objects: list[dict[str, Any]] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            return objects
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        if isinstance(value, dict):
            objects.append(value)


@dataclass
class _Hand:
    entry: list[Any]
    players: int
    red: bool
    source: str
    free: dict[int, list[int]] = field(default_factory=dict)
    held: list[list[int]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    # ids -------------------------------------------------------------------------
    def new_id(self, code: int) -> int:
        if self.red and code in RED_CODES:
            return RED_CODES[code]
        kind = code_kind(code)
        pool = self.free.setdefault(
            kind, [t for t in ids_of_kind(kind) if not (self.red and t in RED_CODES.values())]
        )
        if not pool:
            raise RecordError(f"{self.source}: a fifth copy of tile code {code}")
        return pool.pop(0)

    def from_hand(self, seat: int, code: int, avoid: int | None = None) -> int:
        want_red = self.red and code in RED_CODES
        kind = code_kind(code)
        matches = [
            t for t in self.held[seat] if kind_of(t) == kind and (t in RED_CODES.values()) == want_red
        ] or [t for t in self.held[seat] if kind_of(t) == kind]
        if not matches:
            raise RecordError(f"{self.source}: seat {seat} does not hold tile code {code}")
        choice = next((t for t in matches if t != avoid), matches[0])
        self.held[seat].remove(choice)
        return choice

    # reading ---------------------------------------------------------------------
    def read(self) -> RecordedHand:
        e, n = self.entry, self.players
        round_index, honba, sticks = e[0]
        deals = [[self.new_id(c) for c in e[4 + 3 * s]] for s in range(n)]
        self.held = [list(d) for d in deals]
        dora = [self.new_id(c) for c in e[2]]
        ura = [self.new_id(c) for c in e[3]]
        hand = RecordedHand(
            round_index=int(round_index),
            honba=int(honba),
            sticks=int(sticks),
            dora_indicator=dora[0],
            points=[int(p) for p in e[1][:n]],
            dealer=int(round_index) % n,
            deal=deals,
        )
        self.play(hand.dealer)
        self.steps += [Step("dora", tile=t) for t in dora[1:]]
        self.result(e[-1], ura, dora)  # the result is always last (three-player logs may keep a 4th seat)
        hand.steps = self.steps
        return hand

    def play(self, dealer: int) -> None:
        n = self.players
        takes = [list(self.entry[5 + 3 * s]) for s in range(n)]
        discards = [list(self.entry[6 + 3 * s]) for s in range(n)]
        seat: int | None = dealer
        while seat is not None:
            if not takes[seat]:
                return
            drawn = self.take(seat, takes[seat].pop(0), None)
            seat = self.turn(seat, drawn, takes, discards)

    def take(self, seat: int, item: Any, giver: int | None) -> int | None:
        if isinstance(item, int):
            tile = self.new_id(item)
            self.held[seat].append(tile)
            self.steps.append(Step("draw", seat, tile))
            return tile
        raise RecordError(f"{self.source}: unexpected call {item!r} for seat {seat}")

    def turn(
        self, seat: int, drawn: int | None, takes: list[list[Any]], discards: list[list[Any]]
    ) -> int | None:
        """Discards (after closed/added kans and kita) of ``seat``; returns the next seat to draw."""
        while True:
            if not discards[seat]:
                return None
            item = discards[seat].pop(0)
            if isinstance(item, str) and re.search("[akf]", item):
                self.declare(seat, item)
                if not takes[seat]:
                    return None
                drawn = self.take(seat, takes[seat].pop(0), None)
                continue
            break
        riichi = isinstance(item, str) and item.startswith("r")
        code = int(item[1:]) if riichi else int(item)
        if code == TSUMOGIRI or code == 0:
            if drawn is None:
                raise RecordError(f"{self.source}: tsumogiri without a draw for seat {seat}")
            self.held[seat].remove(drawn)
            tile = drawn
        else:
            tile = self.from_hand(seat, code, avoid=drawn)
        if riichi:
            self.steps.append(Step("riichi", seat, attrs={"step": 1}))
        self.steps.append(Step("discard", seat, tile))
        caller = self.caller(seat, tile, takes)
        if caller is None:
            return (seat + 1) % self.players
        call = takes[caller].pop(0)
        kan = self.call(caller, seat, tile, call)
        drawn = None
        if kan:
            if discards[caller] and discards[caller][0] == 0:
                discards[caller].pop(0)  # the placeholder where the open kan used the caller's turn
            drawn = self.take(caller, takes[caller].pop(0), None)
        return self.turn(caller, drawn, takes, discards)

    def caller(self, giver: int, tile: int, takes: list[list[Any]]) -> int | None:
        for k in range(1, self.players):
            seat = (giver + k) % self.players
            if takes[seat] and isinstance(takes[seat][0], str):
                call = takes[seat][0]
                source = _source_of(call)
                if (seat + _offset(source)) % self.players == giver and _called_kind(call) == kind_of(tile):
                    return seat
        return None

    def call(self, seat: int, giver: int, tile: int, call: str) -> bool:
        letter = re.search("[cpm]", call)
        assert letter is not None
        codes = _codes(call)
        called_code = int(call[letter.end() : letter.end() + 2])
        codes.remove(called_code)
        using = tuple(sorted(self.from_hand(seat, c) for c in codes))
        kind = {"c": MeldType.CHI, "p": MeldType.PON, "m": MeldType.KAN}[letter.group()]
        from bot.hand.meld import Meld

        meld = Meld(kind, tuple(sorted(using + (tile,))), tile, _source_of(call))
        self.steps.append(Step("call", seat, meld=meld))
        return kind is MeldType.KAN

    def declare(self, seat: int, item: str) -> None:
        from bot.hand.meld import Meld

        if item.startswith("f"):
            tile = self.from_hand(seat, int(item[1:]))
            self.steps.append(Step("call", seat, tile=tile, kita=True))
            return
        letter = re.search("[ak]", item)
        assert letter is not None
        if letter.group() == "a":
            tiles = tuple(sorted(self.from_hand(seat, c) for c in _codes(item)))
            self.steps.append(Step("call", seat, meld=Meld(MeldType.ANKAN, tiles)))
            return
        added = self.from_hand(seat, int(item[letter.end() : letter.end() + 2]))
        kind = kind_of(added)
        self.steps.append(
            Step("call", seat, meld=Meld(MeldType.KAKAN, tuple(ids_of_kind(kind)), None, 0, added))
        )

    # results ---------------------------------------------------------------------
    def result(self, result: list[Any], ura: list[int], dora: list[int]) -> None:
        name = result[0]
        if name == "和了":
            for i in range(1, len(result), 2):
                self.steps.append(
                    Step("win", int(result[i + 1][0]), attrs=self.win_attrs(result, i, ura, dora))
                )
            return
        draw: dict[str, Any] = {"_no_tenpai": True}
        if name in DRAW_RESULTS:
            draw["type"] = DRAW_RESULTS[name]
        if len(result) > 1 and isinstance(result[1], list):
            draw["sc"] = ",".join(f"0,{d // 100}" for d in result[1])
        self.steps.append(Step("draw_end", attrs=draw))

    def win_attrs(self, result: list[Any], i: int, ura: list[int], dora: list[int]) -> dict[str, Any]:
        deltas, info = result[i], result[i + 1]
        who, from_who = int(info[0]), int(info[1])
        fu, points = _ten(str(info[3]), tsumo=who == from_who, players=self.players)
        yaku: list[int] = []
        yakuman: list[int] = []
        for line in info[4:]:
            match = re.fullmatch(r"(.+)\((\d+)飜\)|(.+)\(役満\)", str(line))
            if match is None or (match.group(1) or match.group(3)) not in YAKU_IDS:
                raise RecordError(f"{self.source}: unknown yaku line {line!r}")
            if match.group(3):
                yakuman.append(YAKU_IDS[match.group(3)])
            else:
                yaku += [YAKU_IDS[match.group(1)], int(match.group(2))]
        return {
            "who": str(who),
            "fromWho": str(from_who),
            "ten": f"{fu},{points},0",
            "yaku": ",".join(map(str, yaku)),
            "yakuman": ",".join(map(str, yakuman)),
            "sc": ",".join(f"0,{d // 100}" for d in deltas),
            "doraHai": ",".join(map(str, dora)),
            "doraHaiUra": ",".join(map(str, ura)),
            "_drop_zero": True,
        }


def _codes(call: str) -> list[int]:
    digits = re.sub("[a-z]", "", call)
    return [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


def _source_of(call: str) -> int:
    """Giver relative to the caller (1 next, 2 opposite, 3 previous) from the letter's position."""
    letter = re.search("[cpmk]", call)
    assert letter is not None
    position = letter.start()
    if letter.group() == "c" or position == 0:
        return 3
    if position == 2:
        return 2
    return 1


def _offset(source: int) -> int:
    """Seats from the caller to the giver: the previous player is one back (also with three players)."""
    return -1 if source == 3 else source


def _called_kind(call: str) -> int:
    letter = re.search("[cpm]", call)
    assert letter is not None
    return code_kind(int(call[letter.end() : letter.end() + 2]))


def _ten(text: str, tsumo: bool, players: int) -> tuple[int, int]:
    """(fu or -1 when not shown, the points the winner gains without honba) from '30符1飜1000点',
    '満貫8000点', '700-1300点' (non-dealer tsumo) or '1300点∀' (dealer tsumo, all pay)."""
    fu_match = re.search(r"(\d+)符", text)
    fu = int(fu_match.group(1)) if fu_match else -1
    amounts = re.search(r"(\d+)(?:-(\d+))?点(∀)?", text)
    if amounts is None:
        raise RecordError(f"unreadable points {text!r}")
    first = int(amounts.group(1))
    if amounts.group(2):  # non-dealer tsumo: the other non-dealers pay the first, the dealer the second
        return fu, first * (players - 2) + int(amounts.group(2))
    if amounts.group(3):
        return fu, first * (players - 1)
    return fu, first
