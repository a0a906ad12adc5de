"""``mahjong-bot score --rules mingjiang HAND [flags]``: one hand, scored and paid, as a JSON-ready dict."""

from __future__ import annotations

import argparse
from typing import Any

from bot.engine.registry import rule_set
from bot.hand.meld import MeldType
from bot.hand.notation import kind_name, parse_hand
from bot.hand.tiles import WINDS, counts_of
from bot.rules.mingjiang.names import LANGUAGES
from bot.rules.mingjiang.payments import SEATS, settle_win
from bot.rules.mingjiang.points import RIICHI_DEPOSIT, dora_indicator_count
from bot.rules.mingjiang.score import MingjiangScore, score_hand
from bot.rules.mingjiang.situation import MingjiangSituation
from bot.rules.request import (
    RequestError,
    RequestParser,
    cli_answer,
    parse_indicators,
    parse_win_tile,
    parse_wind,
    payments_json,
)

FLAGS_HELP = """\
mingjiang (明將) flags, after "HAND" (concealed tiles including the winning tile, then melds):
  --win TILE           the winning tile (default: the last concealed tile written)
  --tsumo              self-drawn (default: ron)
  --riichi             the winner declared riichi (closed hands only)
  --rinshan, --after-kan   tsumo on a kan replacement tile (槓上開花)
  --after-open-kan     ... of an open kan called from a discard: paid as a ron by that discarder
  --chankan            ron on an added kan (搶槓)
  --haitei / --houtei  win on the last drawable tile / on the discard after it
  --tenhou / --chiihou / --renhou   heavenly / earthly (ron on the dealer's first discard) / hand of man
  (--rinshan, --after-open-kan, --haitei and --tenhou imply --tsumo)
  --seat WIND          the winner's seat wind E S W N (default E = dealer)
  --round WIND         the round wind E S W N, or "none" in the decider (default E)
  --dora TILES         the dora indicators; the indicator itself is the dora (1 fan per indicator hit)
  --ura TILES          the ura indicator (riichi winners only, one tile)
  --dealer-streak N    dealer repeats: at most 2 / 3 / 4 indicators for N = 0 / 1 / 2+ (checks --dora)
  --deposits N         riichi sticks on the table (10 points each, all to the winner)
  --liable             another player is liable (包牌) for the limit hand
  --lang L             names in en, ja, zh-TW or zh-CN (default en)
JSON: fan (capped at 10; null for a limit hand), limit (null, "small" or "big"), yaku [[name, fan]]
(a limit hand lists its limit hands with "small limit"/"big limit"), base, points (= 3 x base),
payments (ron: {"discarder": 3 x base}; tsumo: {seat wind of each payer: base}; with --liable the
liable player's part under "liable"), deposits (points taken from the table).
"""

NO_ROUND_WIND = ("none", "-", "decider")


def _wind(text: str, flag: str) -> int:
    return WINDS[parse_wind(text, flag)]


def _parser() -> RequestParser:
    p = RequestParser(prog="score --rules mingjiang")
    p.add_argument("hand", nargs="+")
    p.add_argument("--win")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--riichi", action="store_true")
    p.add_argument("--rinshan", "--after-kan", dest="after_kan", action="store_true")
    p.add_argument("--after-open-kan", action="store_true")
    p.add_argument("--chankan", action="store_true")
    p.add_argument("--haitei", action="store_true")
    p.add_argument("--houtei", action="store_true")
    p.add_argument("--tenhou", action="store_true")
    p.add_argument("--chiihou", action="store_true")
    p.add_argument("--renhou", action="store_true")
    p.add_argument("--seat", default="E")
    p.add_argument("--round", default="E")
    p.add_argument("--dora", default="")
    p.add_argument("--ura", default="")
    p.add_argument("--dealer-streak", type=int, low=0, high=99)
    p.add_argument("--deposits", type=int, default=0, low=0, high=99)
    p.add_argument("--liable", action="store_true")
    p.add_argument("--lang", default="en", choices=LANGUAGES)
    return p


