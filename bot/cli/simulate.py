"""``mahjong-bot simulate --rules R --games N --seed S [--json] [--db PATH] [--pictures DIR [--lang L]]
[--mjai COMMAND [--mjai-seat N|rotate]]``.

Computer-only games through the full referee, invariants checked after every action (all tiles
accounted for once; points plus deposits constant).  Game ``i`` uses the seed ``S:i`` so any game
can be rebuilt.  ``--db`` stores every game (decisions, hand results, final results) and lists the
ids in ``game_ids``; ``--pictures`` draws each game into DIR/game-N/ (texts in ``--lang``: en, zh-TW,
zh-CN, ja).  A progress bar goes to stderr; ``--json`` prints one summary object.  With ``--mjai``, one
seat per game is an outside AI and the summary's ``mjai`` counts, per seat it played, its games, accepted
answers and fallbacks (the normal computer's decisions instead) with their reasons: ``{"answers",
"fallbacks", "seats": {"0": {"games", "answers", "fallbacks", "fallbacks_by_reason": {reason: count}}}}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable
from typing import Any

from bot.cli.language import add_language
from bot.cli.simulation import (  # noqa: F401 - the loop's names, as imported from this module before
    ROTATE,
    add_game,
    check_mjai,
    choose,
    close_players,
    game_options,
    make_players,
    mjai_line,
    new_summary,
    play_game,
    simulate,
)
from bot.engine.registry import rule_ids
from bot.i18n import t
from bot.present.glossary import say
from bot.store.dburl import redact
from bot.store.errors import StoreError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="computer-only games through the referee", description=__doc__)
    p.add_argument("--rules", required=True, choices=sorted(rule_ids()))
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--seed", default="1", help="game i uses the seed SEED:i")
    p.add_argument(
        "--ai",
        default="normal",
        help="computer players: a bot.ai level (default normal) or random (random legal actions; games get "
        "the rule set's safety cap on hands, since random players almost never win)",
    )
    p.add_argument(
        "--mjai",
        metavar="COMMAND",
        help="one seat (--mjai-seat) is played by an outside AI speaking mjai, run as COMMAND (riichi and "
        "sanma; {seat} in COMMAND is replaced by its seat); the summary counts its answers and fallbacks",
    )
    p.add_argument(
        "--mjai-seat",
        type=_seat_choice,
        default=0,
        metavar="N|rotate",
        help="the outside AI's seat: N (default 0), or rotate (seat i mod players in game i)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.add_argument(
        "--db",
        metavar="PATH",
        nargs="?",
        const="",
        help="store each game as it is played, and resume this run's unfinished games first "
        "(no PATH: the bot's database, data/mahjong.sqlite3 or as configured)",
    )
    p.add_argument("--pictures", metavar="DIR", help="draw each game's tables, results and ranking into DIR")
    add_language(p, "the language of the summary and of the pictures' texts (with --pictures)")
    p.set_defaults(func=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _seat_choice(text: str) -> int | str:
    if text == ROTATE:
        return ROTATE
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3 (or {ROTATE}), not {text!r}")
    return int(text)


def progress_bar(language: str) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        end = "\n" if done == total else ""
        games = t("cli.simulate.progress", language, done=done, total=total)
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {games}", end=end, file=sys.stderr, flush=True)

    return show


def run(args: argparse.Namespace) -> int:
    if args.pictures:
        # Each game is rebuilt from its seed, so this run draws exactly the games played (and stored)
        # below into DIR/game-N/ (tables part-way through each hand, results, ranking: bot/render/gallery).
        from bot.render.gallery import GameGallery

        try:
            simulate(
                args.rules,
                args.games,
                str(args.seed),
                None,
                GameGallery(args.pictures, language=args.lang),
                args.ai,
            )
        except (ValueError, OSError) as exc:
            said = t("cli.simulate.no_pictures", args.lang, folder=args.pictures, reason=exc)
            print(f"mahjong-bot simulate: {said}", file=sys.stderr)
            return 2
    progress = progress_bar(args.lang) if sys.stderr.isatty() else None
    try:
        if args.db is not None:
            from bot.cli.export import default_database
            from bot.cli.simulate_store import simulate_stored

            args.db = args.db or str(default_database())

            check_mjai(args.rules, args.mjai)
            summary = asyncio.run(
                simulate_stored(
                    args.db,
                    args.rules,
                    args.games,
                    str(args.seed),
                    args.ai,
                    progress,
                    args.mjai,
                    args.mjai_seat,
                )
            )
        else:
            summary = simulate(
                args.rules, args.games, str(args.seed), progress, None, args.ai, args.mjai, args.mjai_seat
            )
    except StoreError as exc:  # a corrupt or newer database: say so, never reset it
        print(redact(f"mahjong-bot simulate: {args.db}: {exc}", setting=args.db), file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"mahjong-bot simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        print(summary_text(args.rules, summary, args.lang))
    return 1 if summary["invariant_failures"] else 0


def summary_text(rules: str, summary: dict[str, Any], language: str) -> str:
    """The summary for a person, its wins and draws in the rule set's words (胡, 和了, 流局, 荒庄)."""
    s = summary
    text = t(
        "cli.simulate.summary",
        language,
        games=s["games"],
        hands=s["hands"],
        wins=s["wins"],
        draws=s["draws"],
        aborts=s["aborts"],
        actions=s["actions"],
        seconds=s["seconds"],
        checks=s["invariant_checks"],
        failures=s["invariant_failures"],
        win=say(rules, "win", language),
        draw=say(rules, "exhaustive_draw", language),
    )
    if s.get("resumed"):
        text += t("cli.simulate.resumed", language, count=s["resumed"])
    return text + mjai_line(s, language)
