"""``mahjong-bot score --rules riichi``: one hand from words to the JSON answer (sanma shares it)."""

from __future__ import annotations

import argparse
from functools import cache
from typing import Any

from bot.engine.registry import rule_set
from bot.hand.notation import TileAllocator, TileSet, parse_hand, parse_tiles, plain_written
from bot.hand.tiles import EAST, kind_of
from bot.rules.request import RequestError, RequestParser, cli_answer
from bot.rules.riichi.names import yaku_name
from bot.rules.riichi.points import limit_name
from bot.rules.riichi.scoring import RiichiOptions, WinSituation, score_hand, settle_win

WIND_LETTERS = "ESWN"
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


@cache
def _tileset(players: int) -> TileSet:
    return rule_set("sanma" if players == 3 else "riichi").tileset


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
    discarder = None if args.tsumo else (seat + 1) % players
    deltas = settle_win(score, winner=seat, dealer=0, discarder=discarder, players=players, honba=args.honba)
    if discarder is None:
        payments = {WIND_LETTERS[s]: -d for s, d in enumerate(deltas) if s != seat}
    else:
        payments = {"discarder": -deltas[discarder]}
    sticks = 1000 * args.sticks
    return {
        "ok": True,
        "han": score.han if not score.yakuman else None,
        "fu": score.fu if not score.yakuman else None,
        "yakuman": score.yakuman,
        "yaku": [[yaku_name(name), han] for name, han in score.yaku],
        "lines": [[name, han] for name, han in score.yaku],  # line ids: front ends name them
        "points": score.points,
        "limit": limit_name(score.han, score.yakuman, score.base_points),
        "payments": payments,
        "sticks": sticks,
        "total": deltas[seat] + sticks,
    }


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules riichi`` (raises a ValueError with a user-facing message on bad input)."""
    return score_words(words, players=4)


PARSER = PARSERS[4]


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    return score_args(args, players=4)
