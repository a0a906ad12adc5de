"""Game -> tenhou.net/6 JSON (riichi and sanma), the format the Tenhou viewer and mjai-reviewer load.

The game is replayed through the referee and its events are written hand by hand:
``[[round, honba, sticks], points, dora indicators, ura indicators, (deal, takes, discards) per seat,
result]``.  Tiles are codes 11-19 m, 21-29 p, 31-39 s, 41-47 z and 51-53 for red fives.  Takes hold draws
and the calls on a discard (``c`` chi, ``p`` pon, ``m`` open kan); discards hold 60 for a tsumogiri,
``r`` before a riichi discard, closed kans (``a``), added kans (``k``), kita (``f``) and a 0 where an open
kan used the turn.  A call's letter stands before the called tile, at the giver's place: first for the
previous player, after one tile for the player opposite, last for the next player.  Tiles of a hand and
of a call are sorted by kind, a red five after the plain ones (as Tenhou writes them).

Three-player games keep Tenhou's four-seat layout (an empty fourth seat, 0 points), number their rounds
as Tenhou does (wind * 4 + dealer: South 1 is 4) and mark calls in four-seat geometry.  The header is
Tenhou's (``ver``, ``ref``, ``rule`` with ``aka53/aka52/aka51``, ``lobby``, ``sc``, ``name``).
"""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action, Event
from bot.engine.game import Game
from bot.hand.tiles import kind_of
from bot.logs.record import TenhouHeader
from bot.logs.tenhou6 import DRAW_RESULTS, YAKU_IDS

RED_IDS = {16: 51, 52: 52, 88: 53}
TSUMOGIRI = 60
YAKU_NAMES = {tenhou_id: name for name, tenhou_id in YAKU_IDS.items() if name != "抜きドラ"}
DRAW_NAMES = {
    "nine_terminals": "九種九牌",
    "four_riichi": "四家立直",
    "triple_ron": "三家和了",
    "four_kans": "四槓散了",
    "four_winds": "四風連打",
    "nagashi": "流し満貫",
}
assert set(DRAW_NAMES.values()) == set(DRAW_RESULTS), "names must be those the reader knows"
LIMITS = ((13, "役満", 8000), (11, "三倍満", 6000), (8, "倍満", 4000), (6, "跳満", 3000), (5, "満貫", 2000))
TENHOU_RULE_SETS = ("riichi", "sanma")
# The order in which Tenhou lists yaku (as its records show it; not the id order).  Value-honour lines
# (ids 10-20) go where YAKUHAI stands, ordered by where their set is in the hand (see _yaku_order).
YAKUHAI = -1
YAKU_ORDER = [
    21,
    1,
    2,
    5,
    6,
    4,
    3,
    0,
    7,
    9,
    32,
    22,
    25,
    24,
    27,
    30,
    29,
    28,
    26,
    31,
    YAKUHAI,
    33,
    23,
    8,
    34,
    35,
]
YAKU_ORDER += [*range(36, 52), 52, 54, 53]


class Tenhou6Error(ValueError):
    """A game the format cannot hold (another rule set)."""


def tenhou6_from_document(document: dict[str, Any], lobby: str = "般") -> dict[str, Any]:
    """tenhou.net/6 JSON of a record from bot/logs/game_json.py (its ``players`` become the names)."""
    if document.get("rules") not in TENHOU_RULE_SETS:
        raise Tenhou6Error(
            f"tenhou6 holds riichi and sanma games only, not {document.get('rules')!r}; use --format json"
        )
    return tenhou6_document(Game.from_json(document), names=document.get("players"), lobby=lobby)


def tenhou6_document(
    game: Game, *, names: list[str] | None = None, lobby: str = "般", header: TenhouHeader | None = None
) -> dict[str, Any]:
    """tenhou.net/6 JSON of ``game`` (replayed from its decisions), with the keys in Tenhou's order.
    ``lobby`` is the table's first letter in ``rule.disp`` (般 上 特 鳳); ``header`` carries what a
    replayed Tenhou record said about itself (its log id, lobby, ratings), written back as Tenhou wrote
    it.  A hand still being played is left out; ``sc`` is written once the game has ended."""
    if game.rules_id not in TENHOU_RULE_SETS:
        raise Tenhou6Error(f"tenhou6 holds riichi and sanma games only, not {game.rules_id!r}")
    replay = Game(
        game.rules_id,
        game.options,
        game.seed,
        walls=game.walls,
        start_points=game.start_points,
        dice=game.dice,
        first_hand=game.first_hand,
        first_sticks=game.first_sticks,
    )
    writers: list[_HandWriter] = []
    current = _HandWriter(replay, 0)
    current.feed(None, replay.start_events)
    for action in game.decisions:
        events = replay.apply(action)
        # A hand's last action returns its end and the next hand's start: split at hand_start.
        split = next((i for i, e in enumerate(events) if e.kind == "hand_start"), len(events))
        current.feed(action, events[:split])
        if split < len(events):
            writers.append(current)
            current = _HandWriter(replay, len(writers))
            current.feed(None, events[split:])
    if replay.final is not None or len(replay.hands) > len(writers):
        writers.append(current)
    red = bool(getattr(replay.rules, "red", True))
    known = header or TenhouHeader(disp=_disp(replay, lobby))
    document: dict[str, Any] = {
        "ver": 2.3,
        "ref": known.ref,
        "log": [w.entry(replay.hands[i], red) for i, w in enumerate(writers) if i < len(replay.hands)],
    }
    if known.connection:
        document["connection"] = known.connection
    if known.ratingc is not None:
        document["ratingc"] = known.ratingc
    aka = 1 if red else 0
    document["rule"] = {"disp": known.disp or _disp(replay, lobby), "aka53": aka, "aka52": aka, "aka51": aka}
    document["lobby"] = known.lobby
    for key in ("dan", "rate", "sx"):
        if getattr(known, key) is not None:
            document[key] = getattr(known, key)
    if replay.final is not None:
        by_seat = sorted(replay.final, key=lambda f: f["seat"])
        document["sc"] = [x for f in by_seat for x in (f["points"], f["score"])]
        document["sc"] += [0, 0] * (4 - len(by_seat))
    shown = list(names or [])[:4]
    document["name"] = shown + [""] * (4 - len(shown))
    return document


