"""``mahjong-bot score --rules pihu HAND [flags]``: one hand's multiplier and payments."""

from __future__ import annotations

import argparse
from typing import Any

from bot.engine.registry import rule_set
from bot.hand.notation import parse_hand
from bot.rules.pihu.names import LANGUAGES
from bot.rules.pihu.payments import DEFAULT_BASE, SEATS, settle_win
from bot.rules.pihu.score import PihuSituation, score_hand
from bot.rules.request import (
    MAX_STAKE,
    RequestError,
    RequestParser,
    cli_answer,
    parse_win_tile,
    payments_json,
    wind_index,
)
from bot.text import whole_number

#: The values of FLAGS_HELP's message in bot/rules/pihu/messages.toml (``help.pihu.flags``).
FLAGS_HELP_VALUES = {"base": DEFAULT_BASE}
FLAGS_HELP = f"""\
pihu (屁糊/大糊) flags, after "HAND" (concealed tiles including the winning tile, then pon/kan melds):
  --win TILE          the winning tile (default: the last concealed tile written)
  --tsumo             self-drawn (default: ron)
  --after-kan         won on a kan replacement tile (杠上開: x2, settled as a self-draw)
  --dealer            the winner is the dealer (same as --seat E)
  --seat SEAT         the winner's seat: 0-3, or E S W N counted from the dealer (default S)
  --dealer-seat N     the dealer's seat 0-3 (default 0)
  --discarder SEAT    who dealt in (default: the winner's previous player)
  --base N            the table's base stake 底金 (default {DEFAULT_BASE})
  --lang L            names in en, ja, zh-TW or zh-CN (default en)
JSON: multiplier, yaku [[name, factor]], points (what the winner receives), payments (ron:
{{"discarder": total}}; self-draw: {{seat wind of each payer, E = dealer: amount}}).
"""


def _parser() -> RequestParser:
    p = RequestParser(prog="score --rules pihu")
    p.add_argument("hand", nargs="+")
    p.add_argument("--win")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--after-kan", action="store_true")
    p.add_argument("--dealer", action="store_true")
    p.add_argument("--seat")
    p.add_argument("--dealer-seat", default="0")
    p.add_argument("--discarder")
    p.add_argument("--base", type=int, default=DEFAULT_BASE, low=1, high=MAX_STAKE)
    p.add_argument("--lang", default="en", choices=LANGUAGES)
    return p


def _seat(text: str, flag: str, dealer: int) -> int:
    """A seat number 0-3, or a seat wind letter counted from the dealer (E is the dealer)."""
    word = text.strip().upper()
    number = whole_number(word)
    if number is not None and number < SEATS:
        return number
    wind = wind_index(word) if len(word) == 1 else None
    if wind is not None:
        return (dealer + wind) % SEATS
    raise RequestError(
        f"{flag} {text!r}: give a seat 0-3 or a seat wind E, S, W or N",
        "pihu.bad_seat",
        flag=flag,
        value=text,
    )


PARSER = _parser()


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules pihu`` (raises a ValueError with a user-facing message on bad input)."""
    return cli_answer(score_typed(PARSER.parse_args(words)))


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    """Score a parsed (or typed: ``RequestParser.parse_typed``) request."""
    hand = parse_hand(" ".join(args.hand), rule_set("pihu").tileset)
    if hand.flowers:
        raise RequestError("pihu has no flowers", "request.no_flowers", rules="pihu")
    win = parse_win_tile(args.win)
    if args.base <= 0:
        raise RequestError(
            f"--base must be positive, not {args.base}",
            "request.not_positive",
            flag="--base",
            value=args.base,
        )
    dealer = _seat(args.dealer_seat, "--dealer-seat", 0)
    if args.dealer:
        if args.seat is not None and _seat(args.seat, "--seat", dealer) != dealer:
            raise RequestError(
                "--dealer and --seat disagree: the winner is either the dealer or not", "pihu.dealer_seat"
            )
        winner = dealer
    else:
        winner = _seat(args.seat, "--seat", dealer) if args.seat is not None else (dealer + 1) % SEATS
    self_drawn = args.tsumo or args.after_kan
    discarder = None
    if not self_drawn:
        discarder = (
            _seat(args.discarder, "--discarder", dealer)
            if args.discarder is not None
            else (winner - 1) % SEATS
        )
        if discarder == winner:
            raise RequestError(
                "--discarder: the winner cannot deal in to their own win", "request.own_discard"
            )
    elif args.discarder is not None:
        raise RequestError("--discarder: a self-drawn win has no discarder", "request.tsumo_discarder")
    score = score_hand(hand.concealed, hand.melds, PihuSituation(win, args.tsumo, args.after_kan))
    deltas = settle_win(score, winner=winner, dealer=dealer, discarder=discarder, base=args.base)
    if discarder is not None:
        payments = payments_json([(discarder, -deltas[discarder])], discarder)
    else:
        payments = payments_json(
            [(seat, -delta) for seat, delta in enumerate(deltas) if seat != winner], east=dealer
        )
    return {
        "ok": True,
        "multiplier": score.multiplier,
        "yaku": [[line.name(args.lang), line.factor] for line in score.hands],
        "lines": [[line.id, line.factor] for line in score.hands],  # line ids: front ends name them
        "points": deltas[winner],
        "payments": payments,
        "base": args.base,
    }
