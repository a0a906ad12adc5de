"""``mahjong-bot score --rules riichi``: one hand from words to the JSON answer (sanma shares it)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import cache
from typing import Any

from bot.hand.meld import Meld
from bot.hand.notation import (
    TileAllocator,
    TileSet,
    keep_table,
    meld_of,
    parse_hand,
    parse_tiles,
    plain_written,
)
from bot.hand.notation_masks import MaskTaker
from bot.hand.tiles import EAST, kind_of
from bot.rules.request import Flag, FlagEntry, RequestError, RequestParser, cli_answer, read_flag_words
from bot.rules.riichi.names import yaku_name
from bot.rules.riichi.points import limit_name
from bot.rules.riichi.scoring import RiichiOptions, RiichiScore, WinSituation, score_hand, settle_win
from bot.rules.riichi.tilesets import RIICHI_TILESET, SANMA_TILESET

WIND_LETTERS = "ESWN"
_WIND_NUMBERS = {letter: number for number, letter in enumerate(WIND_LETTERS)}
#: The most a table shows: honba counters and riichi sticks left on the table (a few past 20 are seen in
#: record-long games; nothing in a real game comes near 99).
MAX_HONBA = 99
MAX_STICKS = 99

FLAGS_HELP = """\
Riichi / sanma flags (Tenhou rules):
  HAND                  concealed tiles including the winning tile, then meld tokens
  --win TILE            the winning tile (default: the last concealed tile written)
  --tsumo               won by self-draw (default: ron)
  --riichi | --double-riichi, --ippatsu
  --rinshan --chankan --haitei --houtei --tenhou --chiihou
  --seat E|S|W|N        seat wind (default S; E = dealer; sanma has no N seat)
  --round E|S|W|N       round wind (default E)
  --dora TILES          dora indicators, kan dora included (e.g. --dora 3m7z)
  --ura TILES           ura dora indicators (counted with riichi only)
  --honba N             honba: 100 per payer (ron: 300 in 4p, 200 in sanma)
  --sticks N            riichi sticks on the table, 1000 each to the winner
  --kita N              North tiles set aside (sanma nuki-dora)
  --no-red              red fives are not dora
  --no-kuitan           no tanyao in an open hand
