"""``mahjong-bot score --rules taiwan HAND [flags]``."""

from __future__ import annotations

import argparse
from typing import Any

from bot.engine.registry import rule_set
from bot.hand.notation import NotationError, parse_hand, parse_tiles
from bot.rules.request import (
    MAX_STAKE,
    RequestError,
    RequestParser,
    cli_answer,
    parse_win_tile,
    payments_json,
    win_tile_last,
    wind_arg,
)
from bot.rules.taiwan.names import LANGUAGES, tai_name
from bot.rules.taiwan.score import TaiwanScore, score_flower_win, score_kinds
from bot.rules.taiwan.situation import READY_KINDS, TaiwanOptions, TaiwanSituation

FLAGS_HELP = """\
taiwan: HAND [flags]   (HAND: 17 tiles with the winning tile last, melds after; flowers may be
                        written in HAND or with --flowers)
  --flowers 1f5f    flowers set aside
  --win TILE        the winning tile (default: the last concealed tile written)
  --tsumo           self-drawn (default: ron)
  --seat X          the winner's table seat E/S/W/N (default E)
  --dealer-seat X   the dealer's table seat (default E); --dealer: the winner deals
                    (the dealer sits East for the hand: seat winds and seat flowers count from it)
  --discarder X     who dealt in on a ron (default: a seat that is neither the winner nor the dealer)
  --round X         the round wind E/S/W/N (default E)
  --streak N        the dealer's streak 連莊 (default 0)
  --base N / --tai-value N   stakes (default 50 / 20): each payer pays base + tai x tai_value
  --extras          the optional pattern list (extras=on); --extras-second-values takes the seed's
                    "a/b" values at b (1色4步高 9, 1色3步高 6, 三色步高 3, 三色連刻 3)
  situation: --last-tile (海底撈月, or 河底撈魚 on a ron), --robbing-kan, --after-kan,
             --replacements N (連槓開花 with --extras), --heavenly, --earthly, --human,
             --ready tianting|migi|diting
  flower wins: --flower-win (八仙過海 with eight flowers, or 七搶一 with seven and
             --robbed-from X, the seat that drew the eighth; HAND is then not checked)
  options: --no-flowers, --full-flush 12|8, --last-tile-tai 1|2, --heavenly-tai 24|16,
           --human-tai 8|16, --tianting-tai 16|8, --migi-tai 8|4, --diting-tai 8|4,
           --stack-heavenly, --pinghu-flowers, --pinghu-tsumo, --pinghu-any-wait
  --lang L          names in en, ja, zh-TW or zh-CN (default en)
Answer: tai (dealer tai included when the dealer wins or pays), yaku [[name, tai]], points = what
the winner receives, payments ({"discarder": n} for a ron, one entry per payer seat for a tsumo)."""


def _parser() -> RequestParser:
    p = RequestParser(prog="score --rules taiwan")
    p.add_argument("hand", nargs="+")
    p.add_argument("--flowers", default="")
    p.add_argument("--win")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--seat", type=wind_arg, default=0)
    p.add_argument("--dealer-seat", type=wind_arg)
    p.add_argument("--dealer", action="store_true")
    p.add_argument("--discarder", type=wind_arg)
    p.add_argument("--round", type=wind_arg, default=0)
    p.add_argument("--streak", type=int, default=0, low=0, high=99)
    p.add_argument("--base", type=int, default=50, low=0, high=MAX_STAKE)
    p.add_argument("--tai-value", type=int, default=20, low=0, high=MAX_STAKE)
    p.add_argument("--extras", action="store_true")
    p.add_argument("--extras-second-values", action="store_true")
    p.add_argument("--last-tile", action="store_true")
    p.add_argument("--robbing-kan", action="store_true")
    p.add_argument("--after-kan", action="store_true")
    p.add_argument("--replacements", type=int, default=1, low=1, high=8)
    p.add_argument("--heavenly", action="store_true")
    p.add_argument("--earthly", action="store_true")
    p.add_argument("--human", action="store_true")
    p.add_argument("--ready", choices=list(READY_KINDS))
    p.add_argument("--flower-win", action="store_true")
    p.add_argument("--robbed-from", type=wind_arg)
    p.add_argument("--no-flowers", action="store_true")
    p.add_argument("--full-flush", type=int, choices=(12, 8), default=12)
    p.add_argument("--last-tile-tai", type=int, choices=(1, 2), default=1)
    p.add_argument("--heavenly-tai", type=int, choices=(24, 16), default=24)
    p.add_argument("--human-tai", type=int, choices=(8, 16), default=8)
    p.add_argument("--tianting-tai", type=int, choices=(16, 8), default=16)
    p.add_argument("--migi-tai", type=int, choices=(8, 4), default=8)
    p.add_argument("--diting-tai", type=int, choices=(8, 4), default=8)
    p.add_argument("--stack-heavenly", action="store_true")
    p.add_argument("--pinghu-flowers", action="store_true")
    p.add_argument("--pinghu-tsumo", action="store_true")
    p.add_argument("--pinghu-any-wait", action="store_true")
    p.add_argument("--lang", default="en", choices=list(LANGUAGES))
    return p