PARSER = _parser()


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules mingjiang`` (raises a ValueError with a user-facing message on bad input)."""
    return cli_answer(score_typed(PARSER.parse_args(words)))


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    """Score a parsed (or typed: ``RequestParser.parse_typed``) request."""
    info = rule_set("mingjiang")
    hand = parse_hand(" ".join(args.hand), info.tileset)
    win = parse_win_tile(args.win)
    dora = parse_indicators(args.dora, "--dora", "mingjiang")
    ura = parse_indicators(args.ura, "--ura", "mingjiang")
    _check_copies(hand.concealed, [k for m in hand.melds for k in m.kinds], dora + ura)
    if args.dealer_streak is not None:
        allowed = dora_indicator_count(args.dealer_streak)
        if len(dora) > allowed:
            raise RequestError(
                f"--dora: a dealer streak of {args.dealer_streak} turns {allowed} indicators, "
                f"not {len(dora)}",
                "mingjiang.too_many_indicators",
                streak=args.dealer_streak,
                allowed=allowed,
                count=len(dora),
            )
    if args.deposits < 0:
        raise RequestError(
            f"--deposits cannot be negative ({args.deposits})",
            "request.negative",
            flag="--deposits",
            value=args.deposits,
        )
    if args.after_open_kan and not any(m.type is MeldType.KAN for m in hand.melds):
        raise RequestError(
            "--after-open-kan: the hand has no open kan called from a discard (kan:...)",
            "mingjiang.no_open_kan",
        )
    round_wind = None if args.round.lower() in NO_ROUND_WIND else _wind(args.round, "--round")
    situation = MingjiangSituation(
        win_tile=win,
        tsumo=args.tsumo or args.after_kan or args.after_open_kan or args.haitei or args.tenhou,
        riichi=args.riichi,
        after_kan=args.after_kan or args.after_open_kan,
        robbing_kan=args.chankan,
        last_tile_draw=args.haitei,
        last_tile_claim=args.houtei,
        heavenly=args.tenhou,
        earthly=args.chiihou,
        human=args.renhou,
        seat_wind=_wind(args.seat, "--seat"),
        round_wind=round_wind,
        dora_indicators=dora,
        ura_indicators=ura,
    )
    score = score_hand(hand.concealed, hand.melds, situation)
    lines = [(line, f"{score.limit.value} limit" if score.limit else line.fan) for line in score.yaku]
    return {
        "ok": True,
        "fan": None if score.limit else score.fan,
        "limit": score.limit.value if score.limit else None,
        "yaku": [[line.name(args.lang), value] for line, value in lines],
        "lines": [[line.id, value] for line, value in lines],  # line ids: front ends name them
        "base": score.base,
        "points": score.points,
        "payments": _payments(score, situation, args.after_open_kan, args.liable, args.deposits),
        "deposits": RIICHI_DEPOSIT * args.deposits,
    }


def _check_copies(concealed: list[int], meld_kinds: list[int], indicators: tuple[int, ...]) -> None:
    counts = counts_of(concealed)
    for kind in [*meld_kinds, *indicators]:
        counts[kind] += 1
    for kind, n in enumerate(counts):
        if n > 4:
            raise RequestError(
                f"more than 4 copies of {kind_name(kind)} in the hand and the indicators",
                "request.fifth_copy",
                tile=kind_name(kind),
            )


def _payments(
    score: MingjiangScore, situation: MingjiangSituation, open_kan: bool, liable: bool, deposits: int
) -> dict[str, int]:
    """Seat 0 is East here: the winner sits at their seat wind, the others are named by theirs."""
    winner = WINDS.index(situation.seat_wind)
    discarder = None if situation.tsumo and not open_kan else (winner + 1) % SEATS
    liable_seat = None
    if liable:
        if not score.liability_applies:
            raise RequestError(
                "--liable: liability (包牌) applies only to the limit hands "
                "大三元, 大四喜, 四槓, 四連刻 and 一色四同順",
                "mingjiang.liable",
            )
        liable_seat = (winner + 2) % SEATS if discarder is not None else (winner + 1) % SEATS
    deltas = settle_win(score, winner=winner, discarder=discarder, liable=liable_seat, deposits=deposits)
    payers = [(seat, -delta) for seat, delta in enumerate(deltas) if seat != winner and delta]
    return payments_json(payers, discarder, liable=liable_seat)
