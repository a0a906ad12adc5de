"""The toy rule set's scorer request (``mahjong-bot score --rules toy`` and ``/score``), names table and
quick reference."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from bot.hand.notation import parse_hand
from bot.rules.request import RequestError, RequestParser, cli_answer
from tests.rules.toy.descriptor import TOY
from tests.rules.toy.flow import BASE, wins

FLAGS_HELP = "Toy flags:\n  HAND   seven tiles, the winning tile last\n  --tsumo  won by self-draw"
NAMES = {"toy_win": {"en": "Toy win", "ja": "おもちゃ和了", "zh-TW": "玩具胡", "zh-CN": "玩具胡"}}


def _parser() -> RequestParser:
    parser = RequestParser("score --rules toy")
    parser.add_argument("hand", nargs="+")
    parser.add_argument("--tsumo", action="store_true")
    return parser


PARSER = _parser()


def score_request(words: list[str]) -> dict[str, Any]:
    return cli_answer(score_typed(PARSER.parse_args(words)))


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    """A win: each other player pays the base (self-draw) or the discarder twice the base."""
    hand = parse_hand(" ".join(args.hand), TOY.tileset)
    if not wins(hand.concealed):
        raise RequestError("not a winning toy hand")
    multiplier = 1 if args.tsumo else 2
    payments = {"E": BASE, "W": BASE} if args.tsumo else {"discarder": 2 * BASE}
    return {
        "ok": True,
        "multiplier": multiplier,
        "lines": [["toy_win", 1]],
        "yaku": [["Toy win", 1]],
        "points": 2 * BASE,
        "payments": payments,
    }


def sheets(say: Callable[..., str], limit_label: Callable[[str | None], str | None]) -> Any:
    return [("Toy", ("every win: 100 from each, or 200 from the discarder",))], ""
