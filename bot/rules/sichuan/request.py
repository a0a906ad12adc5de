"""``mahjong-bot score --rules sichuan HAND --void m|p|s [flags]``."""

from __future__ import annotations

import argparse
from typing import Any

from bot.engine.registry import rule_set
from bot.hand.notation import NotationError, parse_hand
from bot.rules.request import (
    MAX_STAKE,
    WIND_LETTERS,
    RequestError,
    RequestParser,
    cli_answer,
    parse_win_tile,
    payments_json,
    win_tile_last,
    wind_arg,
)
from bot.rules.sichuan.names import LANGUAGES, fan_name
from bot.rules.sichuan.score import score_kinds
from bot.rules.sichuan.settlement import win_payments
from bot.rules.sichuan.situation import SUIT_OF_LETTER, SichuanOptions, SichuanSituation

FLAGS_HELP = """\
sichuan: HAND [--void m|p|s] [flags]
  HAND            concealed tiles, winning tile last (or --win), then pon:/kan:/ankan:/kakan: melds
  --void S        the declared void suit (default: the suit the hand does not hold)
  --win TILE      the winning tile, e.g. 5m (default: the last concealed tile written)
  --tsumo         self-drawn (default: ron, paid by the discarder alone)
  --after-kan     杠上开花: tsumo on a kan replacement tile
  --kan-discard   杠上炮: ron on the discard right after a kan replacement draw
  --robbing-kan   抢杠和: ron on an added kan (the kanner pays as the discarder)
  --last-tile     海底捞月: tsumo on the last tile (with --last-discard-option: a ron on the last discard)
  --heavenly      天和 (dealer's dealt hand, tsumo); --earthly 地和 (non-dealer's first 14 tiles)
  --base N        table base 底分 (default 1)
  --cap N         fan cap (default none)
  --last-discard-option  table option last_discard
  --seat X        the winner's seat E/S/W/N (default E), to name the payers of a tsumo
  --won XY        seats that have already won and do not pay, e.g. --won SW
  --lang L        names in en, ja, zh-TW or zh-CN (default en)
Answer: fan, yaku [[name, fan]], multiple = 2**fan, points = what the winner receives, payments
({"discarder": n} for a ron, one entry per paying seat for a tsumo)."""


def _parser() -> RequestParser:
    p = RequestParser(prog="score --rules sichuan")
    p.add_argument("hand", nargs="+")
    p.add_argument("--void", choices=list(SUIT_OF_LETTER))
    p.add_argument("--win")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--after-kan", action="store_true")
    p.add_argument("--kan-discard", action="store_true")
    p.add_argument("--robbing-kan", action="store_true")
    p.add_argument("--last-tile", action="store_true")
    p.add_argument("--heavenly", action="store_true")
    p.add_argument("--earthly", action="store_true")
    p.add_argument("--base", type=int, default=1, low=1, high=MAX_STAKE)
    p.add_argument("--cap", type=int, low=0, high=99)
    p.add_argument("--last-discard-option", action="store_true")
    p.add_argument("--seat", default=0, type=wind_arg)
    p.add_argument("--won", default="")
    p.add_argument("--lang", default="en", choices=list(LANGUAGES))
    return p


def _options(args: argparse.Namespace) -> SichuanOptions:
    if args.base < 1:
        raise RequestError(
            "--base must be a positive number of points",
            "request.not_positive",
            flag="--base",
            value=args.base,
        )
    if args.cap is not None and args.cap < 0:
        raise RequestError("--cap must be 0 or more fan", "request.negative", flag="--cap", value=args.cap)
    return SichuanOptions(cap=args.cap, last_discard=args.last_discard_option)


def _won_seats(text: str, winner: int) -> set[int]:
    seats = set()
    for ch in text.upper():
        if ch not in WIND_LETTERS:
            raise RequestError(
                f"--won takes seat letters from ESWN, not {ch!r}", "sichuan.won_letter", value=ch
            )
        seats.add(WIND_LETTERS.index(ch))
    if winner in seats:
        raise RequestError("--won lists the winner's own seat", "sichuan.won_self")
    if len(seats) > 2:
        raise RequestError(
            "--won: at most two seats can have won before (the third win ends the hand)", "sichuan.won_three"
        )
    return seats


PARSER = _parser()


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules sichuan`` (raises a ValueError with a user-facing message on bad input)."""
    return cli_answer(score_typed(PARSER.parse_args(words)))


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    """Score a parsed (or typed: ``RequestParser.parse_typed``) request."""
    try:
        hand = parse_hand(" ".join(args.hand), rule_set("sichuan").tileset)
    except NotationError as exc:
        raise RequestError.wrap(exc) from None
    win = parse_win_tile(args.win or None)
    concealed = [t >> 2 for t in hand.concealed]
    if not concealed:
        raise RequestError(
            "the hand needs at least the winning tile among the concealed tiles", "request.no_concealed"
        )
    concealed = win_tile_last(concealed, win, args.win)
    situation = SichuanSituation(
        void_suit=SUIT_OF_LETTER[args.void] if args.void else None,
        win_tile=concealed[-1],
        tsumo=args.tsumo,
        after_kan=args.after_kan,
        kan_discard=args.kan_discard,
        robbing_kan=args.robbing_kan,
        last_tile=args.last_tile,
        heavenly=args.heavenly,
        earthly=args.earthly,
    )
    options = _options(args)
    score = score_kinds(concealed, hand.melds, situation, options)
    winner = args.seat
    active = [s for s in range(4) if s not in _won_seats(args.won, winner)]
    discarder = next(s for s in active if s != winner)  # any other active seat: only the amount is shown
    payments = win_payments(winner, score.fan, args.base, args.tsumo, active, discarder)
    if args.tsumo:
        paid = payments_json((p.payer, p.amount) for p in payments)
    else:
        paid = payments_json([(discarder, payments[0].amount)], discarder)
    result: dict[str, Any] = {
        "ok": True,
        "fan": score.fan,
        "yaku": [[fan_name(key, args.lang), value] for key, value in score.yaku],
        "lines": [[key, value] for key, value in score.yaku],  # line ids: front ends name them
        "multiple": score.multiple,
        "points": sum(paid.values()),
        "payments": paid,
    }
    if score.uncapped_fan != score.fan:
        result["uncapped_fan"] = score.uncapped_fan
    return result