def _options(args: argparse.Namespace) -> TaiwanOptions:
    if args.base < 0 or args.tai_value < 0:
        raise RequestError("--base and --tai-value cannot be negative", "taiwan.negative_stakes")
    if args.streak < 0:
        raise RequestError(
            "--streak cannot be negative", "request.negative", flag="--streak", value=args.streak
        )
    return TaiwanOptions(
        base=args.base,
        tai_value=args.tai_value,
        flowers=not args.no_flowers,
        full_flush=args.full_flush,
        last_tile=args.last_tile_tai,
        heavenly=args.heavenly_tai,
        human=args.human_tai,
        tianting=args.tianting_tai,
        migi=args.migi_tai,
        diting=args.diting_tai,
        stack_heavenly=args.stack_heavenly,
        pinghu_flowers=args.pinghu_flowers,
        pinghu_tsumo=args.pinghu_tsumo,
        pinghu_any_wait=args.pinghu_any_wait,
        extras=args.extras,
        extras_second_values=args.extras_second_values,
    )


def _default_discarder(winner: int, dealer: int) -> int:
    """A seat that is neither the winner nor (when the winner does not deal) the dealer."""
    for step in (3, 1, 2):  # the previous player (上家) first
        seat = (winner + step) % 4
        if winner == dealer or seat != dealer:
            return seat
    raise AssertionError("unreachable: two of the three other seats are not the dealer")


def _answer(score: TaiwanScore, tsumo: bool, lang: str) -> dict[str, Any]:
    if tsumo:
        paid = payments_json(score.payments)
    else:
        discarder = score.payments[0][0]
        paid = payments_json([(discarder, score.payments[0][1])], discarder)
    return {
        "ok": True,
        "tai": score.total,
        "yaku": [[tai_name(key, lang), value] for key, value in score.all_lines],
        "lines": [[key, value] for key, value in score.all_lines],  # line ids: front ends name them
        "points": score.points,
        "payments": paid,
    }


PARSER = _parser()


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules taiwan`` (raises a ValueError with a user-facing message on bad input)."""
    return cli_answer(score_typed(PARSER.parse_args(words)))


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    """Score a parsed (or typed: ``RequestParser.parse_typed``) request."""
    tileset = rule_set("taiwan").tileset
    try:
        hand = parse_hand(" ".join(args.hand), tileset)
        extra_flowers = parse_tiles(args.flowers, tileset) if args.flowers else []
    except NotationError as exc:
        raise RequestError.wrap(exc) from None
    if any(t < 136 for t in extra_flowers):
        raise RequestError("--flowers takes flower tiles only (1f-8f)", "taiwan.flowers_only")
    if set(hand.flowers) & set(extra_flowers):
        raise RequestError("a flower is written both in the hand and in --flowers", "taiwan.flower_twice")
    flower_kinds = sorted({t - 136 + 34 for t in hand.flowers} | {t - 136 + 34 for t in extra_flowers})
    win = parse_win_tile(args.win or None)
    options = _options(args)
    dealer = args.seat if args.dealer else (args.dealer_seat if args.dealer_seat is not None else 0)
    if args.flower_win:
        robbing = args.robbed_from is not None
        situation = TaiwanSituation(
            seat=args.seat, dealer=dealer, round_wind=args.round, streak=args.streak,
            discarder=args.robbed_from,
        )  # fmt: skip
        return _answer(score_flower_win(flower_kinds, situation, options, robbing), not robbing, args.lang)
    concealed = win_tile_last([t >> 2 for t in hand.concealed], win, args.win)
    if not concealed:
        raise RequestError(
            "the hand needs at least the winning tile among the concealed tiles", "request.no_concealed"
        )
    discarder = None
    if not args.tsumo:
        discarder = args.discarder if args.discarder is not None else _default_discarder(args.seat, dealer)
    situation = TaiwanSituation(
        seat=args.seat,
        dealer=dealer,
        round_wind=args.round,
        streak=args.streak,
        win_tile=concealed[-1],
        tsumo=args.tsumo,
        discarder=discarder,
        last_tile=args.last_tile,
        robbing_kan=args.robbing_kan,
        after_kan=args.after_kan,
        replacements=args.replacements,
        heavenly=args.heavenly,
        earthly=args.earthly,
        human=args.human,
        ready=args.ready,
    )
    score = score_kinds(concealed, hand.melds, flower_kinds, situation, options)
    return _answer(score, args.tsumo, args.lang)