def _disp(game: Game, lobby: str) -> str:
    """般南喰赤 and the like: players, lobby letter, length, open tanyao, red fives."""
    disp = ("三" if game.rules.players == 3 else "") + lobby
    disp += "東" if game.options.get("length") == "east" else "南"
    disp += "喰" if getattr(game.rules, "kuitan", True) else ""
    return disp + ("赤" if getattr(game.rules, "red", True) else "")


def code(tile: int, red: bool) -> int:
    if red and tile in RED_IDS:
        return RED_IDS[tile]
    kind = kind_of(tile)
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def _order(tile: int, red: bool) -> tuple[int, bool]:
    return kind_of(tile), red and tile in RED_IDS


class _HandWriter:
    def __init__(self, game: Game, index: int) -> None:
        self.game = game
        self.index = index
        n = game.rules.players
        self.deal: list[list[int]] = [[] for _ in range(n)]
        self.takes: list[list[Any]] = [[] for _ in range(n)]
        self.discards: list[list[Any]] = [[] for _ in range(n)]
        self.dora: list[int] = []
        self.drawn: list[int | None] = [None] * n
        self.last_discard: int | None = None
        self.pons: dict[tuple[int, int], list[Any]] = {}  # (seat, kind) -> pon pieces, for an added kan
        self.sets: list[list[int]] = [[] for _ in range(n)]  # kinds of each seat's pons and kans, in order
        self.red = True

    def feed(self, action: Action | None, events: list[Event]) -> None:
        self.red = bool(getattr(self.game.rules, "red", True))
        pending_riichi = action is not None and action.kind == A.RIICHI
        for e in events:
            seat = e.seat if e.seat is not None else -1
            if e.kind == "deal":
                self.deal[seat] = list(e.data["tiles"])
            elif e.kind == "dora":
                self.dora.append(e.data["indicator"])
            elif e.kind == "draw":
                self.takes[seat].append(code(e.data["tile"], self.red))
                self.drawn[seat] = e.data["tile"]
            elif e.kind == "discard":
                tile = e.data["tile"]
                written: Any = TSUMOGIRI if e.data["tsumogiri"] else code(tile, self.red)
                if e.data["riichi"] or pending_riichi:
                    written = f"r{written}"
                self.discards[seat].append(written)
                self.last_discard = tile
            elif e.kind == "call":
                self._call(seat, e)
            elif e.kind == "kan" and e.data["type"] == "ankan":
                self.sets[seat].append(kind_of(e.data["tiles"][0]))
                self.discards[seat].append(self._closed_kan(e.data["tiles"]))
            elif e.kind == "kakan_declared":  # written when declared: a robbed added kan shows too
                self.discards[seat].append(self._added_kan(seat, e.data["tile"]))
            elif e.kind == "kita":
                self.discards[seat].append(f"f{code(e.data['tile'], self.red)}")

    def _pieces(self, tiles: list[int]) -> list[str]:
        return [str(code(t, self.red)) for t in sorted(tiles, key=lambda t: _order(t, self.red))]

    def _call(self, seat: int, e: Event) -> None:
        called = self.last_discard
        assert called is not None
        own = list(e.data["tiles"])
        own.remove(called)
        pieces = self._pieces(own)
        letter = {A.CHI: "c", A.PON: "p", A.KAN: "m"}[e.data["type"]]
        # Tenhou marks the giver in four-seat geometry, three-player games too (seat 2 from seat 0 is
        # "opposite"): the letter first for the previous seat, last for the next one, else after one tile.
        relative = (e.data["from"] - seat) % 4
        place = 0 if relative == 3 else len(pieces) if relative == 1 else 1
        marked = f"{letter}{code(called, self.red)}"
        written = pieces[:place] + [marked] + pieces[place:]
        self.takes[seat].append("".join(written))
        if letter == "p":
            self.pons[(seat, kind_of(called))] = written
        if letter != "c":
            self.sets[seat].append(kind_of(called))
        if letter == "m":
            self.discards[seat].append(0)  # the open kan used this turn's discard

    def _closed_kan(self, tiles: list[int]) -> str:
        pieces = self._pieces(tiles)
        return "".join(pieces[:3]) + "a" + pieces[3]

    def _added_kan(self, seat: int, added: int) -> str:
        pon = self.pons.get((seat, kind_of(added)))
        if pon is None:
            raise Tenhou6Error(f"seat {seat}: an added kan without its pon")
        return "".join(f"k{code(added, self.red)}{p[1:]}" if p[0] == "p" else p for p in pon)

    # ------------------------------------------------------------------ the hand's entry
    def entry(self, record: dict[str, Any], red: bool) -> list[Any]:
        n = self.game.rules.players
        result = record["result"]
        wins = result["wins"]
        ura: list[int] = next((w["ura"] for w in wins if w.get("ura")), [])
        out: list[Any] = [
            [record["round_wind"] * 4 + record["dealer"], record["honba"], record["sticks"]],
            _four(record["points"], 0),
            [code(t, red) for t in self.dora],
            [code(t, red) for t in ura],
        ]
        for seat in range(4):
            if seat >= n:
                out += [[], [], []]
                continue
            deal = sorted(self.deal[seat], key=lambda t: _order(t, red))
            out += [[code(t, red) for t in deal], self.takes[seat], self.discards[seat]]
        out.append(self._result(record, result))
        return out

    def _result(self, record: dict[str, Any], result: dict[str, Any]) -> list[Any]:
        if result["kind"] == "win":
            written: list[Any] = ["和了"]
            for win in result["wins"]:
                deltas = [
                    d + (1000 * win.get("sticks", 0) if s == win["seat"] else 0)
                    for s, d in enumerate(win["deltas"])
                ]
                written += [_four(deltas, 0), self._win_line(record, win)]
            return written
        reason = result["reason"]
        if reason in DRAW_NAMES:
            name = DRAW_NAMES[reason]
            return [name, _four(result["deltas"], 0)] if reason == "nagashi" else [name]
        tenpai = result.get("tenpai", [])
        if not tenpai:
            return ["全員不聴"]
        if len(tenpai) == self.game.rules.players:
            return ["全員聴牌"]
        return ["流局", _four(result["deltas"], 0)]

    def _win_line(self, record: dict[str, Any], win: dict[str, Any]) -> list[Any]:
        from bot.logs.replay import tenhou_yaku

        seat, giver = win["seat"], win["from"]
        tsumo = giver is None
        liable = win.get("liable")
        line: list[Any] = [seat, seat if tsumo else giver, seat if liable is None else liable]
        line.append(_points_text(win, tsumo, seat == record["dealer"], self.game.rules.players))
        yaku, yakuman = tenhou_yaku(win)
        if yakuman:
            line += [f"{YAKU_NAMES[y]}(役満)" for y in yakuman]
        else:
            yaku = sorted(yaku, key=lambda pair: self._yaku_order(seat, pair[0]))
            line += [f"{YAKU_NAMES[y]}({han}飜)" for y, han in yaku if han]
        return line

    def _yaku_order(self, seat: int, tenhou_id: int) -> tuple[int, int, int]:
        if not 10 <= tenhou_id <= 20:
            return YAKU_ORDER.index(tenhou_id), 0, 0
        # A value honour: concealed sets first (by kind), then the called ones in the order of the
        # calls; the round wind before the seat wind of the same set.
        kind = 27 + (tenhou_id - 10) % 4 if tenhou_id < 18 else 31 + tenhou_id - 18
        sets = self.sets[seat]
        place = 100 + sets.index(kind) if kind in sets else kind
        return YAKU_ORDER.index(YAKUHAI), place, 0 if 14 <= tenhou_id <= 17 else 1


def _four(values: list[int], fill: int) -> list[int]:
    return list(values) + [fill] * (4 - len(values))


def _round_up(points: float) -> int:
    return -(-int(points) // 100) * 100


def _points_text(win: dict[str, Any], tsumo: bool, dealer: bool, players: int) -> str:
    """'30符4飜7700点', '満貫8000点', '300-500点' (non-dealer tsumo), '500点∀' (dealer tsumo)."""
    han, fu, yakuman = win["han"], win["fu"], win.get("yakuman", 0)
    limit = ""
    base = fu * 2 ** (han + 2)
    if yakuman:
        limit, base = "役満", 8000 * yakuman
    else:
        for least, name, points in LIMITS:
            if han >= least:
                limit, base = name, points
                break
        else:
            if base >= 2000:
                limit, base = "満貫", 2000
    head = limit if limit else f"{fu}符{han}飜"
    if not tsumo:
        return f"{head}{win['points']}点"
    if dealer:
        return f"{head}{_round_up(2 * base)}点∀"
    return f"{head}{_round_up(base)}-{_round_up(2 * base)}点"
