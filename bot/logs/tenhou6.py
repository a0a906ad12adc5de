"""tenhou.net/6 JSON -> :class:`RecordedGame` (the hands themselves: bot/logs/tenhou6_hand.py).

Tenhou writes ``{"ver", "ref", "log": [hand, ...], "ratingc", "rule": {"disp", "aka53", "aka52", "aka51"},
"lobby", "dan", "rate", "sx", "sc", "name"}``: ``ref`` is the log id (its date, lobby type bits and
lobby number), ``rule.disp`` names the lobby (三鳳南喰赤: three players, houou, hanchan, open tanyao,
red fives), ``sc`` the final points and scores per seat.  Review tools and Tenhou's viewer also write
files that hold only some hands of a game (an excerpt), with a shorter header.  Files with one JSON
object per line (one hand each) are read as one game.

Tiles are codes 11-19 (m), 21-29 (p), 31-39 (s), 41-47 (z), 51-53 (red fives), 60 for a tsumogiri.
Mahjong Soul logs converted to this form (rooms like 銅の間 or "Gold Room", yaku in English) are refused:
their rules and scores are not Tenhou's.
"""

from __future__ import annotations

import re
from typing import Any

from bot.engine.views import label_of
from bot.logs.bounded import parse_json_objects
from bot.logs.record import (
    RecordedGame,
    RecordedHand,
    RecordError,
    Step,
    TenhouHeader,
    lobby_disp,
    lobby_options,
    ref_facts,
)
from bot.logs.tenhou6_hand import TILE_CODES, code_kind, read_hand

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
PLAIN_DRAWS = ("流局", "全員聴牌", "全員不聴")
START_POINTS = {3: 35000, 4: 25000}
# Mahjong Soul's rooms (Japanese, Chinese, English) and ranks, as its converters write them.
MAHJONG_SOUL_WORDS = (
    "の間",
    "之间",
    "之間",
    "Room",
    "友人戦",
    "Friendly",
    "雀士",
    "雀傑",
    "雀豪",
    "雀聖",
    "魂天",
)
MAHJONG_SOUL_REF = re.compile(r"^\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def read_tenhou6_text(text: str, source: str = "") -> RecordedGame:
    return read_tenhou6_objects(parse_json_objects(text, source), source)


def read_tenhou6_objects(objects: list[dict[str, Any]], source: str) -> RecordedGame:
    first = objects[0]
    for obj in objects:
        if not isinstance(obj.get("log"), list):
            raise RecordError(
                source, "a tenhou.net/6 log is an object with a 'log' list", "record.field_list", field="log"
            )
    entries = [entry for obj in objects for entry in obj["log"]]
    rule = first.get("rule", {})
    if not isinstance(rule, dict) or not isinstance(rule.get("disp", ""), str):
        raise RecordError(
            source,
            "'rule' must be an object whose 'disp' names the lobby",
            "record.field_object",
            field="rule",
        )
    _refuse_mahjong_soul(first, rule, source)
    ref = _text(first.get("ref"))
    date, bits, ref_lobby = ref_facts(ref)
    disp = rule.get("disp", "") or (lobby_disp(bits) if bits is not None else "")
    players = _players(disp, bits, entries, source)
    options = lobby_options(bits) if bits is not None else _disp_options(disp)
    options["red"] = 3 if _red(rule, disp, source) else 0
    names = _names(first, source)
    game = RecordedGame("sanma" if players == 3 else "riichi", options, players, [], None, True, source)
    game.dora_timing = False
    game.date = date
    game.lobby = ref_lobby if ref_lobby is not None else _int_or_zero(first.get("lobby"))
    game.names = names
    game.header = _header(first, ref, disp, _int_or_zero(first.get("lobby")))  # as the file writes it
    for number, entry in enumerate(entries, start=1):
        game.hands.append(_hand(entry, players, bool(options["red"]), source, number))
    game.final = _final(first.get("sc"), players, source)
    game.complete = game.final is not None
    return game


# ---------------------------------------------------------------------------------------- the header
def _refuse_mahjong_soul(first: dict[str, Any], rule: dict[str, Any], source: str) -> None:
    disp = str(rule.get("disp", ""))
    dan = " ".join(str(d) for d in first.get("dan") or [] if isinstance(d, str))
    ref = _text(first.get("ref"))
    word = next((w for w in MAHJONG_SOUL_WORDS if w in disp or w in dan), None)
    if word is not None or MAHJONG_SOUL_REF.match(ref):
        shown = disp or ref
        raise RecordError(
            source,
            f"a Mahjong Soul log in tenhou.net/6 form ({shown!r}); Mahjong Soul's rules and scores are not "
            "Tenhou's, so it is not replayed as a Tenhou game",
            "record.mahjong_soul",
            shown=shown,
        )


def _players(disp: str, bits: int | None, entries: list[Any], source: str) -> int:
    if bits is not None:
        return 3 if bits & 0x10 else 4
    if disp.startswith("三"):
        return 3
    if entries and all(isinstance(e, list) and len(e) > 13 and e[13] == [] for e in entries):
        return 3  # no disp: the fourth seat is dealt nothing in every hand
    return 4


def _disp_options(disp: str) -> dict[str, Any]:
    return {"kuitan": "喰" in disp or not disp, "length": "east" if "東" in disp else "hanchan"}


def _red(rule: dict[str, Any], disp: str, source: str) -> bool:
    keys = [k for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    for key in keys:
        if not isinstance(rule[key], int) or isinstance(rule[key], bool) or not 0 <= rule[key] <= 4:
            raise RecordError(
                source,
                f"rule.{key} must be a count of red fives, not {rule[key]!r}",
                "record.red_fives",
                field=f"rule.{key}",
                value=rule[key],
            )
    if keys:
        return any(rule[k] for k in keys)
    return "赤" in disp or not disp


def _names(first: dict[str, Any], source: str) -> list[str]:
    names = first.get("name", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError(source, "'name' must be a list of names", "record.field_list", field="name")
    return list(names)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int_or_zero(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _header(first: dict[str, Any], ref: str, disp: str, lobby: int) -> TenhouHeader:
    def strings(key: str) -> list[str] | None:
        value = first.get(key)
        return list(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else None

    rate = first.get("rate")
    rates = [float(r) for r in rate] if isinstance(rate, list) and all(_number(r) for r in rate) else None
    ratingc = first.get("ratingc") if isinstance(first.get("ratingc"), str) else None
    connection = first.get("connection")
    if not (isinstance(connection, list) and all(isinstance(c, dict) for c in connection)):
        connection = None
    return TenhouHeader(ref, disp, lobby, ratingc, strings("dan"), rates, strings("sx"), connection)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _final(sc: Any, players: int, source: str) -> list[tuple[int, float]] | None:
    """``sc``: points and score per seat (Tenhou writes whole points; some tools hundreds, as in mjlog)."""
    if sc is None:
        return None
    if not isinstance(sc, list) or len(sc) < 2 * players or not all(_number(v) for v in sc):
        raise RecordError(
            source, "'sc' must list the final points and score of every seat", "record.final_scores"
        )
    points = [int(sc[2 * i]) for i in range(players)]
    total = START_POINTS[players] * players
    if sum(points) * 100 == total:
        points = [p * 100 for p in points]
    elif sum(points) != total:
        raise RecordError(
            source,
            f"the final points in 'sc' add up to {sum(points)}, not {total}",
            "record.final_points_total",
            sum=sum(points),
            total=total,
        )
    return [(points[i], float(sc[2 * i + 1])) for i in range(players)]


# ----------------------------------------------------------------------------------------- the hands
def _hand(entry: Any, players: int, red: bool, source: str, number: int) -> RecordedHand:
    label = f"{number}"
    _check_shape(entry, players, source, label)
    (round_number, honba, sticks), points = entry[0], entry[1]
    label = label_of(round_number // 4, round_number % 4, honba)
    if round_number % 4 >= players:
        raise _in_hand(
            source,
            label,
            f"round {round_number} has no dealer with {players} players",
            "record.hand.no_dealer",
            round=round_number,
            players=players,
        )
    deals, dora, ura, readings = read_hand(entry, players, red, source, label)
    hand = RecordedHand(
        round_wind=round_number // 4,
        honba=honba,
        sticks=sticks,
        dora_indicator=dora[0],
        points=list(points[:players]),
        dealer=round_number % 4,
        deal=deals,
    )
    ending = [Step("dora", tile=t) for t in dora[1:]] + _result(entry[-1], ura, dora, players, source, label)
    hand.steps = readings[0] + ending
    hand.alternatives = [other + ending for other in readings[1:]]
    return hand


def _check_shape(entry: Any, players: int, source: str, label: str) -> None:
    """Types and tile codes before reading: a record that is not one says where."""

    def bad(what: str, message_id: str = "record.hand.shape") -> RecordError:
        return _in_hand(source, label, what, message_id)

    if not isinstance(entry, list) or len(entry) < 5 + 3 * players:
        raise bad("a hand is a list of round, points, dora, ura, three lists per seat and the result")
    head, points, dora, ura = entry[:4]
    if not (isinstance(head, list) and len(head) == 3 and all(_count(x, 64) for x in head)):
        raise bad(f"[round, honba, sticks] must be three small counts, not {head!r}")
    if not (isinstance(points, list) and len(points) >= players and all(_points(p) for p in points)):
        raise bad("the points must list every seat's points")
    for name, codes in (("dora", dora), ("ura", ura)):
        if not isinstance(codes, list) or not all(_count(c, 99) and c in TILE_CODES for c in codes):
            raise bad(f"{name} indicators must be tile codes, not {codes!r}", "record.hand.tile_codes")
    if not dora:
        raise bad("no dora indicator", "record.hand.no_dora")
    for seat in range(players):
        deal, takes, discards = entry[4 + 3 * seat : 7 + 3 * seat]
        if not (
            isinstance(deal, list)
            and len(deal) == 13
            and all(_count(c, 99) and c in TILE_CODES for c in deal)
        ):
            raise bad(f"seat {seat}'s deal must be 13 tile codes", "record.hand.tile_codes")
        for kind, items in (("draws", takes), ("discards", discards)):
            if not isinstance(items, list) or not all(_count(i, 99) or isinstance(i, str) for i in items):
                raise bad(
                    f"seat {seat}'s {kind} must be tile codes and call strings", "record.hand.tile_codes"
                )
    result = entry[-1]
    if not (isinstance(result, list) and result and isinstance(result[0], str)):
        raise bad("the result must be a list that starts with its name (和了, 流局, ...)")


def _count(value: Any, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _points(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10_000_000


def _result(
    result: list[Any], ura: list[int], dora: list[int], players: int, source: str, label: str
) -> list[Step]:
    name = result[0]
    if name == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise _in_hand(
                source, label, "a win lists score changes and a line per winner", "record.hand.win"
            )
        return [
            Step("win", int(result[i + 1][0]), attrs=_win_attrs(result, i, ura, dora, players, source, label))
            for i in range(1, len(result), 2)
        ]
    if name not in DRAW_RESULTS and name not in PLAIN_DRAWS:
        raise _in_hand(source, label, f"unknown result {name!r}", "record.hand.unknown_result", name=name)
    draw: dict[str, Any] = {"_no_tenpai": True}
    if name in DRAW_RESULTS:
        draw["type"] = DRAW_RESULTS[name]
    if len(result) > 1:
        draw["sc"] = ",".join(f"0,{d // 100}" for d in _deltas(result[1], players, source, label))
    return [Step("draw_end", attrs=draw)]


def _deltas(value: Any, players: int, source: str, label: str) -> list[int]:
    if not (isinstance(value, list) and len(value) >= players and all(_points(v) for v in value)):
        raise _in_hand(
            source, label, f"score changes must be whole points per seat, not {value!r}", "record.hand.deltas"
        )
    return list(value[:players])


def _win_attrs(
    result: list[Any], i: int, ura: list[int], dora: list[int], players: int, source: str, label: str
) -> dict[str, Any]:
    deltas = _deltas(result[i], players, source, label)
    info = result[i + 1]
    if not (isinstance(info, list) and len(info) >= 4 and all(_count(x, players - 1) for x in info[:3])):
        raise _in_hand(
            source, label, "a win line is [winner, giver, liable, points, yaku...]", "record.hand.win"
        )
    who, from_who = info[0], info[1]
    fu, points = _ten(str(info[3]), tsumo=who == from_who, players=players, source=source, label=label)
    yaku: list[int] = []
    yakuman: list[int] = []
    for line in info[4:]:
        match = re.fullmatch(r"(.+)\((\d+)飜\)|(.+)\(役満\)", str(line))
        name = match.group(1) or match.group(3) if match else str(line)
        if match is None or name not in YAKU_IDS:
            if re.search("[A-Za-z]", name):
                raise _in_hand(
                    source,
                    label,
                    f"the yaku are named in English ({line!r}): a Mahjong Soul log or another game's, not "
                    "Tenhou's; it is not replayed as a Tenhou game",
                    "record.hand.english_yaku",
                    line=line,
                )
            raise _in_hand(
                source, label, f"unknown yaku line {line!r}", "record.hand.unknown_yaku", line=line
            )
        if match.group(3):
            yakuman.append(YAKU_IDS[name])
        else:
            yaku += [YAKU_IDS[name], int(match.group(2))]
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


def _ten(text: str, tsumo: bool, players: int, source: str = "", label: str = "") -> tuple[int, int]:
    """(fu or -1 when not shown, the points the winner gains without honba) from '30符1飜1000点',
    '満貫8000点', '700-1300点' (non-dealer tsumo) or '1300点∀' (dealer tsumo, all pay)."""
    fu_match = re.search(r"(\d+)符", text)
    fu = int(fu_match.group(1)) if fu_match else -1
    amounts = re.search(r"(\d+)(?:-(\d+))?点(∀)?", text)
    if amounts is None:
        raise _in_hand(source, label, f"unreadable points {text!r}", "record.hand.points_text", text=text)
    first = int(amounts.group(1))
    if amounts.group(2):  # non-dealer tsumo: the other non-dealers pay the first, the dealer the second
        return fu, first * (players - 2) + int(amounts.group(2))
    if amounts.group(3):
        return fu, first * (players - 1)
    return fu, first


def _in_hand(source: str, label: str, what: str, message_id: str, **values: object) -> RecordError:
    """A refusal about the hand labelled ``label`` (E1-0: East 1, no honba)."""
    return RecordError(source, f"hand {label}: {what}", message_id, hand=label, **values)


__all__ = ["DRAW_RESULTS", "YAKU_IDS", "code_kind", "read_tenhou6_objects", "read_tenhou6_text"]