Answer: han, fu (null for yakuman), yakuman, yaku [[name, han]], points (hand only), limit,
payments (ron: {"discarder": n}; tsumo: {seat wind of each payer: n}; honba included),
sticks (riichi sticks collected, in points) and total (everything the winner gains)."""


def _parser(players: int) -> RequestParser:
    winds = list(WIND_LETTERS[:players])
    p = RequestParser(prog=f"score --rules {'sanma' if players == 3 else 'riichi'}")
    p.add_argument("hand", nargs="+")
    p.add_argument("--win")
    for flag in ("tsumo", "riichi", "double-riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"):
        p.add_argument(f"--{flag}", action="store_true")
    p.add_argument("--tenhou", action="store_true")
    p.add_argument("--chiihou", action="store_true")
    p.add_argument("--seat", choices=winds, default="S", type=str.upper)
    p.add_argument("--round", choices=list(WIND_LETTERS), default="E", type=str.upper)
    p.add_argument("--dora", default="")
    p.add_argument("--ura", default="")
    p.add_argument("--honba", type=int, default=0, low=0, high=MAX_HONBA)
    p.add_argument("--sticks", type=int, default=0, low=0, high=MAX_STICKS)
    p.add_argument("--kita", type=int, default=0, low=0, high=4 if players == 3 else 0)
    p.add_argument("--no-red", action="store_true")
    p.add_argument("--no-kuitan", action="store_true")
    return p


def _win_tile(concealed: list[int], text: str | None, tileset: TileSet) -> int:
    if text is None:
        return concealed[-1]
    wanted = parse_tiles(text, tileset)
    if len(wanted) != 1:
        raise RequestError(
            f"--win takes one tile, not {text!r}", "request.one_tile", flag="--win", value=text
        )
    kind = kind_of(wanted[0])
    red = wanted[0] in tileset.red_ids
    matches = [t for t in concealed if kind_of(t) == kind]
    exact = [t for t in matches if (t in tileset.red_ids) == red]
    if not matches:
        raise RequestError(
            f"--win {text}: that tile is not among the concealed tiles", "request.win_not_held", value=text
        )
    return (exact or matches)[-1]


def _indicators(text: str, tileset: TileSet, allocator: TileAllocator) -> tuple[int, ...]:
    """``parse_tiles(text)`` for indicator lists: plain ones (``3m7z``) come back from line to line and
    are read once; the copies are given out per hand."""
    written = plain_written(text)
    if written is None:
        return tuple(parse_tiles(text, tileset, allocator))
    return tuple(allocator.take_each(written))


PARSERS = {4: _parser(4), 3: _parser(3)}


@cache
def _options(players: int, red: bool, kuitan: bool) -> RiichiOptions:
    """The table options of a request (eight possible: built once each)."""
    return RiichiOptions(players=players, red=red, kuitan=kuitan)


def _tileset(players: int) -> TileSet:
    return SANMA_TILESET if players == 3 else RIICHI_TILESET


def score_words(words: list[str], players: int) -> dict[str, Any]:
    """Parse and score one request for a four- (riichi) or three-player (sanma) table."""
    return cli_answer(score_args(PARSERS[players].parse_args(words), players))


def score_args(args: argparse.Namespace, players: int = 4) -> dict[str, Any]:
    """Score a parsed (or typed: ``RequestParser.parse_typed``) request."""
    tileset = _tileset(players)
    allocator = TileAllocator(tileset)
    hand = parse_hand(" ".join(args.hand), tileset, allocator)
    if hand.flowers:
        raise RequestError("riichi has no flowers", "request.no_flowers", rules="riichi")
    if not hand.concealed:
        raise RequestError(
            "the hand needs concealed tiles including the winning tile", "request.no_concealed"
        )
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    if args.dora or args.ura:
        # Indicators are physical tiles too: a fifth copy of a kind is refused (the allocator holds the
        # hand's tiles, no flowers among them: refused above).
        dora = _indicators(args.dora, tileset, allocator)
        ura = _indicators(args.ura, tileset, allocator)
    seat = WIND_LETTERS.index(args.seat)
    situation = WinSituation(
        win_tile=_win_tile(hand.concealed, args.win, tileset),
        tsumo=args.tsumo,
        seat_wind=EAST + seat,
        round_wind=EAST + WIND_LETTERS.index(args.round),
        riichi=args.riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        rinshan=args.rinshan,
        chankan=args.chankan,
        haitei=args.haitei,
        houtei=args.houtei,
        tenhou=args.tenhou,
        chiihou=args.chiihou,
        dora_indicators=dora,
        ura_indicators=ura,
        kita=args.kita,
        honba=args.honba,
        sticks=args.sticks,
    )
    options = _options(players, not args.no_red, not args.no_kuitan)
    score = score_hand(hand.concealed, hand.melds, situation, options)
    return answer_of(score, seat, args.tsumo, args.honba, args.sticks, players)


def _payments(score: RiichiScore, seat: int, tsumo: bool, honba: int, players: int) -> tuple[list[int], Any]:
    """The score change per seat and (payer's name, amount) per payer: the discarder, or every other
    seat by its wind on a tsumo (names that JSON writes as they are)."""
    discarder = None if tsumo else (seat + 1) % players
    deltas = settle_win(score, winner=seat, dealer=0, discarder=discarder, players=players, honba=honba)
    if discarder is None:
        return deltas, [(WIND_LETTERS[s], -d) for s, d in enumerate(deltas) if s != seat]
    return deltas, (("discarder", -deltas[discarder]),)


def answer_of(
    score: RiichiScore, seat: int, tsumo: bool, honba: int, sticks: int, players: int, lines: bool = True
) -> dict[str, Any]:
    """The answer to a request: the score, what each payer pays and the winner's total; with ``lines``
    the line ids too (front ends name them; ``mahjong-bot score`` prints the names only).
    ``score --batch`` writes it as :func:`answer_text`."""
    deltas, payments = _payments(score, seat, tsumo, honba, players)
    yakuman = score.yakuman
    answer: dict[str, Any] = {
        "ok": True,
        "han": score.han if not yakuman else None,
        "fu": score.fu if not yakuman else None,
        "yakuman": yakuman,
        "yaku": [[yaku_name(name), han] for name, han in score.yaku],
    }
    if lines:
        answer["lines"] = [[name, han] for name, han in score.yaku]
    answer["points"] = score.points
    answer["limit"] = limit_name(score.han, yakuman, score.base_points)
    answer["payments"] = dict(payments)
    answer["sticks"] = 1000 * sticks
    answer["total"] = deltas[seat] + 1000 * sticks
    return answer


def answer_text(score: RiichiScore, seat: int, tsumo: bool, honba: int, sticks: int, players: int) -> str:
    """``json.dumps(answer_of(..., lines=False), ensure_ascii=False)`` written straight from the score
    (``score --batch`` writes thousands): the same keys in the same order, the same values, in three
    texts from tables of what recurs: the head (han, fu, yakuman: under a hundred combinations), the yaku
    lines, and the tail (points, limit, payments, sticks, total: a few hundred combinations of the
    score's han, yakuman, base points and points with the request's seat, tsumo, honba, sticks and
    table size).  Numbers written once per combination, not once per line."""
    yakuman = score.yakuman
    han = score.han
    head_key = (han, score.fu, yakuman)
    head = _HEADS.get(head_key) or _head_text(head_key)
    yaku = _YAKU_TEXTS.get(score.yaku) or _yaku_text(score.yaku)
    tail_key = (han, yakuman, score.base_points, score.points, seat, tsumo, honba, sticks, players)
    tail = _TAILS.get(tail_key) or _tail_text(score, tail_key)
    return f"{head}{yaku}{tail}"


_HEADS: dict[tuple[int, int, int], str] = {}  # (han, fu, yakuman) -> the answer's text up to "yaku"
_YAKU_TEXTS: dict[Any, str] = {}  # the yaku lines of a score -> their JSON ([[name, han], ...])
#: (han, yakuman, base points, points, seat, tsumo, honba, sticks, players) -> the answer's text after
#: the yaku lines
_TAILS: dict[tuple[int, ...], str] = {}
_MAX_TEXTS = 4096  # per table: far more than the combinations that occur


def _json(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``; json is imported here, where the batch's texts are made
    (once per combination), not at the top: a one-shot score does not need it."""
    import json

    return json.dumps(value, ensure_ascii=False)


def _kept(table: dict[Any, str], key: Any, text: str) -> str:
    if len(table) >= _MAX_TEXTS:
        table.clear()
    table[key] = text
    return text


def _head_text(key: tuple[int, int, int]) -> str:
    han, fu, yakuman = key
    shown = ("null", "null") if yakuman else (han, fu)
    text = f'{{"ok": true, "han": {shown[0]}, "fu": {shown[1]}, "yakuman": {yakuman}, "yaku": '
    return _kept(_HEADS, key, text)


def _yaku_text(lines: Any) -> str:
    """The JSON of a score's yaku lines (names for ids)."""
    return _kept(_YAKU_TEXTS, lines, _json([[yaku_name(name), han] for name, han in lines]))


def _tail_text(score: RiichiScore, key: tuple[int, ...]) -> str:
    han, yakuman, base, points, seat, tsumo, honba, sticks, players = key
    deltas, payments = _payments(score, seat, bool(tsumo), honba, players)
    paid = ", ".join([f'"{payer}": {amount}' for payer, amount in payments])
    return _kept(
        _TAILS,
        key,
        f', "points": {points}, "limit": {_json(limit_name(han, yakuman, base))}, "payments": {{{paid}}}, '
        f'"sticks": {1000 * sticks}, "total": {deltas[seat] + 1000 * sticks}}}',
    )


def _slot_value(slot: int, value: Any) -> Any:
    """A flag's typed value as the WinSituation holds it (a wind letter as its wind)."""
    return EAST + _WIND_NUMBERS[value] if slot in _WIND_SLOTS else value


def _slot_reader(slot: int, flag: Flag) -> Callable[[str], Any]:
    """Reads a value of ``flag`` written in a line into what its slot holds (a refusal raises)."""
    return lambda text: _slot_value(slot, flag.accept(text))


@cache
def batch_line_function(players: int = 4) -> Callable[[list[str]], str | None]:
    """For ``score --batch``: the JSON answer of a common request line read in one pass, None for a line
    :func:`score_words` is to answer (see :class:`LineScorer`).  One per table size and process: its
    tables of texts read serve every batch."""
    return LineScorer(players)


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules riichi`` (raises a ValueError with a user-facing message on bad input)."""
    return score_words(words, players=4)


PARSER = PARSERS[4]


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    return score_args(args, players=4)


# --- score --batch: the common line read in one pass ------------------------------------------------
#
# :func:`score_words` reads a request in stages (a namespace of flags, the hand text joined and split
# again, a tile allocator, tile lists per token, a WinSituation by keywords, an answer dict, then JSON);
# a batch of thousands of lines pays for every stage on every line.  :class:`LineScorer` reads the common
# line (whole flag words with values they accept, suit groups and meld tokens of tiles that exist,
# ``--win`` absent) in one pass: each flag word straight into its slot of a list laid out as the
# WinSituation's fields (its value as the situation holds it: a wind letter as its wind), the tiles into
# ids from tables of what each text takes in an empty hand, checked against a bitmask of the ids taken
# so far (bot.hand.notation_masks), the WinSituation built from the list, the answer straight to JSON
# text (:func:`answer_text`).  Any other line, and every line that would be refused before scoring, gets
# None: the caller asks :func:`score_words`, which answers it (or refuses it) as it always did.
# Refusals of the scorer itself (not a win, no yaku) are raised here as there.

_FIELDS = {name: slot for slot, name in enumerate(WinSituation._fields)}
_SITUATION_SLOTS = len(WinSituation._fields)
#: A line's flags read into a list: the WinSituation's fields, then the two table options.
_NO_RED, _NO_KUITAN = _SITUATION_SLOTS, _SITUATION_SLOTS + 1
#: parser dest -> slot, where the dest is not the field's own name (``win``: absent, the general reading's)
_SLOT_OF_DEST = {
    "seat": _FIELDS["seat_wind"],
    "round": _FIELDS["round_wind"],
    "dora": _FIELDS["dora_indicators"],
    "ura": _FIELDS["ura_indicators"],
    "no_red": _NO_RED,
    "no_kuitan": _NO_KUITAN,
}
_WIND_SLOTS = (_FIELDS["seat_wind"], _FIELDS["round_wind"])
_DORA, _URA = _FIELDS["dora_indicators"], _FIELDS["ura_indicators"]
_TSUMO, _SEAT, _HONBA, _STICKS = _FIELDS["tsumo"], _FIELDS["seat_wind"], _FIELDS["honba"], _FIELDS["sticks"]
_MAX_VALUES = 4096  # values remembered per flag: far more than real batches write
_new = tuple.__new__  # a WinSituation from its fields in order (what its generated __new__ does)


class LineScorer:
    """Scores the common request lines of one table size (see the comment above); built once."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.taker = MaskTaker(_tileset(players))
        #: the table options by the line's --no-red, then its --no-kuitan (False / True index a tuple)
        self.options = tuple(
            tuple(_options(players, not r, not k) for k in (False, True)) for r in (False, True)
        )
        #: meld token -> what it takes in a hand holding nothing yet (see :meth:`_fresh_meld`)
        self.fresh_melds: dict[str, tuple[int, Meld] | bool] = {}
        keep_table(self.fresh_melds)  # emptied with the notation's tables (benchmarks' cold start)
        self.defaults: list[Any] = [None] * (_NO_KUITAN + 1)  # slot 0, the winning tile: the hand's
        self.entries: dict[str, FlagEntry] = {}  # flag word -> its slot (read_flag_words)
        for flag in PARSERS[players].flags():
            slot = _SLOT_OF_DEST.get(flag.dest, _FIELDS.get(flag.dest))
            if slot is None:  # --win: lines that name it are the general reading's
                continue
            self.defaults[slot] = _slot_value(slot, flag.default)
            entry: FlagEntry = (slot, None if flag.switch else {}, _slot_reader(slot, flag))
            for name in flag.names:
                self.entries[name] = entry

    def __call__(self, words: list[str]) -> str | None:
        """The answer of a common line as JSON text (what ``score --json`` prints for it), None for any
        other line."""
        fields = self.defaults.copy()
        hand_words = read_flag_words(words, self.entries, fields)
        if hand_words is None:  # not the common way, or refused: the general reading's
            return None
        tiles = self._tiles(hand_words, fields[_DORA], fields[_URA])
        if tiles is None:
            return None
        concealed, melds, fields[_DORA], fields[_URA] = tiles
        fields[0] = concealed[-1]  # the winning tile: the last concealed tile written (no --win)
        situation = _new(WinSituation, fields[:_SITUATION_SLOTS])
        options = self.options[fields[_NO_RED]][fields[_NO_KUITAN]]
        score = score_hand(concealed, melds, situation, options)
        return answer_text(
            score, fields[_SEAT] - EAST, fields[_TSUMO], fields[_HONBA], fields[_STICKS], self.players
        )

    def _tiles(
        self, words: list[str], dora_text: str, ura_text: str
    ) -> tuple[list[int], list[Meld], tuple[int, ...], tuple[int, ...]] | None:
        """Concealed ids, melds and indicator ids as ``parse_hand`` and the indicators' reading give
        them; None where they would refuse (or the text is not plain suit groups and meld tokens)."""
        taker = self.taker
        get = taker.fresh.get
        meld_get = self.fresh_melds.get
        used = 0  # bit i: id i taken
        concealed: list[int] = []
        melds: list[Meld] = []
        for word in words:
            if ":" in word:
                found_meld = meld_get(word) or self._fresh_meld(word)
                if not found_meld:
                    return None
                mask, meld = found_meld  # type: ignore[misc]
                if used & mask:  # some of its ids are taken: tile by tile
                    taken_meld = self._meld_taken(word, used)
                    if taken_meld is None:
                        return None
                    meld, used = taken_meld
                else:
                    used |= mask
                melds.append(meld)
                continue
            if melds:  # concealed tiles after a meld token: refused
                return None
            # each suit group apart (``77735m23455p4m``: three), read from the table: inline, a hand
            # has several; a piece that is not a plain group (junk, ``8z``, ``5M``) is refused by
            # the taker, for the general reading to answer
            spaced = word.replace("m", "m ").replace("p", "p ").replace("s", "s ").replace("z", "z ")
            for group in spaced.split():
                found = get(group) or taker.fresh_take(group)
                if not found:
                    return None
                ids, mask, steps = found  # type: ignore[misc]
                if used & mask:
                    taken = taker.take_steps(used, steps)
                    if taken is None:
                        return None
                    ids, mask = taken
                concealed += ids
                used |= mask
        if not concealed:
            return None
        dora: tuple[int, ...] = ()
        ura: tuple[int, ...] = ()
        if dora_text:  # indicators are copies of their own, after the hand's
            taken = taker.take(dora_text, used)
            if taken is None:
                return None
            dora, used = taken
        if ura_text:
            taken = taker.take(ura_text, used)
            if taken is None:
                return None
            ura = taken[0]
        return concealed, melds, dora, ura

    def _fresh_meld(self, token: str) -> tuple[int, Meld] | bool:
        """The bitmask of the ids a meld token takes in a hand holding nothing yet and its meld (False
        where it is refused even there), kept in :attr:`fresh_melds`: tokens come back from hand to
        hand, and a token's meld in an empty hand is always the same frozen Meld."""
        if len(self.fresh_melds) >= _MAX_VALUES:
            self.fresh_melds.clear()
        taken = self._meld_taken(token, 0)
        found = self.fresh_melds[token] = (taken[1], taken[0]) if taken is not None else False
        return found

    def _meld_taken(self, token: str, used: int) -> tuple[Meld, int] | None:
        """The meld of ``token`` in a hand holding the ids in ``used`` and the bitmask after it; None
        where the general reading refuses it."""
        taken = self.taker.take(token, used)
        if taken is None:
            return None
        meld = meld_of(token, taken[0])
        return (meld, taken[1]) if meld is not None else None
